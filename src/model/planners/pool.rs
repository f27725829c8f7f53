//! The reserved pool's assumptions in view: which node counts are assumed, how the total moves
//! over their plausible range when the pool is weighted by node count, and the fewest nodes that
//! can supply the hours in the window.
//!
//! The course's project page gives some node counts of its reserved pool and calls others "a
//! variable number" (the RTX 6000 and gigaio A100 80GB types in the paper's course); the preset
//! assumes those and says so in their provenance (`assumed`). The project's GPU hours are spread
//! over the pool by node count, so a count moves the weights, and with them the total.

use serde::Serialize;

use crate::model::catalog::Catalog;
use crate::model::engine::capacity::CapacityCheck;
use crate::model::engine::estimate::evaluate;
use crate::model::presets::Preset;
use crate::model::scenario::field::{CapacityField, FieldPath};
use crate::model::scenario::provenance::{provenance_of, ProvenanceKind};
use crate::model::scenario::Scenario;

/// Plausible node counts of an assumed pool type, lowest to highest (count): half to twice the
/// four assumed, where the low end gives way to the fewest with which the pool supplies its
/// hours in its windows when that is more ([`pool_range`] finds it); eight is the size of the
/// gigaio composable pool (8 nodes sharing 8 A100s, Chameleon's composable hardware page).
pub const PLAUSIBLE_COUNTS: [f64; 4] = [2.0, 3.0, 4.0, 8.0];

/// The most nodes of an assumed type the fewest that fit is looked for among (count).
const MOST_COUNT: f64 = 8.0;

/// Shares (percent) that match node counts to this tolerance count as "weighted by node count".
const SAME_SHARE_PCT: f64 = 1e-6;

/// The capacities whose node count is assumed (not sourced, not the user's) in `scenario`,
/// started from `origin`: their indices.
pub fn assumed_counts(scenario: &Scenario, origin: &Preset) -> Vec<usize> {
    (0..scenario.capacity.len())
        .filter(|&index| {
            let field = FieldPath::Capacity {
                index,
                field: CapacityField::Units,
            };
            provenance_of(field, scenario, origin).0 == ProvenanceKind::Assumed
        })
        .collect()
}

/// The node count of each member of `scenario`'s pools, where every member has a capacity:
/// `(use index, counts in member order)`.
fn pool_counts(scenario: &Scenario) -> Vec<(usize, Vec<f64>)> {
    let units = |resource: &str| {
        scenario
            .capacity
            .iter()
            .find(|c| c.resource == resource)
            .map(|c| c.units)
    };
    scenario
        .course
        .project
        .uses
        .iter()
        .enumerate()
        .filter(|(_, u)| !u.pool.is_empty())
        .filter_map(|(item, u)| {
            let counts: Option<Vec<f64>> = u.pool.iter().map(|m| units(&m.resource)).collect();
            counts.map(|counts| (item, counts))
        })
        .collect()
}

/// Whether every pool of `scenario` whose members all have a capacity is weighted by node
/// count (each member's share = its nodes / the pool's nodes), and there is at least one.
pub fn weighted_by_count(scenario: &Scenario) -> bool {
    let pools = pool_counts(scenario);
    !pools.is_empty()
        && pools.iter().all(|(item, counts)| {
            let total: f64 = counts.iter().sum();
            let pool = &scenario.course.project.uses[*item].pool;
            total > 0.0
                && pool
                    .iter()
                    .zip(counts)
                    .all(|(m, n)| (m.share_pct - n / total * 100.0).abs() < SAME_SHARE_PCT)
        })
}

/// Reweights every pool whose members all have a capacity by node count.
pub fn weigh_by_count(scenario: &mut Scenario) {
    for (item, counts) in pool_counts(scenario) {
        let total: f64 = counts.iter().sum();
        if total <= 0.0 {
            continue;
        }
        let pool = &mut scenario.course.project.uses[item].pool;
        for (member, n) in pool.iter_mut().zip(counts) {
            member.share_pct = n / total * 100.0;
        }
    }
}

/// Weights every pool evenly by node type (each of k members 100/k percent).
pub fn weigh_evenly(scenario: &mut Scenario) {
    for project_use in &mut scenario.course.project.uses {
        let k = project_use.pool.len() as f64;
        for member in &mut project_use.pool {
            member.share_pct = 100.0 / k;
        }
    }
}

