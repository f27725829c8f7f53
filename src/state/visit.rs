//! The visit's UI state: what this tab shows beside the plan. No undo step, link or saved
//! draft holds it; Undo does not bring it back.

use std::rc::Rc;

use crate::model::focus::calibrate::BillCalibration;
use crate::model::focus::BillSummary;
use crate::model::scenario::field::FieldPath;
use crate::model::scenario::valid::ValidScenario;
use crate::model::Scenario;

use super::priced::Priced;
use super::replacement::Replacement;
use super::typed_text::TypedTexts;

/// What this visit shows beside the plan (`ScenarioState`'s domain data): the texts being typed,
/// the notices, and the scenario a link or a preset replaced.
#[derive(Clone, Debug, Default)]
pub struct Visit {
    /// What the user typed per field, valid or not, so nothing typed is lost or reformatted
    /// under the cursor.
    pub typed: TypedTexts,
    /// The field being typed into and the scenario from before its edit began: what the results
    /// show while its text is not valid.
    pub(super) editing_from: Option<(FieldPath, Priced)>,
    /// Why the last structural change was refused, until the next change succeeds.
    pub notice: Option<String>,
    /// What a shared link held that could not be used.
    pub link_notices: Vec<String>,
    /// That the link was made with an archived version of its preset, and today's figure.
    pub link_version: Option<String>,
    /// The scenario saved in this browser (the draft) or being edited, when a link or a preset
    /// replaced it: restorable until the next replacement.
    pub replaced_scenario: Option<Rc<Scenario>>,
    /// What last replaced the whole scenario (a link, a preset, a restore), for its notice.
    pub replaced_by: Option<Replacement>,
    /// True while the scenario is one a link loaded and the user has not changed it: the draft
    /// stored in this browser is then not overwritten (a damaged link's fallback never is).
    pub from_link: bool,
    /// The term view's status paragraph (without its link) and the scenario it was made for,
    /// for the Markdown export and print; never stored.
    pub term_status: Option<(Rc<ValidScenario>, String)>,
    /// The bill read in Plan, kept while the reader visits the other views, until they close it
    /// or open another; never stored (no draft, link or undo step holds it).
    pub bill: Option<Rc<OpenBill>>,
}

/// A bill read in Plan and what the reader chose for it.
#[derive(Clone, Debug, PartialEq)]
pub struct OpenBill {
    /// The file's name.
    pub name: String,
    /// What the reader found in it.
    pub summary: Rc<BillSummary>,
    /// The tag its rows are split by (empty for none).
    pub tag: String,
    /// Resources with no billed hours the reader keeps at their plan (resource ids).
    pub kept: Vec<String>,
    /// Billed instance types the reader mapped to a resource: (type, resource id).
    pub mapped: Vec<(String, String)>,
    /// The calibration whose warning the reader confirmed (held, so no later one takes its
    /// address).
    pub confirmed: Option<Rc<BillCalibration>>,
}

impl OpenBill {
    /// A bill just read: no split by tag, no choices yet.
    pub fn new(name: String, summary: Rc<BillSummary>) -> OpenBill {
        OpenBill {
            name,
            summary,
            tag: String::new(),
            kept: Vec::new(),
            mapped: Vec::new(),
            confirmed: None,
        }
    }
}

/// What renders differently: the texts, the notices, whether a scenario is restorable, the open
/// bill (the scenario being edited and `from_link` show nowhere).
impl PartialEq for Visit {
    fn eq(&self, other: &Self) -> bool {
        self.typed == other.typed
            && self.notice == other.notice
            && (&self.link_notices, &self.link_version)
                == (&other.link_notices, &other.link_version)
            && self.replaced_scenario.is_some() == other.replaced_scenario.is_some()
            && self.replaced_by == other.replaced_by
            && self.term_status.as_ref().map(|t| &t.1) == other.term_status.as_ref().map(|t| &t.1)
            && match (&self.bill, &other.bill) {
                (Some(a), Some(b)) => Rc::ptr_eq(a, b),
                (None, None) => true,
                _ => false,
            }
    }
}

impl Visit {
    /// Forgets every typed text and the edit in progress (indices may have shifted, or the
    /// scenario was replaced).
    pub(super) fn clear_typed(&mut self) {
        self.typed.clear();
        self.editing_from = None;
    }

    /// Forgets the notices about a shared link.
    pub(super) fn clear_link_notices(&mut self) {
        (self.link_notices, self.link_version) = (Vec::new(), None);
    }
}
