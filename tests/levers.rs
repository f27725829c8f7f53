//! Savings levers, the uncertainty tornado and its sampled interval, and the comparables, on the
//! paper's course (AWS, Spring 2025 prices). Each saving is computed here from the catalog's
//! prices and the preset's plan by the formula written beside it (`common::by_hand` walks the
//! plan), never pinned; the paper's figures come from tests/fixtures/paper.json.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::by_hand::{self, aws_paper_rate, HandUse};
use common::{catalog, estimate, expected, expected_pool_cases, paper, pooled_use, reported};
use course_cost::model::catalog::offer::{Offer, PriceModel, PriceUnit};
use course_cost::model::catalog::resource::{Category, Resource, ResourceKind};
use course_cost::model::engine::estimate::Phase;
use course_cost::model::planners::comparables::builtin_comparables;
use course_cost::model::planners::interval::{sample, Sampling};
use course_cost::model::planners::levers::{
    apply_levers, savings, shareable, sharing_factor, sharing_slowdown, spot_stand_ins, AutoStop,
    Lever, LeverError, Levers, Savings,
};
use course_cost::model::planners::tornado::{
    tornado, triangular, Knob, RangeOrigin, TornadoRow, INPUTS,
};
use course_cost::model::presets::builtin_presets;
use course_cost::model::scenario::course::ResourceUse;
use course_cost::model::scenario::pricing::SPOT_RERUN_SHARE_PCT;
use course_cost::model::scenario::valid::ValidScenario;
use course_cost::model::{evaluate, Scenario};

const CENT: f64 = 0.01;

fn valid(scenario: &Scenario) -> ValidScenario {
    ValidScenario::new(scenario.clone(), catalog()).expect("valid")
}

fn paper_valid() -> ValidScenario {
    valid(&paper().scenario)
}

fn net(scenario: &Scenario) -> f64 {
    estimate(scenario).totals.net_usd
}

/// Every lever off but the VM lease cap, at `hours`.
fn lease_cap(hours: f64) -> Levers {
    Levers {
        vm_lease_cap_hours: Some(hours),
        ..Levers::default()
    }
}

/// Every lever off but GPU sharing, among `students`.
fn sharing(students: f64) -> Levers {
    Levers {
        gpu_sharing_students: Some(students),
        ..Levers::default()
    }
}

/// Every lever off but spot GPUs, re-running `pct` percent of their hours.
fn spot_rerun(pct: f64) -> Levers {
    Levers {
        spot_gpu_rerun_pct: Some(pct),
        ..Levers::default()
    }
}

/// Each lab use of the paper's course, with the students who take its option (students x the
/// option's share).
fn paper_lab_uses() -> impl Iterator<Item = (&'static ResourceUse, f64)> {
    let students = paper().scenario.course.students;
    paper().scenario.course.labs.iter().flat_map(move |lab| {
        lab.options.iter().flat_map(move |option| {
            let taking = students * option.share_pct / 100.0;
            option.uses.iter().map(move |item| (item, taking))
        })
    })
}

fn saved(levers: &Levers) -> Savings {
    savings(&paper_valid(), levers, catalog()).expect("levers price")
}

/// Saving of one lever alone on the paper's course (US dollars of net cost).
fn alone(levers: Levers) -> f64 {
    let result = saved(&levers);
    assert_eq!(result.steps.len(), 1);
    assert!((result.steps[0].alone_usd - result.together_usd()).abs() < 1e-9);
    result.together_usd()
}

fn all_levers() -> Levers {
    Levers {
        vm_lease_cap_hours: Some(24.0),
        auto_stop: Some(AutoStop::default()),
        spot_gpu_rerun_pct: Some(15.0),
        gpu_sharing_students: Some(2.0),
        right_size: true,
        ..Levers::default()
    }
}

fn assert_cents(value: f64, by_hand: f64) {
    assert!(
        (value - by_hand).abs() < CENT,
        "${value:.4}, by hand ${by_hand:.4}"
    );
}

/// The paper's course's uses (`common::by_hand`) of VMs, each with the hour price of one user's
/// instances and floating IPs on AWS in Spring 2025 (the catalog's).
fn paper_vm_uses() -> Vec<(HandUse, f64)> {
    let s = &paper().scenario;
    by_hand::uses(s)
        .into_iter()
        .filter(|u| u.kind == ResourceKind::Vm)
        .map(|u| {
            let hour = u.hour_usd("aws", &s.pricing.snapshot);
            (u, hour)
        })
        .collect()
}

/// Actual hours of one VM instance under a lease cap of `cap` hours: a lease ends after `cap`
/// hours unless the plan itself is longer, then it is renewed as planned:
/// min(actual, max(planned, cap)).
fn capped(u: &HandUse, cap: f64) -> f64 {
    u.actual().min(u.planned.max(cap))
}

/// Actual hours of one VM instance of `actual` hours left after auto-stop (the lever's model,
/// written out): idle = idle share x actual, in max(1, actual / 24) daily stretches, of which at
/// most `idle_after_hours` each are kept, and the nightly stop takes night hours / 24 of what is
/// kept: actual - idle + kept.
fn after_auto_stop(stop: &AutoStop, actual: f64) -> f64 {
    let idle = actual * stop.idle_share_pct / 100.0;
    let stretches = (actual / 24.0).max(1.0);
    let mut kept = stop
        .idle_after_hours
        .map_or(idle, |h| idle.min(stretches * h));
    if stop.nightly_stop {
        kept *= 1.0 - stop.night_hours / 24.0;
    }
    actual - idle + kept
}

/// The lease cap's saving on the paper's course, by hand: over every VM use outside a pool,
/// users x (actual - capped hours) x the hour price of the user's instances and addresses.
fn lease_cap_saving(cap: f64) -> f64 {
    paper_vm_uses()
        .iter()
        .filter(|(u, _)| !u.pooled)
        .map(|(u, hour)| u.users * (u.actual() - capped(u, cap)) * hour)
        .sum()
}

/// Auto-stop's saving (its default settings: lab VMs only) on the paper's course, by hand, after
/// a lease cap of `cap` hours if one is set: users x (hours before - hours after auto-stop) x the
/// hour price of the user's instances and addresses.
fn auto_stop_saving(cap: Option<f64>) -> f64 {
    let stop = AutoStop::default();
    paper_vm_uses()
        .iter()
        .filter(|(u, _)| u.lab || (stop.include_project && !u.pooled))
        .map(|(u, hour)| {
            let before = cap.map_or(u.actual(), |cap| capped(u, cap));
            u.users * (before - after_auto_stop(&stop, before)) * hour
        })
        .sum()
}

/// Whether `offer` can stand in for `resource` (the right-sizing rule, written out): for a GPU
/// resource a GPU offer with as much memory per GPU or more, for a CPU resource an offer without a
/// GPU with as many vCPUs and as much memory or more; hourly offers only.
fn fits_by_hand(resource: &Resource, offer: &Offer) -> bool {
    let (r, o) = (&resource.specs, &offer.specs);
    offer.unit == PriceUnit::Hour
        && if r.gpu_count > 0 {
            o.gpu_count > 0 && o.gpu_mem_gb >= r.gpu_mem_gb
        } else {
            o.gpu_count == 0 && o.vcpu >= r.vcpu && o.ram_gb >= r.ram_gb
        }
}

