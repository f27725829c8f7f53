//! What to ask a testbed or a cloud account for: peak concurrent instances, vCPUs, memory,
//! addresses, storage and GPU hours, from the schedule and the enrollment.
//!
//! Peak concurrency: each student works on one lab at a time, so in a week the largest active
//! lab counts (the instructor guide's own recipe, "up to 3 m1.medium per student concurrently",
//! is this rule for its 3-VM labs), times the share of students working at once; project groups
//! hold their VMs and addresses at the same time. The busiest week is the quota.

use serde::Serialize;

use crate::model::catalog::resource::ResourceKind;
use crate::model::catalog::Catalog;
use crate::model::engine::estimate::Estimate;
use crate::model::planners::timeline::Timeline;
use crate::model::plural::plural;
use crate::model::scenario::Scenario;
use crate::model::testbed::su::chameleon_su;

/// One line of the request.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct QuotaRow {
    /// What to request.
    pub item: String,
    /// How much.
    pub amount: f64,
    /// In what unit.
    pub unit: String,
    /// How it was computed.
    pub formula: String,
}

/// Per-student (or per-group) demand of one lab or the project.
#[derive(Clone, Copy, Debug, Default)]
struct Demand {
    vms: f64,
    vcpus: f64,
    ram_gb: f64,
    floating_ips: f64,
    block_gb: f64,
    object_gb: f64,
}

impl Demand {
    fn scaled(self, by: f64) -> Demand {
        Demand {
            vms: self.vms * by,
            vcpus: self.vcpus * by,
            ram_gb: self.ram_gb * by,
            floating_ips: self.floating_ips * by,
            block_gb: self.block_gb * by,
            object_gb: self.object_gb * by,
        }
    }

    fn add(&mut self, other: Demand) {
        self.vms += other.vms;
        self.vcpus += other.vcpus;
        self.ram_gb += other.ram_gb;
        self.floating_ips += other.floating_ips;
        self.block_gb += other.block_gb;
        self.object_gb += other.object_gb;
    }
}

fn demand_of(
    catalog: &Catalog,
    uses: impl Iterator<Item = (String, f64, f64)>,
    weight: f64,
) -> Demand {
    let mut demand = Demand::default();
    for (resource, count, floating_ips) in uses {
        let Some(r) = catalog.resource(&resource) else {
            continue;
        };
        let mut one = Demand {
            floating_ips,
            ..Demand::default()
        };
        match (r.kind, r.id) {
            (ResourceKind::Vm, _) => {
                one.vms = count;
                one.vcpus = count * f64::from(r.specs.vcpu);
                one.ram_gb = count * r.specs.ram_gb;
            }
            (ResourceKind::Storage, "object_storage") => one.object_gb = count,
            (ResourceKind::Storage, _) => one.block_gb = count,
            _ => {}
        }
        demand.add(one.scaled(weight));
    }
    demand
}

/// One row of the request.
/// A row of `amount` (rounded up) in `unit`, its singular and plural ("1 GPU", "3 GPUs").
fn row(item: &str, amount: f64, (one, many): (&str, &str), formula: impl Into<String>) -> QuotaRow {
    let amount = amount.ceil();
    QuotaRow {
        item: item.into(),
        amount,
        unit: plural(amount, one, many).into(),
        formula: formula.into(),
    }
}

/// Demand per student of each lab: options weighted by the share of students taking them.
fn lab_demands(scenario: &Scenario, catalog: &Catalog) -> Vec<Demand> {
    scenario
        .course
        .labs
        .iter()
        .map(|lab| {
            let mut demand = Demand::default();
            for option in &lab.options {
                let uses = option
                    .uses
                    .iter()
                    .map(|u| (u.resource.clone(), u.count, u.floating_ips));
                demand.add(demand_of(catalog, uses, option.share_pct / 100.0));
            }
            demand
        })
        .collect()
}

