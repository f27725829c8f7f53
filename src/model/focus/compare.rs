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
    /// It stands in for nothing, and the user counts its hours as this course resource's.
    pub mapped_to: Option<String>,
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
pub struct BilledAgainstPlanned {
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
    /// The scenario had savings levers on: the bill is checked against the plan with them off.
    pub levers_were_on: bool,
    /// The bill's provider against the scenario's.
    pub provider: ProviderMatch,
}

/// Whether the bill is of the scenario's provider.
#[derive(Clone, Debug, PartialEq)]
pub enum ProviderMatch {
    /// The same provider, or a bill that names none.
    Same,
    /// Another provider: its id in the catalog, when the calculator prices it.
    Other(Option<&'static str>),
}

/// The catalog's provider a bill's ProviderName (or ServiceProviderName) names: "AWS" and
/// "Amazon Web Services" are `aws`, "Microsoft" and "Azure" `azure`, "Google Cloud" `gcp`.
/// `None` for a provider the catalog does not price (Oracle) or a bill that names none.
pub fn provider_id(name: &str) -> Option<&'static str> {
    let name = name.to_ascii_lowercase();
    let known = [
        ("aws", "aws"),
        ("amazon", "aws"),
        ("microsoft", "azure"),
        ("azure", "azure"),
        ("google", "gcp"),
        ("gcp", "gcp"),
        ("lambda", "lambda"),
        ("runpod", "runpod"),
    ];
    known
        .iter()
        .find(|(needle, _)| name.contains(needle))
        .map(|(_, id)| *id)
}

/// The bill's provider `name` against the scenario's provider `id`.
fn provider_match(name: &str, id: &str) -> ProviderMatch {
    let name = name.trim();
    match provider_id(name) {
        _ if name.is_empty() => ProviderMatch::Same,
        Some(found) if found == id => ProviderMatch::Same,
        found => ProviderMatch::Other(found),
    }
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
) -> Result<BilledAgainstPlanned, String> {
    compare_mapped(bill, scenario, catalog, &[])
}

