//! A valid scenario with its estimate, priced once when committed.

use std::rc::Rc;

use crate::model::engine::estimate::price;
use crate::model::scenario::valid::ValidScenario;
use crate::model::{Catalog, Estimate, Scenario};

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

    /// Prices `scenario` again (a step of the undo history being restored).
    pub(super) fn again(scenario: Rc<ValidScenario>, catalog: &Catalog) -> Option<Priced> {
        let estimate = price(&scenario, catalog).ok()?;
        Some(Priced {
            scenario,
            estimate: Rc::new(estimate),
        })
    }

    /// Validates and prices `scenario`.
    pub(super) fn checked(scenario: Scenario, catalog: &Catalog) -> Option<Priced> {
        Priced::new(ValidScenario::new(scenario, catalog).ok()?, catalog)
    }
}
