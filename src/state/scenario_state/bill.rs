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

impl ScenarioState {
    /// Keeps the term view's status paragraph for the scenario as it is now.
    pub(super) fn keep_term_status(self: Rc<Self>, text: Option<String>) -> Rc<Self> {
        let kept = text.map(|t| (self.scenario.clone(), t));
        if kept.as_ref().map(|k| &k.1) == self.visit.term_status.as_ref().map(|k| &k.1)
            && kept.as_ref().map(|k| &k.0) == self.visit.term_status.as_ref().map(|k| &k.0)
        {
            return self;
        }
        let mut next = (*self).clone();
        next.visit.term_status = kept;
        Rc::new(next)
    }

    /// The term view's status paragraph (without its link), when it was made for the scenario
    /// as it is now.
    pub fn term_status(&self) -> Option<&str> {
        let (scenario, text) = self.visit.term_status.as_ref()?;
        (Rc::ptr_eq(scenario, &self.scenario) || **scenario == *self.scenario)
            .then_some(text.as_str())
    }
}
