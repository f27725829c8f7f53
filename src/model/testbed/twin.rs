//! The free-testbed twin of a priced scenario: the same course in Chameleon SUs (at today's rates
//! and at the rules in force before July 2025) and in Jetstream2 SUs (ACCESS credits), at planned
//! and at actual hours, with the allocation each needs, the per-student cap and idle time.

use serde::Serialize;

use crate::model::catalog::resource::Category;
use crate::model::catalog::Catalog;
use crate::model::engine::estimate::{Estimate, Phase};
use crate::model::planners::timeline::by_week;
use crate::model::scenario::Scenario;
use crate::model::testbed::access_fit::{access_fit, AccessFit};
use crate::model::testbed::chameleon_fit::{chameleon_fit, ChameleonFit};
use crate::model::testbed::data::Testbeds;
use crate::model::testbed::idle::{idle_saving, IdleSaving};
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
    /// SUs at actual hours.
    pub actual: Su,
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
}

impl TestbedTwin {
    /// The twin of `scenario`, priced as `estimate`.
    pub fn of(scenario: &Scenario, estimate: &Estimate, catalog: &Catalog) -> TestbedTwin {
        let testbeds = Testbeds::builtin();
        let mut rows: Vec<ResourceRow> = Vec::new();
        let (mut planned, mut actual) = (SuSplit::default(), SuSplit::default());
        let mut chameleon_incomplete = false;
        for line in &estimate.lines {
            let (at_plan, at_actual) = line_su(testbeds, line);
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
            match rows.iter_mut().find(|r| r.resource == line.resource) {
                Some(row) => {
                    row.planned_hours += line.planned_total_hours;
                    row.actual_hours += line.actual_hours;
                    row.actual += at_actual;
                }
                None => rows.push(ResourceRow {
                    resource: line.resource.clone(),
                    rates,
                    planned_hours: line.planned_total_hours,
                    actual_hours: line.actual_hours,
                    actual: at_actual,
                }),
            }
        }
        let order = |id: &str| catalog.resources.iter().position(|r| r.id == id);
        crate::model::sort::sort_by(&mut rows, |a, b| {
            order(&a.resource).cmp(&order(&b.resource))
        });
        let at = |split: SuSplit, hours: fn(&(Su, Su)) -> Su| {
            let weekly = |pick: fn(&Su) -> f64| {
                by_week(scenario, estimate, &|line| {
                    pick(&hours(&line_su(testbeds, line)))
                })
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
            cap: student_cap(estimate, testbeds, &scenario.planning),
            idle: idle_saving(scenario, estimate, catalog, testbeds),
        }
    }
}
