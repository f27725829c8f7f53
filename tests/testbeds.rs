//! The free-testbed twin (issue 35): every resource's SU per hour and the tier thresholds derived
//! here from the published figures (tests/fixtures/testbeds.json, transcribed from the sources
//! apart from src/data/testbeds.toml), the allocation rules worked by hand, and the twin's text.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::{catalog, estimate, off_by, paper, reported};
use course_cost::model::catalog::resource::{Resource, ResourceKind};
use course_cost::model::engine::estimate::Phase;
use course_cost::model::export::{json, markdown};
use course_cost::model::planners::spread::{simulate, SpreadInputs};
use course_cost::model::presets::builtin_presets;
use course_cost::model::scenario::levers::AutoStop;
use course_cost::model::scenario::planning::DEFAULT_CHAMELEON_ALLOCATION_SU;
use course_cost::model::share::{decode, encode};
use course_cost::model::testbed::access_fit::access_fit;
use course_cost::model::testbed::chameleon_fit::chameleon_fit;
use course_cost::model::testbed::cloudbank::fund_check;
use course_cost::model::testbed::request::{chameleon_request, jetstream_request};
use course_cost::model::testbed::su::rates_of;
use course_cost::model::testbed::{words, TestbedTwin, Testbeds};
use course_cost::model::Scenario;
use serde_json::Value;

/// The published figures (tests/fixtures/testbeds.json).
fn published() -> &'static Value {
    static FIXTURE: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    FIXTURE.get_or_init(|| {
        serde_json::from_str(include_str!("fixtures/testbeds.json")).expect("the fixture parses")
    })
}

/// A number of the fixture at `path` (keys separated by `/`).
fn figure(path: &str) -> f64 {
    published()
        .pointer(&format!("/{path}"))
        .and_then(Value::as_f64)
        .unwrap_or_else(|| panic!("the fixture has no {path}"))
}

/// Chameleon's published rate for `resource` (SU per hour), by the rate table's own words: a
/// KVM flavor at its flavor's rate; a node with four A100s at "4x Bare Metal A100 GPU", one A100
/// at "Bare Metal A100 GPU"; any other GPU node at "Specialized (... GPUs before A100)"; a node
/// without GPU at "Base Bare Metal"; edge devices, storage and addresses have no rate.
fn chameleon_rate(resource: &Resource) -> Option<f64> {
    let rate = |name: &str| figure(&format!("chameleon/su_per_hour/{name}"));
    let specs = &resource.specs;
    match resource.kind {
        ResourceKind::Vm => Some(rate(resource.id)),
        ResourceKind::BareMetal if specs.gpu_model.contains("A100") && specs.gpu_count == 4 => {
            Some(rate("4x Bare Metal A100 GPU"))
        }
        ResourceKind::BareMetal if specs.gpu_model.contains("A100") => {
            Some(rate("Bare Metal A100 GPU"))
        }
        ResourceKind::BareMetal if specs.gpu_count > 0 => Some(rate(
            "Specialized (FPGAs, Storage, High RAM, GPUs before A100)",
        )),
        ResourceKind::BareMetal => Some(rate("Base Bare Metal")),
        ResourceKind::Edge | ResourceKind::Storage | ResourceKind::Network => None,
    }
}

/// The rules before July 2025 for `resource`: VMs no SUs, bare metal one per node-hour, GPU
/// nodes times the undated FAQ's multiplier of 1 or 2: (low, high).
fn before_rate(resource: &Resource) -> Option<(f64, f64)> {
    let before = |key: &str| figure(&format!("chameleon/before_july_2025/{key}"));
    chameleon_rate(resource)?;
    Some(match resource.kind {
        ResourceKind::Vm => (before("vm_su_per_hour"), before("vm_su_per_hour")),
        _ => (
            before("bare_metal_su_per_hour") * before("gpu_multiplier/low"),
            before("bare_metal_su_per_hour") * before("gpu_multiplier/high"),
        ),
    })
}

