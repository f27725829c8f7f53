//! Derives overrun factors from measured hours, so a preset reproduces a real course.
//!
//! An instructor's usage report gives VM-hours and GPU hours; the paper gives instance-hours of
//! every kind ([`ReportedHours`]), which [`calibrate`] turns into the same measured figures by
//! taking off what the plan's bare metal and edge devices use. Each factor is
//! `measured / planned` of its own kind, so a fit never subtracts one figure from another and no
//! factor comes out 0 unless 0 hours were measured. Per-resource factors (a bill's) stay as they
//! are: the planned hours a kind's factor scales are taken with them.

use serde::{Deserialize, Serialize};

use crate::model::catalog::resource::ResourceKind;
use crate::model::catalog::Catalog;
use crate::model::engine::estimate::{evaluate, Phase};
use crate::model::scenario::limits;
use crate::model::scenario::realism::Realism;
use crate::model::scenario::validate::FieldError;
use crate::model::scenario::Scenario;

/// Reported actual usage of a course as the paper gives it (hours).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReportedHours {
    /// Instance-hours of all lab assignments, every kind (hours).
    pub lab_instance_hours: f64,
    /// Instance-hours of the group project, GPU nodes included (hours).
    pub project_instance_hours: f64,
    /// Of the project's instance-hours, those on GPU nodes (node-hours).
    pub project_gpu_hours: f64,
}

/// The unit GPU hours are measured in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GpuHourUnit {
    /// Hours a GPU node was held, however many GPUs it has (the paper's "GPU hours").
    #[default]
    NodeHours,
    /// Hours of each GPU device: one hour of a 4-GPU node is 4 device-hours.
    DeviceHours,
}

/// What an instructor measured in a past run of the course.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct MeasuredHours {
    /// VM-hours of all lab assignments (hours); bare metal and edge devices are not in it.
    pub lab_vm_hours: f64,
    /// VM-hours of the group project (hours); `None` keeps today's project VM factor.
    pub project_vm_hours: Option<f64>,
    /// GPU hours of the group project, in `gpu_unit`; `None` keeps today's GPU node factor.
    pub project_gpu_hours: Option<f64>,
    /// The unit of `project_gpu_hours`.
    pub gpu_unit: GpuHourUnit,
}

/// Which factor a fit sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FitTarget {
    /// `realism.labs.vm`.
    LabVms,
    /// `realism.project.vm`.
    ProjectVms,
    /// `realism.project.bare_metal` (bare metal without a GPU follows it).
    ProjectGpuNodes,
}

impl FitTarget {
    /// The factor's name for the reader.
    pub fn label(self) -> &'static str {
        match self {
            FitTarget::LabVms => "Lab VMs",
            FitTarget::ProjectVms => "Project VMs",
            FitTarget::ProjectGpuNodes => "Project GPU nodes",
        }
    }
}

/// How one factor comes out of the measured hours.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FitOutcome {
    /// factor = measured / planned.
    Fitted(f64),
    /// Nothing was measured: today's factor is kept.
    Kept(f64),
    /// Hours were measured for a kind the plan does not have: nothing to scale.
    NothingPlanned,
    /// The factor would exceed the most the calculator accepts ([`limits::FACTOR`]).
    TooLarge(f64),
    /// The measured figure is not a number of hours (negative or not finite).
    NotHours,
}

/// One factor's fit, with the numbers of its formula.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    /// The factor.
    pub target: FitTarget,
    /// What was measured (hours, in the unit of `planned`); `None` = left blank.
    pub measured: Option<f64>,
    /// What the plan has of this kind (hours; device-hours for GPUs measured so).
    pub planned: f64,
    /// The result.
    pub outcome: FitOutcome,
}

impl Fit {
    /// Whether this fit stops the calibration (the model cannot reproduce the hours).
    pub fn is_impossible(&self) -> bool {
        !matches!(self.outcome, FitOutcome::Fitted(_) | FitOutcome::Kept(_))
    }

    /// The factor this fit sets or keeps, when it can.
    pub fn factor(&self) -> Option<f64> {
        match self.outcome {
            FitOutcome::Fitted(f) | FitOutcome::Kept(f) => Some(f),
            _ => None,
        }
    }
}

/// The planned hours of the labs' bare metal and edge devices, at their (kept) factors: what
/// lab instance-hours hold besides VM-hours.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LabFixedHours {
    /// Bare-metal node-hours (planned x the labs' bare-metal factor).
    pub bare_metal: f64,
    /// Edge device-hours (planned x the labs' edge factor).
    pub edge: f64,
}