/// Right-sizing's saving on the paper's course, by hand, with each resource that moves and the
/// offer it moves to: for every instance resource the course uses, the cheapest AWS offer that
/// fits it (its hour price x the resource's GPUs / the offer's GPUs), if cheaper than the mapped
/// stand-in's; saving = its instance-hours (users x instances x actual hours) x the difference.
fn right_size_saving() -> (f64, Vec<(String, String)>) {
    let s = &paper().scenario;
    let snapshot = &s.pricing.snapshot;
    let (mut saving, mut moved) = (0.0, Vec::new());
    let uses = by_hand::uses(s);
    let mut resources: Vec<&str> = uses.iter().map(|u| u.resource.as_str()).collect();
    resources.dedup();
    let mut seen = Vec::new();
    for id in resources {
        let resource = catalog().resource(id).expect("known");
        if !resource.kind.is_instance() || seen.contains(&id) {
            continue;
        }
        seen.push(id);
        let fraction = |o: &Offer| {
            if resource.specs.gpu_count > 0 {
                f64::from(resource.specs.gpu_count) / f64::from(o.specs.gpu_count)
            } else {
                1.0
            }
        };
        let best = catalog()
            .offers
            .iter()
            .filter(|o| o.provider == "aws" && fits_by_hand(resource, o))
            .map(|o| {
                (
                    by_hand::offer_rate(&o.id, snapshot) * fraction(o),
                    o.id.to_string(),
                )
            })
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .expect("some offer fits");
        let current = aws_paper_rate(id);
        if best.0 < current - 1e-12 {
            let hours: f64 = uses
                .iter()
                .filter(|u| u.resource == id)
                .map(|u| u.users * u.count * u.actual())
                .sum();
            saving += hours * (current - best.0);
            moved.push((id.to_string(), best.1));
        }
    }
    (saving, moved)
}

/// Spot GPUs' saving on `s` with `rerun_pct` percent re-runs, by hand: for every GPU resource
/// whose stand-in on the scenario's provider has a published spot price, its instance-hours x the
/// mapping's fraction x (list price - spot price x (1 + re-runs)).
fn spot_saving(s: &Scenario, rerun_pct: f64) -> f64 {
    let (provider, snapshot) = (&s.pricing.provider, &s.pricing.snapshot);
    by_hand::uses(s)
        .iter()
        .filter(|u| {
            catalog()
                .resource(&u.resource)
                .expect("known")
                .specs
                .gpu_count
                > 0
        })
        .filter_map(|u| {
            let mapping = catalog().mapping(provider, &u.resource).expect("mapped");
            let offer = catalog().offer(mapping.offer).expect("an offer");
            let spot = offer.spot_in(snapshot)?.usd;
            let list = offer.price_in(snapshot).usd;
            let hours = u.users * u.count * u.actual();
            Some(hours * mapping.fraction * (list - spot * (1.0 + rerun_pct / 100.0)))
        })
        .sum()
}

#[test]
fn the_starting_total_is_the_engines_net_cost() {
    let result = saved(&all_levers());
    assert!((result.start_usd - net(&paper().scenario)).abs() < 1e-9);
    assert_cents(result.start_usd, expected("total_usd"));
}

#[test]
fn a_24_hour_vm_lease_cap_lowers_the_total() {
    // Lab VMs run 12.817536x their plan. Per instance, actual hours = planned x 12.817536 and the
    // cap cuts everything past 24 h (lease_cap_saving): Lab 1 (1 m1.small, 3 h -> 38.45 h)
    // 14.45 h; Lab 2 (3 m1.medium, 4.5 h -> 57.68 h) 33.68 h each; Lab 3 (3 m1.medium, 5 h ->
    // 64.09 h) 40.09 h each; Lab 7 (1 m1.medium, 9 h -> 115.36 h) 91.36 h; Lab 8 (1 m1.large,
    // 3 h -> 38.45 h) 14.45 h; each use's one floating IP follows its VMs; times the students and
    // the catalog's hour prices of the stand-ins (t3.small, t3.medium, t3.xlarge) and the
    // address. Project VMs are planned for the whole project (1,008 h > 24 h), so their lease is
    // renewed as planned and nothing is cut.
    let project_vms = paper_vm_uses().into_iter().filter(|(u, _)| !u.lab);
    for (u, _) in project_vms {
        assert!(u.planned > 24.0 && capped(&u, 24.0) == u.actual(), "{u:?}");
    }
    let saving = alone(lease_cap(24.0));
    assert!(saving > 0.0);
    assert_cents(saving, lease_cap_saving(24.0));
    let capped = apply_levers(&paper().scenario, &all_only_cap(), catalog()).expect("applies");
    assert!(net(&capped) < net(&paper().scenario));
    // The project's VM use is untouched, and no lab VM instance runs past 24 h.
    assert_eq!(capped.course.project, paper().scenario.course.project);
    for line in estimate(&capped).lines {
        if line.kind == ResourceKind::Vm && matches!(line.phase, Phase::Lab(_)) {
            assert!(line.planned_hours * line.overrun <= 24.0 + 1e-9);
        }
    }
}

fn all_only_cap() -> Levers {
    lease_cap(24.0)
}

#[test]
fn auto_stop_saves_the_idle_hours_it_stops() {
    // Defaults: stop after 2 idle hours, nightly stop of 8 h, 90% of VM time idle, lab VMs only.
    // Per lab VM instance with A actual hours: idle = 0.9 A in max(1, A / 24) daily stretches, of
    // which at most 2 h each are kept, and the night takes a third of what is kept. Lab 1:
    // A = 38.45, idle 34.61, kept 2 x 1.60 x 2/3 = 2.14, so 32.47 h saved; likewise Lab 2 48.71 h,
    // Lab 3 54.12 h, Lab 7 97.41 h, Lab 8 32.47 h per instance. Times instances, the students and
    // the VM's and its address's hourly price (auto_stop_saving).
    let saving = alone(Levers {
        auto_stop: Some(AutoStop::default()),
        ..Levers::default()
    });
    assert_cents(saving, auto_stop_saving(None));
}

/// The price per hour of one instance of `resource` in the paper's course on AWS, and of one
/// floating IP: prices, read from the estimate's lines (no result of the lever).
fn hourly_prices(resource: &str) -> (f64, f64) {
    let lines = estimate(&paper().scenario).lines;
    let price = |test: &dyn Fn(&str, ResourceKind) -> bool| {
        lines
            .iter()
            .find(|l| test(&l.resource, l.kind))
            .map(|l| l.usd_per_hour)
            .expect("a line")
    };
    (
        price(&|r, _| r == resource),
        price(&|_, k| k == ResourceKind::Network),
    )
}

/// What the paper's course pays for its shareable lab uses (single-A100 nodes and their floating
/// IPs), by hand from the lab uses: students x option share x count x hours x the labs'
/// bare-metal factor (1) x (node price + floating IPs x address price).
fn shareable_lab_usd() -> f64 {
    let bare_metal_factor = paper().scenario.realism.labs.bare_metal;
    paper_lab_uses()
        .filter(|(item, _)| item.resource == "compute_gigaio" || item.resource == "compute_liqid")
        .map(|(item, students)| {
            let (node, ip) = hourly_prices(&item.resource);
            let hours = students * item.hours * bare_metal_factor;
            hours * (item.count * node + item.floating_ips * ip)
        })
        .sum()
}

