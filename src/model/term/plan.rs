//! The plan by week, as the semester timeline spreads it ([`by_week`]): list cost per week in
//! all, per lab (and the project), and per instance resource with its hours, from the scenario
//! priced with its savings levers off (the course as it runs, before any saving, as a bill is
//! checked against it).

use crate::model::catalog::Catalog;
use crate::model::engine::estimate::{evaluate, CostLine, Estimate, Phase};
use crate::model::focus::compare::levers_off;
use crate::model::planners::timeline::by_week;
use crate::model::scenario::Scenario;

/// One instance resource of the plan.
#[derive(Clone, Debug, PartialEq)]
pub struct PlannedResource {
    /// Resource id.
    pub id: String,
    /// Resource label.
    pub label: String,
    /// The instance type standing in for it.
    pub instance_type: String,
    /// Offer instances per resource instance (fraction).
    pub fraction: f64,
    /// Its share of its instance type's hours in the plan (0 to 1): the bill's hours of the
    /// type are split by it, as the bill view splits them.
    pub share: f64,
    /// Planned resource-hours per week (hours), week 1 first.
    pub hours: Vec<f64>,
    /// Planned list cost per week (US dollars).
    pub cost: Vec<f64>,
}

/// One lab, or the project, of the plan.
#[derive(Clone, Debug, PartialEq)]
pub struct PlannedLab {
    /// Its name ("Project" for the project).
    pub name: String,
    /// Planned list cost per week (US dollars).
    pub cost: Vec<f64>,
}

/// The plan by week.
#[derive(Clone, Debug, PartialEq)]
pub struct WeeklyPlan {
    /// List cost per week (US dollars), week 1 first; as many weeks as the timeline has.
    pub total: Vec<f64>,
    /// Per instance resource.
    pub resources: Vec<PlannedResource>,
    /// Per lab, then the project.
    pub labs: Vec<PlannedLab>,
}

impl WeeklyPlan {
    /// Weeks in the term (the timeline's).
    pub fn weeks(&self) -> usize {
        self.total.len()
    }
}

/// Offer-hours of a line (resource hours x fraction).
fn offer_hours(line: &CostLine) -> f64 {
    line.actual_hours * line.fraction
}

/// The instance resources of `estimate`, in the order it meets them, without their weeks.
fn resources(estimate: &Estimate, catalog: &Catalog) -> Vec<PlannedResource> {
    let mut out: Vec<PlannedResource> = Vec::new();
    for line in estimate.lines.iter().filter(|l| l.kind.is_instance()) {
        if out.iter().any(|r| r.id == line.resource) {
            continue;
        }
        let of_type = |l: &&CostLine| l.kind.is_instance() && l.sku == line.sku;
        let type_hours: f64 = estimate.lines.iter().filter(of_type).map(offer_hours).sum();
        let own: f64 = estimate
            .lines
            .iter()
            .filter(of_type)
            .filter(|l| l.resource == line.resource)
            .map(offer_hours)
            .sum();
        out.push(PlannedResource {
            id: line.resource.clone(),
            label: catalog
                .resource(&line.resource)
                .map_or_else(|| line.resource.clone(), |r| r.label.to_string()),
            instance_type: line.sku.clone(),
            fraction: line.fraction,
            share: if type_hours > 0.0 {
                own / type_hours
            } else {
                0.0
            },
            hours: Vec::new(),
            cost: Vec::new(),
        });
    }
    out
}

/// The plan of `scenario` by week (levers off). Fails, in words, when it cannot be priced.
pub fn weekly_plan(scenario: &Scenario, catalog: &Catalog) -> Result<WeeklyPlan, String> {
    let plain = levers_off(scenario);
    let estimate =
        evaluate(&plain, catalog).map_err(|_| "the scenario cannot be priced".to_string())?;
    Ok(weekly_plan_of(&plain, &estimate, catalog))
}

/// The plan by week of `scenario` priced as `estimate`.
pub fn weekly_plan_of(scenario: &Scenario, estimate: &Estimate, catalog: &Catalog) -> WeeklyPlan {
    let total = by_week(scenario, estimate, &|l| l.cost_usd);
    let mut resources = resources(estimate, catalog);
    for r in &mut resources {
        let mine = |l: &CostLine| l.kind.is_instance() && l.resource == r.id;
        r.hours = by_week(scenario, estimate, &|l| {
            if mine(l) {
                l.actual_hours
            } else {
                0.0
            }
        });
        r.cost = by_week(scenario, estimate, &|l| {
            if mine(l) {
                l.cost_usd
            } else {
                0.0
            }
        });
    }
    let mut labs: Vec<PlannedLab> = scenario
        .course
        .labs
        .iter()
        .enumerate()
        .map(|(i, lab)| PlannedLab {
            name: lab.name.clone(),
            cost: by_week(scenario, estimate, &|l| match l.phase {
                Phase::Lab(at) if at == i => l.cost_usd,
                _ => 0.0,
            }),
        })
        .collect();
    labs.push(PlannedLab {
        name: "Project".to_string(),
        cost: by_week(scenario, estimate, &|l| match l.phase {
            Phase::Project => l.cost_usd,
            Phase::Lab(_) => 0.0,
        }),
    });
    WeeklyPlan {
        total,
        resources,
        labs,
    }
}
