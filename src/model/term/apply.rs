//! The observed factors, to apply: each instance resource whose bill so far covers enough of
//! its plan ([`super::place::ENOUGH`]) has its factor multiplied by its ratio to date (billed /
//! planned hours), the others kept. Built as a bill calibration, so Apply is the one undoable
//! step the bill view's Apply is, with the same guards (a factor to 0, moving more than tenfold,
//! a bill of another provider) waiting for a confirmation.

use super::place::{Placement, TermBill};
use crate::model::focus::calibrate::{guard, BillCalibration, Coverage, FactorRow, Guard, Outcome};
use crate::model::focus::compare::{provider_id, Pair};
use crate::model::scenario::field::FieldPath;
use crate::model::scenario::limits;
use crate::model::scenario::realism::{BillNote, ResourceFactor};
use crate::model::scenario::Scenario;

/// What the factors of the bill so far set; fails, in words, when no resource's ratio is
/// observed.
pub fn observed_factors(
    bill: &TermBill,
    placement: &Placement,
    scenario: &Scenario,
) -> Result<BillCalibration, String> {
    let mut guards = Vec::new();
    let named = bill.provider.trim();
    if !named.is_empty() && provider_id(named) != Some(scenario.pricing.provider.as_str()) {
        guards.push(Guard::OtherProvider(named.to_string()));
    }
    let mut factors = scenario.resource_factors.clone();
    let mut fields = Vec::new();
    let mut rows = Vec::new();
    let mut coverage = Coverage::default();
    for r in &placement.resources {
        let from = scenario.resource_factor(&r.id);
        let ratio = r.ratio();
        let (to, outcome) = match ratio {
            None => (from, Outcome::NothingPlanned),
            Some(ratio) if from * ratio > limits::FACTOR => (from, Outcome::TooLarge),
            Some(ratio) => (from * ratio, Outcome::Follows),
        };
        coverage.billed_hours += r.billed_hours;
        coverage.scenario_hours += r.term_hours;
        if outcome == Outcome::Follows {
            let index = match factors.iter().position(|f| f.resource == r.id) {
                Some(index) => index,
                None => {
                    let (resource, factor) = (r.id.clone(), from);
                    factors.push(ResourceFactor { resource, factor });
                    factors.len() - 1
                }
            };
            factors[index].factor = to;
            fields.push((FieldPath::ResourceFactor { index }.to_string(), to));
            guards.extend(guard(&r.label, from, to));
        }
        rows.push(FactorRow {
            resource: r.id.clone(),
            label: r.label.clone(),
            instance_type: r.instance_type.clone(),
            billed_hours: r.billed_hours,
            scenario_hours: r.planned_hours,
            from,
            to,
            outcome,
        });
    }
    if fields.is_empty() {
        return Err(
            "the bill so far covers too little of any resource's plan to set its factor"
                .to_string(),
        );
    }
    let provider = match named {
        "" => "provider not named",
        name => name,
    };
    let text = format!(
        "calibrated: from a FOCUS bill of term weeks 1-{} ({provider}, {} to {}), each \
         resource's hours scaled by its billed / planned hours to date",
        placement.as_of_week(),
        placement.period.0,
        placement.period.1
    );
    Ok(BillCalibration {
        realism: scenario.realism,
        resource_factors: factors,
        note: BillNote { text, fields },
        rows,
        storage: Pair::default(),
        storage_ratio: None,
        coverage,
        guards,
    })
}
