//! Shares the scenario state with every component, and the `use_scenario()` hook that reads it.

use std::ops::Deref;
use std::rc::Rc;

use yew::prelude::*;

use crate::model::focus::calibrate::BillCalibration;

use super::action::Action;
use super::scenario_state::ScenarioState;
use crate::model::edit::change::Change;
use crate::model::scenario::field::FieldPath;
use crate::model::share::Decoded;

impl Reducible for ScenarioState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        self.apply(action)
    }
}

/// The reducer handle passed down the tree.
type ScenarioContext = UseReducerHandle<ScenarioState>;

/// Props of [`ScenarioProvider`].
#[derive(Properties, PartialEq)]
pub struct ScenarioProviderProps {
    /// The state to start from.
    pub initial: Rc<ScenarioState>,
    /// The app.
    pub children: Html,
}

/// Holds the one scenario state and shares it.
#[component]
pub fn ScenarioProvider(props: &ScenarioProviderProps) -> Html {
    let initial = props.initial.clone();
    let state = use_reducer(move || (*initial).clone());
    html! {
        <ContextProvider<ScenarioContext> context={state}>
            { props.children.clone() }
        </ContextProvider<ScenarioContext>>
    }
}

/// Declares `Dispatch` methods that each send one action without data: `name => Action;`, each
/// with its doc comment.
macro_rules! senders {
    ($($(#[$doc:meta])* $name:ident => $action:ident;)*) => {
        $(
            $(#[$doc])*
            pub fn $name(&self) {
                self.send(Action::$action);
            }
        )*
    };
}

/// The one way to change the scenario: domain-named actions. It compares equal across renders,
/// so a component that takes it as a prop re-renders only when its own data changes.
#[derive(Clone, PartialEq)]
pub struct Dispatch(UseReducerDispatcher<ScenarioState>);

impl Dispatch {
    fn send(&self, action: Action) {
        self.0.dispatch(action);
    }

    /// Applies a structural or choice edit (or keeps the scenario and sets a notice).
    pub fn change(&self, change: Change) {
        self.send(Action::Change(change));
    }

    /// A callback that applies the change `make` builds from an event's value.
    pub fn change_with<T: 'static>(&self, make: impl Fn(T) -> Change + 'static) -> Callback<T> {
        let inner = self.0.clone();
        Callback::from(move |value: T| inner.dispatch(Action::Change(make(value))))
    }

    /// Applies what the user typed into a number field (or keeps it, with an error, if invalid).
    pub fn edit_number(&self, field: FieldPath, text: String) {
        self.send(Action::EditNumber { field, text });
    }

    /// The user has left a field.
    pub fn finish_edit(&self, field: FieldPath) {
        self.send(Action::FinishEdit(field));
    }

    /// Loads a preset by id.
    pub fn load_preset(&self, id: String) {
        self.send(Action::LoadPreset(id));
    }

    /// Loads a decoded share link.
    pub fn load_link(&self, decoded: Decoded) {
        self.send(Action::LoadLink(Rc::new(decoded)));
    }

    /// Sets the factors a bill gives, as one undoable step; a drastic calibration only once the
    /// user `confirmed` it.
    pub fn calibrate_from_bill(&self, calibration: Rc<BillCalibration>, confirmed: bool) {
        self.send(Action::CalibrateFromBill {
            calibration,
            confirmed,
        });
    }

    senders! {
        /// Brings back the scenario that a link, a preset or a reset replaced.
        restore_replaced => RestoreReplaced;
        /// Pins the current scenario as A of an A/B comparison.
        pin_as_a => PinAsA;
        /// Stops comparing.
        unpin => Unpin;
        /// Goes back one step.
        undo => Undo;
        /// Goes forward one undone step.
        redo => Redo;
        /// Hides the notices about a shared link.
        dismiss_link_notices => DismissLinkNotices;
    }
}

/// The scenario state, read through `Deref`, and its [`Dispatch`].
#[derive(Clone, PartialEq)]
pub struct ScenarioHandle {
    inner: ScenarioContext,
}

impl Deref for ScenarioHandle {
    type Target = ScenarioState;

    fn deref(&self) -> &ScenarioState {
        &self.inner
    }
}

impl ScenarioHandle {
    /// The actions that change the scenario.
    pub fn dispatch(&self) -> Dispatch {
        Dispatch(self.inner.dispatcher())
    }
}

/// The URL fragment of `state`'s share link, the caller rendering again (alone) when the
/// browser's compressed payload arrives, which changes no state (`ScenarioState::keep_packed`).
#[hook]
pub fn use_share_fragment(state: &ScenarioState) -> String {
    let update = use_force_update();
    state.when_packed(move || update.force_update());
    state.share_fragment()
}

/// The scenario state, from any component under [`ScenarioProvider`].
///
/// ```ignore
/// let scenario = use_scenario();
/// let students = scenario.scenario.course.students;
/// scenario.dispatch().edit_number(Setting::Students.into(), "250".into());
/// ```
#[hook]
// A component mounted outside the provider is a programming error the first render shows at
// once, not an input the app could meet: failing loudly there is the clearest report.
#[allow(clippy::expect_used)]
pub fn use_scenario() -> ScenarioHandle {
    let inner = use_context::<ScenarioContext>()
        .expect("use_scenario() is only called under <ScenarioProvider>");
    ScenarioHandle { inner }
}
