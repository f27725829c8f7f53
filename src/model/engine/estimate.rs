//! The cost engine: prices a scenario line by line and sums it every way the UI needs.

use serde::Serialize;

use crate::model::catalog::offer::PriceModel;
use crate::model::catalog::regional::priced_in;
use crate::model::catalog::resource::{Category, Resource};
use crate::model::catalog::stand_in::custom_offer_number;
use crate::model::catalog::Catalog;
use crate::model::engine::capacity::{check_capacity, CapacityCheck};
use crate::model::engine::levers::levered;
pub use crate::model::engine::line::{CostLine, Phase};
pub use crate::model::engine::phase::PhaseSummary;
use crate::model::engine::stand_in::stand_in_for;
use crate::model::scenario::field::FieldPath;
use crate::model::scenario::valid::ValidScenario;
use crate::model::scenario::validate::{FieldError, Problem};
use crate::model::scenario::Scenario;

/// Course totals, from list price to what is actually paid.
#[derive(Clone, Debug, PartialEq, Default, Serialize)]
pub struct Totals {
    /// Sum of all lines at list price (US dollars).
    pub list_usd: f64,
    /// Negotiated discount (US dollars, subtracted).
    pub discount_usd: f64,
    /// Institutional overhead (US dollars, added).
    pub overhead_usd: f64,
    /// Education credits used (US dollars, subtracted; never more than the bill).
    pub credit_usd: f64,
    /// What the course pays (US dollars).
    pub net_usd: f64,
    /// Net cost per enrolled student (US dollars per student).
    pub per_student_usd: f64,
    /// Labs at list price (US dollars).
    pub labs_usd: f64,
    /// Project at list price (US dollars).
    pub project_usd: f64,
    /// Planned instance-hours, labs and project (hours).
    pub planned_instance_hours: f64,
    /// Actual instance-hours, labs and project (hours).
    pub actual_instance_hours: f64,
    /// Actual GPU node-hours, labs and project (hours).
    pub gpu_hours: f64,
    /// Actual GPU-device-hours, labs and project (hours).
    pub gpu_device_hours: f64,
}

/// The priced scenario.
#[derive(Clone, Debug, PartialEq, Default, Serialize)]
pub struct Estimate {
    /// Enrollment (students).
    pub students: f64,
    /// Project groups (count).
    pub groups: f64,
    /// Every priced line.
    pub lines: Vec<CostLine>,
    /// One summary per lab, in course order.
    pub labs: Vec<PhaseSummary>,
    /// The project's summary.
    pub project: PhaseSummary,
    /// List cost per category for the whole course (US dollars).
    pub cost_by_category: [f64; 4],
    /// Totals.
    pub totals: Totals,
    /// Things the user should know about this estimate (e.g. spot price missing).
    pub warnings: Vec<String>,
    /// Each capacity of the scenario against what the course needs of it.
    pub capacity: Vec<CapacityCheck>,
}

impl Estimate {
    /// List cost of the labs per student (US dollars per student).
    pub fn labs_per_student_usd(&self) -> f64 {
        per(self.totals.labs_usd, self.students)
    }

    /// List cost of the project per student (US dollars per student).
    pub fn project_per_student_usd(&self) -> f64 {
        per(self.totals.project_usd, self.students)
    }

    /// Share of the list cost spent on GPU instances (0 to 1).
    pub fn gpu_share(&self) -> f64 {
        per(
            self.cost_by_category[Category::Gpu.index()],
            self.totals.list_usd,
        )
    }
}

fn per(amount: f64, by: f64) -> f64 {
    if by > 0.0 {
        amount / by
    } else {
        0.0
    }
}

/// Prices every resource use of `scenario`. Fails with every invalid field; never panics.
pub fn evaluate(scenario: &Scenario, catalog: &Catalog) -> Result<Estimate, Vec<FieldError>> {
    price(&ValidScenario::new(scenario.clone(), catalog)?, catalog)
}

/// Prices a scenario that validation has accepted, with its enabled savings levers applied (to a
/// copy whose levers are then off, so they apply once). Fails when the provider has no stand-in
/// for a resource the course uses, or when the levered copy does not validate (validation has
/// already checked the lever settings, at their own field paths).
pub fn price(scenario: &ValidScenario, catalog: &Catalog) -> Result<Estimate, Vec<FieldError>> {
    // The scenario's region: its provider's offers at that region's prices.
    let pricing = &scenario.pricing;
    let catalog = priced_in(catalog, &pricing.provider, &pricing.region);
    if scenario.levers.is_off() {
        return price_as_is(scenario, catalog);
    }
    let levered = levered(scenario, catalog)?;
    price_as_is(&levered, catalog)
}

