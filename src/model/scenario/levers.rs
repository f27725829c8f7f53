//! Savings levers as part of the scenario: policies an instructor can apply to cut a course's
//! bill (each off by default), their settings with units, and each setting's bound, written once
//! here and read by validation (with the setting's own field path), the link reader and the
//! panel. The engine applies the enabled levers ([`crate::model::engine::levers`]); the planner
//! prices each one alone and all together ([`crate::model::planners::levers`]).

use serde::{Deserialize, Serialize};

use crate::model::scenario::limits;
use crate::model::scenario::pricing::SPOT_RERUN_SHARE_PCT;

/// Shortest VM lease cap (hours).
pub const LEASE_CAP_MIN_HOURS: f64 = 1.0;
/// Longest VM lease cap (hours): the longest planned use ([`limits::HOURS`]).
pub const LEASE_CAP_MAX_HOURS: f64 = limits::HOURS;
/// The suggested VM lease cap (hours): assumed, see the lever's field for why.
pub const SUGGESTED_LEASE_CAP_HOURS: f64 = 24.0;
/// The suggested students per shared GPU (students): a 3g MIG slice, half the memory, each.
pub const SUGGESTED_SHARING_STUDENTS: f64 = 2.0;
/// Most students sharing one lab GPU (students): MIG divides an A100 or H100 into at most seven
/// GPU instances (NVIDIA's Multi-Instance GPU user guide, profile 1g).
pub const SHARING_MAX_STUDENTS: f64 = MIG_SLICES;
/// Compute slices of one MIG-capable GPU (A100, H100): a 1g instance has 1/7 of its compute.
pub const MIG_SLICES: f64 = 7.0;
/// GPU models that MIG can partition (the resource's `gpu_model` starts with one of these).
/// V100, P100, T4, RTX 6000 and AMD MI100 cannot be partitioned with MIG.
pub const MIG_GPU_MODELS: [&str; 2] = ["A100", "H100"];
/// Default share of a shared lab block's time that is GPU-bound (percent). Assumed: in Lab 5's
/// MLFlow section (the one timed part by part, course unit 5 page) training takes 85 of about
/// 170 minutes (PyTorch 45, Lightning 40; the rest is setup, data and the tracking server);
/// Lab 6a is mostly CPU work, so half is cautious. Only this part slows down on a slice.
pub const DEFAULT_GPU_BOUND_SHARE_PCT: f64 = 50.0;

/// Default share of VM time that is idle (percent). Assumed, no course measured it: the paper's
/// lab VMs ran 12.97x their plan (`realism.labs.vm`, from 109,837 reported lab instance-hours),
/// so if the plan is the work, 1 - 1/12.97 = 92% of lab VM time was idle; 90 rounds that down.
pub const DEFAULT_IDLE_SHARE_PCT: f64 = 90.0;
/// Default idle time before a VM is stopped (hours). Assumed: longer than a break or a long
/// notebook cell, short enough to stop a VM forgotten overnight.
pub const DEFAULT_IDLE_AFTER_HOURS: f64 = 2.0;
/// Default nightly stop window (hours). Sourced: the course's lab policy leaves midnight to 8 AM
/// outside the active-hours limit (course-labs.md s.1a, unit 2 page).
pub const DEFAULT_NIGHT_HOURS: f64 = 8.0;
/// Suggested GPU hours re-run after spot interruptions (percent): the one spot assumption the
/// price model uses too ([`SPOT_RERUN_SHARE_PCT`], with its reason).
pub const DEFAULT_RERUN_OVERHEAD_PCT: f64 = SPOT_RERUN_SHARE_PCT;

/// Auto-stop of idle VMs.
///
/// Model, per VM instance and planned use: of its actual hours A, a share s is idle (the
/// assumption [`AutoStop::idle_share_pct`]); idle time comes in one stretch per day the VM lives
/// (at least one). Stopping after N idle hours keeps at most N hours of each stretch; a nightly
/// stop then also removes the night's share (night hours / 24) of the idle time that is left.
/// Busy hours are always kept.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct AutoStop {
    /// Stop a VM after this many idle hours (hours); `None` = no idle stop.
    pub idle_after_hours: Option<f64>,
    /// Stop every VM each night (on/off).
    pub nightly_stop: bool,
    /// Length of the nightly stop (hours of each 24).
    pub night_hours: f64,
    /// Share of VM time that is idle (percent); see [`DEFAULT_IDLE_SHARE_PCT`] for the reason.
    pub idle_share_pct: f64,
    /// Also stop project VMs (on/off); off by default, as project VMs host services meant to stay
    /// up (the proposal template plans them "for entire project duration").
    pub include_project: bool,
}

