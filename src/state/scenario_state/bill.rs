//! Calibrating from a bill: the factors a FOCUS export gives, applied through the one commit
//! path as one undoable change, with the calibration kept for their provenance.

use std::rc::Rc;

use super::ScenarioState;
use crate::model::edit::change::Change;
use crate::model::focus::calibrate::BillCalibration;

impl ScenarioState {
    /// Sets the bill's factors; a refused change leaves the scenario and says why (the notice).
    pub(super) fn calibrate_from_bill(
        self: Rc<Self>,
        calibration: Rc<BillCalibration>,
    ) -> Rc<Self> {
        let next = self.change(Change::ResetRealism(calibration.realism));
        if next.notice.is_some() {
            return next;
        }
        let mut next = (*next).clone();
        next.bill_calibration = Some(calibration);
        Rc::new(next)
    }
}