#[test]
fn gpu_sharing_slices_only_single_a100_and_h100_lab_uses() {
    // Two students per GPU on MIG 3g slices (3 of 7 compute slices each), with half a block
    // GPU-bound: a block lasts 0.5 + 0.5 x 7/3 = 5/3 as long, held by two students, so each pays
    // 5/6 of it: a saving of 1/6 of every shareable lab use, its floating IP included.
    let levers = sharing(2.0);
    assert!((sharing_factor(2.0, 50.0) - 5.0 / 6.0).abs() < 1e-12);
    assert!((sharing_slowdown(2.0, 50.0) - 5.0 / 3.0).abs() < 1e-12);
    // The paper's course: the single-A100 nodes compute_gigaio (Lab 4 option B, Lab 6a) and
    // compute_liqid (Lab 5's MLFlow section, Lab 6a) are shared; the 4-GPU A100 and V100 nodes
    // (Lab 4's multi-GPU fine-tuning), the two-GPU MI100 (Lab 5's Ray section) and P100
    // (Lab 6c) nodes stay whole. By hand from the lab uses: students x option share x count x
    // hours x the labs' bare-metal factor (1) x (node price + floating IPs x address price).
    let s = &paper().scenario;
    let shareable_usd = shareable_lab_usd();
    assert!(shareable_usd > 0.0);
    assert_cents(alone(levers.clone()), shareable_usd / 6.0);
    // The uses left whole are untouched.
    let shared = apply_levers(s, &levers, catalog()).expect("applies");
    for (lab, before) in shared.course.labs.iter().zip(&s.course.labs) {
        for (option, was) in lab.options.iter().zip(&before.options) {
            for (item, old) in option.uses.iter().zip(&was.uses) {
                let whole = ["gpu_a100_pcie", "gpu_v100", "gpu_mi100", "gpu_p100"];
                if whole.contains(&item.resource.as_str()) {
                    assert_eq!(item, old, "{}", lab.name);
                }
            }
        }
    }
    // Seven students on 1g slices: a block lasts 0.5 + 0.5 x 7 = 4 times as long, 4/7 each.
    assert!((sharing_factor(7.0, 50.0) - 4.0 / 7.0).abs() < 1e-12);
    // Four students also get 1g slices: 4 / 4 = 1, no saving, and the lever changes nothing.
    assert!((sharing_factor(4.0, 50.0) - 1.0).abs() < 1e-12);
    let four = sharing(4.0);
    assert_eq!(apply_levers(s, &four, catalog()).expect("applies"), *s);
    // Only whole numbers of students, at most seven (MIG's most instances per GPU).
    for bad in [2.5, 8.0, 0.0] {
        let levers = sharing(bad);
        assert!(check(&levers).is_err(), "{bad}");
    }
}

#[test]
fn gpus_that_mig_cannot_partition_are_never_shared() {
    for id in [
        "gpu_v100",
        "gpu_mi100",
        "gpu_p100",
        "gpu_rtx_6000",
        "gpu_a100_pcie",
    ] {
        let resource = catalog().resource(id).expect("in the catalog");
        assert!(!shareable(resource), "{id}");
    }
    for id in ["compute_gigaio", "compute_liqid"] {
        assert!(
            shareable(catalog().resource(id).expect("in the catalog")),
            "{id}"
        );
    }
}

#[test]
fn the_price_model_and_the_spot_lever_share_one_re_run_assumption() {
    // Every preset a user can pick prices spot work with the one assumed share, and the lever
    // suggests the same.
    assert_eq!(SPOT_RERUN_SHARE_PCT, 15.0);
    assert_eq!(
        Levers::suggested().spot_gpu_rerun_pct,
        Some(SPOT_RERUN_SHARE_PCT)
    );
    for preset in builtin_presets()
        .expect("presets")
        .iter()
        .filter(|p| !p.archived)
    {
        let share = preset.scenario.pricing.rerun_overhead_pct;
        assert_eq!(share, SPOT_RERUN_SHARE_PCT, "{}", preset.id);
    }
    // The default scenario is on demand, so the share changes none of its figures (the total is
    // still the engine's: the_starting_total_is_the_engines_net_cost).
    assert_eq!(paper().scenario.pricing.model, PriceModel::OnDemand);
    // On Google Cloud on spot, a GPU line costs actual hours x 1.15 x the spot price.
    let mut spot = paper_valid()
        .on_provider("gcp", catalog())
        .expect("gcp")
        .into_scenario();
    spot.pricing.model = PriceModel::Spot;
    let lines = estimate(&spot).lines;
    let gpu = lines
        .iter()
        .find(|l| l.model == PriceModel::Spot && l.category == Category::Gpu)
        .expect("a spot GPU line");
    assert!((gpu.cost_usd - gpu.actual_hours * 1.15 * gpu.usd_per_hour).abs() < 1e-6);
    // A GPU offer without a published spot price is named as such (AWS: none has one).
    let aws = spot_stand_ins(&paper().scenario, catalog());
    assert!(!aws.is_empty());
    assert!(aws.iter().all(|s| s.spot_usd.is_none()), "{aws:?}");
    let gcp = spot_stand_ins(&spot, catalog());
    assert!(gcp.iter().any(|s| s.spot_usd.is_some()), "{gcp:?}");
}

#[test]
fn spot_gpus_save_nothing_on_aws_where_no_gpu_spot_price_is_known() {
    // The catalog has no spot price for p4d.24xlarge, p3.8xlarge, g4dn.xlarge or g5.xlarge, so
    // the GPU lines stay on demand without re-runs: $0.
    let levers = spot_rerun(15.0);
    assert_cents(alone(levers.clone()), 0.0);
    // On Google Cloud the A100 machines have spot prices (a2-highgpu-4g, a2-highgpu-1g): with 15%
    // re-runs, their hours x (list - spot x 1.15) less (spot_saving).
    let gcp = paper_valid().on_provider("gcp", catalog()).expect("gcp");
    let result = savings(&gcp, &levers, catalog()).expect("prices");
    let by_hand = spot_saving(&gcp, 15.0);
    assert!(by_hand > 0.0);
    assert_cents(result.together_usd(), by_hand);
    assert_cents(spot_saving(&paper().scenario, 15.0), 0.0);
}

#[test]
fn right_sizing_picks_a_cheaper_fitting_offer_and_never_raises_the_bill() {
    // The one cheaper fit on AWS: the project pool's RTX 6000 share (24 GB) moves from g5.xlarge
    // (A10G 24 GB) to g6.xlarge (L4 24 GB): 54 groups x 8 h/week x 6 weeks x 26.67% x 2.1088
    // overrun = 1,457.6 h x the difference of their hour prices (right_size_saving). Every other
    // stand-in is already the cheapest that fits (or cheaper than any offer that fits, and then
    // kept).
    let levers = Levers {
        right_size: true,
        ..Levers::default()
    };
    let (by_hand, moved) = right_size_saving();
    assert_eq!(
        moved,
        [("gpu_rtx_6000".to_string(), "aws/g6.xlarge".to_string())]
    );
    assert_cents(alone(levers.clone()), by_hand);
    for provider in ["aws", "gcp", "azure", "lambda", "runpod"] {
        let Some(on) = paper_valid().on_provider(provider, catalog()) else {
            continue;
        };
        let result = savings(&on, &levers, catalog()).expect("prices");
        assert!(result.together_usd() >= -1e-9, "{provider}: {result:?}");
    }
}

