//! Every change the UI can ask of the state, and what each is called in the undo history.

use std::borrow::Cow;
use std::rc::Rc;

use crate::model::edit::change::Change;
use crate::model::focus::calibrate::BillCalibration;
use crate::model::scenario::field::FieldPath;
use crate::model::share::Decoded;
use crate::model::Scenario;

use super::visit::OpenBill;

/// Every change the UI can ask for.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// The user typed `text` into `field`.
    EditNumber {
        /// Which field.
        field: FieldPath,
        /// What is in it now.
        text: String,
    },
    /// The user left `field`: show its committed value again if the text was valid.
    FinishEdit(FieldPath),
    /// Replace the scenario with a preset's.
    LoadPreset(String),
    /// A structural or choice edit.
    Change(Change),
    /// Load what a share link decoded to (the address bar changed).
    LoadLink(Rc<Decoded>),
    /// Go back to the scenario that a shared link replaced.
    RestoreReplaced,
    /// Hide the notices about a shared link.
    DismissLinkNotices,
    /// Pin the current scenario as A and keep editing it as B.
    PinAsA,
    /// Stop comparing.
    Unpin,
    /// Set the factors a bill gives (one undoable change), with the note on where they come
    /// from; refused unless `confirmed` when the calibration needs a confirmation.
    CalibrateFromBill {
        /// What the bill sets.
        calibration: Rc<BillCalibration>,
        /// The user confirmed the calibration's warning.
        confirmed: bool,
    },
    /// Keep the term view's status paragraph (without its link) for the Markdown export and
    /// print, for the scenario as it is now; `None` forgets it. Not an undo step.
    TermStatus(Option<String>),
    /// Keep this bill open for the visit (`None`: close it); no undo step.
    KeepBill(Option<Rc<OpenBill>>),
    /// Take the scenario an edit in a view of what was measured gave (they run in a wasm of
    /// their own, `components::actuals`, and send the whole scenario back): one undo step,
    /// labelled with what the edit did there. Scenario A, the origin and the visit stay the page's.
    AdoptScenario {
        /// The scenario as the view left it (read from its link JSON).
        scenario: Rc<Scenario>,
        /// What the edit did ("calibrate from your bill").
        label: String,
    },
    /// Say this in the page's notice (an edit in a view of what was measured was refused, and why).
    Notice(String),
    /// Go back one step.
    Undo,
    /// Go forward one undone step.
    Redo,
}

/// The undo labels of the actions that replace the whole scenario (a preset or Reset, a link,
/// a kept scenario brought back): undoing one undoes what its notices say.
pub(super) const REPLACING: [&str; 3] = ["load a preset", "open a link", "restore"];

impl Action {
    /// What the action does, in words for an Undo button ("Undo: remove a lab").
    pub(super) fn label(&self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            Action::EditNumber { .. } => "edit a number",
            Action::Change(change) => change.label(),
            Action::LoadPreset(_) => REPLACING[0],
            Action::LoadLink(_) => REPLACING[1],
            Action::RestoreReplaced => REPLACING[2],
            Action::PinAsA => "pin scenario A",
            Action::Unpin => "stop comparing",
            Action::CalibrateFromBill { .. } => "calibrate from your bill",
            Action::FinishEdit(_)
            | Action::DismissLinkNotices
            | Action::TermStatus(_)
            | Action::KeepBill(_)
            | Action::Undo
            | Action::Notice(_)
            | Action::Redo => "",
            Action::AdoptScenario { label, .. } => return Cow::Owned(label.clone()),
        })
    }

    /// The text field being typed into, whose keystrokes make one undo step.
    pub(super) fn typing(&self) -> Option<FieldPath> {
        match self {
            Action::EditNumber { field, .. } => Some(*field),
            Action::Change(change) => change.typing(),
            _ => None,
        }
    }
}
