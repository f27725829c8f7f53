//! Planning settings the user sets beyond pricing: how student usage spreads, the budget to plan
//! against, and how concentrated work is around deadlines.

use serde::{Deserialize, Serialize};

/// Settings of the spread, budget and quota planners.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Planning {
    /// Spread of each student's use of what can overrun (lab VMs, their addresses and volumes):
    /// the standard deviation of the log of a per-student multiplier with mean 1
    /// (dimensionless). An assumption, 0.75 in a plausible 0.5-1.0; why, in `spread.rs`.
    pub spread_sigma: f64,
    /// Seed of the simulation, so results are reproducible (a number).
    pub seed: u64,
    /// Simulated course runs (count).
    pub runs: u32,
    /// A per-student credit to compare costs with (US dollars per student).
    pub credit_threshold_usd: f64,
    /// Budget to plan against (US dollars).
    pub budget_usd: f64,
    /// Percentile of the per-student cost the budget planner plans for (percent).
    pub percentile: f64,
    /// Share of the budget held back as a reserve, which the budget planner does not spend on
    /// students (percent); none by default.
    #[serde(default)]
    pub budget_reserve_pct: f64,
    /// Share of students working at the same time at the busiest moment (percent).
    pub concurrency_pct: f64,
    /// Share of a lab's GPU hours spent in the last 48 hours before its deadline (percent).
    pub deadline_crunch_pct: f64,
    /// Service units of one Chameleon project allocation, and of each recharge (SU): a new
    /// project's 20,000 by default ([`DEFAULT_CHAMELEON_ALLOCATION_SU`]).
    #[serde(default = "default_chameleon_allocation")]
    pub chameleon_allocation_su: f64,
    /// The first day of the term's week 1 (day number: days from 1970-01-01), where a bill's
    /// charges are placed on the course's weeks: the paper's course's 2025-01-21 by default
    /// ([`DEFAULT_TERM_START_DAY`]).
    #[serde(default = "default_term_start")]
    pub term_start_day: f64,
}

/// The SU of a new Chameleon project (Chameleon's project documentation; the same figure is in
/// `src/data/testbeds.toml` with its source, and `tests/testbeds.rs` checks they agree).
pub const DEFAULT_CHAMELEON_ALLOCATION_SU: f64 = 20_000.0;

/// 2025-01-21, the day the paper's course released its first lab, from which the presets count
/// their term weeks (day number; `calendar::day_of(2025, 1, 21)`).
pub const DEFAULT_TERM_START_DAY: f64 = 20_109.0;

fn default_term_start() -> f64 {
    DEFAULT_TERM_START_DAY
}

fn default_chameleon_allocation() -> f64 {
    DEFAULT_CHAMELEON_ALLOCATION_SU
}

impl Default for Planning {
    fn default() -> Self {
        Planning {
            spread_sigma: DEFAULT_SIGMA,
            seed: 20_250_121,
            runs: 10_000,
            credit_threshold_usd: 100.0,
            budget_usd: 50_000.0,
            percentile: 90.0,
            budget_reserve_pct: 0.0,
            concurrency_pct: 100.0,
            deadline_crunch_pct: 50.0,
            chameleon_allocation_su: DEFAULT_CHAMELEON_ALLOCATION_SU,
            term_start_day: DEFAULT_TERM_START_DAY,
        }
    }
}

impl Planning {
    /// What the budget planner spends on students: the budget less its reserve (US dollars).
    pub fn spendable_budget_usd(&self) -> f64 {
        self.budget_usd * (1.0 - self.budget_reserve_pct / 100.0)
    }
}

/// Default spread (see [`Planning::spread_sigma`]).
pub const DEFAULT_SIGMA: f64 = 0.75;
