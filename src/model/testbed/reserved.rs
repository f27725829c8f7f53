//! How the twin charges what a testbed reserves or allocates rather than meters by the hour.
//!
//! - The project's reserved nodes on Chameleon: a reservation is a lease, and a lease is charged
//!   for its whole length, used or not (Chameleon's lease rule, `testbeds.toml`). So the reserved
//!   pool costs its nodes x its window x each node's rate, whatever the groups used of it; the
//!   hours the groups used are the other reading, kept beside it and named. Jetstream2 reserves
//!   no nodes: its SUs stay by the hours used.
//! - Jetstream2 storage: allocated as an amount, exchanged for ACCESS credits per GB allocated
//!   (the ACCESS exchange calculator), once; the allocation holds the project's volumes and the
//!   largest lab's at once.

use serde::Serialize;

use crate::model::catalog::resource::{Category, ResourceKind};
use crate::model::engine::estimate::{Estimate, Phase};
use crate::model::engine::line::CostLine;
use crate::model::scenario::Scenario;
use crate::model::testbed::data::Testbeds;
use crate::model::testbed::su::{line_su, rates_of, Su};

/// One reserved node type, charged for its window.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Reservation {
    /// Chameleon resource id.
    pub resource: String,
    /// Whether its nodes have GPUs (they count in the GPU share).
    pub gpu: bool,
    /// Node-hours reserved: nodes x window (hours).
    pub node_hours: f64,
    /// First and last term week of the window (week numbers, fractions are days).
    pub weeks: (f64, f64),
    /// SUs of the whole reservation, Chameleon's figures only (SU).
    pub lease: Su,
}

/// The project's reserved pool on Chameleon, in both readings.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ReservedPool {
    /// Each reserved node type.
    pub reservations: Vec<Reservation>,
    /// Node-hours reserved, every type (hours).
    pub node_hours: f64,
    /// Charged for the reservations' whole length (SU): the figure the twin uses.
    pub lease: Su,
    /// Charged by the project's hours used on those nodes instead (SU): the other reading.
    pub used: Su,
}

/// Whether `line` runs on a node the project reserves: a project line of a reserved resource.
pub fn is_reserved(scenario: &Scenario, line: &CostLine) -> bool {
    line.phase == Phase::Project
        && scenario
            .capacity
            .iter()
            .any(|c| c.resource == line.resource)
}

/// Chameleon's figures of `su` only (Jetstream2's set to 0).
pub fn chameleon_only(su: Su) -> Su {
    Su {
        jetstream: 0.0,
        ..su
    }
}

/// `su` without Chameleon's figures (a reserved node's hours, which its lease already charges).
pub fn without_chameleon(su: Su) -> Su {
    Su {
        jetstream: su.jetstream,
        ..Su::default()
    }
}

/// The reserved pool of `scenario` priced as `estimate`, `None` when it reserves nothing.
pub fn reserved_pool(
    scenario: &Scenario,
    estimate: &Estimate,
    testbeds: &Testbeds,
) -> Option<ReservedPool> {
    if scenario.capacity.is_empty() {
        return None;
    }
    let mut pool = ReservedPool::default();
    for capacity in &scenario.capacity {
        let node_hours = capacity.available_hours();
        let lease = chameleon_only(Su::of(&rates_of(testbeds, &capacity.resource), node_hours));
        let gpu = estimate
            .lines
            .iter()
            .find(|l| l.resource == capacity.resource)
            .is_some_and(|l| l.category == Category::Gpu);
        pool.node_hours += node_hours;
        pool.lease += lease;
        pool.reservations.push(Reservation {
            resource: capacity.resource.clone(),
            gpu,
            node_hours,
            weeks: (capacity.start_week, capacity.start_week + capacity.weeks),
            lease,
        });
    }
    for line in estimate.lines.iter().filter(|l| is_reserved(scenario, l)) {
        pool.used += chameleon_only(line_su(testbeds, line).1);
    }
    Some(pool)
}

/// Jetstream2 storage in ACCESS credits, (labs, project): the largest lab's volumes and the
/// project's, each GB allocated once at the credits per GB of `testbeds` (credits).
pub fn storage_credits(estimate: &Estimate, testbeds: &Testbeds) -> (f64, f64) {
    let per_gb = testbeds.jetstream.storage_credits_per_gb;
    let mut labs: Vec<(usize, f64)> = Vec::new();
    let mut project = 0.0;
    for line in estimate
        .lines
        .iter()
        .filter(|l| l.kind == ResourceKind::Storage)
    {
        let gb = line.count * line.takers;
        match line.phase {
            Phase::Lab(i) => match labs.iter_mut().find(|(lab, _)| *lab == i) {
                Some((_, sum)) => *sum += gb,
                None => labs.push((i, gb)),
            },
            Phase::Project => project += gb,
        }
    }
    let largest_lab = labs.iter().map(|(_, gb)| *gb).fold(0.0, f64::max);
    (largest_lab * per_gb, project * per_gb)
}
