//! Beyond the paper: per-student spread and the A/B comparison.

pub mod compare_panel;
pub mod spread_panel;
