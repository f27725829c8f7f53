//! Inputs of the tornado and the band that keep the course's reported hours (issue 44: each
//! uncertainty counted once). The overrun factors are calibrated to the hours the course
//! reported (109,837 lab instance-hours; 76,855 project instance-hours, 5,466 of them on GPU
//! nodes), so an input that would change those hours is another row's uncertainty counted again:
//!
//! - the group size moves how many groups share the project's hours, the hours held (each
//!   group's overrun scaled by groups before / after): it moves what each group holds apart from
//!   its hours, which in the calculator is nothing more, so its row says so;
//! - the lab bare-metal overrun moves hours between the lab's bare-metal nodes and its VMs, the
//!   lab instance-hours held (the VMs' overrun takes back what the nodes add);
//! - the reading of the reported GPU hours: node-hours (as set) or GPU-device-hours, which puts
//!   the same figure on the pool's mean GPUs per node;
//! - the reserved windows stated as a lower bound ("through at least 5/1, some extending a bit
//!   beyond"): as stated, up to the pool's longest stated window.

use crate::model::catalog::resource::ResourceKind;
use crate::model::catalog::Catalog;
use crate::model::scenario::bound::Min;
use crate::model::scenario::setting::Setting;
use crate::model::scenario::Scenario;

/// `value` within what validation accepts for `setting`.
fn within(setting: Setting, value: f64) -> f64 {
    let bound = setting.bound();
    let least = match bound.min {
        Min::Zero => 0.0,
        Min::AboveZero => 1e-9,
        Min::AtLeast(least) => least,
    };
    value.min(bound.max).max(least)
}

/// Multiplies `setting` of `s` by `by`, within what validation accepts.
fn times(s: &mut Scenario, setting: Setting, by: f64) {
    let slot = setting.slot(s);
    *slot = within(setting, *slot * by);
}

/// The group size times `factor`, the project's hours held: every project overrun scaled by
/// the groups before over the groups after.
pub fn group_size(s: &mut Scenario, factor: f64) {
    let before = s.course.project_groups();
    times(s, Setting::GroupSize, factor);
    let after = s.course.project_groups();
    if before > 0.0 && after > 0.0 {
        for setting in [
            Setting::ProjectVm,
            Setting::ProjectBareMetal,
            Setting::ProjectEdge,
            Setting::ProjectStorage,
        ] {
            times(s, setting, before / after);
        }
    }
}

/// Planned lab instance-hours of the course of kind `kind` (hours, every student).
pub fn planned_lab_hours(s: &Scenario, catalog: &Catalog, kind: ResourceKind) -> f64 {
    let students = s.course.students;
    s.course
        .labs
        .iter()
        .flat_map(|l| l.options.iter())
        .flat_map(|o| o.uses.iter().map(move |u| (o.share_pct, u)))
        .filter(|(_, u)| {
            catalog
                .resource(&u.resource)
                .is_some_and(|r| r.kind == kind)
        })
        .map(|(share, u)| students * share / 100.0 * u.count * u.hours)
        .sum()
}

/// The lab bare-metal overrun times `factor`, the lab instance-hours held: the lab VMs' overrun
/// gives back the node-hours the bare-metal nodes add (or takes those they give up).
pub fn lab_bare_metal(s: &mut Scenario, catalog: &Catalog, factor: f64) {
    let before = s.realism.labs.bare_metal;
    times(s, Setting::LabsBareMetal, factor);
    let added = planned_lab_hours(s, catalog, ResourceKind::BareMetal)
        * (s.realism.labs.bare_metal - before);
    let vm_planned = planned_lab_hours(s, catalog, ResourceKind::Vm);
    if vm_planned > 0.0 {
        let vm = s.realism.labs.vm - added / vm_planned;
        s.realism.labs.vm = within(Setting::LabsVm, vm);
    }
}

/// The pool's mean GPUs per node-hour in `s`: each project pool's members' GPUs weighted by
/// their shares (1 where no pool or no GPU count is known).
pub fn gpus_per_node(s: &Scenario, catalog: &Catalog) -> f64 {
    let gpus = |id: &str| {
        catalog
            .resource(id)
            .map_or(0.0, |r| f64::from(r.specs.gpu_count))
    };
    let (mut weighted, mut shares) = (0.0, 0.0);
    for item in s.course.project.uses.iter().filter(|u| u.pool.len() > 1) {
        for member in &item.pool {
            weighted += member.share_pct * gpus(&member.resource);
            shares += member.share_pct;
        }
    }
    if shares > 0.0 && weighted > 0.0 {
        weighted / shares
    } else {
        1.0
    }
}

/// The reported GPU hours read at `factor`: 1 = node-hours (as set), 0 = GPU-device-hours (the
/// project's GPU node-hours divided by the pool's mean GPUs per node), between = a mix.
pub fn gpu_hour_reading(s: &mut Scenario, catalog: &Catalog, factor: f64) {
    let t = factor.clamp(0.0, 1.0);
    let per_node = gpus_per_node(s, catalog);
    times(s, Setting::ProjectBareMetal, t + (1.0 - t) / per_node);
}

/// The reserved windows at `factor`: 1 = as stated; 2 = each as long as the pool's longest;
/// between, that share of the way.
pub fn windows(s: &mut Scenario, factor: f64) {
    let t = (factor - 1.0).clamp(0.0, 1.0);
    let longest = s.capacity.iter().map(|c| c.weeks).fold(0.0, f64::max);
    for capacity in &mut s.capacity {
        capacity.weeks += t * (longest - capacity.weeks);
    }
}

/// The reserved windows' mean length in `s` (days).
pub fn mean_window_days(s: &Scenario) -> f64 {
    let n = s.capacity.len().max(1) as f64;
    s.capacity.iter().map(|c| c.weeks * 7.0).sum::<f64>() / n
}
