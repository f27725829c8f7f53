//! Per-resource factors from a bill: where the bill names a resource's stand-in (or the user
//! mapped a billed type to it), that resource's hours follow the bill; a resource whose stand-in
//! the bill has no hours of is set to 0 (what the bill says) unless the user keeps it; storage
//! factors follow the bill's GB-months. The bill does not say which hours were labs and which
//! the project, so each resource's factor multiplies both phases alike and they keep their
//! proportion. A drastic step (a factor to 0, more than tenfold, a bill of another provider)
//! waits for the user's confirmation, with what share of the plan's hours the bill covers.

use super::compare::{levers_off, priced_levers_off, BilledAgainstPlanned, Pair, ProviderMatch};
use super::summary::BillSummary;
use crate::model::catalog::resource::ResourceKind;
use crate::model::catalog::Catalog;
use crate::model::format;
use crate::model::scenario::field::{overrun_setting, FieldPath, PhaseKey};
use crate::model::scenario::limits;
use crate::model::scenario::realism::{BillNote, Realism, ResourceFactor};
use crate::model::scenario::Scenario;

/// A factor moving by more than this many times (up or down) waits for a confirmation.
pub const DRASTIC: f64 = 10.0;

/// What Apply does to one course resource.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Outcome {
    /// Its hours follow the bill.
    Follows,
    /// The bill has no hours of its stand-in: set to 0 hours, or `kept` as they are.
    Unbilled {
        /// The user keeps its hours.
        kept: bool,
    },
    /// The plan has none of it to scale: kept.
    NothingPlanned,
    /// Following the bill would take it past the largest factor accepted: kept.
    TooLarge,
}

/// One course resource: the bill's hours, the scenario's, and its factor before and after.
#[derive(Clone, Debug, PartialEq)]
pub struct FactorRow {
    /// Resource id.
    pub resource: String,
    /// Resource label.
    pub label: String,
    /// The instance type standing in for it on the scenario's provider.
    pub instance_type: String,
    /// Its hours in the bill (resource-hours; 0 when the bill has none).
    pub billed_hours: f64,
    /// Its hours in the scenario now (resource-hours, levers off).
    pub scenario_hours: f64,
    /// Its factor now (multiplier on its kind's overrun factors).
    pub from: f64,
    /// Its factor after Apply.
    pub to: f64,
    /// What Apply does.
    pub outcome: Outcome,
}

impl FactorRow {
    /// Billed / scenario hours, the multiplier Apply puts on its factor; `None` when the
    /// scenario has none of it.
    pub fn ratio(&self) -> Option<f64> {
        (self.scenario_hours > 0.0).then(|| self.billed_hours / self.scenario_hours)
    }
}

/// Why Apply waits for a confirmation.
#[derive(Clone, Debug, PartialEq)]
pub enum Guard {
    /// The bill is of another provider than the scenario's (its name as the bill gives it).
    OtherProvider(String),
    /// A factor goes to 0 (what it is for).
    ToZero(String),
    /// A factor moves more than [`DRASTIC`] times (what it is for, new / old; infinite from 0).
    Tenfold(String, f64),
}

/// How much of the plan the bill covers.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Coverage {
    /// The bill's hours of course resources (resource-hours).
    pub billed_hours: f64,
    /// The scenario's hours of every instance (resource-hours, levers off).
    pub scenario_hours: f64,
}

impl Coverage {
    /// The bill's share of the scenario's hours (0 when the scenario has none).
    pub fn share(&self) -> f64 {
        if self.scenario_hours > 0.0 {
            self.billed_hours / self.scenario_hours
        } else {
            0.0
        }
    }
}

/// A share as a percentage to one decimal ("38.4%"), "under 0.1%" below that (never
/// "0.00054%": the bill view's precision rule, [`format::ratio`]'s for factors).
pub fn percent(share: f64) -> String {
    let pct = share * 100.0;
    if !(pct.is_finite() && pct > 0.0) {
        return "0%".to_string();
    }
    if pct < 0.1 {
        return format!("under {}%", format::number(0.1, 1));
    }
    format!("{}%", format::number(pct, 1))
}

/// A factor as "×41.4", "×0.407" (the precision rule: [`format::ratio`]).
pub fn times(value: f64) -> String {
    format!("×{}", format::ratio(value))
}

/// What the bill sets, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct BillCalibration {
    /// The overrun factors after (storage scaled to the bill; the rest as they are).
    pub realism: Realism,
    /// The per-resource factors after.
    pub resource_factors: Vec<ResourceFactor>,
    /// Where the numbers set come from, with the values set.
    pub note: BillNote,
    /// One row per course resource the scenario uses.
    pub rows: Vec<FactorRow>,
    /// Storage (GB-months): billed and in the scenario.
    pub storage: Pair,
    /// Billed / scenario GB-months, the multiplier on both storage factors; `None`: kept (the
    /// bill or the plan has none).
    pub storage_ratio: Option<f64>,
    /// How much of the plan the bill covers.
    pub coverage: Coverage,
    /// Why Apply waits for a confirmation (empty: it does not).
    pub guards: Vec<Guard>,
}