/// Jetstream2's rate for `resource` (SU per hour) by the stated rule: a VM or edge device on the
/// smallest m3 flavor with at least its vCPUs (a Pi 5 has four cores); a GPU node on one g3
/// flavor per GPU, the smallest whose A100 share holds the GPU's memory, else the whole A100
/// (g3.xl); storage and addresses are not charged in SUs.
fn jetstream_rate(resource: &Resource) -> Option<f64> {
    let flavors = &published()["jetstream2"]["flavors"];
    let per_vcpu = |family: &str| figure(&format!("jetstream2/su_per_vcpu_hour/{family}"));
    let vcpu = |flavor: &str| figure(&format!("jetstream2/flavors/{flavor}/vcpu"));
    let specs = &resource.specs;
    match resource.kind {
        ResourceKind::Storage | ResourceKind::Network => None,
        _ if specs.gpu_count > 0 => {
            let holds =
                |f: &str| figure(&format!("jetstream2/flavors/{f}/gpu_mem_gb")) >= specs.gpu_mem_gb;
            let flavor = ["g3.large", "g3.xl"]
                .into_iter()
                .find(|f| holds(f))
                .unwrap_or("g3.xl");
            Some(f64::from(specs.gpu_count) * vcpu(flavor) * per_vcpu("g3"))
        }
        _ => {
            let m3 = ["m3.tiny", "m3.small", "m3.quad"];
            let flavor = m3
                .into_iter()
                .find(|f| vcpu(f) >= f64::from(specs.vcpu))
                .expect("an m3 flavor large enough");
            // The published table's own SU per hour agrees with vCPUs x the m3 rate.
            let listed = flavors[flavor]["su_per_hour"].as_f64().unwrap();
            assert_eq!(listed, vcpu(flavor) * per_vcpu("m3"), "{flavor}");
            Some(listed)
        }
    }
}

#[test]
fn each_resources_su_per_hour_is_the_published_one() {
    let testbeds = Testbeds::builtin();
    for resource in catalog().resources {
        let rates = rates_of(testbeds, resource.id);
        assert_eq!(rates.chameleon, chameleon_rate(resource), "{}", resource.id);
        assert_eq!(
            rates.chameleon_before,
            before_rate(resource),
            "{}",
            resource.id
        );
        assert_eq!(rates.jetstream, jetstream_rate(resource), "{}", resource.id);
        let mapping = testbeds
            .mapping(resource.id)
            .expect("every resource is mapped");
        assert!(!mapping.chameleon_note.is_empty() && !mapping.jetstream_note.is_empty());
    }
    // The one judgment call is said as one: the MI100 is neither an A100 nor named.
    let mi100 = testbeds.mapping("gpu_mi100").unwrap();
    assert!(
        mi100.chameleon_note.starts_with("Assumed"),
        "{}",
        mi100.chameleon_note
    );
    // Edge devices: no Chameleon rate, and Jetstream2 says it has none.
    let pi = testbeds.mapping("raspberrypi5").unwrap();
    assert!(pi.chameleon_note.contains("no published SU rate"));
    assert!(pi.jetstream_note.contains("no edge devices"));
}

/// The project's reserved pool as the course's project page gives it: (resource, nodes, days).
/// "Starting 4/12 through at least 5/1": 19 days from 4/12 to 5/1, a lower bound (20 counting
/// both ends); the 4x A100 node "from 4/12 through 5/6": 24 days (25 counting both ends). The
/// "variable number" types (RTX 6000, gigaio) at the preset's assumed 4 nodes.
const POOL: [(&str, f64, f64); 5] = [
    ("gpu_rtx_6000", 4.0, 19.0),
    ("compute_liqid", 4.0, 19.0),
    ("gpu_mi100", 2.0, 19.0),
    ("compute_gigaio", 4.0, 19.0),
    ("gpu_a100_pcie", 1.0, 24.0),
];

/// The reserved pool by hand: (node-hours, SU at `rate`), each reservation charged for its whole
/// length (Chameleon's lease rule).
fn reserved_by_hand(rate: fn(&Resource) -> Option<f64>) -> (f64, f64) {
    POOL.iter()
        .fold((0.0, 0.0), |(hours, su), (id, nodes, days)| {
            let node_hours = nodes * days * 24.0;
            let resource = catalog().resource(id).unwrap();
            (
                hours + node_hours,
                su + node_hours * rate(resource).unwrap(),
            )
        })
}

/// Jetstream2 credits of `scenario` priced as `result`, by hand: every line's actual hours x its
/// rate (Jetstream2 reserves no nodes), and storage at the published credits per GB, the
/// project's volumes and the largest lab's allocated at once.
fn jetstream_credits_by_hand(scenario: &Scenario, result: &course_cost::model::Estimate) -> f64 {
    let gb = |phase: Phase| -> f64 {
        result
            .lines
            .iter()
            .filter(|l| l.kind == ResourceKind::Storage && l.phase == phase)
            .map(|l| l.count * l.takers)
            .sum()
    };
    let largest_lab = (0..scenario.course.labs.len())
        .map(|i| gb(Phase::Lab(i)))
        .fold(0.0, f64::max);
    let hours: f64 = result
        .lines
        .iter()
        .map(|l| {
            jetstream_rate(catalog().resource(&l.resource).unwrap()).unwrap_or(0.0) * l.actual_hours
        })
        .sum();
    hours + (largest_lab + gb(Phase::Project)) * figure("jetstream2/storage/credits_per_gb")
}

