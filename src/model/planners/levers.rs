//! Savings levers priced: the saving of each lever alone and of all together, as a waterfall, in
//! US dollars of net cost (after discount, overhead and education credits: `Totals::net_usd`).
//!
//! The levers' data and bounds are part of the scenario ([`crate::model::scenario::levers`],
//! re-exported here); the engine applies them ([`crate::model::engine::levers`]).

use std::fmt;

use serde::Serialize;

pub use crate::model::catalog::fit::fits;
use crate::model::catalog::Catalog;
use crate::model::engine::estimate::evaluate;
use crate::model::engine::levers::{apply_lever, with_levers};
pub use crate::model::engine::levers::{shareable, spot_stand_ins, stopped_hours, SpotStandIn};
pub use crate::model::scenario::levers::*;
use crate::model::scenario::valid::ValidScenario;
use crate::model::scenario::validate::{validate_levers, FieldError};
use crate::model::scenario::Scenario;

impl fmt::Display for LeverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LeverError::Setting { lever, detail } => write!(f, "{}: {detail}", lever.label()),
            LeverError::Invalid(errors) => {
                let all: Vec<String> = errors.iter().map(ToString::to_string).collect();
                f.write_str(&all.join("; "))
            }
        }
    }
}

/// Why levers could not be priced.
#[derive(Clone, Debug, PartialEq)]
pub enum LeverError {
    /// A lever setting is out of range.
    Setting {
        /// The lever.
        lever: Lever,
        /// What is wrong.
        detail: String,
    },
    /// The (levered) scenario does not validate or price.
    Invalid(Vec<FieldError>),
}

/// One step of the waterfall.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SavingStep {
    /// The lever.
    pub lever: Lever,
    /// Its name.
    pub label: &'static str,
    /// Saving of this lever alone, against the start (US dollars of net cost).
    pub alone_usd: f64,
    /// Saving of this step, after the levers before it (US dollars of net cost).
    pub step_usd: f64,
    /// Net cost after this step (US dollars).
    pub after_usd: f64,
}

/// What the enabled levers save.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Savings {
    /// Net cost of the scenario as it is (US dollars).
    pub start_usd: f64,
    /// One step per enabled lever, in waterfall order.
    pub steps: Vec<SavingStep>,
    /// Net cost with every enabled lever (US dollars).
    pub end_usd: f64,
}

impl Savings {
    /// Saving of all enabled levers together (US dollars of net cost).
    pub fn together_usd(&self) -> f64 {
        self.start_usd - self.end_usd
    }
}

/// `scenario` with every enabled lever of `levers` applied, in waterfall order; a setting out of
/// range is refused ([`check`]).
pub fn apply_levers(
    scenario: &Scenario,
    levers: &Levers,
    catalog: &Catalog,
) -> Result<Scenario, LeverError> {
    check(levers)?;
    Ok(with_levers(scenario, levers, catalog))
}

/// The saving of each enabled lever alone and of all together, as a waterfall.
pub fn savings(
    scenario: &ValidScenario,
    levers: &Levers,
    catalog: &Catalog,
) -> Result<Savings, LeverError> {
    check(levers)?;
    // The start is the scenario with its own levers off, so they are not applied twice.
    let mut off: Scenario = (**scenario).clone();
    off.levers = Levers::default();
    let start = &off;
    let net = |s: &Scenario| {
        evaluate(s, catalog)
            .map(|e| e.totals.net_usd)
            .map_err(LeverError::Invalid)
    };
    let start_usd = net(start)?;
    let mut steps = Vec::new();
    let mut levered = start.clone();
    let mut before = start_usd;
    for lever in levers.enabled() {
        let alone = net(&apply_lever(start, lever, levers, catalog))?;
        levered = apply_lever(&levered, lever, levers, catalog);
        let after = net(&levered)?;
        steps.push(SavingStep {
            lever,
            label: lever.label(),
            alone_usd: start_usd - alone,
            step_usd: before - after,
            after_usd: after,
        });
        before = after;
    }
    Ok(Savings {
        start_usd,
        steps,
        end_usd: before,
    })
}

/// Refuses a lever setting outside its bound ([`LeverField::bound`]), with the lever and what is
/// wrong: the check [`crate::model::scenario::validate::validate`] makes of a scenario's own
/// levers, for levers being prepared (the panel's settings).
pub fn check(levers: &Levers) -> Result<(), LeverError> {
    match validate_levers(levers).into_iter().next() {
        None => Ok(()),
        Some((field, problem)) => Err(LeverError::Setting {
            lever: field.lever(),
            detail: problem.to_string(),
        }),
    }
}
