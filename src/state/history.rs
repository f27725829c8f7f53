//! Undo and redo: the scenarios before and after the current one, bounded.
//!
//! A step keeps its scenario, not its estimate: an estimate is several times the scenario's size
//! (27 kB against 6 kB for the paper's course), and 200 steps of both held 6.9 MB. The estimate
//! is computed again when a step is restored, which is one evaluation.

use std::borrow::Cow;
use std::rc::Rc;

use crate::model::presets::Preset;
use crate::model::scenario::field::FieldPath;
use crate::model::scenario::valid::ValidScenario;

/// Most steps kept each way.
pub const MAX_STEPS: usize = 200;

/// A scenario the user can go back (or forward) to.
#[derive(Clone, Debug)]
pub struct Step {
    /// The scenario.
    pub scenario: Rc<ValidScenario>,
    /// Its total cost, after discount, overhead, credits and levers (US dollars), for what the
    /// last change did.
    pub net_usd: f64,
    /// The preset it started from.
    pub origin: &'static Preset,
    /// Scenario A of an A/B comparison, if one was pinned.
    pub pinned: Option<Rc<ValidScenario>>,
    /// What the step did, for the Undo button's label ("Reset", "Remove lab"); an edit made in
    /// the actuals wasm (`components::actuals`) brings its label with it (`Action::AdoptScenario`).
    pub label: Cow<'static, str>,
}

/// The steps before and after the current scenario.
#[derive(Clone, Debug, Default)]
pub struct History {
    /// Older scenarios, newest last.
    pub past: Vec<Step>,
    /// Scenarios undone, the next to redo last.
    pub future: Vec<Step>,
    /// The field being typed into, whose keystrokes all belong to one step.
    pub typing: Option<FieldPath>,
}

impl History {
    /// The history after a change away from `before` (the step's `label` says what the change
    /// did). `typing` is the field the change typed into, if any: keystrokes in the same field as
    /// the previous change extend that step instead of adding one.
    pub fn record(&self, before: Step, typing: Option<FieldPath>) -> History {
        let mut next = self.clone();
        next.future.clear();
        let same_field = typing.is_some() && typing == self.typing;
        if !same_field {
            // The copy is exactly as long as the list: no room for a doubling of it.
            next.past.reserve_exact(1);
            next.past.push(before);
            if next.past.len() > MAX_STEPS {
                next.past.remove(0);
            }
        }
        next.typing = typing;
        next
    }

    /// The history after the user leaves a field: the next keystroke starts a new step.
    pub fn end_typing(&self) -> Rc<History> {
        let mut next = self.clone();
        next.typing = None;
        Rc::new(next)
    }

    /// The label of the step Undo would take back.
    pub fn undo_label(&self) -> Option<&str> {
        self.past.last().map(|s| &*s.label)
    }

    /// The label of the step Redo would bring back.
    pub fn redo_label(&self) -> Option<&str> {
        self.future.last().map(|s| &*s.label)
    }
}