/// The paper's course at actual hours and today's rates, by hand: each line's hours x its rate,
/// but the project's hours on reserved nodes, which their reservation charges (`reserved_by_hand`).
fn paper_su_by_hand(rate: fn(&Resource) -> Option<f64>, planned: bool) -> f64 {
    let result = estimate(&paper().scenario);
    let reserved = |line: &course_cost::model::engine::line::CostLine| {
        line.takers_unit == "groups" && POOL.iter().any(|(id, _, _)| *id == line.resource)
    };
    result
        .lines
        .iter()
        .filter(|line| !reserved(line))
        .map(|line| {
            let resource = catalog().resource(&line.resource).unwrap();
            let hours = if planned {
                line.planned_total_hours
            } else {
                line.actual_hours
            };
            rate(resource).unwrap_or(0.0) * hours
        })
        .sum()
}

#[test]
fn the_paper_course_needs_more_than_one_chameleon_allocation_at_todays_rates() {
    let scenario = &paper().scenario;
    let result = estimate(scenario);
    let twin = TestbedTwin::of(scenario, &result, catalog());
    let lease = reserved_by_hand(chameleon_rate).1;
    let actual = paper_su_by_hand(chameleon_rate, false) + lease;
    let planned = paper_su_by_hand(chameleon_rate, true) + lease;
    assert!(off_by(twin.actual.split.total().chameleon, actual) < 1e-12);
    assert!(off_by(twin.planned.split.total().chameleon, planned) < 1e-12);
    let allocation = figure("chameleon/allocation/su");
    let recharges = (actual / allocation).ceil() - 1.0;
    assert!(recharges >= 1.0, "{actual} SU");
    assert_eq!(twin.actual.chameleon.recharges, recharges);
    assert_eq!(twin.actual.chameleon.recharge_weeks.len() as f64, recharges);
    // The Raspberry Pi has no rate, so the figure is a lower bound, and says so.
    assert!(twin.chameleon_incomplete);

    // Under the rules of the day VMs cost nothing and every GPU node-hour 1 to 2 SU: the low end
    // is the labs' GPU node-hours and the pool's reserved ones, which fit one allocation even at
    // 2 SU.
    let lab_gpu_hours: f64 = result
        .lines
        .iter()
        .filter(|l| l.takers_unit == "students")
        .map(|l| l.gpu_hours)
        .sum();
    let gpu_node_hours = lab_gpu_hours + reserved_by_hand(chameleon_rate).0;
    let before = twin.actual.split.total();
    assert!(off_by(before.before_low, gpu_node_hours) < 1e-12);
    assert!(off_by(before.before_high, 2.0 * gpu_node_hours) < 1e-12);
    assert!(before.before_high <= allocation);
    assert_eq!(twin.actual.chameleon_before.recharges, 0.0);
    // The lesson in allocation terms: the reserved pool is charged whole at planned and at
    // actual hours alike, so the overrun moves only the metered hours; here both need the same
    // number of allocations, and the lesson says so.
    let (before, after) = (
        allocations_for(planned, allocation),
        allocations_for(actual, allocation),
    );
    assert!(before <= after);
    let lesson = words::lesson(&twin.planned, &twin.actual, &Testbeds::builtin().access);
    let said = if before == after {
        format!("needs {after} Chameleon allocations either way")
    } else {
        format!("from {before} to {after} Chameleon allocations")
    };
    assert!(lesson.contains(&said), "{lesson}");

    // Jetstream2 by hand (it reserves no nodes: by the hours used; storage at the published
    // credits per GB allocated, the project's volumes and the largest lab's), and its tier from
    // the published thresholds.
    let per_gb = figure("jetstream2/storage/credits_per_gb");
    let project_gb = reported("project_block_storage_gb") + reported("project_object_storage_gb");
    let used_on_pool: f64 = result
        .lines
        .iter()
        .filter(|l| l.takers_unit == "groups" && POOL.iter().any(|(id, _, _)| *id == l.resource))
        .map(|l| jetstream_rate(catalog().resource(&l.resource).unwrap()).unwrap() * l.actual_hours)
        .sum();
    let storage_gb: f64 = result
        .lines
        .iter()
        .filter(|l| l.takers_unit == "groups" && l.kind == ResourceKind::Storage)
        .map(|l| l.count * l.takers)
        .sum();
    assert!((storage_gb - project_gb).abs() < 1.0, "{storage_gb} GB");
    let credits = jetstream_credits_by_hand(scenario, &result);
    assert!(
        credits >= paper_su_by_hand(jetstream_rate, false) + used_on_pool + storage_gb * per_gb
    );
    assert!(off_by(twin.actual.access.credits, credits) < 1e-12);
    assert_eq!(
        words::tier_name(&twin.actual.access, &Testbeds::builtin().access),
        tier_by_hand(credits)
    );
}

