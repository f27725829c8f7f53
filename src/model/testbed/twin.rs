//! The free-testbed twin of a priced scenario: the same course in Chameleon SUs (at today's rates
//! and at the rules in force before July 2025) and in Jetstream2 SUs (ACCESS credits), at planned
//! and at actual hours, with the allocation each needs, the per-student cap and idle time.

use serde::Serialize;

use crate::model::catalog::resource::Category;
use crate::model::catalog::Catalog;
use crate::model::engine::estimate::{Estimate, Phase};
use crate::model::engine::line::CostLine;
use crate::model::planners::timeline::by_week;
use crate::model::scenario::Scenario;
use crate::model::testbed::access_fit::{access_fit, AccessFit};
use crate::model::testbed::chameleon_fit::{chameleon_fit, ChameleonFit};
use crate::model::testbed::data::Testbeds;
use crate::model::testbed::idle::{idle_saving, IdleSaving};
use crate::model::testbed::reserved::{
    is_reserved, reserved_pool, storage_credits, without_chameleon, ReservedPool,
};
use crate::model::testbed::student_cap::{student_cap, StudentCap};
use crate::model::testbed::su::{line_su, rates_of, ResourceRates, Su};

/// SUs of the course split as the providers table splits dollars.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct SuSplit {
    /// The labs (SU).
    pub labs: Su,
    /// The project (SU).
    pub project: Su,
    /// Of both, GPU instances (SU).
    pub gpu: Su,
}

impl SuSplit {
    /// Labs and project (SU).
    pub fn total(&self) -> Su {
        self.labs + self.project
    }
}

/// One course resource on the testbeds: its charges and how much the course uses it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ResourceRow {
    /// Chameleon resource id.
    pub resource: String,
    /// Its charges.
    pub rates: ResourceRates,
    /// Planned unit-hours, labs and project (hours; GB-hours for storage).
    pub planned_hours: f64,
    /// Actual unit-hours (hours; GB-hours for storage).
    pub actual_hours: f64,
    /// SUs at actual hours (a reserved node's project hours by its reservation instead).
    pub actual: Su,
    /// Of the actual unit-hours, those the project ran on reserved nodes, which Chameleon charges
    /// by the reservation rather than by the hour (hours).
    pub reserved_hours: f64,
    /// Node-hours the project reserved of this resource, charged whole on Chameleon (hours).
    pub lease_hours: f64,
    /// Storage (GB, allocated rather than metered by the hour).
    pub storage: bool,
}

/// The twin at planned or at actual hours.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct TwinAt {
    /// SUs, split.
    pub split: SuSplit,
    /// Chameleon allocations at the current rates.
    pub chameleon: ChameleonFit,
    /// Chameleon allocations under the rules before July 2025, at their highest.
    pub chameleon_before: ChameleonFit,
    /// The ACCESS tier for Jetstream2.
    pub access: AccessFit,
}

/// The whole twin.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct TestbedTwin {
    /// Enrollment (students).
    pub students: f64,
    /// Every resource the course uses, in catalog order.
    pub rows: Vec<ResourceRow>,
    /// At the lab texts' planned hours.
    pub planned: TwinAt,
    /// At actual hours (planned x overrun).
    pub actual: TwinAt,
    /// An instance resource the course uses has no Chameleon rate, so its SUs are a lower bound.
    pub chameleon_incomplete: bool,
    /// The per-student SU cap.
    pub cap: StudentCap,
    /// What auto-stop's idle hours are worth on the testbeds.
    pub idle: IdleSaving,
    /// The project's reserved nodes on Chameleon, charged for their whole reservation (the
    /// lease rule), with the hours-used reading beside it; `None` when nothing is reserved.
    pub reserved: Option<ReservedPool>,
    /// Jetstream2 storage in ACCESS credits: (the largest lab's, the project's) (credits).
    pub storage_credits: (f64, f64),
}

/// A line's SUs (planned, actual), Chameleon's left out for a reserved node's project hours: its
/// reservation charges them.
fn charged_su(scenario: &Scenario, testbeds: &Testbeds, line: &CostLine) -> (Su, Su) {
    let (plan, actual) = line_su(testbeds, line);
    if is_reserved(scenario, line) {
        (without_chameleon(plan), without_chameleon(actual))
    } else {
        (plan, actual)
    }
}

/// Adds what the twin charges by reservation or allocation, not by the hour, to `split`: the
/// reserved pool's leases (Chameleon) and the storage credits (Jetstream2).
fn add_held(split: &mut SuSplit, pool: Option<&ReservedPool>, storage: (f64, f64)) {
    for r in pool.map_or(&[][..], |p| &p.reservations) {
        split.project += r.lease;
        if r.gpu {
            split.gpu += r.lease;
        }
    }
    split.labs.jetstream += storage.0;
    split.project.jetstream += storage.1;
}

