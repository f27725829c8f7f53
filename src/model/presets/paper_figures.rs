//! The figures a course's paper reported, which a preset built from that course is checked against.

use serde::Serialize;

use crate::model::engine::calibrate::ReportedHours;

/// Published figures a preset is checked against, shown beside the calculator's own.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PaperFigures {
    /// Reported actual hours (the calibration targets).
    pub hours: ReportedHours,
    /// Reported commercial cost per student (US dollars per student).
    pub cost_per_student_usd: f64,
    /// Reported commercial cost of the whole course (US dollars), as the paper rounds it.
    pub course_cost_usd: f64,
    /// Reported lab cost per student, low end (US dollars per student).
    pub labs_per_student_low_usd: f64,
    /// Reported lab cost per student, high end (US dollars per student).
    pub labs_per_student_high_usd: f64,
    /// Reported cost of the most expensive student's labs, a lower bound (US dollars).
    pub max_student_labs_usd: f64,
    /// Reported project block storage (GB).
    pub project_block_storage_gb: f64,
    /// Reported project object storage (GB).
    pub project_object_storage_gb: f64,
    /// Where these figures come from.
    pub source: &'static str,
}