impl LabFixedHours {
    /// Both together (hours).
    pub fn total(&self) -> f64 {
        self.bare_metal + self.edge
    }
}

/// A calibration: the factors, each fit's formula, and what lab VM-hours leave out.
#[derive(Clone, Debug, PartialEq)]
pub struct Calibration {
    /// The factors that reproduce the measured hours (only meaningful when none is impossible).
    pub realism: Realism,
    /// Lab VMs, project VMs, project GPU nodes.
    pub fits: [Fit; 3],
    /// The labs' bare-metal and edge hours, which the model takes from the plan.
    pub lab_fixed: LabFixedHours,
}

impl Calibration {
    /// The fits the model cannot reproduce.
    pub fn impossible(&self) -> Vec<Fit> {
        self.fits
            .iter()
            .copied()
            .filter(Fit::is_impossible)
            .collect()
    }
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
    /// A measured figure gives a factor above the most the calculator accepts.
    TooLarge(&'static str),
    /// A measured figure is not a number of hours.
    NotHours(&'static str),
}

impl std::fmt::Display for CalibrationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CalibrationError::Invalid(_) => write!(f, "the scenario is not valid"),
            CalibrationError::NothingToScale(what) => {
                write!(f, "the plan has no hours of {what} to scale")
            }
            CalibrationError::BelowFixedUse(what) => write!(
                f,
                "the measured hours are fewer than the fixed uses already take ({what})"
            ),
            CalibrationError::TooLarge(what) => write!(
                f,
                "the factor of {what} would be above {}x, the most the calculator accepts",
                limits::FACTOR
            ),
            CalibrationError::NotHours(what) => write!(f, "the hours of {what} are not hours"),
        }
    }
}

/// Planned hours of one phase by kind (at factor 1), and the GPU part of the bare metal.
#[derive(Default)]
struct Planned {
    vm: f64,
    bare_metal: f64,
    /// Node-hours of bare metal with GPUs.
    gpu_nodes: f64,
    /// Device-hours of bare metal with GPUs.
    gpu_devices: f64,
    edge: f64,
}

/// The plan's hours by phase (labs, project), priced with every factor 1, and the labs' bare metal
/// and edge at the scenario's factors.
fn planned(
    scenario: &Scenario,
    catalog: &Catalog,
) -> Result<(Planned, Planned, LabFixedHours), CalibrationError> {
    let mut planned_scenario = scenario.clone();
    planned_scenario.realism = Realism::default();
    let estimate = evaluate(&planned_scenario, catalog).map_err(CalibrationError::Invalid)?;
    let (mut labs, mut project) = (Planned::default(), Planned::default());
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
                    planned.gpu_nodes += line.planned_total_hours;
                    planned.gpu_devices += line.gpu_device_hours;
                }
            }
            ResourceKind::Edge => planned.edge += line.planned_total_hours,
            ResourceKind::Storage | ResourceKind::Network => {}
        }
    }
    let factors = scenario.realism.labs;
    let lab_fixed = LabFixedHours {
        bare_metal: labs.bare_metal * factors.bare_metal,
        edge: labs.edge * factors.edge,
    };
    Ok((labs, project, lab_fixed))
}

/// One factor: `measured / planned`, or today's `current` when nothing was measured.
fn fit(target: FitTarget, measured: Option<f64>, planned: f64, current: f64) -> Fit {
    let outcome = match measured {
        None => FitOutcome::Kept(current),
        Some(hours) if !(hours.is_finite() && hours >= 0.0) => FitOutcome::NotHours,
        // Nothing planned and nothing measured: the factor scales nothing, so it is kept.
        Some(hours) if planned <= 0.0 && hours == 0.0 => FitOutcome::Kept(current),
        Some(_) if planned <= 0.0 => FitOutcome::NothingPlanned,
        Some(hours) if hours / planned > limits::FACTOR => FitOutcome::TooLarge(hours / planned),
        Some(hours) => FitOutcome::Fitted(hours / planned),
    };
    Fit {
        target,
        measured,
        planned,
        outcome,
    }
}