/// `weekly` with the held charges placed: each lease spread over its window's weeks, the
/// storage credits in the first week of the project (the project's) and of the course (labs').
fn place_held(
    weekly: &mut [f64],
    scenario: &Scenario,
    pool: Option<&ReservedPool>,
    lease: fn(&Su) -> f64,
    storage: f64,
) {
    let weeks = weekly.len();
    let slot = |week: f64| ((week.max(1.0) as usize).min(weeks.max(1))) - 1;
    if weeks == 0 {
        return;
    }
    for r in pool.map_or(&[][..], |p| &p.reservations) {
        let (first, last) = (
            slot(r.weeks.0),
            slot(r.weeks.1.ceil() - 1.0).max(slot(r.weeks.0)),
        );
        let share = lease(&r.lease) / (last - first + 1) as f64;
        for value in &mut weekly[first..=last] {
            *value += share;
        }
    }
    weekly[slot(scenario.course.project.start_week)] += storage;
}

impl TestbedTwin {
    /// The twin of `scenario`, priced as `estimate`.
    pub fn of(scenario: &Scenario, estimate: &Estimate, catalog: &Catalog) -> TestbedTwin {
        let testbeds = Testbeds::builtin();
        let mut rows: Vec<ResourceRow> = Vec::new();
        let (mut planned, mut actual) = (SuSplit::default(), SuSplit::default());
        let mut chameleon_incomplete = false;
        for line in &estimate.lines {
            let (at_plan, at_actual) = charged_su(scenario, testbeds, line);
            for (split, su) in [(&mut planned, at_plan), (&mut actual, at_actual)] {
                match line.phase {
                    Phase::Lab(_) => split.labs += su,
                    Phase::Project => split.project += su,
                }
                if line.category == Category::Gpu {
                    split.gpu += su;
                }
            }
            let rates = rates_of(testbeds, &line.resource);
            chameleon_incomplete |= line.kind.is_instance() && rates.chameleon.is_none();
            let reserved_hours = if is_reserved(scenario, line) {
                line.actual_hours
            } else {
                0.0
            };
            match rows.iter_mut().find(|r| r.resource == line.resource) {
                Some(row) => {
                    row.planned_hours += line.planned_total_hours;
                    row.actual_hours += line.actual_hours;
                    row.actual += at_actual;
                    row.reserved_hours += reserved_hours;
                }
                None => rows.push(ResourceRow {
                    resource: line.resource.clone(),
                    rates,
                    planned_hours: line.planned_total_hours,
                    actual_hours: line.actual_hours,
                    actual: at_actual,
                    reserved_hours,
                    lease_hours: 0.0,
                    storage: line.kind == crate::model::catalog::resource::ResourceKind::Storage,
                }),
            }
        }
        let pool = reserved_pool(scenario, estimate, testbeds);
        let storage = storage_credits(estimate, testbeds);
        for split in [&mut planned, &mut actual] {
            add_held(split, pool.as_ref(), storage);
        }
        for r in pool.as_ref().map_or(&[][..], |p| &p.reservations) {
            if let Some(row) = rows.iter_mut().find(|row| row.resource == r.resource) {
                row.actual += r.lease;
                row.lease_hours += r.node_hours;
            }
        }
        let order = |id: &str| catalog.resources.iter().position(|r| r.id == id);
        crate::model::sort::sort_by(&mut rows, |a, b| {
            order(&a.resource).cmp(&order(&b.resource))
        });
        let at = |split: SuSplit, hours: fn(&(Su, Su)) -> Su| {
            let weekly = |pick: fn(&Su) -> f64| {
                let mut weeks = by_week(scenario, estimate, &|line| {
                    pick(&hours(&charged_su(scenario, testbeds, line)))
                });
                let held = pick(&Su {
                    jetstream: storage.0 + storage.1,
                    ..Su::default()
                });
                place_held(&mut weeks, scenario, pool.as_ref(), pick, held);
                weeks
            };
            let allocation = scenario.planning.chameleon_allocation_su;
            let months = testbeds.chameleon.allocation_months;
            TwinAt {
                split,
                chameleon: chameleon_fit(&weekly(|su| su.chameleon), allocation, months),
                chameleon_before: chameleon_fit(&weekly(|su| su.before_high), allocation, months),
                access: access_fit(&weekly(|su| su.jetstream), &testbeds.access),
            }
        };
        TestbedTwin {
            students: estimate.students,
            rows,
            planned: at(planned, |(plan, _)| *plan),
            actual: at(actual, |(_, actual)| *actual),
            chameleon_incomplete,
            cap: student_cap(
                estimate,
                &scenario.planning,
                &|line| charged_su(scenario, testbeds, line).1.chameleon,
                pool.as_ref().map_or(0.0, |p| p.lease.chameleon),
            ),
            idle: idle_saving(scenario, estimate, catalog, testbeds),
            reserved: pool,
            storage_credits: storage,
        }
    }
}
