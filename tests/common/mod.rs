//! Shared fixtures for the native tests.
#![allow(dead_code)]

use course_cost::model::presets::{paper_course, Preset};
use course_cost::model::{evaluate, Catalog, Estimate, Scenario};

pub fn catalog() -> &'static Catalog {
    Catalog::builtin().expect("the shipped catalog parses")
}

pub fn paper() -> &'static Preset {
    paper_course().expect("the shipped presets parse")
}

pub fn estimate(scenario: &Scenario) -> Estimate {
    evaluate(scenario, catalog()).expect("scenario is valid")
}

/// Relative difference of `value` from `target`.
pub fn off_by(value: f64, target: f64) -> f64 {
    (value - target).abs() / target
}
