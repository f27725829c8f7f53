//! Does the course fit a Chameleon allocation? A project gets a fixed number of SU for six months
//! and is recharged on request; the course's SUs, week by week, say how many recharges it needs
//! and in which weeks of the term each one runs out.

use serde::Serialize;

/// Recharge weeks listed at most (a tiny allocation would need thousands).
pub const MAX_LISTED: usize = 24;

/// Weeks in a month, on average (365.25 days / 12 / 7).
const WEEKS_PER_MONTH: f64 = 365.25 / 12.0 / 7.0;

/// The answer for one figure of SUs.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ChameleonFit {
    /// SUs the course needs (SU).
    pub su: f64,
    /// SUs of one allocation and of each recharge (SU).
    pub allocation_su: f64,
    /// Allocations' worth the course needs, the first one included (count, at least 1).
    pub allocations: f64,
    /// Recharges needed beyond the first allocation (count).
    pub recharges: f64,
    /// The term week in which each allocation runs out and the next recharge is needed, first
    /// first (at most [`MAX_LISTED`]).
    pub recharge_weeks: Vec<u32>,
    /// Project periods the term's weeks span (count): more than one needs extensions.
    pub periods: f64,
}

/// How `weekly_su` (SU per term week, week 1 first) fits allocations of `allocation_su` lasting
/// `months` each.
pub fn chameleon_fit(weekly_su: &[f64], allocation_su: f64, months: f64) -> ChameleonFit {
    let su: f64 = weekly_su.iter().sum();
    let allocation_su = allocation_su.max(f64::MIN_POSITIVE);
    // A hair of tolerance, so a total of exactly two allocations (summed week by week) needs two.
    let allocations = ((su / allocation_su) * (1.0 - 1e-12)).ceil().max(1.0);
    let recharges = allocations - 1.0;
    let mut recharge_weeks = Vec::new();
    let mut spent = 0.0;
    let mut next = allocation_su;
    for (index, week) in weekly_su.iter().enumerate() {
        spent += week;
        while spent > next * (1.0 + 1e-12) && recharge_weeks.len() < MAX_LISTED {
            recharge_weeks.push(index as u32 + 1);
            next += allocation_su;
        }
    }
    let period_weeks = (months * WEEKS_PER_MONTH).max(1.0);
    ChameleonFit {
        su,
        allocation_su,
        allocations,
        recharges,
        recharge_weeks,
        periods: (weekly_su.len() as f64 / period_weeks).ceil().max(1.0),
    }
}
