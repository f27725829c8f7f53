//! Billed against planned: the bill's hours and cost per instance type beside the scenario's,
//! and per course resource, where an instance type that stands in for several resources is
//! split by the scenario's own shares of it.

use super::summary::BillSummary;
use crate::model::catalog::currency::ExchangeRates;
use crate::model::catalog::offer::HOURS_PER_MONTH;
use crate::model::catalog::resource::ResourceKind;
use crate::model::catalog::Catalog;
use crate::model::engine::estimate::{evaluate, CostLine, Estimate};
use crate::model::planners::levers::Levers;
use crate::model::scenario::Scenario;

/// How the bill's currency was turned into US dollars.
#[derive(Clone, Debug, PartialEq)]
pub struct Conversion {
    /// The bill's currency (ISO code).
    pub currency: String,
    /// Units of it per US dollar (rate).
    pub per_usd: f64,
    /// The day of the rate (`YYYY-MM-DD`).
    pub date: String,
}

/// One instance type: billed and planned.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeRow {
    /// The instance type (`t3.medium`).
    pub instance_type: String,
    /// Hours billed (instance-hours of this type).
    pub billed_hours: f64,
    /// Of them, spot hours (hours).
    pub spot_hours: f64,
    /// BilledCost (billing currency).
    pub billed_cost: f64,
    /// BilledCost in US dollars; `None` when the currency has no rate.
    pub billed_usd: Option<f64>,
    /// The scenario's hours of this type (instance-hours of the offer: resource hours x fraction).
    pub planned_hours: f64,
    /// The scenario's list cost of this type (US dollars).
    pub planned_usd: f64,
    /// The course resources it stands in for (ids); empty when none.
    pub resources: Vec<String>,
}

/// One course resource: the bill's share beside the scenario's.
#[derive(Clone, Debug, PartialEq)]
pub struct ResourceRow {
    /// Resource id.
    pub resource: String,
    /// Resource label.
    pub label: String,
    /// How it is provisioned.
    pub kind: ResourceKind,
    /// The instance type standing in for it.
    pub instance_type: String,
    /// Offer instances per resource instance (fraction).
    pub fraction: f64,
    /// The bill's hours for it (resource-hours: offer hours / fraction).
    pub billed_hours: f64,
    /// The scenario's hours of it (resource-hours, its overrun factors included).
    pub planned_hours: f64,
    /// The bill's cost for it (US dollars; billing currency when there is no rate).
    pub billed_cost: f64,
    /// The scenario's list cost of it (US dollars).
    pub planned_usd: f64,
    /// Its share of the type's hours in the scenario (0 to 1): below 1 when the type stands in
    /// for several resources and the bill's hours are split by these shares.
    pub share: f64,
}

impl ResourceRow {
    /// Billed / planned hours; `None` when nothing is planned.
    pub fn ratio(&self) -> Option<f64> {
        (self.planned_hours > 0.0).then(|| self.billed_hours / self.planned_hours)
    }
}

/// Billed against planned for one kind of unit (storage GB-months, IPv4 hours).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pair {
    /// In the bill.
    pub billed: f64,
    /// In the scenario.
    pub planned: f64,
}

/// The bill set against the scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// Per instance type, billed first by hours.
    pub types: Vec<TypeRow>,
    /// Per course resource with a stand-in in the bill.
    pub resources: Vec<ResourceRow>,
    /// Storage (GB-months).
    pub storage: Pair,
    /// Public IPv4 addresses (hours).
    pub public_ipv4: Pair,
    /// How the bill's costs were converted; `None` for a bill in US dollars or without a rate.
    pub conversion: Option<Conversion>,
    /// The bill's currency has no rate in the scenario's snapshot: costs stay in it.
    pub unconverted: bool,
    /// The scenario's list total, levers off (US dollars).
    pub planned_total_usd: f64,
    /// The bill's BilledCost total (US dollars, or billing currency when unconverted).
    pub billed_total: f64,
    /// The bill's EffectiveCost total (same unit as `billed_total`).
    pub effective_total: f64,
    /// The scenario had savings levers on: the comparison is made with them off.
    pub levers_were_on: bool,
}

/// The scenario with its savings levers off: the course as it ran, before any saving.
pub fn levers_off(scenario: &Scenario) -> Scenario {
    let mut off = scenario.clone();
    off.levers = Levers::default();
    off
}

/// Offer hours of a line: resource hours x fraction.
fn offer_hours(line: &CostLine) -> f64 {
    line.actual_hours * line.fraction
}

/// `scenario` priced with its levers off (as a bill is compared and calibrated); fails, in
/// words, when it cannot be priced.
pub(super) fn priced_levers_off(
    scenario: &Scenario,
    catalog: &Catalog,
) -> Result<Estimate, String> {
    evaluate(&levers_off(scenario), catalog)
        .map_err(|_| "the scenario cannot be priced".to_string())
}