#[test]
fn the_waterfall_steps_sum_to_start_minus_end() {
    let result = saved(&all_levers());
    let steps: f64 = result.steps.iter().map(|s| s.step_usd).sum();
    assert!((steps - (result.start_usd - result.end_usd)).abs() < 1e-6);
    let order: Vec<Lever> = result.steps.iter().map(|s| s.lever).collect();
    assert_eq!(order, Lever::ALL.to_vec());
    // Each step ends where the next begins, and the last at the end.
    let mut before = result.start_usd;
    for step in &result.steps {
        assert!((before - step.step_usd - step.after_usd).abs() < 1e-6);
        before = step.after_usd;
    }
    assert!((before - result.end_usd).abs() < 1e-9);
    // All five together: the lease cap, then auto-stop on the capped hours only (less than alone,
    // as the cap already cut the same idle hours), right-sizing (the project's RTX 6000 share),
    // spot $0 (no AWS GPU spot price), and GPU sharing its saving alone (1/6 of the shareable lab
    // uses), as no other lever touches lab GPU lines on AWS.
    let together = all_levers_saving();
    assert!(auto_stop_saving(Some(24.0)) < auto_stop_saving(None));
    assert_cents(result.together_usd(), together);
    // The fixture's total is rounded to the cent.
    assert!((result.end_usd - (expected("total_usd") - together)).abs() < CENT);
    let applied = apply_levers(&paper().scenario, &all_levers(), catalog()).expect("applies");
    assert!((net(&applied) - result.end_usd).abs() < 1e-6);
}

/// What every lever of [`all_levers`] saves together on the paper's course, by hand: the lease
/// cap, auto-stop after it, right-sizing and GPU sharing (1/6 of the shareable lab uses); spot
/// GPUs save nothing on AWS.
fn all_levers_saving() -> f64 {
    lease_cap_saving(24.0)
        + auto_stop_saving(Some(24.0))
        + right_size_saving().0
        + shareable_lab_usd() / 6.0
        + spot_saving(&paper().scenario, 15.0)
}

#[test]
fn combining_saves_no_more_than_the_sum_of_singles() {
    let result = saved(&all_levers());
    let singles: f64 = result.steps.iter().map(|s| s.alone_usd).sum();
    assert!(result.together_usd() <= singles + 1e-6);
    for step in &result.steps {
        assert!(step.step_usd <= step.alone_usd + 1e-6, "{step:?}");
    }
}

#[test]
fn a_lever_that_is_off_saves_nothing() {
    let none = saved(&Levers::default());
    assert!(none.steps.is_empty());
    assert_eq!(none.together_usd(), 0.0);
    let unchanged = apply_levers(&paper().scenario, &Levers::default(), catalog()).expect("ok");
    assert_eq!(unchanged, paper().scenario);
    // Off in a set of levers: no step for it.
    let some = saved(&sharing(2.0));
    assert!(some.steps.iter().all(|s| s.lever == Lever::GpuSharing));
    // And the settings read from JSON start off.
    let parsed: Levers = serde_json::from_str("{}").expect("parses");
    assert_eq!(parsed, Levers::default());
}

#[test]
fn levered_scenarios_are_ordinary_valid_scenarios() {
    for provider in ["aws", "gcp", "runpod"] {
        let Some(on) = paper_valid().on_provider(provider, catalog()) else {
            continue;
        };
        let levered = apply_levers(&on, &all_levers(), catalog()).expect("applies");
        assert!(evaluate(&levered, catalog()).is_ok(), "{provider}");
    }
}

#[test]
fn out_of_range_lever_settings_are_refused() {
    let bad = [
        lease_cap(0.0),
        sharing(0.5),
        spot_rerun(f64::NAN),
        Levers {
            auto_stop: Some(AutoStop {
                idle_share_pct: 120.0,
                ..AutoStop::default()
            }),
            ..Levers::default()
        },
    ];
    for levers in bad {
        let result = savings(&paper_valid(), &levers, catalog());
        assert!(
            matches!(result, Err(LeverError::Setting { .. })),
            "{levers:?}"
        );
    }
}

#[test]
fn the_tornado_has_one_row_per_independent_assumption_ordered_by_swing() {
    let rows = tornado(&paper_valid(), catalog(), paper()).expect("prices");
    // Every input applies to the paper's course: it has a pool and two assumed node counts. The
    // stand-in rows come beside them (tests/feasible_band.rs).
    let usage = |rows: &[TornadoRow]| {
        rows.iter()
            .filter(|r| INPUTS.iter().any(|i| i.name == r.name))
            .count()
    };
    // Every input but the reserved windows, which move no cost (a band input only).
    let rows_of_inputs = INPUTS.iter().filter(|i| i.knob != Knob::Windows).count();
    assert_eq!(rows_of_inputs, INPUTS.len() - 1);
    assert_eq!(usage(&rows), rows_of_inputs);
    for pair in rows.windows(2) {
        assert!(pair[0].swing_usd() >= pair[1].swing_usd());
    }
    let typical = net(&paper().scenario);
    for row in &rows {
        assert!((row.typical_total_usd - typical).abs() < 1e-9);
        assert!(row.low_value <= row.typical_value && row.typical_value <= row.high_value);
    }
    // Issue 18: no two rows have the same low and high totals (no knob counted twice).
    for (i, a) in rows.iter().enumerate() {
        for b in &rows[i + 1..] {
            let same = (a.low_total_usd - b.low_total_usd).abs() < CENT
                && (a.high_total_usd - b.high_total_usd).abs() < CENT;
            assert!(!same, "{} and {} move the total alike", a.name, b.name);
        }
    }
    let row = |start: &str| {
        rows.iter()
            .find(|r| r.name.starts_with(start))
            .unwrap_or_else(|| panic!("a row {start}"))
    };
    // The project GPU row: the project's lease-bounded lines (GPU nodes and their addresses)
    // scale with the factor from 0.5x up to what the reserved nodes supply. Weighted by node
    // count, each of the 15 nodes takes G / 15 = 364.4 node-hours (G: the paper's project GPU
    // hours); the 19-day nodes supply 456, so the high end is 456 x 15 / G = 1.2514x (found to
    // 1/65,536 of the 1.0 span),
    // not 1.5x: the swing is (1.2514 - 0.5) times their cost.
    let e = estimate(&paper().scenario);
    let gpu_blocks: f64 = e
        .lines
        .iter()
        .filter(|l| l.phase == Phase::Project && l.lease_bounded)
        .map(|l| l.cost_usd)
        .sum();
    let farthest = 456.0 * 15.0 / reported("project_gpu_hours");
    let swing = row("Project GPU node-hours").swing_usd();
    assert!(
        swing <= (farthest - 0.5) * gpu_blocks + 1e-6
            && swing >= (farthest - 1.0 / 65_536.0 - 0.5) * gpu_blocks,
        "{swing} vs {}",
        (farthest - 0.5) * gpu_blocks
    );
    // The node counts from the fewest that fit (the fixture's first pool case) to 8 each: the
    // numbers audit gives the fixture's per-student figures, times the paper's students (no
    // credit by default).
    let counts = row("Nodes of each pool type");
    let fewest = expected_pool_cases()[0].0;
    assert_eq!((counts.low_value, counts.high_value), (fewest, 8.0));
    let at = |nodes: f64| {
        let cases = expected_pool_cases();
        let case = cases.iter().find(|(n, _)| *n == nodes).expect("audited");
        case.1
    };
    assert!(
        (counts.low_total_usd / reported("students") - at(fewest)).abs() < 0.005,
        "{counts:?}"
    );
    assert!(
        (counts.high_total_usd / reported("students") - at(8.0)).abs() < 0.005,
        "{counts:?}"
    );
    // Even weights would put more hours on the one 4x A100 node than it supplies: the low end is
    // pulled in (tests/feasible_band.rs derives where), between the typical total and the even
    // one.
    let weights = row("How the project's GPU hours spread");
    let even = expected("even_pool_weights_per_student_usd");
    assert!(
        weights.low_total_usd / reported("students") < even && weights.low_total_usd > typical,
        "{weights:?}"
    );
    assert!((weights.high_total_usd - typical).abs() < 1e-9);
    // Planned lab hours: the lab texts' 55-68 h about their middle, 61.5 h, on this plan.
    let hours = row("Planned hours of each lab");
    assert!((hours.low_value - hours.typical_value * 55.0 / 61.5).abs() < 1e-9);
    assert!((hours.high_value - hours.typical_value * 68.0 / 61.5).abs() < 1e-9);
    // Ranges around a calibrated factor are assumed, and say so.
    for start in [
        "How long lab VMs",
        "Project GPU",
        "How long project VMs",
        "Planned hours of each lab",
    ] {
        assert!(
            matches!(row(start).provenance, RangeOrigin::Assumed(_)),
            "{start}"
        );
    }
    // No row is calibrated any more: every range is sourced or assumed.
    assert!(rows
        .iter()
        .all(|r| !matches!(r.provenance, RangeOrigin::Calibrated(_))));
}

