//! Issue 44, item 3: each uncertainty counted once. The group-size and lab bare-metal rows keep
//! the hours the course reported (its lab instance-hours and project GPU hours, tests/fixtures/paper.json), as the
//! planned-hours row does; the GPU hours' reading (node-hours or device-hours) is a row and a
//! band input; the reserved windows, a lower bound, are a band input. Figures derived by hand.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::by_hand::aws_paper_rate;
use common::{catalog, estimate, expected, paper, reported};
use course_cost::model::planners::interval::sample;
use course_cost::model::planners::pool::assumed_counts;
use course_cost::model::planners::tornado::{scaled, tornado, Knob, RangeOrigin, INPUTS};
use course_cost::model::scenario::setting::Setting;
use course_cost::model::scenario::valid::ValidScenario;

fn input(knob: Knob) -> &'static course_cost::model::planners::tornado::UncertainInput {
    INPUTS.iter().find(|i| i.knob == knob).unwrap()
}

fn lab_hours(result: &course_cost::model::Estimate) -> f64 {
    result.labs.iter().map(|l| l.actual_instance_hours).sum()
}

#[test]
fn the_group_size_row_keeps_the_reported_project_hours() {
    let s = &paper().scenario;
    let assumed = assumed_counts(s, paper());
    let row = input(Knob::Setting(Setting::GroupSize));
    // Groups of 3 and of 4 (the course's own range): 191 / 3 = 64 groups, 191 / 4 = 48.
    for (factor, groups) in [(row.low, 64.0), (row.high, 48.0)] {
        let result = estimate(&scaled(s, &assumed, row, factor));
        assert_eq!(result.groups, groups);
        // The reported project instance-hours and GPU hours are held.
        let project = &result.project;
        assert!((project.actual_instance_hours - reported("project_instance_hours")).abs() < 1e-6);
        assert!((project.gpu_hours - reported("project_gpu_hours")).abs() < 1e-6);
        // So the cost moves by nothing: every project line is priced per hour.
        let total = result.totals.net_usd;
        assert!((total - expected("total_usd")).abs() < 0.005, "{total}");
    }
    // Its range: the group size is sourced, the held hours the reported ones; it says so.
    assert!(row.name.contains("reported project hours held"));
    match row.provenance {
        RangeOrigin::Assumed(why) => {
            let hours = |name: &str| common::whole_dollars(reported(name)).replace('$', "");
            assert!(why.contains(&hours("project_instance_hours")), "{why}");
            assert!(why.contains(&hours("project_gpu_hours")), "{why}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_lab_bare_metal_row_keeps_the_reported_lab_hours() {
    let s = &paper().scenario;
    let assumed = assumed_counts(s, paper());
    let row = input(Knob::Setting(Setting::LabsBareMetal));
    let base = estimate(s);
    let node_hours = |r: &course_cost::model::Estimate| -> f64 {
        r.lines
            .iter()
            .filter(|l| l.takers_unit == "students" && l.gpu_hours > 0.0)
            .map(|l| l.actual_hours)
            .sum()
    };
    for factor in [row.low, row.high] {
        let result = estimate(&scaled(s, &assumed, row, factor));
        // The reported lab instance-hours held...
        assert!((lab_hours(&result) - reported("lab_instance_hours")).abs() < 1e-6);
        // ...while the labs' GPU node-hours move by the factor (leases of 1x: planned hours).
        let moved = node_hours(&result) - node_hours(&base);
        assert!(
            (moved - node_hours(&base) * (factor - 1.0)).abs() < 1e-6,
            "{moved}"
        );
    }
    // At 1.5x the nodes add half their planned hours, which the VMs give back: no more
    // labs reaching 1,480 node-hours past the reported figure.
    let high = estimate(&scaled(s, &assumed, row, 1.5));
    assert!(lab_hours(&high) < reported("lab_instance_hours") + 1e-6);
}

#[test]
fn the_gpu_hour_reading_is_a_row_whose_low_end_is_the_device_hour_reading() {
    let s = &paper().scenario;
    let valid = ValidScenario::new(s.clone(), catalog()).unwrap();
    let rows = tornado(&valid, catalog(), paper()).unwrap();
    let row = rows
        .iter()
        .find(|r| r.name.starts_with("What the reported GPU hours count"))
        .expect("the reading's row");
    // By hand: the pool averages (4x1 + 4x1 + 2x2 + 4x1 + 1x4) / 15 = 20/15 GPUs per node, so
    // G device-hours are G x 15/20 node-hours: a quarter of the G node-hours (and their
    // floating IPs' hours) go, at the pool's by-count hour price.
    let pool = [
        ("gpu_rtx_6000", 4.0),
        ("compute_liqid", 4.0),
        ("gpu_mi100", 2.0),
        ("compute_gigaio", 4.0),
        ("gpu_a100_pcie", 1.0),
    ];
    let rate: f64 = pool.iter().map(|(r, n)| n / 15.0 * aws_paper_rate(r)).sum();
    let g = reported("project_gpu_hours");
    let by_hand =
        expected("total_usd") - g * (1.0 - 15.0 / 20.0) * (rate + aws_paper_rate("floating_ip"));
    assert!(
        (row.low_total_usd - by_hand).abs() < 0.01,
        "{} vs {by_hand}",
        row.low_total_usd
    );
    // The fixture's device-hour reading per student, the same figure.
    let per_student = by_hand / reported("students");
    assert!((per_student - expected("gpu_device_hours_reading_per_student_usd")).abs() < 0.005);
    // Its high end is the node-hours reading, as set.
    assert!((row.high_total_usd - expected("total_usd")).abs() < 0.005);
    assert_eq!((row.low_value, row.high_value), (0.0, 100.0));
}

#[test]
fn the_band_draws_the_reading_and_the_windows() {
    // Both are band inputs: the draws move them (the band's ranges are INPUTS' in order).
    let s = &paper().scenario;
    let valid = ValidScenario::new(s.clone(), catalog()).unwrap();
    let band = sample(&valid, catalog(), paper(), 60, 7).unwrap();
    let knobs: Vec<Knob> = INPUTS.iter().map(|i| i.knob).collect();
    assert!(knobs.contains(&Knob::GpuHourReading) && knobs.contains(&Knob::Windows));
    assert!(band.p10_usd <= band.p90_usd);
    // The windows at the far end: each as long as the pool's longest stated window (the 4x A100
    // node's 24 days, "4/12 through 5/6"), from the stated 19 (a lower bound: "at least 5/1").
    let assumed = assumed_counts(s, paper());
    let longest = scaled(s, &assumed, input(Knob::Windows), 2.0);
    for c in &longest.capacity {
        assert!((c.weeks * 7.0 - 24.0).abs() < 1e-9, "{}", c.weeks * 7.0);
    }
    let stated = scaled(s, &assumed, input(Knob::Windows), 1.0);
    let days: Vec<f64> = stated
        .capacity
        .iter()
        .map(|c| (c.weeks * 7.0).round())
        .collect();
    assert_eq!(days, [19.0, 19.0, 19.0, 19.0, 24.0]);
}