/// Allocations' worth of `su` (at least one).
fn allocations_for(su: f64, allocation: f64) -> f64 {
    (su / allocation).ceil().max(1.0)
}

/// The smallest published tier whose limit holds `credits`, else the tier beyond.
fn tier_by_hand(credits: f64) -> String {
    let tiers = published()["access"]["tiers"].as_array().unwrap();
    tiers
        .iter()
        .find(|t| t["credits"].as_f64().unwrap() >= credits)
        .map_or(published()["access"]["beyond"].as_str().unwrap(), |t| {
            t["name"].as_str().unwrap()
        })
        .to_string()
}

#[test]
fn tiers_follow_the_published_thresholds() {
    let rules = &Testbeds::builtin().access;
    let tiers = published()["access"]["tiers"].as_array().unwrap();
    for tier in tiers {
        let limit = tier["credits"].as_f64().unwrap();
        for credits in [limit - 1.0, limit, limit + 1.0] {
            let fit = access_fit(&[credits], rules);
            assert_eq!(
                words::tier_name(&fit, rules),
                tier_by_hand(credits),
                "{credits}"
            );
        }
    }
    let lifetime = figure("access/lifetime_credits");
    let beyond = access_fit(&[lifetime + 1.0], rules);
    assert_eq!(beyond.tier, None);
    assert!(beyond.over_lifetime);
    // The reference's worked example: planned hours in Explore, actual hours in Discover.
    for case in published()["access"]["worked_example"]["cases"]
        .as_array()
        .unwrap()
    {
        let credits = case[0].as_f64().unwrap();
        let fit = access_fit(&[credits], rules);
        assert_eq!(words::tier_name(&fit, rules), case[1].as_str().unwrap());
    }
    // 439,300 credits: Discover, or Explore with a supplement of 39,300 (half of 400,000 allowed).
    let explore = tiers[0]["credits"].as_f64().unwrap();
    let fit = access_fit(&[439_300.0], rules);
    let supplemented = fit
        .supplemented
        .expect("Explore plus a supplement holds it");
    assert_eq!(supplemented.tier, 0);
    assert!((supplemented.needed - (439_300.0 - explore)).abs() < 1e-9);
    assert_eq!(
        supplemented.allowed,
        explore * figure("access/supplement_share")
    );
    // Accelerate's supplement would pass the lifetime limit, which equals its own: none.
    assert_eq!(access_fit(&[lifetime + 1.0], rules).supplemented, None);
}

#[test]
fn the_first_half_and_the_recharges_fall_in_the_weeks_worked_by_hand() {
    let rules = &Testbeds::builtin().access;
    let half = figure("access/tiers/0/credits") * figure("access/before_report_share");
    // 100,000 credits a week, 300,000 in all (Explore): the first 200,000 are used up in week 3.
    let fit = access_fit(&[100_000.0, 100_000.0, 100_000.0], rules);
    assert_eq!(fit.first_half, half);
    assert_eq!(fit.first_half_until, Some(3));
    assert_eq!(
        access_fit(&[50_000.0, 50_000.0], rules).first_half_until,
        None
    );

    // 45,000 SU over four weeks against 20,000 SU allocations: past 20,000 in week 3 and past
    // 40,000 in week 4, so three allocations, two recharges.
    let allocation = figure("chameleon/allocation/su");
    let fit = chameleon_fit(&[10_000.0, 10_000.0, 10_000.0, 15_000.0], allocation, 6.0);
    assert_eq!((fit.allocations, fit.recharges), (3.0, 2.0));
    assert_eq!(fit.recharge_weeks, vec![3, 4]);
    assert_eq!(fit.periods, 1.0);
    // Exactly two allocations' worth needs two, not three; 30 weeks outlast six months.
    let fit = chameleon_fit(&[20_000.0, 20_000.0], allocation, 6.0);
    assert_eq!((fit.recharges, fit.recharge_weeks), (1.0, vec![2]));
    assert_eq!(chameleon_fit(&[1.0; 30], allocation, 6.0).periods, 2.0);
}