#[test]
fn the_tornado_leaves_out_what_does_not_apply() {
    // Without a pool the pool weighting cannot move anything, and counts edited by the user
    // are no longer assumed: both rows go.
    let mut s = paper().scenario.clone();
    for project_use in &mut s.course.project.uses {
        project_use.pool.clear();
    }
    s.capacity[0].units = 5.0;
    s.capacity[3].units = 5.0;
    let rows = tornado(&valid(&s), catalog(), paper()).expect("prices");
    let usage = rows
        .iter()
        .filter(|r| INPUTS.iter().any(|i| i.name == r.name))
        .count();
    // Gone: the pool weighting, the assumed node counts, the GPU hours' reading (no pool to
    // read them over) and the windows (never a tornado row).
    assert_eq!(usage, INPUTS.len() - 4);
    assert!(rows.iter().all(|r| !r.name.starts_with("Nodes of each")));
}

#[test]
fn the_sampled_interval_brackets_the_typical_total_and_repeats() {
    let scenario = paper_valid();
    let interval = sample(&scenario, catalog(), paper(), 500, 20_250_121).expect("prices");
    // 500 draws that fit the reserved nodes are kept; those that do not are counted.
    assert_eq!(interval.draws, 500);
    assert!(interval.p10_usd <= interval.p50_usd && interval.p50_usd <= interval.p90_usd);
    assert!(interval.p10_usd <= interval.typical_usd && interval.typical_usd <= interval.p90_usd);
    assert_eq!(
        sample(&scenario, catalog(), paper(), 500, 20_250_121).expect("prices"),
        interval
    );
    // With every input at its typical value the draws would all be the typical total; a wider
    // band than the largest single swing would mean the inputs add up, a narrower one than the
    // smallest that the draws barely move: both bounds from the tornado's rows.
    let rows = tornado(&scenario, catalog(), paper()).expect("prices");
    let band = interval.p90_usd - interval.p10_usd;
    let swings: f64 = rows.iter().map(|r| r.swing_usd()).sum();
    assert!(
        band > rows.last().expect("rows").swing_usd() && band < swings,
        "{band}"
    );
    // Drawn in slices (as the page draws it, between frames), the range is the same.
    let mut sliced = Sampling::new(&scenario, paper(), 500, 20_250_121);
    let mut slices = 0;
    while !sliced.advance(catalog(), 25).expect("prices") {
        slices += 1;
        assert!(!sliced.is_done());
    }
    // Every draw tried, kept or dropped, is one of the slices' 25.
    let tried = 500 + interval.dropped;
    assert_eq!(
        slices,
        tried.div_ceil(25) - 1,
        "{tried} draws in slices of 25"
    );
    assert_eq!(sliced.interval(catalog()).expect("prices"), interval);
    // Bounded: no draw leaves the ranges, so no total leaves the all-low / all-high envelope.
    let too_many = sample(&scenario, catalog(), paper(), 1_000_000, 1).expect("prices");
    assert_eq!(too_many.draws, 2_000);
    for u in [0.0, 1e-9, 0.25, 0.5, 0.75, 1.0 - 1e-9, 1.0] {
        for input in &INPUTS {
            let factor = triangular(input.low, input.high, u);
            assert!(factor >= input.low - 1e-12 && factor <= input.high + 1e-12);
        }
    }
}

#[test]
fn at_least_four_comparables_load_with_year_and_citation() {
    let rows = builtin_comparables().expect("parses");
    assert!(rows.len() >= 4);
    for row in rows {
        assert!((2000..=2030).contains(&row.year), "{row:?}");
        assert!(!row.citation.title.is_empty() && !row.citation.publisher.is_empty());
        assert!(row.citation.url.starts_with("http"), "{row:?}");
        assert!(!row.citation.date.is_empty() && !row.figure.is_empty());
        if let (Some(low), Some(high)) = (row.per_student_low_usd, row.per_student_high_usd) {
            assert!(low <= high);
        }
    }
    let credits = rows.iter().filter(|r| r.education_credit).count();
    assert_eq!(credits, 2);
    let paper_row = rows
        .iter()
        .find(|r| r.year == 2025)
        .expect("the paper's course");
    let about = reported("per_student_usd");
    assert_eq!(paper_row.per_student_low_usd, Some(about));
    assert_eq!(paper_row.per_student_high_usd, Some(about));
    assert!(paper_row.citation.url.contains("10.1145/3731599.3767385"));
}

// ---- Levers in the estimate, and calibration from measured hours ----

use course_cost::model::edit::change::{apply_change, Change};
use course_cost::model::engine::calibrate::{
    calibrate, calibrate_measured, calibrated_realism, measured_from_reported, CalibrationError,
    FitTarget, GpuHourUnit, MeasuredHours, ReportedHours,
};
use course_cost::model::planners::levers::check;

fn with_levers(levers: Levers) -> Scenario {
    let mut scenario = paper().scenario.clone();
    scenario.levers = levers;
    scenario
}

