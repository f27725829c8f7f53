//! Shares the scenario state with every component, and the `use_scenario()` hook that reads it.

use std::cell::{Cell, RefCell};
use std::ops::Deref;
use std::rc::{Rc, Weak};

use yew::prelude::*;

use crate::model::focus::calibrate::BillCalibration;

use super::action::Action;
use super::scenario_state::ScenarioState;
use super::visit::OpenBill;
use crate::model::edit::change::Change;
use crate::model::scenario::field::FieldPath;
use crate::model::share::Decoded;
use crate::model::Scenario;

impl Reducible for ScenarioState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        self.apply(action)
    }
}

/// The reducer's handle: the state of one moment, and the dispatcher.
type ScenarioContext = UseReducerHandle<ScenarioState>;

/// A component's test of whether what it shows changed between two states.
pub type Changed = dyn Fn(&ScenarioState, &ScenarioState) -> bool;

/// What the store calls on a change, with the state before and now.
type Watcher = dyn Fn(&ScenarioState, &ScenarioState);

/// The state shared with every component, and who is told when it changes. It is one object for
/// the app's life, so the context itself never changes: a component re-renders when its own
/// test says that what it shows changed ([`use_scenario_if`]), not on every edit anywhere.
struct ScenarioStore {
    /// The reducer's handle (it always reads the state now).
    current: RefCell<ScenarioContext>,
    /// A copy of the state the watchers were last told about: the reducer's handles all read
    /// the newest state, so the one before must be kept apart to be compared with.
    told: RefCell<Rc<ScenarioState>>,
    /// Each watching component's test and re-render, by a number of its own.
    watchers: RefCell<Vec<(u64, Rc<Watcher>)>>,
    /// The next watcher's number.
    next: Cell<u64>,
}

impl ScenarioStore {
    /// Makes `state` the current state and tells every watcher, with the state before.
    fn publish(&self, state: ScenarioContext) {
        if **self.told.borrow() == *state {
            return;
        }
        let now = Rc::new((*state).clone());
        *self.current.borrow_mut() = state;
        let before = self.told.replace(now.clone());
        // A copy of the list: a watcher's re-render may add or remove watchers.
        let watchers: Vec<Rc<Watcher>> = self
            .watchers
            .borrow()
            .iter()
            .map(|(_, w)| w.clone())
            .collect();
        for watcher in watchers {
            watcher(&before, &now);
        }
    }

    /// Adds a watcher; it stays until the returned guard is dropped.
    fn watch(self: &Rc<Self>, watcher: Rc<Watcher>) -> Watch {
        let id = self.next.get();
        self.next.set(id + 1);
        self.watchers.borrow_mut().push((id, watcher));
        Watch {
            store: Rc::downgrade(self),
            id,
        }
    }

    /// The state now, as components read it.
    fn handle(&self) -> ScenarioHandle {
        ScenarioHandle {
            inner: self.current.borrow().clone(),
        }
    }
}

/// A watcher's place in the store's list, removed when dropped (its component unmounted).
struct Watch {
    store: Weak<ScenarioStore>,
    id: u64,
}

impl Drop for Watch {
    fn drop(&mut self) {
        if let Some(store) = self.store.upgrade() {
            store.watchers.borrow_mut().retain(|(id, _)| *id != self.id);
        }
    }
}

/// The store as the context holds it: equal to itself only, so the context never changes.
#[derive(Clone)]
struct StoreRef(Rc<ScenarioStore>);

impl PartialEq for StoreRef {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

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
    let store = {
        let state = state.clone();
        use_memo((), move |_| {
            StoreRef(Rc::new(ScenarioStore {
                told: RefCell::new(Rc::new((*state).clone())),
                current: RefCell::new(state),
                watchers: RefCell::new(Vec::new()),
                next: Cell::new(0),
            }))
        })
    };
    // Each watcher whose part changed re-renders in this same pass of Yew's scheduler.
    store.0.publish(state);
    html! {
        <ContextProvider<StoreRef> context={(*store).clone()}>
            { props.children.clone() }
        </ContextProvider<StoreRef>>
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

    /// Keeps (or forgets) the term view's status paragraph for the Markdown export and print.
    pub fn term_status(&self, text: Option<String>) {
        self.send(Action::TermStatus(text));
    }

    /// Takes the scenario an edit in a bill view made (`label`: what the edit did), as one
    /// undoable step.
    pub fn adopt_scenario(&self, scenario: Rc<Scenario>, label: String) {
        self.send(Action::AdoptScenario { scenario, label });
    }

    /// Says `text` in the page's notice.
    pub fn notice(&self, text: String) {
        self.send(Action::Notice(text));
    }

    /// Keeps `bill` open for the visit (`None` closes it).
    pub fn keep_bill(&self, bill: Option<OpenBill>) {
        self.send(Action::KeepBill(bill.map(Rc::new)));
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

/// The scenario state, from any component under [`ScenarioProvider`]; the component re-renders
/// on every change of the state.
///
/// ```ignore
/// let scenario = use_scenario();
/// let students = scenario.scenario.course.students;
/// scenario.dispatch().edit_number(Setting::Students.into(), "250".into());
/// ```
#[hook]
pub fn use_scenario() -> ScenarioHandle {
    use_scenario_if(when(|_, _| true))
}

/// A component's test of what it shows ([`use_scenario_if`]), from a closure.
pub fn when(changed: impl Fn(&ScenarioState, &ScenarioState) -> bool + 'static) -> Rc<Changed> {
    Rc::new(changed)
}

/// The scenario state, the component re-rendering only when `changed(before, now)` says that
/// what it shows changed (its parent may re-render it too, with new props): so an edit re-renders
/// the parts that show it, not the whole page. `changed` is the one given at the last render.
/// One hook for every test (not one per closure type), so its code ships once.
#[hook]
// A component mounted outside the provider is a programming error the first render shows at
// once, not an input the app could meet: failing loudly there is the clearest report.
#[allow(clippy::expect_used)]
pub fn use_scenario_if(changed: Rc<Changed>) -> ScenarioHandle {
    let store =
        use_context::<StoreRef>().expect("use_scenario() is only called under <ScenarioProvider>");
    let test = use_mut_ref(|| changed.clone());
    *test.borrow_mut() = changed;
    let update = use_force_update();
    {
        let store = store.0.clone();
        // Watched from the first render on, so no change after it is missed; dropped (and the
        // watcher removed) when the component goes.
        let _watch = use_memo((), move |_| {
            store.watch(Rc::new(
                move |before: &ScenarioState, now: &ScenarioState| {
                    let test = test.borrow().clone();
                    if test(before, now) {
                        update.force_update();
                    }
                },
            ))
        });
    }
    store.0.handle()
}