/// Sets `bill` against `scenario` (levers off). Fails when the scenario cannot be priced.
pub fn compare(
    bill: &BillSummary,
    scenario: &Scenario,
    catalog: &Catalog,
) -> Result<Comparison, String> {
    let estimate = priced_levers_off(scenario, catalog)?;
    let (conversion, unconverted, to_usd) = conversion(bill, &scenario.pricing.snapshot);
    let mut types = Vec::new();
    let mut resources: Vec<ResourceRow> = Vec::new();
    for (instance_type, used) in bill.compute.iter() {
        let lines: Vec<&CostLine> = estimate
            .lines
            .iter()
            .filter(|l| l.kind.is_instance() && l.sku == *instance_type)
            .collect();
        let planned_hours: f64 = lines.iter().map(|l| offer_hours(l)).sum();
        let mut ids: Vec<String> = Vec::new();
        for line in &lines {
            if !ids.contains(&line.resource) {
                ids.push(line.resource.clone());
            }
        }
        crate::model::sort::sort_by(&mut ids, Ord::cmp);
        types.push(TypeRow {
            instance_type: instance_type.clone(),
            billed_hours: used.quantity,
            spot_hours: used.spot_quantity,
            billed_cost: used.tally.billed,
            billed_usd: to_usd.map(|rate| used.tally.billed / rate),
            planned_hours,
            planned_usd: lines.iter().map(|l| l.cost_usd).sum(),
            resources: ids,
        });
        let cost = to_usd.map_or(used.tally.billed, |rate| used.tally.billed / rate);
        for line in lines {
            let share = if planned_hours > 0.0 {
                offer_hours(line) / planned_hours
            } else {
                0.0
            };
            let billed_hours = if line.fraction > 0.0 {
                used.quantity * share / line.fraction
            } else {
                0.0
            };
            match resources.iter_mut().find(|r| r.resource == line.resource) {
                Some(row) => {
                    row.billed_hours += billed_hours;
                    row.planned_hours += line.actual_hours;
                    row.billed_cost += cost * share;
                    row.planned_usd += line.cost_usd;
                    row.share += share;
                }
                None => resources.push(ResourceRow {
                    resource: line.resource.clone(),
                    label: catalog
                        .resource(&line.resource)
                        .map_or_else(|| line.resource.clone(), |r| r.label.to_string()),
                    kind: line.kind,
                    instance_type: instance_type.clone(),
                    fraction: line.fraction,
                    billed_hours,
                    planned_hours: line.actual_hours,
                    billed_cost: cost * share,
                    planned_usd: line.cost_usd,
                    share,
                }),
            }
        }
    }
    crate::model::sort::sort_by(&mut types, |a, b| b.billed_hours.total_cmp(&a.billed_hours));
    let sum_kind = |kind: ResourceKind| -> f64 {
        estimate
            .lines
            .iter()
            .filter(|l| l.kind == kind)
            .map(|l| l.actual_hours)
            .sum()
    };
    let money = |amount: f64| to_usd.map_or(amount, |rate| amount / rate);
    Ok(Comparison {
        types,
        resources,
        storage: Pair {
            billed: bill.storage.quantity,
            planned: sum_kind(ResourceKind::Storage) / HOURS_PER_MONTH,
        },
        public_ipv4: Pair {
            billed: bill.public_ipv4.quantity,
            planned: sum_kind(ResourceKind::Network),
        },
        conversion,
        unconverted,
        planned_total_usd: estimate.totals.list_usd,
        billed_total: money(bill.total.billed),
        effective_total: money(bill.total.effective),
        levers_were_on: !scenario.levers.is_off(),
    })
}

/// The rate for the bill's currency in `snapshot`: (the conversion if not US dollars, whether
/// it has no rate, units per US dollar).
fn conversion(bill: &BillSummary, snapshot: &str) -> (Option<Conversion>, bool, Option<f64>) {
    let currency = bill.currency.trim();
    if currency.is_empty() || currency.eq_ignore_ascii_case("USD") {
        return (None, false, Some(1.0));
    }
    match ExchangeRates::builtin()
        .ok()
        .and_then(|rates| rates.rate(currency, snapshot))
        .filter(|quote| quote.per_usd > 0.0)
    {
        Some(quote) => (
            Some(Conversion {
                currency: currency.to_string(),
                per_usd: quote.per_usd,
                date: quote.date.to_string(),
            }),
            false,
            Some(quote.per_usd),
        ),
        None => (None, true, None),
    }
}

impl Comparison {
    /// Instance types in the bill that stand in for nothing in the scenario: (type, hours, cost
    /// in the billing currency).
    pub fn unmatched(&self) -> impl Iterator<Item = &TypeRow> {
        self.types.iter().filter(|t| t.resources.is_empty())
    }

    /// The bill's resource-hours of resources of `kind` (hours).
    pub fn billed_hours_of(&self, kind: ResourceKind) -> f64 {
        self.resources
            .iter()
            .filter(|r| r.kind == kind)
            .map(|r| r.billed_hours)
            .sum()
    }
}
