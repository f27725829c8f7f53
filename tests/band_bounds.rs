//! The uncertainty band is drawn for every scenario validation accepts: settings at or near
//! their bounds (a VM lease cap, the most planned hours, the largest overrun, one student and
//! the most) each give a finite band with p10 <= median <= p90 and a tornado, never an error. A draw whose
//! scaled value would leave its allowed range is held at the bound, so it still prices.
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::{catalog, paper};
use course_cost::model::planners::interval::sample;
use course_cost::model::planners::tornado::tornado;
use course_cost::model::scenario::levers::AutoStop;
use course_cost::model::scenario::limits;
use course_cost::model::scenario::setting::Setting;
use course_cost::model::scenario::valid::ValidScenario;
use course_cost::model::scenario::Scenario;

/// Draws per band: enough that every input reaches near both ends of its range.
const DRAWS: usize = 200;

/// The paper's course with `edit` made to it, named.
fn edited(name: &str, edit: impl Fn(&mut Scenario)) -> (String, Scenario) {
    let mut s = paper().start.clone();
    edit(&mut s);
    (name.to_string(), s)
}

/// The scenarios at or near a bound: each one validation accepts (checked below).
fn near_bounds() -> Vec<(String, Scenario)> {
    let most_students = Setting::Students.bound().max;
    let mut cases = vec![
        edited("the paper's course", |_| {}),
        edited("a 6-hour VM lease cap", |s| {
            s.levers.vm_lease_cap_hours = Some(6.0)
        }),
        edited("the shortest VM lease cap (1 hour)", |s| {
            s.levers.vm_lease_cap_hours = Some(1.0)
        }),
        edited("the longest VM lease cap", |s| {
            s.levers.vm_lease_cap_hours = Some(limits::HOURS)
        }),
        edited("one student", |s| s.course.students = 1.0),
        edited("the most students", |s| s.course.students = most_students),
        edited("every project use the whole week", |s| {
            for item in &mut s.course.project.uses {
                item.hours_per_week = limits::HOURS_PER_WEEK;
            }
        }),
        edited("every project use the whole week, 6-hour lease cap", |s| {
            for item in &mut s.course.project.uses {
                item.hours_per_week = limits::HOURS_PER_WEEK;
            }
            s.levers.vm_lease_cap_hours = Some(6.0);
        }),
        edited("the first lab's hours near the most", |s| {
            s.course.labs[0].options[0].uses[0].hours = limits::HOURS * 0.99;
        }),
    ];
    // Each usage overrun at its most and near its least.
    for setting in [
        Setting::LabsVm,
        Setting::LabsBareMetal,
        Setting::ProjectVm,
        Setting::ProjectBareMetal,
        Setting::ProjectStorage,
    ] {
        let bound = setting.bound();
        cases.push(edited(&format!("{setting:?} at its most"), |s| {
            *setting.slot(s) = bound.max
        }));
        cases.push(edited(
            &format!("{setting:?} at its most, 6-hour cap"),
            |s| {
                *setting.slot(s) = bound.max;
                s.levers.vm_lease_cap_hours = Some(6.0);
            },
        ));
        let least = bound.lowest(limits::SMALLEST_POSITIVE);
        cases.push(edited(&format!("{setting:?} near its least"), |s| {
            *setting.slot(s) = least
        }));
    }
    cases
}

#[test]
fn every_valid_scenario_near_a_bound_gets_a_finite_ordered_band() {
    let mut failures = Vec::new();
    for (name, scenario) in near_bounds() {
        // Only scenarios the page accepts: one validation refuses is not this test's case.
        let Ok(valid) = ValidScenario::new(scenario.clone(), catalog()) else {
            failures.push(format!("{name}: not valid, so not a case of this test"));
            continue;
        };
        match sample(&valid, catalog(), paper(), DRAWS, scenario.planning.seed) {
            Ok(band) => {
                let figures = [band.p10_usd, band.p50_usd, band.p90_usd, band.typical_usd];
                if !figures.iter().all(|f| f.is_finite()) {
                    failures.push(format!("{name}: a non-finite figure {figures:?}"));
                }
                if !(band.p10_usd <= band.p50_usd && band.p50_usd <= band.p90_usd) {
                    failures.push(format!("{name}: not ordered {figures:?}"));
                }
                if band.draws == 0 {
                    failures.push(format!("{name}: no draw kept ({} dropped)", band.dropped));
                }
            }
            Err(errors) => failures.push(format!("{name}: {}", errors[0])),
        }
        // The tornado beside the band varies the same inputs one at a time: it prices too.
        match tornado(&valid, catalog(), paper()) {
            Ok(rows) => {
                let ends = rows
                    .iter()
                    .flat_map(|r| [r.low_total_usd, r.high_total_usd]);
                if !ends.into_iter().all(f64::is_finite) {
                    failures.push(format!("{name}: a tornado row is not finite"));
                }
            }
            Err(errors) => failures.push(format!("{name}: tornado: {}", errors[0])),
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The cause of the band's error with a lease cap: the lever lowered each VM use's hours by
/// dividing what it kept by the overrun, and for a use at the whole week (168 hours) that
/// division can land a rounding step above 168, which the levered copy's validation refuses.
/// A lever only lowers hours: with any overrun below 1 (nothing to cap) the scenario prices.
#[test]
fn a_lease_cap_or_auto_stop_never_lifts_a_whole_week_use_above_the_week() {
    let mut s = paper().start.clone();
    for item in &mut s.course.project.uses {
        item.hours_per_week = limits::HOURS_PER_WEEK;
    }
    let mut failures = Vec::new();
    // Project VM overruns from 0.01 to 2 in steps of 0.01, each with both levers that map VM
    // hours (the cap at the shortest, a typical and the longest setting).
    for step in 1..=200 {
        let overrun = f64::from(step) / 100.0;
        for cap in [1.0, 6.0, 24.0, limits::HOURS] {
            let mut capped = s.clone();
            capped.realism.project.vm = overrun;
            capped.levers.vm_lease_cap_hours = Some(cap);
            if let Err(e) = course_cost::model::evaluate(&capped, catalog()) {
                failures.push(format!("overrun {overrun}, cap {cap}: {}", e[0]));
            }
        }
        // Auto-stop on the project's VMs with no idle share: it keeps every hour (stops none).
        let mut stopped = s.clone();
        stopped.realism.project.vm = overrun;
        stopped.levers.auto_stop = Some(AutoStop {
            idle_share_pct: 0.0,
            include_project: true,
            ..AutoStop::default()
        });
        if let Err(e) = course_cost::model::evaluate(&stopped, catalog()) {
            failures.push(format!("overrun {overrun}, auto-stop: {}", e[0]));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failed: {failures:#?}",
        failures.len()
    );
}