#[test]
fn a_fractional_allocation_is_written_as_the_count_is_worked_out() {
    // 10 SU against allocations of 0.5 SU: 10 / 0.5 = 20 allocations' worth, the first and 19
    // recharges, each of 0.5 SU (whole units would say "1 SU", which 19 recharges contradict).
    let fit = chameleon_fit(&[4.0, 6.0], 0.5, 6.0);
    assert_eq!((fit.allocations, fit.recharges), (20.0, 19.0));
    let text = words::recharges(&fit);
    assert!(
        text.contains("needs 20 allocations' worth: the first 0.5 SU and 19 recharges of 0.5 SU"),
        "{text}"
    );
    // The figure times the count covers the SUs, in the words as in the arithmetic.
    assert!(fit.allocations * 0.5 >= fit.su);
    assert_eq!(words::allocation_su(20_000.0), "20,000 SU");
    assert_eq!(words::allocation_su(0.125), "0.125 SU");
    assert_eq!(words::allocation_su(0.000_25), "0.00025 SU");
}

#[test]
fn twenty_students_on_the_cpu_only_preset_land_in_explore() {
    let preset = builtin_presets()
        .unwrap()
        .iter()
        .find(|p| p.id == "cpu-only-v2")
        .unwrap();
    let mut scenario = preset.scenario.clone();
    scenario.course.students = 20.0;
    let result = estimate(&scenario);
    let twin = TestbedTwin::of(&scenario, &result, catalog());
    let credits = jetstream_credits_by_hand(&scenario, &result);
    assert!(off_by(twin.actual.access.credits, credits) < 1e-12);
    assert_eq!(tier_by_hand(credits), "Explore ACCESS");
    assert_eq!(
        words::tier_name(&twin.actual.access, &Testbeds::builtin().access),
        "Explore ACCESS"
    );
}

#[test]
fn the_student_cap_is_the_spreads_percentile_in_su() {
    let mut scenario = paper().scenario.clone();
    let students = scenario.course.students;
    // No spread: every student uses the mean, so the cap is the course's SUs per student.
    scenario.planning.spread_sigma = 0.0;
    let result = estimate(&scenario);
    let twin = TestbedTwin::of(&scenario, &result, catalog());
    let per_student =
        (paper_su_by_hand(chameleon_rate, false) + reserved_by_hand(chameleon_rate).1) / students;
    assert!(off_by(twin.cap.su, per_student) < 1e-12);
    assert!(off_by(twin.cap.usd, result.totals.per_student_usd) < 1e-9);

    // With a spread, the spread planner's own simulation of the same parts (in SU instead of
    // dollars) puts its 90th percentile where the closed form does.
    scenario.planning.spread_sigma = 0.75;
    scenario.planning.percentile = 90.0;
    let cap = TestbedTwin::of(&scenario, &result, catalog()).cap;
    let simulated = simulate(SpreadInputs {
        labs_overrun_mean_usd: cap.overrun_su,
        labs_leased_usd: cap.fixed_su,
        project_share_usd: 0.0,
        sigma: 0.75,
        students: students as usize,
        runs: 2_000,
        seed: 7,
        credit_usd: 0.0,
    });
    assert!(
        off_by(cap.su, simulated.p90_usd) < 0.01,
        "{} vs {}",
        cap.su,
        simulated.p90_usd
    );
    assert!(cap.su > per_student);
}

/// 10 students, one lab of one m1.medium for 2 hours, nothing else.
fn tiny() -> Scenario {
    let mut scenario = paper().scenario.clone();
    scenario.course.students = 10.0;
    scenario.course.labs.truncate(2);
    scenario.course.labs.remove(0);
    let lab = &mut scenario.course.labs[0];
    lab.options.truncate(1);
    lab.options[0].uses = vec![lab.options[0].uses[0].clone()];
    let only = &mut lab.options[0].uses[0];
    (only.resource, only.count, only.hours) = ("m1.medium".into(), 1.0, 2.0);
    scenario.course.project.uses.clear();
    scenario.capacity.clear();
    scenario.realism.labs.vm = 1.0;
    scenario
}