#[test]
fn the_estimate_includes_the_scenarios_levers_and_savings_start_from_them_off() {
    // Setting the lease cap to 24 h lowers the headline total by exactly the waterfall's bar.
    let capped = with_levers(all_only_cap());
    let before = net(&paper().scenario);
    let after = net(&capped);
    assert!(after < before);
    let result = savings(&valid(&capped), &capped.levers, catalog()).expect("prices");
    assert_eq!(result.steps.len(), 1);
    assert!((result.start_usd - before).abs() < 1e-9);
    assert!((result.end_usd - after).abs() < 1e-9);
    assert!((result.steps[0].step_usd - (before - after)).abs() < 1e-9);
    assert_cents(result.steps[0].step_usd, lease_cap_saving(24.0));
    // Every lever on: the headline total is the waterfall's end.
    let all = with_levers(all_levers());
    let result = savings(&valid(&all), &all.levers, catalog()).expect("prices");
    assert!((net(&all) - result.end_usd).abs() < 1e-6);
    let together = all_levers_saving();
    assert!((net(&all) - (expected("total_usd") - together)).abs() < CENT);
    // The tornado and the sampled interval price the levered scenario too.
    let rows = tornado(&valid(&all), catalog(), paper()).expect("prices");
    assert!((rows[0].typical_total_usd - net(&all)).abs() < 1e-9);
}

#[test]
fn a_lever_out_of_range_makes_no_figure_and_is_refused_as_a_change() {
    for levers in [
        lease_cap(0.5),
        lease_cap(10_001.0),
        sharing(8.0),
        lease_cap(f64::INFINITY),
    ] {
        assert!(check(&levers).is_err(), "{levers:?}");
        // Validation refuses them (at their own field paths), so no figure is made.
        assert!(evaluate(&with_levers(levers.clone()), catalog()).is_err());
        let change = apply_change(&paper().scenario, catalog(), Change::SetLevers(levers));
        assert!(change.is_err());
    }
    let bounds = [
        Levers {
            vm_lease_cap_hours: Some(1.0),
            gpu_sharing_students: Some(7.0),
            ..Levers::default()
        },
        Levers {
            vm_lease_cap_hours: Some(10_000.0),
            gpu_sharing_students: Some(1.0),
            ..Levers::default()
        },
    ];
    for levers in bounds {
        let applied = apply_change(
            &paper().scenario,
            catalog(),
            Change::SetLevers(levers.clone()),
        )
        .expect("in range");
        assert_eq!(applied.levers, levers);
        assert!(net(&applied).is_finite());
    }
}

/// The hours the paper reports (the fixture's).
fn paper_hours() -> ReportedHours {
    ReportedHours {
        lab_instance_hours: reported("lab_instance_hours"),
        project_instance_hours: reported("project_instance_hours"),
        project_gpu_hours: reported("project_gpu_hours"),
    }
}

/// The paper's hours as an instructor's measured hours on the paper's course.
fn paper_measured() -> MeasuredHours {
    measured_from_reported(&paper().scenario, catalog(), paper_hours()).expect("converts")
}

/// Planned lab VM-hours of the paper's course, by hand from its lab uses: every VM use's
/// students x option share x count x hours. Per student: Lab 1 1 x 3, Lab 2 3 x 4.5, Lab 3
/// 3 x 5, Lab 7 1 x 9, Lab 8 1 x 3 = 43.5 h; x the paper's students = 8,308.5 h.
fn planned_lab_vm_hours() -> f64 {
    paper_lab_uses()
        .filter(|(item, _)| {
            catalog().resource(&item.resource).expect("known").kind == ResourceKind::Vm
        })
        .map(|(item, students)| students * item.count * item.hours)
        .sum()
}

#[test]
fn calibrating_with_the_papers_hours_reproduces_the_presets_factors() {
    let scenario = &paper().scenario;
    let realism = calibrate(scenario, catalog(), paper_hours()).expect("calibrates");
    let want = scenario.realism;
    assert!((realism.labs.vm - want.labs.vm).abs() < 1e-9);
    assert!((realism.project.vm - want.project.vm).abs() < 1e-9);
    assert!((realism.project.bare_metal - want.project.bare_metal).abs() < 1e-9);
    assert_eq!(realism.labs.bare_metal, want.labs.bare_metal);
    // The paper's lab instance-hours less the plan's lab bare metal and edge are lab VM-hours.
    let measured = paper_measured();
    let fixed = calibrate_measured(scenario, catalog(), measured)
        .expect("calibrates")
        .lab_fixed;
    assert!(
        (measured.lab_vm_hours + fixed.bare_metal + fixed.edge - reported("lab_instance_hours"))
            .abs()
            < 1e-6,
        "{measured:?} {fixed:?}"
    );
    assert_eq!(
        measured.project_gpu_hours,
        Some(reported("project_gpu_hours"))
    );
    // Through the change, with levers on: the factors come from the scenario with levers off.
    let levered = with_levers(all_levers());
    let applied = apply_change(&levered, catalog(), Change::Calibrate(measured)).expect("ok");
    assert!((applied.realism.labs.vm - want.labs.vm).abs() < 1e-9);
    assert_eq!(applied.levers, all_levers());
}

#[test]
fn lab_vm_hours_give_measured_over_planned_vm_hours() {
    // 20,000 lab VM-hours against the plan's 8,308.5: 2.407x (not 2.005x, as when they were read
    // as instance-hours and the labs' bare metal and edge were taken off first).
    let planned = planned_lab_vm_hours();
    assert!(
        (planned - 43.5 * reported("students")).abs() < 1e-9,
        "{planned}"
    );
    let measured = MeasuredHours {
        lab_vm_hours: 20_000.0,
        project_vm_hours: None,
        project_gpu_hours: None,
        gpu_unit: GpuHourUnit::NodeHours,
    };
    let applied =
        apply_change(&paper().scenario, catalog(), Change::Calibrate(measured)).expect("ok");
    assert!((applied.realism.labs.vm - 20_000.0 / 8_308.5).abs() < 1e-9);
    assert!((applied.realism.labs.vm - 2.407).abs() < 0.001);
    // Blank project figures keep today's project factors, and nothing else moves.
    let mut want = paper().scenario.realism;
    want.labs.vm = applied.realism.labs.vm;
    assert_eq!(applied.realism, want);
}

#[test]
fn gpu_hours_in_device_hours_give_the_same_factor_as_node_hours() {
    // The project's GPU hours are spread over the pool by share; planned device-hours are the
    // planned node-hours times each type's GPUs: by hand from the preset's pool, GPUs per
    // node-hour = sum of share x GPUs (0.2667 x 1 RTX 6000 + 0.2667 x 1 liqid + 0.1333 x 2 MI100
    // + 0.2667 x 1 gigaio + 0.0667 x 4 A100 = 4/3).
    let s = &paper().scenario;
    let pool = &s.course.project.uses[pooled_use(s)];
    let per_node: f64 = pool
        .pool
        .iter()
        .map(|m| {
            m.share_pct / 100.0
                * f64::from(
                    catalog()
                        .resource(&m.resource)
                        .expect("known")
                        .specs
                        .gpu_count,
                )
        })
        .sum();
    let nodes = paper_measured();
    let devices = MeasuredHours {
        project_gpu_hours: nodes.project_gpu_hours.map(|h| h * per_node),
        gpu_unit: GpuHourUnit::DeviceHours,
        ..nodes
    };
    let by_nodes = calibrated_realism(s, catalog(), nodes).expect("fits");
    let by_devices = calibrated_realism(s, catalog(), devices).expect("fits");
    assert!((by_nodes.project.bare_metal - by_devices.project.bare_metal).abs() < 1e-9);
    // And the paper's GPU node-hours / (54 groups x 8 h x 6 weeks = 2,592 planned) = 2.1088x.
    let gpu_hours = reported("project_gpu_hours");
    assert!((by_nodes.project.bare_metal - gpu_hours / 2_592.0).abs() < 1e-9);
}