/// `scenario` with each capacity in `indices` at `units` nodes, its pools reweighted by node
/// count if they were weighted so (otherwise only the capacities change).
pub fn with_counts(scenario: &Scenario, indices: &[usize], units: f64) -> Scenario {
    let by_count = weighted_by_count(scenario);
    let mut s = scenario.clone();
    for &index in indices {
        if let Some(capacity) = s.capacity.get_mut(index) {
            capacity.units = units;
        }
    }
    if by_count {
        weigh_by_count(&mut s);
    }
    s
}

/// The total per student at one choice of the assumed counts.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CountCase {
    /// Nodes of each assumed type (count).
    pub units: f64,
    /// Net cost per student (US dollars per student).
    pub per_student_usd: f64,
    /// Whether every capacity can supply what the course needs of it.
    pub fits: bool,
}

/// How the total moves over the plausible counts of the assumed pool types.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PoolRange {
    /// Names of the capacities whose count is assumed (resource ids), in scenario order.
    pub assumed: Vec<String>,
    /// Whether the pool is weighted by node count (so the counts move the total).
    pub weighted_by_count: bool,
    /// The fewest nodes of each assumed type with which every capacity supplies what the course
    /// needs of it (count, 1 to 8); `None` when even 8 each do not.
    pub fewest_fitting: Option<f64>,
    /// One case per count: the fewest that fit, then each of [`PLAUSIBLE_COUNTS`] above it (all
    /// of them when none fits).
    pub cases: Vec<CountCase>,
}

/// The range of the total over the plausible counts of the assumed types, from the fewest that
/// fit; `None` when no count is assumed or a case does not price.
pub fn pool_range(scenario: &Scenario, catalog: &Catalog, origin: &Preset) -> Option<PoolRange> {
    let indices = assumed_counts(scenario, origin);
    if indices.is_empty() {
        return None;
    }
    let case = |units: f64| {
        let estimate = evaluate(&with_counts(scenario, &indices, units), catalog).ok()?;
        Some(CountCase {
            units,
            per_student_usd: estimate.totals.per_student_usd,
            fits: !estimate.capacity.iter().any(CapacityCheck::exceeded),
        })
    };
    // Fits only grow with the counts: the first count that fits is the fewest.
    let mut fewest = None;
    let mut units = 1.0;
    while units <= MOST_COUNT {
        let at = case(units)?;
        if at.fits {
            fewest = Some(at);
            break;
        }
        units += 1.0;
    }
    let fewest_fitting = fewest.as_ref().map(|c| c.units);
    // The low end: the plausible range's, or the fewest that fit where that is more.
    let mut cases: Vec<CountCase> = fewest
        .filter(|c| c.units > PLAUSIBLE_COUNTS[0])
        .into_iter()
        .collect();
    let low = cases.first().map_or(0.0, |c| c.units);
    for &units in PLAUSIBLE_COUNTS.iter().filter(|&&n| n > low) {
        cases.push(case(units)?);
    }
    Some(PoolRange {
        assumed: indices
            .iter()
            .filter_map(|&i| scenario.capacity.get(i).map(|c| c.resource.clone()))
            .collect(),
        weighted_by_count: weighted_by_count(scenario),
        fewest_fitting,
        cases,
    })
}

/// The fewest nodes that could supply what the course needs of the capacities in `checks`
/// together, each node in its own type's window (count): nodes are taken from the types whose
/// nodes supply the most hours in their window first, at most as many as are reserved of each,
/// and beyond those more nodes of the longest window; 0 when nothing is needed.
pub fn fewest_nodes_together(checks: &[CapacityCheck]) -> f64 {
    let needed: f64 = checks.iter().map(|c| c.needed_hours).sum();
    // (hours one node supplies in its window, nodes reserved), longest window first.
    let mut types: Vec<(f64, f64)> = checks
        .iter()
        .filter(|c| c.units > 0.0 && c.available_hours > 0.0)
        .map(|c| (c.available_hours / c.units, c.units))
        .collect();
    crate::model::sort::sort_by(&mut types, |a, b| b.0.total_cmp(&a.0));
    let Some(&(longest, _)) = types.first() else {
        return 0.0;
    };
    if needed <= 0.0 {
        return 0.0;
    }
    let (mut nodes, mut left) = (0.0, needed);
    for (per_node, units) in types {
        let take = (left / per_node - 1e-9).ceil().min(units);
        nodes += take;
        left -= take * per_node;
        if left <= 1e-9 {
            return nodes;
        }
    }
    nodes + (left / longest - 1e-9).ceil()
}
