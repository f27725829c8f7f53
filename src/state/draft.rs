//! What the state keeps beside the scenario: the text typed into a field, what last replaced the
//! scenario, and a scenario priced once.

use std::rc::Rc;

use crate::model::catalog::presets::Preset;
use crate::model::engine::estimate::price;
use crate::model::scenario::field::FieldPath;
use crate::model::scenario::valid::ValidScenario;
use crate::model::{Catalog, Estimate, Scenario};

/// Text the user typed into a number field, kept exactly as typed.
#[derive(Clone, Debug, PartialEq)]
pub struct Draft {
    /// The raw text.
    pub text: String,
    /// Why it was not applied; `None` when it was.
    pub error: Option<String>,
    /// How the text was read, when that is not plain to see (`3,5` read as 3.5).
    pub read_as: Option<String>,
    /// While the text is not valid: the value the results use, the field's value from before
    /// this edit began, as typed in the field (money in the scenario's currency).
    pub results_use: Option<f64>,
}

/// What last replaced the whole scenario, so its notice says what happened.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Replacement {
    /// The page opened on a shared link over the draft saved in this browser.
    LinkOverSavedDraft,
    /// A shared link was opened (the address changed) over the scenario being edited.
    Link,
    /// A preset was loaded (Reset loads the paper's course) over an edited scenario.
    Preset(&'static Preset),
    /// The kept scenario was brought back; Undo returns to the one it replaced.
    Restored,
}

impl Replacement {
    /// What happened, in a sentence for the notice.
    pub fn message(self) -> String {
        match self {
            Replacement::LinkOverSavedDraft => {
                "You opened a shared link; your own draft from your last visit is kept.".to_string()
            }
            Replacement::Link => {
                "You opened a link; the scenario you were editing is kept.".to_string()
            }
            Replacement::Preset(preset) => format!(
                "You loaded \u{201c}{}\u{201d}; the scenario you had before is kept.",
                preset.name
            ),
            Replacement::Restored => {
                "Your kept scenario is back. Undo returns to the one it replaced.".to_string()
            }
        }
    }

    /// The label of the button that brings the kept scenario back.
    pub fn restore_label(self) -> &'static str {
        match self {
            Replacement::LinkOverSavedDraft => "Restore my draft",
            Replacement::Link | Replacement::Preset(_) => "Bring back the scenario I had",
            Replacement::Restored => "",
        }
    }
}

/// The number `field` holds in `scenario`, if it is a number field that exists.
pub(super) fn number_of(scenario: &ValidScenario, field: FieldPath) -> Option<f64> {
    let mut copy: Scenario = (**scenario).clone();
    field.number_slot(&mut copy).map(|value| *value)
}

/// A valid scenario with its estimate, priced once when committed.
#[derive(Clone, Debug)]
pub struct Priced {
    /// The scenario.
    pub scenario: Rc<ValidScenario>,
    /// Its estimate.
    pub estimate: Rc<Estimate>,
}

impl Priced {
    /// Prices `scenario`; `None` if its provider lacks a stand-in for a resource it uses.
    pub(super) fn new(scenario: ValidScenario, catalog: &Catalog) -> Option<Priced> {
        let estimate = price(&scenario, catalog).ok()?;
        Some(Priced {
            scenario: Rc::new(scenario),
            estimate: Rc::new(estimate),
        })
    }

    /// Validates and prices `scenario`.
    pub(super) fn checked(scenario: Scenario, catalog: &Catalog) -> Option<Priced> {
        Priced::new(ValidScenario::new(scenario, catalog).ok()?, catalog)
    }
}