#[test]
fn hours_the_model_cannot_reproduce_are_explained_and_not_applied() {
    // GPU hours for a course whose project has no GPU node: nothing to scale, refused.
    let cpu = builtin_presets()
        .expect("presets")
        .iter()
        .find(|p| !p.archived && p.id.starts_with("cpu-only"))
        .expect("the CPU-only preset");
    let gpu = MeasuredHours {
        lab_vm_hours: 5_000.0,
        project_vm_hours: None,
        project_gpu_hours: Some(100.0),
        gpu_unit: GpuHourUnit::NodeHours,
    };
    let fit = calibrate_measured(&cpu.scenario, catalog(), gpu).expect("prices");
    assert_eq!(fit.impossible().len(), 1, "{fit:?}");
    assert_eq!(fit.impossible()[0].target, FitTarget::ProjectGpuNodes);
    assert!(apply_change(&cpu.scenario, catalog(), Change::Calibrate(gpu)).is_err());
    // A factor above the most accepted (1,000x) is refused, never applied.
    let huge = MeasuredHours {
        lab_vm_hours: 1.0e8,
        ..paper_measured()
    };
    assert!(matches!(
        calibrated_realism(&paper().scenario, catalog(), huge),
        Err(CalibrationError::TooLarge("Lab VMs"))
    ));
    assert!(apply_change(&paper().scenario, catalog(), Change::Calibrate(huge)).is_err());
    // No factor is 0 unless 0 hours were typed for it; a blank keeps the factor as it is.
    let blank = MeasuredHours {
        lab_vm_hours: 1.0,
        project_vm_hours: None,
        project_gpu_hours: None,
        gpu_unit: GpuHourUnit::NodeHours,
    };
    let r = calibrated_realism(&paper().scenario, catalog(), blank).expect("fits");
    assert!(r.labs.vm > 0.0);
    assert_eq!(r.project, paper().scenario.realism.project);
    let zero = MeasuredHours {
        project_vm_hours: Some(0.0),
        ..blank
    };
    let r = calibrated_realism(&paper().scenario, catalog(), zero).expect("fits");
    assert_eq!(r.project.vm, 0.0, "typed 0 project VM-hours");
}

#[test]
fn half_the_lab_vm_hours_halve_the_lab_vm_factor() {
    let half = MeasuredHours {
        lab_vm_hours: paper_measured().lab_vm_hours / 2.0,
        ..paper_measured()
    };
    let applied = apply_change(&paper().scenario, catalog(), Change::Calibrate(half)).expect("ok");
    let (old, new) = (paper().scenario.realism.labs.vm, applied.realism.labs.vm);
    // labs.vm = lab VM-hours / planned lab VM-hours: half the hours, half the factor.
    assert!((new - old / 2.0).abs() < 1e-9, "{old} -> {new}");
    // The project's factors do not move.
    let project = paper().scenario.realism.project;
    assert!((applied.realism.project.vm - project.vm).abs() < 1e-9);
    assert!((applied.realism.project.bare_metal - project.bare_metal).abs() < 1e-9);
    // The paper's instance-hours below what the lab bare metal and edge take are refused.
    let too_few = ReportedHours {
        lab_instance_hours: 1.0,
        ..paper_hours()
    };
    assert!(matches!(
        calibrate(&paper().scenario, catalog(), too_few),
        Err(CalibrationError::BelowFixedUse(_))
    ));
}

// ---- Chart data of the Plan view ----

use course_cost::charts::tornado::tornado_chart;
use course_cost::charts::waterfall::{waterfall, BarKind};

#[test]
fn the_waterfalls_lease_cap_bar_is_the_change_in_the_total() {
    let capped = with_levers(all_only_cap());
    let result = savings(&valid(&capped), &capped.levers, catalog()).expect("prices");
    let chart = waterfall(&result, "USD", 1.0);
    let kinds: Vec<BarKind> = chart.bars.iter().map(|b| b.kind).collect();
    assert_eq!(kinds, [BarKind::Start, BarKind::Step, BarKind::End]);
    let change = net(&paper().scenario) - net(&capped);
    assert!((chart.bars[1].amount - change).abs() < 1e-9);
    assert!((chart.bars[2].amount - net(&capped)).abs() < 1e-9);
    assert_eq!(chart.money(&chart.bars[1]), "-$3,186");
    // In another currency every bar is converted at the scenario's rate.
    let euros = waterfall(&result, "EUR", 0.5);
    assert!((euros.bars[0].amount - result.start_usd * 0.5).abs() < 1e-9);
}

#[test]
fn the_tornado_chart_keeps_the_rows_order_and_the_typical_total() {
    let rows = tornado(&paper_valid(), catalog(), paper()).expect("prices");
    let chart = tornado_chart(&rows, "USD", 1.0);
    assert_eq!(chart.bars.len(), rows.len());
    assert_eq!(chart.bars[0].name, rows[0].name);
    assert!((chart.typical - net(&paper().scenario)).abs() < 1e-9);
    let (low, high) = chart.span();
    assert!(low <= chart.typical && chart.typical <= high);
}

#[test]
fn each_tornado_label_is_drawn_on_its_own_bar() {
    use course_cost::charts::tornado::{fitted, labels_on_bars, row_layout};
    let rows = tornado(&paper_valid(), catalog(), paper()).expect("prices");
    let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
    let n = names.len();
    // The panel gives each row 26 CSS pixels and labels are 11 px; at 1x and at a phone's 3x.
    for ratio in [1.0, 3.0] {
        let (row_px, font_px) = (26.0 * ratio, 11.0 * ratio);
        let y = |v: f64| (n as f64 - v) * row_px; // chart units to pixels, y downwards
        let bars: Vec<(f64, f64, &str)> = (0..n)
            .map(|i| {
                (
                    y(row_layout(i, n).bar_high),
                    y(row_layout(i, n).bar_low),
                    names[i],
                )
            })
            .collect();
        let labels: Vec<(f64, f64, &str)> = (0..n)
            .map(|i| {
                let top = y(row_layout(i, n).label_top);
                (top, top + font_px, names[i])
            })
            .collect();
        assert_eq!(labels_on_bars(&bars, &labels), names, "at {ratio}x");
        // The old layout drew each label upwards from 0.95 of its row, onto the bar above it.
        let old: Vec<(f64, f64, &str)> = (0..n)
            .map(|i| {
                let bottom = y((n - 1 - i) as f64 + 0.95);
                (bottom - font_px, bottom, names[i])
            })
            .collect();
        assert_ne!(labels_on_bars(&bars, &old), names);
        // (The second bar then carried the third label: each name one row off its bar.)
        assert_eq!(labels_on_bars(&bars, &old)[1], names[2]);
    }
    // On a phone a long label is cut to the room it has, with an ellipsis.
    let width = |t: &str| t.chars().count() as f64 * 6.0;
    let cut = fitted(names[0], 120.0, width);
    assert!(width(&cut) <= 120.0 && cut.ends_with('…'), "{cut}");
    assert_eq!(fitted("short", 120.0, width), "short");
}

