//! Per-student SU budgets: Chameleon lets a PI cap each user's SUs, and the spread of use between
//! students (the spread planner's model, `planners::spread`) gives the cap that keeps a chosen
//! share of them within it.
//!
//! A student's SUs follow the spread's model of a student's dollars: the lab use without a lease
//! end (VMs) times a log-normal multiplier with mean 1, plus what every student uses alike (leased
//! bare-metal blocks and an equal share of the project). The p-th percentile is therefore
//!
//!   cap = VM part x exp(-sigma^2/2 + sigma z_p) + fixed part,   z_p = the normal's p-quantile,
//!
//! exactly, and the same formula on dollars gives the credit it stands beside.

use serde::Serialize;

use crate::model::engine::estimate::{Estimate, Phase};
use crate::model::engine::line::CostLine;
use crate::model::planners::spread::{normal_quantile, SpreadInputs};
use crate::model::scenario::planning::Planning;

/// The cap that keeps `percentile` of students within it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct StudentCap {
    /// Share of students kept within the cap (percent).
    pub percentile: f64,
    /// Spread of use between students (log-standard deviation).
    pub sigma: f64,
    /// Mean Chameleon SUs per student of lab use that can overrun (SU, current rates).
    pub overrun_su: f64,
    /// Chameleon SUs every student uses alike: leased lab blocks and the project share (SU).
    pub fixed_su: f64,
    /// The cap (SU per student, current rates).
    pub su: f64,
    /// The same percentile in dollars: the credit per student (US dollars).
    pub usd: f64,
}

/// `fixed + overrun x` the multiplier at `z` for spread `sigma`.
fn at(overrun: f64, fixed: f64, sigma: f64, z: f64) -> f64 {
    overrun * (-sigma * sigma / 2.0 + sigma * z).exp() + fixed
}

/// The per-student cap of `estimate` at the spread and percentile of `planning`.
/// `charged` gives a line's Chameleon SUs at actual hours (a reserved node's project hours at 0:
/// `leased`, the reservations' SUs, is every student's share alike).
pub fn student_cap(
    estimate: &Estimate,
    planning: &Planning,
    charged: &dyn Fn(&CostLine) -> f64,
    leased: f64,
) -> StudentCap {
    let students = estimate.students;
    let (mut overrun, mut fixed) = (0.0, leased);
    for line in &estimate.lines {
        let su = charged(line);
        match line.phase {
            Phase::Lab(_) if !line.lease_bounded => overrun += su,
            _ => fixed += su,
        }
    }
    let per = |x: f64| if students > 0.0 { x / students } else { 0.0 };
    let (overrun_su, fixed_su) = (per(overrun), per(fixed));
    let sigma = planning.spread_sigma.clamp(0.0, 5.0);
    let percentile = planning.percentile;
    let z = normal_quantile(percentile / 100.0);
    StudentCap {
        percentile,
        sigma,
        overrun_su,
        fixed_su,
        su: at(overrun_su, fixed_su, sigma, z),
        usd: SpreadInputs::of(estimate, planning).percentile_usd(percentile),
    }
}
