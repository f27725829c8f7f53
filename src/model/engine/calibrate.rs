//! Derives overrun factors from reported actual hours, so a preset reproduces a real course.

use serde::{Deserialize, Serialize};

use crate::model::catalog::resource::ResourceKind;
use crate::model::catalog::Catalog;
use crate::model::engine::estimate::{evaluate, Phase};
use crate::model::scenario::realism::Realism;
use crate::model::scenario::validate::FieldError;
use crate::model::scenario::Scenario;

/// Reported actual usage of a course (hours).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReportedHours {
    /// Instance-hours of all lab assignments (hours).
    pub lab_instance_hours: f64,
    /// Instance-hours of the group project, GPU nodes included (hours).
    pub project_instance_hours: f64,
    /// Of the project's instance-hours, those on GPU nodes (hours).
    pub project_gpu_hours: f64,
}

/// Planned instance-hours of one phase by kind, and the GPU part of the bare-metal hours.
#[derive(Default)]
struct Planned {
    vm: f64,
    bare_metal: f64,
    bare_metal_gpu: f64,
    edge: f64,
}

/// Why calibration cannot be done.
#[derive(Clone, Debug, PartialEq)]
pub enum CalibrationError {
    /// The scenario itself is invalid.
    Invalid(Vec<FieldError>),
    /// The plan has no hours of a kind the reported figure needs (e.g. no VMs in the labs).
    NothingToScale(&'static str),
    /// The reported figure is smaller than what the fixed kinds already use.
    BelowFixedUse(&'static str),
}

/// Overrun factors that make `scenario` use exactly the reported hours.
///
/// Leases on bare metal and edge devices end by themselves, so in the labs those kinds keep the
/// factors `scenario` already has and the VMs absorb the rest. In the project, GPU nodes are scaled
/// to the reported GPU hours (bare metal without a GPU follows the same factor) and VMs take the
/// remainder. Storage factors are left as they are.
pub fn calibrate(
    scenario: &Scenario,
    catalog: &Catalog,
    reported: ReportedHours,
) -> Result<Realism, CalibrationError> {
    let mut planned_scenario = scenario.clone();
    planned_scenario.realism = Realism::default();
    let estimate = evaluate(&planned_scenario, catalog).map_err(CalibrationError::Invalid)?;
    let mut labs = Planned::default();
    let mut project = Planned::default();
    for line in &estimate.lines {
        let planned = match line.phase {
            Phase::Lab(_) => &mut labs,
            Phase::Project => &mut project,
        };
        match line.kind {
            ResourceKind::Vm => planned.vm += line.planned_total_hours,
            ResourceKind::BareMetal => {
                planned.bare_metal += line.planned_total_hours;
                if line.gpu_hours > 0.0 {
                    planned.bare_metal_gpu += line.planned_total_hours;
                }
            }
            ResourceKind::Edge => planned.edge += line.planned_total_hours,
            ResourceKind::Storage | ResourceKind::Network => {}
        }
    }

    let mut realism = scenario.realism;
    let fixed_labs = labs.bare_metal * realism.labs.bare_metal + labs.edge * realism.labs.edge;
    realism.labs.vm = share(reported.lab_instance_hours - fixed_labs, labs.vm, "lab VMs")?;

    realism.project.bare_metal = share(
        reported.project_gpu_hours,
        project.bare_metal_gpu,
        "project GPU nodes",
    )?;
    let fixed_project =
        project.bare_metal * realism.project.bare_metal + project.edge * realism.project.edge;
    realism.project.vm = share(
        reported.project_instance_hours - fixed_project,
        project.vm,
        "project VMs",
    )?;
    Ok(realism)
}

fn share(actual: f64, planned: f64, what: &'static str) -> Result<f64, CalibrationError> {
    if planned <= 0.0 {
        Err(CalibrationError::NothingToScale(what))
    } else if actual < 0.0 {
        Err(CalibrationError::BelowFixedUse(what))
    } else {
        Ok(actual / planned)
    }
}
