//! Beyond the paper: per-student spread and the A/B comparison.

mod bill_calibration;
mod bill_check;
mod budget_planner;
pub mod calibrate_form;
pub mod comparables_panel;
pub mod compare_panel;
pub mod cost_range;
pub mod focus_actuals;
pub mod focus_panel;
pub mod lever_controls;
pub mod lever_list;
pub(crate) mod parts;
pub mod plan_canvas;
mod range_sampling;
pub mod savings_panel;
pub mod spread_panel;
mod spread_simulation;
pub mod term_panel;
mod term_view;
pub mod tornado_panel;