/// The factors that make `scenario` use the measured hours, with each fit's formula.
///
/// Leases on bare metal and edge devices end by themselves, so in the labs those kinds keep
/// the factors `scenario` has; lab VMs are scaled to the lab VM-hours. In the project, GPU nodes
/// are scaled to the GPU hours (node-hours against planned node-hours, or device-hours against
/// planned device-hours; bare metal without a GPU follows the same factor) and VMs to the
/// project VM-hours. A blank figure keeps its factor; storage factors are left as they are.
pub fn calibrate_measured(
    scenario: &Scenario,
    catalog: &Catalog,
    measured: MeasuredHours,
) -> Result<Calibration, CalibrationError> {
    let (labs, project, lab_fixed) = planned(scenario, catalog)?;
    let current = scenario.realism;
    let gpu_planned = match measured.gpu_unit {
        GpuHourUnit::NodeHours => project.gpu_nodes,
        GpuHourUnit::DeviceHours => project.gpu_devices,
    };
    let fits = [
        fit(
            FitTarget::LabVms,
            Some(measured.lab_vm_hours),
            labs.vm,
            current.labs.vm,
        ),
        fit(
            FitTarget::ProjectVms,
            measured.project_vm_hours,
            project.vm,
            current.project.vm,
        ),
        fit(
            FitTarget::ProjectGpuNodes,
            measured.project_gpu_hours,
            gpu_planned,
            current.project.bare_metal,
        ),
    ];
    let mut realism = current;
    let [lab_vm, project_vm, gpu] = fits.map(|f| f.factor());
    realism.labs.vm = lab_vm.unwrap_or(current.labs.vm);
    realism.project.vm = project_vm.unwrap_or(current.project.vm);
    realism.project.bare_metal = gpu.unwrap_or(current.project.bare_metal);
    Ok(Calibration {
        realism,
        fits,
        lab_fixed,
    })
}

/// The factors of [`calibrate_measured`], or why the model cannot reproduce the hours (the first
/// fit that fails); nothing is applied then.
pub fn calibrated_realism(
    scenario: &Scenario,
    catalog: &Catalog,
    measured: MeasuredHours,
) -> Result<Realism, CalibrationError> {
    let calibration = calibrate_measured(scenario, catalog, measured)?;
    match calibration.impossible().first() {
        None => Ok(calibration.realism),
        Some(fit) => {
            let what = fit.target.label();
            Err(match fit.outcome {
                FitOutcome::TooLarge(_) => CalibrationError::TooLarge(what),
                FitOutcome::NotHours => CalibrationError::NotHours(what),
                _ => CalibrationError::NothingToScale(what),
            })
        }
    }
}

/// The paper's reported instance-hours as measured hours: lab VM-hours are the lab
/// instance-hours less the plan's bare metal and edge (at their factors); project VM-hours are
/// the project's less its GPU node-hours, its bare metal without GPUs at the GPU factor and its
/// edge devices.
pub fn measured_from_reported(
    scenario: &Scenario,
    catalog: &Catalog,
    reported: ReportedHours,
) -> Result<MeasuredHours, CalibrationError> {
    let (_, project, lab_fixed) = planned(scenario, catalog)?;
    let lab_vm_hours = reported.lab_instance_hours - lab_fixed.total();
    if lab_vm_hours < 0.0 {
        return Err(CalibrationError::BelowFixedUse("lab VMs"));
    }
    if project.gpu_nodes <= 0.0 {
        return Err(CalibrationError::NothingToScale("project GPU nodes"));
    }
    let gpu_factor = reported.project_gpu_hours / project.gpu_nodes;
    let fixed_project =
        project.bare_metal * gpu_factor + project.edge * scenario.realism.project.edge;
    let project_vm_hours = reported.project_instance_hours - fixed_project;
    if project_vm_hours < 0.0 {
        return Err(CalibrationError::BelowFixedUse("project VMs"));
    }
    Ok(MeasuredHours {
        lab_vm_hours,
        project_vm_hours: Some(project_vm_hours),
        project_gpu_hours: Some(reported.project_gpu_hours),
        gpu_unit: GpuHourUnit::NodeHours,
    })
}

/// Overrun factors that make `scenario` use exactly the paper-style reported hours
/// ([`measured_from_reported`], then [`calibrated_realism`]).
pub fn calibrate(
    scenario: &Scenario,
    catalog: &Catalog,
    reported: ReportedHours,
) -> Result<Realism, CalibrationError> {
    let measured = measured_from_reported(scenario, catalog, reported)?;
    calibrated_realism(scenario, catalog, measured)
}