#[test]
#[ignore = "prints the tornado: cargo test --test levers print_the_tornado -- --ignored --nocapture"]
fn print_the_tornado() {
    for r in tornado(&paper_valid(), catalog(), paper()).expect("prices") {
        println!(
            "{:<60} {:>10.2} {:>10.2} {:>10.2}  {:.2}-{:.2}-{:.2} {}",
            r.name,
            r.low_total_usd,
            r.high_total_usd,
            r.swing_usd(),
            r.low_value,
            r.typical_value,
            r.high_value,
            r.unit
        );
    }
}

// ---- Levers as part of the scenario: validated at their own paths, exact in links ----

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use course_cost::model::scenario::field::FieldPath;
use course_cost::model::scenario::levers::LeverField;
use course_cost::model::scenario::validate::validate;
use course_cost::model::share::{decode, encode};

#[test]
fn validation_names_each_lever_setting_by_its_own_path() {
    let stop = |edit: fn(&mut AutoStop)| {
        let mut stop = AutoStop::default();
        edit(&mut stop);
        Levers {
            auto_stop: Some(stop),
            ..Levers::default()
        }
    };
    // Each bad setting, the path it is reported at and why, written out by hand.
    let cases = [
        (
            lease_cap(0.5),
            "levers.vm_lease_cap_hours",
            "must be at least 1",
        ),
        (
            lease_cap(10_001.0),
            "levers.vm_lease_cap_hours",
            "must be at most 10000",
        ),
        (
            stop(|s| s.idle_after_hours = Some(-1.0)),
            "levers.auto_stop.idle_after_hours",
            "cannot be negative",
        ),
        (
            stop(|s| s.night_hours = 25.0),
            "levers.auto_stop.night_hours",
            "must be at most 24",
        ),
        (
            stop(|s| s.idle_share_pct = f64::NAN),
            "levers.auto_stop.idle_share_pct",
            "must be a number",
        ),
        (
            spot_rerun(1_000.5),
            "levers.spot_gpu_rerun_pct",
            "must be at most 1000",
        ),
        (
            sharing(2.5),
            "levers.gpu_sharing_students",
            "must be a whole number",
        ),
        (
            Levers {
                gpu_bound_share_pct: 101.0,
                ..Levers::default()
            },
            "levers.gpu_bound_share_pct",
            "must be at most 100",
        ),
    ];
    for (levers, path, why) in cases {
        let errors = validate(&with_levers(levers.clone()), catalog());
        let shown: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(shown, vec![format!("{path}: {why}")], "{levers:?}");
        assert!(matches!(errors[0].field, FieldPath::Lever(_)));
        assert!(errors.iter().all(|e| e.field != FieldPath::Title));
    }
    // Every setting has its own path, and a setting's field reads the value back.
    let mut paths: Vec<&str> = LeverField::ALL.iter().map(|f| f.path()).collect();
    paths.sort_unstable();
    paths.dedup();
    assert_eq!(paths.len(), LeverField::ALL.len());
    let on = with_levers(Levers::suggested());
    assert!(validate(&on, catalog()).is_empty());
    let cap = FieldPath::Lever(LeverField::LeaseCapHours);
    assert_eq!(cap.number(&on), Levers::suggested().vm_lease_cap_hours);
}

#[test]
fn simulated_runs_below_the_least_say_so() {
    let mut few = paper().scenario.clone();
    few.planning.runs = 99;
    let shown: Vec<String> = validate(&few, catalog())
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        shown,
        vec!["planning.runs: must be at least 100".to_string()]
    );
    few.planning.runs = 100_001;
    let errors = validate(&few, catalog());
    assert_eq!(
        errors[0].to_string(),
        "planning.runs: must be at most 100000"
    );
}

/// A link of `json` (plain, as links were before compression).
fn link_of(json: &str) -> String {
    URL_SAFE_NO_PAD.encode(json)
}

/// The JSON a payload holds, compressed or not.
fn json_in(payload: &str) -> serde_json::Value {
    let bytes = URL_SAFE_NO_PAD.decode(payload).expect("base64");
    let json = miniz_oxide::inflate::decompress_to_vec(&bytes).unwrap_or(bytes);
    serde_json::from_slice(&json).expect("JSON")
}

#[test]
fn an_old_link_with_levers_as_plain_numbers_reads_the_same() {
    // Written as links carried levers before they were exact numbers: every number a JSON
    // number, every key present, a null where a setting is empty.
    let old = format!(
        r#"{{"v":3,"p":"{}","lv":{{"vm_lease_cap_hours":24.5,"auto_stop":{{"idle_after_hours":null,"nightly_stop":true,"night_hours":7.25,"idle_share_pct":90,"include_project":false}},"spot_gpu_rerun_pct":12.5,"gpu_sharing_students":2,"gpu_bound_share_pct":37.5,"right_size":true}}}}"#,
        paper().id
    );
    let decoded = decode(&link_of(&old), catalog()).expect("presets load");
    assert!(decoded.notices.is_empty(), "{:?}", decoded.notices);
    let expected = Levers {
        vm_lease_cap_hours: Some(24.5),
        auto_stop: Some(AutoStop {
            idle_after_hours: None,
            nightly_stop: true,
            night_hours: 7.25,
            idle_share_pct: 90.0,
            include_project: false,
        }),
        spot_gpu_rerun_pct: Some(12.5),
        gpu_sharing_students: Some(2.0),
        gpu_bound_share_pct: 37.5,
        right_size: true,
    };
    assert_eq!(decoded.scenario.levers, expected);
    // Keys left out take the defaults, as they did: the GPU-bound share 50%, auto-stop's own.
    let partial = format!(
        r#"{{"v":3,"p":"{}","lv":{{"right_size":true,"auto_stop":{{}}}}}}"#,
        paper().id
    );
    let decoded = decode(&link_of(&partial), catalog()).expect("presets load");
    let expected = Levers {
        right_size: true,
        auto_stop: Some(AutoStop::default()),
        ..Levers::default()
    };
    assert_eq!(decoded.scenario.levers, expected);
    assert_eq!(decoded.scenario.levers.gpu_bound_share_pct, 50.0);
}

#[test]
fn links_carry_lever_settings_as_exact_numbers() {
    let mut scenario = paper().scenario.clone();
    // 0.1 + 0.2 is not 0.3: only an exact decimal brings these bits back.
    let rerun = 0.1 + 0.2;
    scenario.levers = Levers {
        spot_gpu_rerun_pct: Some(rerun),
        vm_lease_cap_hours: Some(24.0),
        ..Levers::default()
    };
    let payload = encode(&scenario, paper());
    let json = json_in(&payload);
    assert_eq!(json["lv"]["spot_gpu_rerun_pct"], "0.30000000000000004");
    assert_eq!(json["lv"]["vm_lease_cap_hours"], 24);
    let decoded = decode(&payload, catalog()).expect("presets load");
    let read = decoded.scenario.levers.spot_gpu_rerun_pct.expect("on");
    assert_eq!(read.to_bits(), rerun.to_bits());
    assert_eq!(decoded.scenario.levers, scenario.levers);
}