impl Default for AutoStop {
    fn default() -> Self {
        AutoStop {
            idle_after_hours: Some(DEFAULT_IDLE_AFTER_HOURS),
            nightly_stop: true,
            night_hours: DEFAULT_NIGHT_HOURS,
            idle_share_pct: DEFAULT_IDLE_SHARE_PCT,
            include_project: false,
        }
    }
}

/// The savings levers; every one is off by default.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Levers {
    /// No VM instance lives longer than this per planned use (hours); `None` = off. A use planned
    /// for longer than the cap (a project VM planned for the whole project) is renewed as planned:
    /// actual hours per instance = min(planned x overrun, max(planned, cap)).
    pub vm_lease_cap_hours: Option<f64>,
    /// Stop idle VMs; `None` = off.
    pub auto_stop: Option<AutoStop>,
    /// Run GPU instances on spot, re-running this share of their hours after interruptions
    /// (percent); `None` = off. The panel starts it from the scenario's own re-run share (the
    /// one spot assumption, [`SPOT_RERUN_SHARE_PCT`]). Offers without a published spot price
    /// stay on demand, without re-runs.
    pub spot_gpu_rerun_pct: Option<f64>,
    /// Students sharing one lab GPU through MIG slices (students, a whole number from 1 to 7);
    /// `None` = off. Only single-GPU lab uses of A100 or H100 nodes are shared (see
    /// [`sharing_factor`]); multi-GPU nodes (Lab 4's 4-GPU fine-tuning, Lab 5's two-GPU Ray
    /// section) need the whole node and are left as they are.
    pub gpu_sharing_students: Option<f64>,
    /// Share of a shared block's time that is GPU-bound (percent); that part runs slower on a
    /// slice. See [`DEFAULT_GPU_BOUND_SHARE_PCT`] for the reason.
    #[serde(default = "default_gpu_bound_share")]
    pub gpu_bound_share_pct: f64,
    /// Price each instance resource on the cheapest fitting offer of the chosen provider (on/off).
    pub right_size: bool,
}

fn default_gpu_bound_share() -> f64 {
    DEFAULT_GPU_BOUND_SHARE_PCT
}

impl Default for Levers {
    fn default() -> Self {
        Levers {
            vm_lease_cap_hours: None,
            auto_stop: None,
            spot_gpu_rerun_pct: None,
            gpu_sharing_students: None,
            gpu_bound_share_pct: DEFAULT_GPU_BOUND_SHARE_PCT,
            right_size: false,
        }
    }
}

/// What one student pays of a shared single-GPU lab block, as a factor of the block alone
/// (1 = no saving), with `students` per GPU and `gpu_bound_pct` of the block GPU-bound.
///
/// MIG gives each of n students a slice of floor(7 / n) of the GPU's 7 compute slices (n = 2: a
/// 3g slice; 3: 2g; 4 to 7: 1g), so the GPU-bound part of the block takes 7 / floor(7 / n) times
/// as long, the rest as long as before; the node and its address are held that much longer by
/// n students at once: factor = (1 - g + g x 7 / floor(7 / n)) / n, with g the GPU-bound share.
pub fn sharing_factor(students: f64, gpu_bound_pct: f64) -> f64 {
    let n = students.clamp(1.0, MIG_SLICES).floor();
    let slices = (MIG_SLICES / n).floor();
    let g = gpu_bound_pct / 100.0;
    (1.0 - g + g * MIG_SLICES / slices) / n
}

/// The block-length factor of a shared block (see [`sharing_factor`]): how much longer each
/// shared block runs (factor, 1 = as long as alone).
pub fn sharing_slowdown(students: f64, gpu_bound_pct: f64) -> f64 {
    let n = students.clamp(1.0, MIG_SLICES).floor();
    sharing_factor(students, gpu_bound_pct) * n
}

