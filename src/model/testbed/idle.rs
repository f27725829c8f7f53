//! Idle time, testbed style. Jetstream2 charges an instance by its state: shelved nothing,
//! stopped half, suspended three quarters of its running charge; Chameleon charges a lease for its
//! whole length, used or not. So the auto-stop lever's hours (idle VM time it removes, with its
//! own model and settings: `scenario::levers::AutoStop`) save Jetstream2 SUs only as far as the
//! stopped VMs are shelved, and save Chameleon SUs only when the lease is ended, not by stopping.

use serde::Serialize;

use crate::model::catalog::resource::ResourceKind;
use crate::model::catalog::Catalog;
use crate::model::engine::estimate::{evaluate, Estimate, Phase};
use crate::model::engine::levers::stopped_hours;
use crate::model::scenario::levers::AutoStop;
use crate::model::scenario::Scenario;
use crate::model::testbed::data::Testbeds;
use crate::model::testbed::su::rates_of;

/// What auto-stop's idle hours are worth on the testbeds.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct IdleSaving {
    /// True when the scenario has auto-stop on (its settings are used); else the lever's
    /// suggested settings are.
    pub lever_on: bool,
    /// VM instance-hours auto-stop removes (hours).
    pub hours: f64,
    /// Jetstream2 SUs saved when the stopped VMs are shelved (SU).
    pub shelved_su: f64,
    /// Jetstream2 SUs saved when they are only stopped (SU).
    pub stopped_su: f64,
    /// Jetstream2 SUs saved when they are suspended (SU).
    pub suspended_su: f64,
    /// Chameleon SUs those hours cost at the current rates (SU): charged all the same while the
    /// VMs' leases run.
    pub chameleon_su: f64,
}

/// The saving of auto-stop on `scenario` (its `estimate`, priced as it is).
pub fn idle_saving(
    scenario: &Scenario,
    estimate: &Estimate,
    catalog: &Catalog,
    testbeds: &Testbeds,
) -> IdleSaving {
    let lever = scenario.levers.auto_stop.clone();
    let lever_on = lever.is_some();
    let stop = lever.unwrap_or_default();
    // With the lever on, the estimate already lacks the stopped hours: price the course without
    // it to find them (the same scenario, so it validates; if not, nothing is claimed).
    let unstopped;
    let lines = if lever_on {
        let mut without = scenario.clone();
        without.levers.auto_stop = None;
        match evaluate(&without, catalog) {
            Ok(priced) => {
                unstopped = priced;
                &unstopped.lines
            }
            Err(_) => return IdleSaving::default(),
        }
    } else {
        &estimate.lines
    };
    let mut saving = IdleSaving {
        lever_on,
        ..IdleSaving::default()
    };
    let js2 = &testbeds.jetstream;
    for line in lines {
        let stopped = line.kind == ResourceKind::Vm
            && (matches!(line.phase, Phase::Lab(_)) || stop.include_project);
        if !stopped {
            continue;
        }
        let removed =
            removed_hours(&stop, line.planned_hours * line.overrun) * line.takers * line.count;
        let rates = rates_of(testbeds, &line.resource);
        let running = removed * rates.jetstream.unwrap_or(0.0);
        saving.hours += removed;
        saving.shelved_su += running * (1.0 - js2.shelved_pct / 100.0);
        saving.stopped_su += running * (1.0 - js2.stopped_pct / 100.0);
        saving.suspended_su += running * (1.0 - js2.suspended_pct / 100.0);
        saving.chameleon_su += removed * rates.chameleon.unwrap_or(0.0);
    }
    saving
}

/// Hours auto-stop removes from one instance's `actual` hours.
fn removed_hours(stop: &AutoStop, actual: f64) -> f64 {
    (actual - stopped_hours(stop, actual)).max(0.0)
}