#[test]
fn auto_stops_idle_hours_in_su_by_hand() {
    let scenario = tiny();
    let result = estimate(&scenario);
    let twin = TestbedTwin::of(&scenario, &result, catalog());
    // The lever's suggested settings: 90% idle, stop after 2 idle hours, nightly 8 of 24 hours.
    // 2 h a VM: 1.8 h idle in one stretch (a day or less), all of it kept by the 2-hour stop,
    // then a night's third taken off: 1.2 h kept, 1.4 h run, 0.6 h removed; 10 VMs: 6 h.
    let stop = AutoStop::default();
    assert_eq!(
        (stop.idle_share_pct, stop.idle_after_hours, stop.night_hours),
        (90.0, Some(2.0), 8.0)
    );
    assert!((twin.idle.hours - 6.0).abs() < 1e-9);
    // m3.small runs at 2 SU/h: 12 SU saved shelved (charged 0%), 6 stopped (50%), 3 suspended
    // (75%); on Chameleon the 6 h are 6 x 0.04 SU, charged all the same.
    let running = 6.0 * figure("jetstream2/flavors/m3.small/su_per_hour");
    let charged = |state: &str| figure(&format!("jetstream2/state_charge_pct/{state}")) / 100.0;
    assert!((twin.idle.shelved_su - running * (1.0 - charged("shelved"))).abs() < 1e-9);
    assert!((twin.idle.stopped_su - running * (1.0 - charged("stopped"))).abs() < 1e-9);
    assert!((twin.idle.suspended_su - running * (1.0 - charged("suspended"))).abs() < 1e-9);
    assert!(
        (twin.idle.chameleon_su - 6.0 * figure("chameleon/su_per_hour/m1.medium")).abs() < 1e-12
    );

    // With the lever on, the estimate lacks those hours; the saving is the same 6 h.
    let mut on = scenario;
    on.levers.auto_stop = Some(AutoStop::default());
    let levered = estimate(&on);
    let twin = TestbedTwin::of(&on, &levered, catalog());
    assert!(twin.idle.lever_on);
    assert!((twin.idle.hours - 6.0).abs() < 1e-9);
}

#[test]
fn the_data_matches_the_published_figures_and_cites_public_sources() {
    let testbeds = Testbeds::builtin();
    let chameleon = &testbeds.chameleon;
    assert_eq!(chameleon.allocation_su, figure("chameleon/allocation/su"));
    assert_eq!(
        chameleon.allocation_months,
        figure("chameleon/allocation/months")
    );
    assert_eq!(DEFAULT_CHAMELEON_ALLOCATION_SU, chameleon.allocation_su);
    let access = &testbeds.access;
    assert_eq!(access.lifetime_credits, figure("access/lifetime_credits"));
    assert_eq!(
        access.before_report_share,
        figure("access/before_report_share")
    );
    assert_eq!(access.supplement_share, figure("access/supplement_share"));
    let js2 = &testbeds.jetstream;
    for (state, pct) in [
        ("shelved", js2.shelved_pct),
        ("stopped", js2.stopped_pct),
        ("suspended", js2.suspended_pct),
    ] {
        assert_eq!(pct, figure(&format!("jetstream2/state_charge_pct/{state}")));
    }
    // Every cited id exists, every source is a public https page with a date, and nothing the
    // page shows cites the maintainers' notes.
    let text = serde_json::to_string(testbeds).unwrap();
    assert!(!text.contains("shared/reference") && !text.contains("[M]"));
    let value: Value = serde_json::from_str(&text).unwrap();
    let mut cited = Vec::new();
    collect_sources(&value, &mut cited);
    assert!(cited.len() > 10);
    for ids in cited {
        for id in ids.split(',') {
            assert!(
                testbeds.sources.iter().any(|s| s.id == id.trim()),
                "unknown source {id}"
            );
        }
    }
    for source in testbeds.sources {
        assert!(source.url.starts_with("https://"), "{}", source.id);
        assert!(!source.date.is_empty() && !source.title.is_empty());
    }
}

/// Every `source` (or `*_source`) string in `value`.
fn collect_sources(value: &Value, into: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, item) in map {
                match item {
                    Value::String(ids) if key == "source" || key.ends_with("_source") => {
                        into.push(ids.clone());
                    }
                    _ => collect_sources(item, into),
                }
            }
        }
        Value::Array(items) => {
            for item in items {
                collect_sources(item, into);
            }
        }
        _ => {}
    }
}