/// Prices `scenario` as it is, ignoring its levers.
fn price_as_is(scenario: &Scenario, catalog: &Catalog) -> Result<Estimate, Vec<FieldError>> {
    let mut pricer = Pricer {
        scenario,
        catalog,
        lines: Vec::new(),
        missing: Vec::new(),
        spot_missing: Vec::new(),
    };
    let course = &scenario.course;

    for (index, lab) in course.labs.iter().enumerate() {
        for option in &lab.options {
            let takers = course.students * option.share_pct / 100.0;
            for resource_use in &option.uses {
                pricer.price(
                    Use {
                        phase: Phase::Lab(index),
                        activity: &lab.name,
                        option: &option.name,
                        resource: &resource_use.resource,
                        takers,
                        takers_unit: "students",
                        count: resource_use.count,
                        hours: resource_use.hours,
                        floating_ips: resource_use.floating_ips,
                    },
                    &scenario.realism.labs,
                );
            }
        }
    }

    let groups = course.project_groups();
    for project_use in &course.project.uses {
        // A pool spreads the use's hours over its members by share.
        for (resource, share) in project_use.members() {
            pricer.price(
                Use {
                    phase: Phase::Project,
                    activity: PROJECT_NAME,
                    option: "",
                    resource,
                    takers: groups,
                    takers_unit: "groups",
                    count: project_use.count,
                    hours: project_use.hours_per_week * course.project.weeks * share,
                    floating_ips: project_use.floating_ips,
                },
                &scenario.realism.project,
            );
        }
    }

    if !pricer.missing.is_empty() {
        return Err(pricer
            .missing
            .into_iter()
            .map(|resource| FieldError {
                field: FieldPath::Provider,
                problem: Problem::Mismatch {
                    detail: format!(
                        "no offer stands in for {resource} on {}",
                        scenario.pricing.provider
                    ),
                },
            })
            .collect());
    }

    let mut warnings = Vec::new();
    if !pricer.spot_missing.is_empty() {
        warnings.push(format!(
            "No spot price is known for {}: priced on demand.",
            pricer.spot_missing.join(", ")
        ));
    }
    Ok(summarise(scenario, pricer.lines, groups, warnings))
}

/// Display name of the project phase.
pub const PROJECT_NAME: &str = "Group project";

struct Use<'a> {
    phase: Phase,
    activity: &'a str,
    option: &'a str,
    resource: &'a str,
    takers: f64,
    takers_unit: &'static str,
    count: f64,
    hours: f64,
    floating_ips: f64,
}

struct Pricer<'a> {
    scenario: &'a Scenario,
    catalog: &'a Catalog,
    lines: Vec<CostLine>,
    missing: Vec<String>,
    spot_missing: Vec<String>,
}