impl BillCalibration {
    /// Whether Apply waits for the user's confirmation.
    pub fn needs_confirmation(&self) -> bool {
        !self.guards.is_empty()
    }

    /// Sets what the bill gives in `scenario`.
    pub fn apply_to(&self, scenario: &mut Scenario) {
        scenario.realism = self.realism;
        scenario.resource_factors = self.resource_factors.clone();
        scenario.bill_note = Some(self.note.clone());
    }

    /// The warning to confirm, in words; `None` when Apply needs no confirmation. Names are
    /// listed up to three at a time (the per-resource table lists every one).
    pub fn warning(&self) -> Option<String> {
        if self.guards.is_empty() {
            return None;
        }
        let mut zero = Vec::new();
        let mut moved = Vec::new();
        let mut text = String::new();
        for guard in &self.guards {
            match guard {
                Guard::OtherProvider(name) => text.push_str(&format!(
                    "This bill is from {name}, not the scenario's provider: its instance types \
                     are matched against the scenario's stand-ins. "
                )),
                Guard::ToZero(what) => zero.push(what.clone()),
                Guard::Tenfold(what, ratio) if ratio.is_finite() => {
                    moved.push(format!("{what} {}", times(*ratio)));
                }
                Guard::Tenfold(what, _) => moved.push(format!("{what} from 0")),
            }
        }
        let c = self.coverage;
        text.push_str(&format!(
            "The bill's {} of course resources are {} of the scenario's {} instance-hours.",
            super::summary_words::hours(c.billed_hours),
            percent(c.share()),
            format::number(c.scenario_hours, 0)
        ));
        if !zero.is_empty() {
            text.push_str(&format!(
                " Applying sets to 0 hours {}.",
                listed(&zero, "resources")
            ));
        }
        if !moved.is_empty() {
            text.push_str(&format!(
                " It moves more than {DRASTIC}-fold {}.",
                listed(&moved, "factors")
            ));
        }
        Some(text)
    }
}

/// Up to three `names` ("A, B"), or how many `what` ("9 resources").
fn listed(names: &[String], what: &str) -> String {
    if names.len() <= 3 {
        names.join(", ")
    } else {
        format!("{} {what}", names.len())
    }
}

/// Where the bill's numbers come from, in words (no file name: the note travels in links).
fn note_text(check: &BilledAgainstPlanned, bill: &BillSummary) -> String {
    let provider = match bill.provider.trim() {
        "" => "provider not named",
        name => name,
    };
    let mut text = format!(
        "calibrated: from a FOCUS bill ({provider}, {})",
        bill.period()
    );
    if let Some(conversion) = &check.conversion {
        text.push_str(&format!(
            "; its costs converted from {} at {} per US dollar (ECB reference rates, {})",
            conversion.currency, conversion.per_usd, conversion.date
        ));
    }
    text
}

/// One instance resource the scenario uses.
struct Used {
    /// Resource id.
    id: String,
    /// Resource label.
    label: String,
    /// Its stand-in's instance type.
    instance_type: String,
    /// Its hours now (resource-hours, levers off).
    hours: f64,
    /// Its hours with its own factor at 1 (resource-hours, levers off).
    hours_at_one: f64,
    /// The larger of its kind's overrun factors (labs, project).
    kind_factor: f64,
}

/// Each instance resource `scenario` uses, in the order the estimate meets them.
fn used_resources(scenario: &Scenario, catalog: &Catalog) -> Result<Vec<Used>, String> {
    let now = priced_levers_off(scenario, catalog)?;
    let mut plain = levers_off(scenario);
    plain.resource_factors.clear();
    let at_one = priced_levers_off(&plain, catalog)?;
    let mut used: Vec<Used> = Vec::new();
    for (line, one) in now.lines.iter().zip(&at_one.lines) {
        if !line.kind.is_instance() {
            continue;
        }
        match used.iter_mut().find(|u| u.id == line.resource) {
            Some(u) => {
                u.hours += line.actual_hours;
                u.hours_at_one += one.actual_hours;
            }
            None => {
                let (labs, project) = (scenario.realism.labs, scenario.realism.project);
                used.push(Used {
                    id: line.resource.clone(),
                    label: catalog
                        .resource(&line.resource)
                        .map_or_else(|| line.resource.clone(), |r| r.label.to_string()),
                    instance_type: line.sku.clone(),
                    hours: line.actual_hours,
                    hours_at_one: one.actual_hours,
                    kind_factor: labs.for_kind(line.kind).max(project.for_kind(line.kind)),
                });
            }
        }
    }
    Ok(used)
}