/// [`compare`], with the hours of billed instance types that stand in for nothing counted as a
/// course resource's where `mapped` says so ((type, resource id) pairs): one hour of the type
/// is taken as one hour of the resource.
pub fn compare_mapped(
    bill: &BillSummary,
    scenario: &Scenario,
    catalog: &Catalog,
    mapped: &[(String, String)],
) -> Result<BilledAgainstPlanned, String> {
    let estimate = priced_levers_off(scenario, catalog)?;
    let (conversion, unconverted, to_usd) = conversion(bill, &scenario.pricing.snapshot);
    let mut types = Vec::new();
    let mut resources: Vec<ResourceRow> = Vec::new();
    // Types that stand in for something first, so a mapped type adds to their rows.
    let is_mapped = |t: &str| mapped.iter().any(|(m, _)| m == t) && !stands_in(&estimate, t);
    let passes = [false, true].into_iter();
    let entries = passes.flat_map(|second| {
        let all = bill.compute.iter();
        all.filter(move |(t, _)| is_mapped(t) == second)
    });
    for (instance_type, used) in entries {
        let mapped_to = mapped
            .iter()
            .find(|(t, _)| t == instance_type && is_mapped(t))
            .map(|(_, r)| r.as_str());
        let lines: Vec<&CostLine> = estimate
            .lines
            .iter()
            .filter(|l| l.kind.is_instance())
            .filter(|l| mapped_to.map_or(l.sku == *instance_type, |r| l.resource == r))
            .collect();
        let planned_hours: f64 = lines.iter().map(|l| offer_hours(l)).sum();
        types.push(TypeRow {
            instance_type: instance_type.clone(),
            billed_hours: used.quantity,
            spot_hours: used.spot_quantity,
            billed_cost: used.tally.billed,
            billed_usd: to_usd.map(|rate| used.tally.billed / rate),
            // A mapped type is set against its resource's hours, one for one.
            planned_hours: match mapped_to {
                Some(_) => lines.iter().map(|l| l.actual_hours).sum(),
                None => planned_hours,
            },
            planned_usd: lines.iter().map(|l| l.cost_usd).sum(),
            resources: resource_ids(&lines),
            mapped_to: mapped_to.map(str::to_string),
        });
        let cost = to_usd.map_or(used.tally.billed, |rate| used.tally.billed / rate);
        // The scenario's figures of a resource are counted once: a mapped type adds to a row
        // its stand-in (or another mapped type) made only its billed hours and cost.
        let counted = mapped_to.is_some_and(|r| resources.iter().any(|row| row.resource == r));
        for line in lines {
            let share = if planned_hours > 0.0 {
                offer_hours(line) / planned_hours
            } else {
                0.0
            };
            let billed = Billed {
                // Offer-hours to resource-hours: by the stand-in's fraction, or one for one
                // for a mapped type.
                hours: match mapped_to {
                    Some(_) => used.quantity * share,
                    None if line.fraction > 0.0 => used.quantity * share / line.fraction,
                    None => 0.0,
                },
                cost: cost * share,
                share,
            };
            add_line(&mut resources, line, billed, !counted, catalog);
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
    Ok(BilledAgainstPlanned {
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
        provider: provider_match(&bill.provider, &scenario.pricing.provider),
    })
}

/// The resources of `lines`, each once, sorted.
fn resource_ids(lines: &[&CostLine]) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    for line in lines {
        if !ids.contains(&line.resource) {
            ids.push(line.resource.clone());
        }
    }
    crate::model::sort::sort_by(&mut ids, Ord::cmp);
    ids
}

/// Whether `instance_type` stands in for a course resource in `estimate`.
fn stands_in(estimate: &Estimate, instance_type: &str) -> bool {
    let mut lines = estimate.lines.iter();
    lines.any(|l| l.kind.is_instance() && l.sku == instance_type)
}

/// What one line of the scenario gets of a billed type.
struct Billed {
    /// Resource-hours (hours).
    hours: f64,
    /// Cost (US dollars, or billing currency when unconverted).
    cost: f64,
    /// The line's share of the type's hours in the scenario (0 to 1).
    share: f64,
}

/// Adds `billed` to the row of `line`'s resource (a new row when it has none), and the line's
/// own figures when `with_plan` (false when they are in the row already).
fn add_line(
    rows: &mut Vec<ResourceRow>,
    line: &CostLine,
    billed: Billed,
    with_plan: bool,
    catalog: &Catalog,
) {
    match rows.iter_mut().find(|r| r.resource == line.resource) {
        Some(row) => {
            row.billed_hours += billed.hours;
            row.billed_cost += billed.cost;
            if with_plan {
                row.planned_hours += line.actual_hours;
                row.planned_usd += line.cost_usd;
                row.share += billed.share;
            }
        }
        None => rows.push(ResourceRow {
            resource: line.resource.clone(),
            label: catalog
                .resource(&line.resource)
                .map_or_else(|| line.resource.clone(), |r| r.label.to_string()),
            kind: line.kind,
            instance_type: line.sku.clone(),
            fraction: line.fraction,
            billed_hours: billed.hours,
            planned_hours: line.actual_hours,
            billed_cost: billed.cost,
            planned_usd: line.cost_usd,
            share: billed.share,
        }),
    }
}

/// The rate for the bill's currency in `snapshot`: (the conversion if not US dollars, whether
/// it has no rate, units per US dollar).
fn conversion(bill: &BillSummary, snapshot: &str) -> (Option<Conversion>, bool, Option<f64>) {
    currency_rate(&bill.currency, snapshot)
}

/// The rate for `currency` (a bill's ISO code) in `snapshot`: (the conversion if not US
/// dollars, whether it has no rate, units per US dollar).
pub fn currency_rate(currency: &str, snapshot: &str) -> (Option<Conversion>, bool, Option<f64>) {
    let currency = currency.trim();
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

impl BilledAgainstPlanned {
    /// Instance types in the bill that stand in for nothing in the scenario (and are not
    /// mapped to a course resource).
    pub fn unmatched(&self) -> impl Iterator<Item = &TypeRow> {
        self.types.iter().filter(|t| t.resources.is_empty())
    }

    /// Billed instance-hours of types that stand in for a course resource or are mapped to
    /// one (offer-hours).
    pub fn matched_hours(&self) -> f64 {
        let matched = self.types.iter().filter(|t| !t.resources.is_empty());
        matched.map(|t| t.billed_hours).sum()
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
