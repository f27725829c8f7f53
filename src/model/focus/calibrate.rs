//! Overrun factors from a bill: each kind's factors (labs and project alike) are scaled so the
//! scenario's hours of that kind match the bill's. The bill does not say which hours were labs
//! and which the project, so both phases keep their proportion. The changed factors remember
//! where they come from ("calibrated: from your bill (...)"); the bill itself stays in the page.

use super::compare::{priced_levers_off, Comparison};
use crate::model::catalog::resource::ResourceKind;
use crate::model::catalog::Catalog;
use crate::model::format;
use crate::model::scenario::field::{overrun_setting, FieldPath, PhaseKey};
use crate::model::scenario::realism::{OverrunFactors, Realism};
use crate::model::scenario::Scenario;

/// What the bill sets, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct BillCalibration {
    /// The new overrun factors.
    pub realism: Realism,
    /// Where they come from: "calibrated: from your bill (file name, period)".
    pub provenance: String,
    /// One line per kind: how its factors were scaled, or why they were kept.
    pub steps: Vec<String>,
    /// The factors changed, with their new values.
    pub changed: Vec<(FieldPath, f64)>,
}

impl BillCalibration {
    /// The provenance of `field` in `scenario`, while it holds the value the bill set.
    pub fn provenance_of(&self, field: FieldPath, scenario: &Scenario) -> Option<&str> {
        let (_, value) = self.changed.iter().find(|(f, _)| *f == field)?;
        let current = field.number(scenario)?;
        (current.to_bits() == value.to_bits()).then_some(self.provenance.as_str())
    }
}

fn factor_mut(factors: &mut OverrunFactors, kind: ResourceKind) -> Option<&mut f64> {
    match kind {
        ResourceKind::Vm => Some(&mut factors.vm),
        ResourceKind::BareMetal => Some(&mut factors.bare_metal),
        ResourceKind::Edge => Some(&mut factors.edge),
        ResourceKind::Storage => Some(&mut factors.storage),
        ResourceKind::Network => None,
    }
}

/// The factors that make `scenario` (levers off) use the bill's hours per kind. `file` and
/// `period` name the bill in the provenance.
pub fn calibrate_to_bill(
    comparison: &Comparison,
    scenario: &Scenario,
    catalog: &Catalog,
    file: &str,
    period: &str,
) -> Result<BillCalibration, String> {
    let estimate = priced_levers_off(scenario, catalog)?;
    let mut provenance = format!("calibrated: from your bill ({file}, {period})");
    if let Some(conversion) = &comparison.conversion {
        provenance.push_str(&format!(
            "; its costs converted from {} at {} per US dollar (ECB reference rates, {})",
            conversion.currency, conversion.per_usd, conversion.date
        ));
    }
    let mut realism = scenario.realism;
    let mut steps = Vec::new();
    let mut changed = Vec::new();
    for kind in [
        ResourceKind::Vm,
        ResourceKind::BareMetal,
        ResourceKind::Edge,
        ResourceKind::Storage,
    ] {
        let planned: f64 = estimate
            .lines
            .iter()
            .filter(|l| l.kind == kind)
            .map(|l| l.actual_hours)
            .sum();
        let (billed, unit) = match kind {
            ResourceKind::Storage => (comparison.storage.billed, comparison.storage.planned),
            _ => (comparison.billed_hours_of(kind), planned),
        };
        let what = kind.label();
        if billed <= 0.0 || unit <= 0.0 {
            let why = if unit <= 0.0 {
                "the plan has none"
            } else {
                "the bill has none"
            };
            steps.push(format!("{what}: kept ({why})"));
            continue;
        }
        let ratio = billed / unit;
        let unit_word = if kind == ResourceKind::Storage {
            "GB-months"
        } else {
            "h"
        };
        steps.push(format!(
            "{what}: factors x {} = {} {unit_word} billed / {} {unit_word} in the scenario",
            format::number(ratio, 4),
            format::number(billed, 1),
            format::number(unit, 1)
        ));
        for (phase, factors) in [
            (PhaseKey::Labs, &mut realism.labs),
            (PhaseKey::Project, &mut realism.project),
        ] {
            if let Some(factor) = factor_mut(factors, kind) {
                *factor *= ratio;
                if let Some(setting) = overrun_setting(phase, kind) {
                    changed.push((FieldPath::Setting(setting), *factor));
                }
            }
        }
    }
    if changed.is_empty() {
        return Err("the bill has no hours of any kind the plan uses".to_string());
    }
    Ok(BillCalibration {
        realism,
        provenance,
        steps,
        changed,
    })
}