/// The busiest week's concurrent demand and its week number: each active student on the largest
/// active lab, item by item, plus every project group while the project runs.
fn peak_demand(
    scenario: &Scenario,
    labs: &[Demand],
    project: Demand,
    timeline: &Timeline,
) -> (Demand, u32) {
    let course = &scenario.course;
    let active_students = course.students * scenario.planning.concurrency_pct / 100.0;
    let project_end = course.project.start_week + course.project.weeks - 1.0;
    let mut peak = Demand::default();
    let mut peak_week = 0;
    for week in &timeline.weeks {
        let w = f64::from(week.week);
        let mut now = Demand::default();
        for (lab, demand) in course.labs.iter().zip(labs) {
            if lab.start_week <= w && w <= lab.due_week {
                let d = demand.scaled(active_students);
                now.vms = now.vms.max(d.vms);
                now.vcpus = now.vcpus.max(d.vcpus);
                now.ram_gb = now.ram_gb.max(d.ram_gb);
                now.floating_ips = now.floating_ips.max(d.floating_ips);
                now.block_gb = now.block_gb.max(d.block_gb);
                now.object_gb = now.object_gb.max(d.object_gb);
            }
        }
        if course.project.weeks > 0.0 && course.project.start_week <= w && w <= project_end {
            now.add(project);
        }
        if now.vcpus > peak.vcpus || (now.vcpus == peak.vcpus && now.vms > peak.vms) {
            peak = now;
            peak_week = week.week;
        }
    }
    (peak, peak_week)
}

/// The request for `scenario`: the busiest week's concurrent demand, and the term's GPU hours.
pub fn quota(
    scenario: &Scenario,
    estimate: &Estimate,
    timeline: &Timeline,
    catalog: &Catalog,
) -> Vec<QuotaRow> {
    let course = &scenario.course;
    let labs = lab_demands(scenario, catalog);
    let project_uses = course
        .project
        .uses
        .iter()
        .map(|u| (u.resource.clone(), u.count, u.floating_ips));
    let project = demand_of(catalog, project_uses, estimate.groups);
    let (peak, peak_week) = peak_demand(scenario, &labs, project, timeline);
    let peak_gpus = timeline
        .weeks
        .iter()
        .map(|w| w.peak_gpus)
        .fold(0.0, f64::max);
    let who = format!(
        "{}% of {} {} on their largest active lab, plus {} project {}, in the busiest week ({peak_week})",
        scenario.planning.concurrency_pct, course.students, plural(course.students, "student", "students"),
        estimate.groups, plural(estimate.groups, "group", "groups")
    );
    let crunch = scenario.planning.deadline_crunch_pct;
    vec![
        row("VM instances at once", peak.vms, ("instance", "instances"), format!("{who}: instances per student or group, summed")),
        row("vCPUs", peak.vcpus, ("vCPU", "vCPUs"), "the same instances x their flavor's vCPUs"),
        row("Memory", peak.ram_gb, ("GB", "GB"), "the same instances x their flavor's memory"),
        row("Floating IPs", peak.floating_ips, ("address", "addresses"), "addresses attached to those instances (the instructor guide adds 50% headroom: 1.5 x enrollment)"),
        row("Block storage", peak.block_gb, ("GB", "GB"), "volumes of the largest active lab per student plus every project group's"),
        row("Object storage", peak.object_gb, ("GB", "GB"), "object storage in use in the busiest week"),
        row("GPUs at once (peak)", peak_gpus, ("GPU", "GPUs"), format!("busiest week of the timeline: GPU hours spread over each lab's weeks, {crunch}% of them in the 48 hours before its deadline")),
        row("GPU node-hours for the term", estimate.totals.gpu_hours, ("node-hour", "node-hours"), "actual GPU node-hours of labs and project (planned x overrun)"),
        row("Chameleon service units", chameleon_su(estimate), ("SU", "SU"), "actual instance-hours x each resource's SU rate (Chameleon's rates since 2025-09-03)"),
    ]
}
