//! Calibrating from a bill: the factors a FOCUS export gives and the note on where they come
//! from, applied through the one commit path as one undoable change. The note is part of the
//! scenario, so Undo, Redo, a stored draft and a link all bring back what each field says.

use std::rc::Rc;

use super::ScenarioState;
use crate::model::edit::commit::commit_with;
use crate::model::focus::calibrate::BillCalibration;

impl ScenarioState {
    /// Sets the bill's factors; refused, with a notice and the scenario unchanged, when the
    /// calibration needs a confirmation the user did not give, or the result is not valid.
    pub(super) fn calibrate_from_bill(
        self: Rc<Self>,
        calibration: &BillCalibration,
        confirmed: bool,
    ) -> Rc<Self> {
        if calibration.needs_confirmation() && !confirmed {
            let mut next = (*self).clone();
            next.visit.notice = calibration
                .warning()
                .map(|w| format!("The bill was not applied: confirm first. {w}"));
            return Rc::new(next);
        }
        let committed = commit_with(&self.scenario, self.catalog, |scenario| {
            calibration.apply_to(scenario);
            Ok(())
        });
        self.committed(committed)
    }
}