impl Pricer<'_> {
    /// Adds the line for one use, and one for its floating IPs, which live as long as it does.
    fn price(&mut self, item: Use<'_>, factors: &crate::model::scenario::realism::OverrunFactors) {
        let Some(resource) = self.catalog.resource(item.resource) else {
            return; // validate() has already reported it
        };
        // The kind's factor, times the resource's own where a bill calibrated it.
        let overrun = factors.for_kind(resource.kind) * self.scenario.resource_factor(resource.id);
        let leased = resource.kind.has_lease_end();
        self.line(&item, resource, item.count, (overrun, leased));
        if item.floating_ips > 0.0 {
            if let Some(address) = self.catalog.resource(FLOATING_IP) {
                self.line(&item, address, item.floating_ips, (overrun, leased));
            }
        }
    }

    /// One line; `(overrun, lease_bounded)` follow the instance an address is attached to.
    fn line(
        &mut self,
        item: &Use<'_>,
        resource: &Resource,
        count: f64,
        (overrun, lease_bounded): (f64, bool),
    ) {
        let pricing = &self.scenario.pricing;
        let scenario = self.scenario;
        let Some(stand_in) = stand_in_for(
            &scenario.stand_in_choices,
            &scenario.custom_offers,
            self.catalog,
            &pricing.provider,
            resource.id,
        ) else {
            if !self.missing.iter().any(|m| m == resource.id) {
                self.missing.push(resource.id.to_string());
            }
            return;
        };
        let offer = stand_in.offer;
        let list = offer.price_in(&pricing.snapshot);
        let wants_spot = pricing.model == PriceModel::Spot && resource.kind.is_instance();
        let spot = offer.spot_in(&pricing.snapshot).filter(|_| wants_spot);
        let spot_missing = wants_spot && spot.is_none();
        if spot_missing && !self.spot_missing.iter().any(|m| *m == offer.sku) {
            self.spot_missing.push(offer.sku.to_string());
        }
        let (model, price) = match spot {
            Some(spot) => (PriceModel::Spot, spot),
            None => (PriceModel::OnDemand, list),
        };
        // The user's change to the provider's list prices of this class; the user's own offers
        // keep the price they entered.
        let price_change = if custom_offer_number(&offer.id).is_some() {
            1.0
        } else {
            pricing.price_change.factor(resource.category())
        };
        let offer_usd = price.usd * price_change;
        let rerun = if model == PriceModel::Spot {
            1.0 + pricing.rerun_overhead_pct / 100.0
        } else {
            1.0
        };
        let usd_per_hour = offer.per_hour(offer_usd) * stand_in.fraction;
        let planned_total_hours = item.takers * count * item.hours;
        let actual_hours = planned_total_hours * overrun;
        let as_of = price.as_of.to_string();
        let source = match model {
            PriceModel::Spot => format!("spot: {}", price.source),
            PriceModel::OnDemand => price.source.to_string(),
        };
        self.lines.push(CostLine {
            phase: item.phase,
            activity: item.activity.to_string(),
            option: item.option.to_string(),
            resource: resource.id.to_string(),
            kind: resource.kind,
            category: resource.category(),
            takers: item.takers,
            takers_unit: item.takers_unit,
            count,
            count_unit: resource.count_unit(),
            planned_hours: item.hours,
            overrun,
            lease_bounded,
            offer_id: offer.id.to_string(),
            sku: offer.sku.to_string(),
            fraction: stand_in.fraction,
            model,
            spot_missing,
            offer_usd,
            price_change,
            usd_per_hour,
            rerun,
            as_of,
            source,
            planned_total_hours,
            actual_hours,
            cost_usd: actual_hours * rerun * usd_per_hour,
            gpu_hours: if resource.specs.gpu_count > 0 {
                actual_hours
            } else {
                0.0
            },
            gpu_device_hours: actual_hours * f64::from(resource.specs.gpu_count),
        });
    }
}

/// Resource id of a floating IP.
pub const FLOATING_IP: &str = "floating_ip";

fn summarise(
    scenario: &Scenario,
    lines: Vec<CostLine>,
    groups: f64,
    mut warnings: Vec<String>,
) -> Estimate {
    let course = &scenario.course;
    let mut labs: Vec<PhaseSummary> = course
        .labs
        .iter()
        .map(|lab| PhaseSummary {
            name: lab.name.clone(),
            ..PhaseSummary::default()
        })
        .collect();
    let mut project = PhaseSummary {
        name: PROJECT_NAME.to_string(),
        ..PhaseSummary::default()
    };
    let mut cost_by_category = [0.0; 4];
    for line in &lines {
        cost_by_category[line.category.index()] += line.cost_usd;
        match line.phase {
            Phase::Lab(index) => {
                if let Some(summary) = labs.get_mut(index) {
                    summary.add(line);
                }
            }
            Phase::Project => project.add(line),
        }
    }

    let labs_usd: f64 = labs.iter().map(|l| l.cost_usd).sum();
    let list_usd = labs_usd + project.cost_usd;
    let pricing = &scenario.pricing;
    let discount_usd = list_usd * pricing.discount_pct / 100.0;
    let overhead_usd = (list_usd - discount_usd) * pricing.overhead_pct / 100.0;
    let before_credit = list_usd - discount_usd + overhead_usd;
    let credit_usd = (pricing.credit_per_student_usd * course.students).min(before_credit);
    let net_usd = before_credit - credit_usd;
    if list_usd >= crate::model::format::MONEY_IN_WORDS_FROM {
        warnings.push(crate::model::format::OVER_A_TRILLION.to_string());
    }
    let sum = |f: fn(&PhaseSummary) -> f64| labs.iter().map(f).sum::<f64>() + f(&project);
    let totals = Totals {
        list_usd,
        discount_usd,
        overhead_usd,
        credit_usd,
        net_usd,
        per_student_usd: per(net_usd, course.students),
        labs_usd,
        project_usd: project.cost_usd,
        planned_instance_hours: sum(|s| s.planned_instance_hours),
        actual_instance_hours: sum(|s| s.actual_instance_hours),
        gpu_hours: sum(|s| s.gpu_hours),
        gpu_device_hours: sum(|s| s.gpu_device_hours),
    };
    let capacity = check_capacity(scenario, &lines);
    Estimate {
        students: course.students,
        groups,
        lines,
        labs,
        project,
        cost_by_category,
        totals,
        warnings,
        capacity,
    }
}
