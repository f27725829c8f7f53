//! Shares the scenario state with every component, and the `use_scenario()` hook that reads it.

use std::ops::Deref;
use std::rc::Rc;

use yew::prelude::*;

use super::reducer::{Action, Draft, ScenarioState};
use crate::model::edit::change::Change;
use crate::model::edit::number::NumberField;

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

/// A stable way to dispatch actions, for components that take it as a prop instead of reading
/// the context: they then re-render only when their own props change, not on every edit.
#[derive(Clone, PartialEq)]
pub struct Dispatch(UseReducerDispatcher<ScenarioState>);

impl Dispatch {
    /// A callback that applies the change `make` builds from an event's value.
    pub fn change_with<T: 'static>(&self, make: impl Fn(T) -> Change + 'static) -> Callback<T> {
        let inner = self.0.clone();
        Callback::from(move |value: T| inner.dispatch(Action::Change(make(value))))
    }

    /// Applies what the user typed into a number field.
    pub fn edit_number(&self, field: NumberField, text: String) {
        self.0.dispatch(Action::EditNumber { field, text });
    }

    /// The user has left a field.
    pub fn finish_edit(&self, field: NumberField) {
        self.0.dispatch(Action::FinishEdit(field));
    }
}

/// The scenario state with domain-named actions.
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
    /// Applies what the user typed into a number field (or keeps it, with an error, if invalid).
    pub fn edit_number(&self, field: NumberField, text: String) {
        self.inner.dispatch(Action::EditNumber { field, text });
    }

    /// The user has left a field.
    pub fn finish_edit(&self, field: NumberField) {
        self.inner.dispatch(Action::FinishEdit(field));
    }

    /// Loads a preset by id.
    pub fn load_preset(&self, id: String) {
        self.inner.dispatch(Action::LoadPreset(id));
    }

    /// Applies a structural or choice edit (or keeps the scenario and sets a notice).
    pub fn change(&self, change: Change) {
        self.inner.dispatch(Action::Change(change));
    }

    /// A callback that applies the change `make` builds from an event's value.
    pub fn change_with<T: 'static>(&self, make: impl Fn(T) -> Change + 'static) -> Callback<T> {
        let inner = self.inner.clone();
        Callback::from(move |value: T| inner.dispatch(Action::Change(make(value))))
    }

    /// Loads a decoded share link.
    pub fn load_link(&self, decoded: crate::model::share::link::Decoded) {
        self.inner.dispatch(Action::LoadLink(Rc::new(decoded)));
    }

    /// Brings back the draft a shared link replaced.
    pub fn restore_draft(&self) {
        self.inner.dispatch(Action::RestoreDraft);
    }

    /// Pins the current scenario as A of a comparison.
    pub fn pin_as_a(&self) {
        self.inner.dispatch(Action::PinAsA);
    }

    /// Stops comparing.
    pub fn unpin(&self) {
        self.inner.dispatch(Action::Unpin);
    }

    /// Hides the notices about a shared link.
    pub fn dismiss_link_notices(&self) {
        self.inner.dispatch(Action::DismissLinkNotices);
    }

    /// A [`Dispatch`] to pass down as a prop.
    pub fn dispatch(&self) -> Dispatch {
        Dispatch(self.inner.dispatcher())
    }

    /// A dispatcher that compares equal across renders, for components that take it as a prop
    /// so they re-render only when their own props change.
    pub fn dispatcher(&self) -> UseReducerDispatcher<ScenarioState> {
        self.inner.dispatcher()
    }

    /// What the user typed into `field`, if it differs from the committed value's display.
    pub fn draft(&self, field: &NumberField) -> Option<&Draft> {
        self.inner.drafts.get(field)
    }
}

/// The scenario state, from any component under [`ScenarioProvider`].
///
/// ```ignore
/// let scenario = use_scenario();
/// let students = scenario.scenario.course.students;
/// scenario.edit_number(NumberField::Students, "250".into());
/// ```
#[hook]
pub fn use_scenario() -> ScenarioHandle {
    let inner = use_context::<ScenarioContext>()
        .expect("use_scenario() is only called under <ScenarioProvider>");
    ScenarioHandle { inner }
}