impl Levers {
    /// Whether every lever is off.
    pub fn is_off(&self) -> bool {
        *self == Levers::default()
    }
}

/// One lever.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lever {
    /// Cheapest fitting stand-in per resource.
    RightSize,
    /// Students sharing lab GPUs.
    GpuSharing,
    /// Spot GPUs with re-runs.
    SpotGpu,
    /// VM lease cap.
    LeaseCap,
    /// Auto-stop of idle VMs.
    AutoStop,
}

impl Lever {
    /// Every lever, in waterfall order.
    pub const ALL: [Lever; 5] = [
        Lever::RightSize,
        Lever::GpuSharing,
        Lever::SpotGpu,
        Lever::LeaseCap,
        Lever::AutoStop,
    ];

    /// A short stable key (for test ids and links).
    pub fn key(self) -> &'static str {
        match self {
            Lever::RightSize => "right-size",
            Lever::GpuSharing => "gpu-sharing",
            Lever::SpotGpu => "spot-gpu",
            Lever::LeaseCap => "lease-cap",
            Lever::AutoStop => "auto-stop",
        }
    }

    /// A short human name.
    pub fn label(self) -> &'static str {
        match self {
            Lever::RightSize => "Right-size each resource",
            Lever::GpuSharing => "Share lab GPUs",
            Lever::SpotGpu => "Spot GPUs",
            Lever::LeaseCap => "VM lease cap",
            Lever::AutoStop => "Auto-stop idle VMs",
        }
    }
}

impl Levers {
    /// Whether `lever` is on.
    pub fn is_on(&self, lever: Lever) -> bool {
        match lever {
            Lever::RightSize => self.right_size,
            Lever::GpuSharing => self.gpu_sharing_students.is_some(),
            Lever::SpotGpu => self.spot_gpu_rerun_pct.is_some(),
            Lever::LeaseCap => self.vm_lease_cap_hours.is_some(),
            Lever::AutoStop => self.auto_stop.is_some(),
        }
    }

    /// The enabled levers, in waterfall order.
    pub fn enabled(&self) -> Vec<Lever> {
        Lever::ALL.into_iter().filter(|l| self.is_on(*l)).collect()
    }

    /// These levers with `lever` set as it is in `from` (on or off), the others unchanged.
    pub fn with(&self, lever: Lever, from: &Levers) -> Levers {
        let mut next = self.clone();
        match lever {
            Lever::RightSize => next.right_size = from.right_size,
            Lever::GpuSharing => {
                next.gpu_sharing_students = from.gpu_sharing_students;
                next.gpu_bound_share_pct = from.gpu_bound_share_pct;
            }
            Lever::SpotGpu => next.spot_gpu_rerun_pct = from.spot_gpu_rerun_pct,
            Lever::LeaseCap => next.vm_lease_cap_hours = from.vm_lease_cap_hours,
            Lever::AutoStop => next.auto_stop.clone_from(&from.auto_stop),
        }
        next
    }

    /// These levers with `lever` off.
    pub fn without(&self, lever: Lever) -> Levers {
        self.with(lever, &Levers::default())
    }

    /// Only `lever`, as it is set here (the others off).
    pub fn only(&self, lever: Lever) -> Levers {
        Levers::default().with(lever, self)
    }

    /// A suggested setting of every lever, to price each one before it is applied: a 24-hour
    /// lease cap, the default auto-stop, spot GPUs with [`DEFAULT_RERUN_OVERHEAD_PCT`] re-runs,
    /// two students per MIG-capable lab GPU (a 3g slice, half the memory, each), right-sizing.
    pub fn suggested() -> Levers {
        Levers {
            vm_lease_cap_hours: Some(SUGGESTED_LEASE_CAP_HOURS),
            auto_stop: Some(AutoStop::default()),
            spot_gpu_rerun_pct: Some(DEFAULT_RERUN_OVERHEAD_PCT),
            gpu_sharing_students: Some(SUGGESTED_SHARING_STUDENTS),
            right_size: true,
            ..Levers::default()
        }
    }
}

