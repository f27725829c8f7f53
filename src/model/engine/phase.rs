//! The sums of one phase of a course (a lab, or the project), as the engine adds its lines.

use serde::Serialize;

use crate::model::engine::line::CostLine;

/// Sums for one lab or for the project.
#[derive(Clone, Debug, PartialEq, Default, Serialize)]
pub struct PhaseSummary {
    /// Lab name or "Group project".
    pub name: String,
    /// List cost per category, in [`Category::ALL`](crate::model::catalog::resource::Category::ALL) order (US dollars).
    pub cost_by_category: [f64; 4],
    /// List cost (US dollars).
    pub cost_usd: f64,
    /// Planned instance-hours (hours).
    pub planned_instance_hours: f64,
    /// Actual instance-hours (hours).
    pub actual_instance_hours: f64,
    /// Actual GPU node-hours (hours).
    pub gpu_hours: f64,
    /// Actual GPU-device-hours (hours).
    pub gpu_device_hours: f64,
}

impl PhaseSummary {
    /// Adds one priced line to the sums.
    pub(crate) fn add(&mut self, line: &CostLine) {
        self.cost_by_category[line.category.index()] += line.cost_usd;
        self.cost_usd += line.cost_usd;
        if line.kind.is_instance() {
            self.planned_instance_hours += line.planned_total_hours;
            self.actual_instance_hours += line.actual_hours;
        }
        self.gpu_hours += line.gpu_hours;
        self.gpu_device_hours += line.gpu_device_hours;
    }
}