/// The row of one used resource: the bill's hours of it (`None`: none), `kept` when the user
/// keeps an unbilled one, `from` its factor now.
fn factor_row(used: Used, billed: Option<f64>, kept: bool, from: f64) -> FactorRow {
    let (billed_hours, to, outcome) = match billed {
        None if kept => (0.0, from, Outcome::Unbilled { kept }),
        None => (0.0, 0.0, Outcome::Unbilled { kept }),
        Some(hours) if used.hours_at_one <= 0.0 => (hours, from, Outcome::NothingPlanned),
        Some(hours) => {
            let to = hours / used.hours_at_one;
            if to > limits::FACTOR || to * used.kind_factor > limits::FACTOR {
                (hours, from, Outcome::TooLarge)
            } else {
                (hours, to, Outcome::Follows)
            }
        }
    };
    FactorRow {
        resource: used.id,
        label: used.label,
        instance_type: used.instance_type,
        billed_hours,
        scenario_hours: used.hours,
        from,
        to,
        outcome,
    }
}

/// The guard of one factor moving from `from` to `to`, if it is drastic.
pub fn guard(what: &str, from: f64, to: f64) -> Option<Guard> {
    if to == from {
        return None;
    }
    if to == 0.0 {
        return Some(Guard::ToZero(what.to_string()));
    }
    let ratio = if from > 0.0 { to / from } else { f64::INFINITY };
    (!(1.0 / DRASTIC..=DRASTIC).contains(&ratio)).then(|| Guard::Tenfold(what.to_string(), ratio))
}

/// The factors that make each of `scenario`'s resources (levers off) use the bill's hours.
/// `kept` lists the resources with no billed hours whose hours the user keeps. Fails, in words,
/// when the bill has no hours of any course resource.
pub fn calibrate_to_bill(
    check: &BilledAgainstPlanned,
    bill: &BillSummary,
    scenario: &Scenario,
    catalog: &Catalog,
    kept: &[String],
) -> Result<BillCalibration, String> {
    let mut guards = Vec::new();
    if let ProviderMatch::Other(_) = check.provider {
        guards.push(Guard::OtherProvider(bill.provider.trim().to_string()));
    }
    let mut rows = Vec::new();
    let mut coverage = Coverage::default();
    for used in used_resources(scenario, catalog)? {
        let billed = check.resources.iter().find(|r| r.resource == used.id);
        let (keep, from) = (kept.contains(&used.id), scenario.resource_factor(&used.id));
        let row = factor_row(used, billed.map(|r| r.billed_hours), keep, from);
        coverage.billed_hours += row.billed_hours;
        coverage.scenario_hours += row.scenario_hours;
        rows.push(row);
    }
    // A bill with no hours of any course resource would set every one to 0: nothing to go by.
    if coverage.billed_hours <= 0.0 {
        // Pricing on the bill's provider is offered only when the scenario is not on it yet.
        let or_switch = match check.provider {
            ProviderMatch::Other(Some(_)) => ", or price the scenario on the bill's provider",
            _ => "",
        };
        return Err(format!(
            "none of its instance types stands in for a course resource on {} (count one as a \
             course resource below{or_switch})",
            catalog.provider_name(&scenario.pricing.provider)
        ));
    }
    let storage = check.storage;
    let storage_ratio =
        (storage.billed > 0.0 && storage.planned > 0.0).then(|| storage.billed / storage.planned);
    let mut factors = scenario.resource_factors.clone();
    let mut fields: Vec<(String, f64)> = Vec::new();
    for row in &rows {
        let set = matches!(
            row.outcome,
            Outcome::Follows | Outcome::Unbilled { kept: false }
        );
        if !set {
            continue;
        }
        let index = match factors.iter().position(|f| f.resource == row.resource) {
            Some(index) => index,
            None => {
                let (resource, factor) = (row.resource.clone(), row.from);
                factors.push(ResourceFactor { resource, factor });
                factors.len() - 1
            }
        };
        factors[index].factor = row.to;
        fields.push((FieldPath::ResourceFactor { index }.to_string(), row.to));
        guards.extend(guard(&row.label, row.from, row.to));
    }
    let mut realism = scenario.realism;
    if let Some(ratio) = storage_ratio {
        for (phase, factors) in [
            (PhaseKey::Labs, &mut realism.labs),
            (PhaseKey::Project, &mut realism.project),
        ] {
            let from = factors.storage;
            factors.storage *= ratio;
            if let Some(setting) = overrun_setting(phase, ResourceKind::Storage) {
                let field = FieldPath::Setting(setting);
                fields.push((field.to_string(), factors.storage));
                guards.extend(guard(setting.words(), from, factors.storage));
            }
        }
    }
    Ok(BillCalibration {
        realism,
        resource_factors: factors,
        note: BillNote {
            text: note_text(check, bill),
            fields,
        },
        rows,
        storage,
        storage_ratio,
        coverage,
        guards,
    })
}