/// A numeric setting of a lever: what validation names (`levers.vm_lease_cap_hours`) and what
/// the panel's field for it accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LeverField {
    /// [`Levers::vm_lease_cap_hours`] (hours).
    LeaseCapHours,
    /// [`AutoStop::idle_after_hours`] (hours).
    IdleAfterHours,
    /// [`AutoStop::night_hours`] (hours of each 24).
    NightHours,
    /// [`AutoStop::idle_share_pct`] (percent).
    IdleSharePct,
    /// [`Levers::spot_gpu_rerun_pct`] (percent).
    SpotRerunPct,
    /// [`Levers::gpu_sharing_students`] (students, whole).
    SharingStudents,
    /// [`Levers::gpu_bound_share_pct`] (percent).
    GpuBoundSharePct,
}

/// The values a lever setting accepts: `min` to `max` inclusive, whole numbers only when `whole`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LeverBound {
    /// The lowest value allowed.
    pub min: f64,
    /// The highest value allowed.
    pub max: f64,
    /// Whether only whole numbers are allowed.
    pub whole: bool,
}

impl LeverField {
    /// Every lever setting, in waterfall order of their levers.
    pub const ALL: [LeverField; 7] = [
        LeverField::SharingStudents,
        LeverField::GpuBoundSharePct,
        LeverField::SpotRerunPct,
        LeverField::LeaseCapHours,
        LeverField::IdleAfterHours,
        LeverField::NightHours,
        LeverField::IdleSharePct,
    ];

    /// The lever it sets.
    pub fn lever(self) -> Lever {
        match self {
            LeverField::LeaseCapHours => Lever::LeaseCap,
            LeverField::IdleAfterHours | LeverField::NightHours | LeverField::IdleSharePct => {
                Lever::AutoStop
            }
            LeverField::SpotRerunPct => Lever::SpotGpu,
            LeverField::SharingStudents | LeverField::GpuBoundSharePct => Lever::GpuSharing,
        }
    }

    /// Its path in the scenario, the one spelling validation and exports use.
    pub fn path(self) -> &'static str {
        match self {
            LeverField::LeaseCapHours => "levers.vm_lease_cap_hours",
            LeverField::IdleAfterHours => "levers.auto_stop.idle_after_hours",
            LeverField::NightHours => "levers.auto_stop.night_hours",
            LeverField::IdleSharePct => "levers.auto_stop.idle_share_pct",
            LeverField::SpotRerunPct => "levers.spot_gpu_rerun_pct",
            LeverField::SharingStudents => "levers.gpu_sharing_students",
            LeverField::GpuBoundSharePct => "levers.gpu_bound_share_pct",
        }
    }

    /// The values it accepts: no setting (from a field or a link) can make a figure non-finite.
    pub fn bound(self) -> LeverBound {
        let (min, max, whole) = match self {
            LeverField::LeaseCapHours => (LEASE_CAP_MIN_HOURS, LEASE_CAP_MAX_HOURS, false),
            LeverField::IdleAfterHours => (0.0, limits::HOURS, false),
            LeverField::NightHours => (0.0, 24.0, false),
            LeverField::IdleSharePct | LeverField::GpuBoundSharePct => (0.0, 100.0, false),
            LeverField::SpotRerunPct => (0.0, limits::PERCENT_OVER, false),
            LeverField::SharingStudents => (1.0, SHARING_MAX_STUDENTS, true),
        };
        LeverBound { min, max, whole }
    }

    /// Its value in `levers`; `None` while its lever is off (or the setting is empty: no idle
    /// stop). The GPU-bound share is kept, and checked, with sharing off too.
    pub fn get(self, levers: &Levers) -> Option<f64> {
        let stop = levers.auto_stop.as_ref();
        match self {
            LeverField::LeaseCapHours => levers.vm_lease_cap_hours,
            LeverField::IdleAfterHours => stop.and_then(|s| s.idle_after_hours),
            LeverField::NightHours => stop.map(|s| s.night_hours),
            LeverField::IdleSharePct => stop.map(|s| s.idle_share_pct),
            LeverField::SpotRerunPct => levers.spot_gpu_rerun_pct,
            LeverField::SharingStudents => levers.gpu_sharing_students,
            LeverField::GpuBoundSharePct => Some(levers.gpu_bound_share_pct),
        }
    }
}
