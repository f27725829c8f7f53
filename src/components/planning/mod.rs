//! Beyond the paper: per-student spread and the A/B comparison.

mod budget_planner;
pub mod compare_panel;
pub mod spread_panel;
mod spread_simulation;