#[test]
fn a_link_carries_the_allocation_and_one_without_it_decodes_as_today() {
    let mut scenario = paper().scenario.clone();
    scenario.planning.chameleon_allocation_su = 50_000.0;
    let decoded = decode(&encode(&scenario, paper()), catalog()).unwrap();
    assert!(decoded.notices.is_empty(), "{:?}", decoded.notices);
    assert_eq!(decoded.scenario.planning.chameleon_allocation_su, 50_000.0);
    // A link made before the setting existed (the default's own) holds the new project's 20,000.
    let old = decode(&encode(&paper().scenario, paper()), catalog()).unwrap();
    assert_eq!(
        old.scenario.planning.chameleon_allocation_su,
        figure("chameleon/allocation/su")
    );
    // Larger allocations, fewer recharges.
    let result = estimate(&scenario);
    let twin = TestbedTwin::of(&scenario, &result, catalog());
    let su = twin.actual.chameleon.su;
    assert_eq!(
        twin.actual.chameleon.recharges,
        (su / 50_000.0).ceil() - 1.0
    );
}

#[test]
fn the_requests_copy_the_figures_with_their_sources_and_the_link() {
    let scenario = &paper().scenario;
    let result = estimate(scenario);
    let twin = TestbedTwin::of(scenario, &result, catalog());
    let link = "https://example.invalid/#s=abc";
    let plain = |t: &str| t.to_string();
    let chameleon = chameleon_request(scenario, &twin, link, &plain);
    // The overrun as the scenario holds it, to two decimals.
    let lab_vms = format!("lab VMs {:.2}x", scenario.realism.labs.vm);
    let su =
        words::su(paper_su_by_hand(chameleon_rate, false) + reserved_by_hand(chameleon_rate).1);
    for needed in [
        su.as_str(),
        "191 students",
        "2025-09-03",
        "https://chameleoncloud.org/blog/2025/09/03/chameleon-changelog-for-august-2025/",
        "2 recharges of 20,000 SU",
        "6,960 node-hours, 29,280 SU",
        "21,864 SU",
        &lab_vms,
        "m1.medium",
        "raspberrypi5",
        link,
    ] {
        assert!(chameleon.contains(needed), "{needed:?} not in {chameleon}");
    }
    // Issue 46: a "we request" sentence, as the ACCESS one has; by hand, the allocations are
    // the SUs over 20,000, rounded up, the first one and the recharges (the SUs with the
    // reserved pool charged for its whole length, issue 44).
    let used_su = paper_su_by_hand(chameleon_rate, false) + reserved_by_hand(chameleon_rate).1;
    let allocations = (used_su / 20_000.0).ceil();
    let request = format!(
        "We request one allocation of 20,000 SU and {} recharges of 20,000 SU ({} in all).",
        allocations - 1.0,
        words::su(allocations * 20_000.0)
    );
    assert!(
        chameleon.contains(&request),
        "{request:?} not in {chameleon}"
    );
    let jetstream = jetstream_request(scenario, &twin, link, &plain);
    let by_hand = jetstream_credits_by_hand(scenario, &result);
    let credits = words::credits(by_hand);
    for needed in [
        credits.as_str(),
        &tier_by_hand(by_hand),
        "https://allocations.access-ci.org/use-credits-overview",
        "2024-07-01",
        link,
    ] {
        assert!(jetstream.contains(needed), "{needed:?} not in {jetstream}");
    }
    // The Markdown export carries both paragraphs (its link in angle brackets) and the JSON the
    // whole twin.
    let md = markdown(scenario, &result, catalog(), link);
    let wrapped = format!("<{link}>");
    assert!(md.contains(&chameleon_request(scenario, &twin, &wrapped, &plain)));
    assert!(md.contains(&jetstream_request(scenario, &twin, &wrapped, &plain)));
    let exported: Value = serde_json::from_str(&json(scenario, &result, link)).unwrap();
    let exported_su = exported["testbeds"]["actual"]["chameleon"]["su"]
        .as_f64()
        .unwrap();
    assert!(off_by(exported_su, twin.actual.chameleon.su) < 1e-12);
}

#[test]
fn a_cloudbank_fund_covers_the_estimate_or_says_by_how_much_it_falls_short() {
    // The paper's course on AWS (more than the paper's "almost" figure) against a fund of that
    // figure, short by the difference.
    let result = estimate(&paper().scenario);
    let total = result.totals.net_usd;
    let fund = reported("course_usd");
    let short = fund_check(fund, total);
    assert!(!short.covers);
    assert!((short.margin_usd - (fund - total)).abs() < 1e-9);
    assert!((short.margin_pct - (fund - total) / total * 100.0).abs() < 1e-9);
    let covered = fund_check(60_000.0, total);
    assert!(covered.covers && covered.margin_usd > 0.0);
    assert_eq!(fund_check(0.0, 0.0).margin_pct, 0.0);
}

#[test]
fn a_cpu_only_course_has_no_su_line_for_rules_that_charge_it_nothing() {
    // Issue 46: "0-0 SU under the rules before July 2025; 0 recharges of 20,000 SU" on the
    // CPU-only preset. The rules before July 2025 did not charge KVM VMs (testbeds.toml: the
    // m1 flavors' before_low and before_high are 0), and the course fits one allocation.
    let preset = course_cost::model::presets::builtin_presets()
        .unwrap()
        .iter()
        .find(|p| p.id.starts_with("cpu-only") && !p.archived)
        .expect("the CPU-only preset");
    let scenario = &preset.scenario;
    let result = estimate(scenario);
    let twin = TestbedTwin::of(scenario, &result, catalog());
    assert_eq!(twin.actual.split.total().before_high, 0.0);
    assert_eq!(twin.actual.chameleon.recharges, 0.0);
    let line = words::testbeds_line(&twin);
    let md = markdown(scenario, &result, catalog(), "https://example.invalid/");
    let request = chameleon_request(scenario, &twin, "x", &|t: &str| t.to_string());
    for text in [&line, &md] {
        assert!(!text.contains("before July 2025"), "{text}");
        assert!(!text.contains("0 recharges"), "{text}");
    }
    assert!(
        request.contains("We request one allocation of 20,000 SU."),
        "{request}"
    );
    // The paper's course keeps both (it is charged under the older rules and needs recharges).
    let paper_twin = TestbedTwin::of(&paper().scenario, &estimate(&paper().scenario), catalog());
    let paper_line = words::testbeds_line(&paper_twin);
    assert!(
        paper_line.contains("under the rules before July 2025"),
        "{paper_line}"
    );
}

#[test]
fn the_reserved_pool_is_charged_for_its_whole_length() {
    // The lease rule (a lease is charged for its whole length, used or not): 14 nodes x 19 days
    // + the 4x A100 node x 24 days = 6,960 node-hours; at today's rates (2 SU for the RTX 6000
    // and MI100 nodes, GPUs before A100; 4 for a one-A100 node; 16 for the 4x A100 node):
    // 4x19x24x2 + 4x19x24x4 + 2x19x24x2 + 4x19x24x4 + 1x24x24x16 = 29,280 SU.
    let (node_hours, su) = reserved_by_hand(chameleon_rate);
    assert_eq!(node_hours, 14.0 * 19.0 * 24.0 + 24.0 * 24.0);
    assert_eq!(node_hours, 6_960.0);
    assert_eq!(su, 29_280.0);
    // Counting both ends of the windows (4/12 through 5/1 is 20 days, through 5/6 is 25) would
    // reserve 7,320 node-hours, 30,720 SU: the twin takes the windows as the preset states them.
    let scenario = &paper().scenario;
    let result = estimate(scenario);
    let twin = TestbedTwin::of(scenario, &result, catalog());
    let pool = twin
        .reserved
        .as_ref()
        .expect("the paper's course reserves a pool");
    assert!(
        (pool.node_hours - node_hours).abs() < 1e-9,
        "{}",
        pool.node_hours
    );
    assert!(
        (pool.lease.chameleon - su).abs() < 1e-9,
        "{}",
        pool.lease.chameleon
    );
    // The other reading, named beside it: the project's reported GPU node-hours at the pool's mean
    // rate by node count, (4x2 + 4x4 + 2x2 + 4x4 + 1x16) / 15 = 4 SU: 21,864 SU.
    let used = reported("project_gpu_hours")
        * (4.0 * 2.0 + 4.0 * 4.0 + 2.0 * 2.0 + 4.0 * 4.0 + 16.0)
        / 15.0;
    assert_eq!(used, 21_864.0);
    assert!(
        (pool.used.chameleon - used).abs() < 1e-6,
        "{}",
        pool.used.chameleon
    );
    // Jetstream2 storage in credits: the project's 9,000 + 1,500 GB (the preset's per-group GB
    // x 54 groups, within a GB of it) at 1 credit per GB.
    let per_gb = figure("jetstream2/storage/credits_per_gb");
    let reported_gb = reported("project_block_storage_gb") + reported("project_object_storage_gb");
    assert!((twin.storage_credits.1 - reported_gb * per_gb).abs() < 1.0);
}
