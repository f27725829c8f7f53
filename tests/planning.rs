//! Beyond the paper: the per-student spread, the budget and quota planners, the timeline and the
//! A/B comparison, against hand-computed cases.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::{catalog, estimate, off_by, paper};
use course_cost::model::edit::number::apply_number;
#[allow(unused_imports)]
use course_cost::model::scenario::field::{
    overrun_setting, FieldPath, LabField, PhaseKey, Setting, UseField, UseSite,
};

use course_cost::model::planners::budget::plan_budget;
use course_cost::model::planners::diff::difference;
use course_cost::model::planners::quota::quota;
use course_cost::model::planners::spread::{
    analytic_percentile, normal_quantile, simulate, Simulation, SpreadInputs,
};
use course_cost::model::planners::timeline::timeline;

fn paper_inputs(runs: usize) -> SpreadInputs {
    let result = estimate(&paper().scenario);
    SpreadInputs {
        labs_mean_usd: result.labs_per_student_usd(),
        project_share_usd: result.project_per_student_usd(),
        sigma: paper().scenario.planning.spread_sigma,
        students: 191,
        runs,
        seed: paper().scenario.planning.seed,
        credit_usd: 300.0,
    }
}

#[test]
fn the_simulation_repeats_exactly_and_does_not_depend_on_slicing() {
    let inputs = paper_inputs(2_000);
    let whole = simulate(inputs);
    let mut sliced = Simulation::new(inputs);
    while !sliced.advance(137) {}
    assert_eq!(sliced.result(), whole);
    assert_eq!(simulate(inputs), whole);
    let other_seed = simulate(SpreadInputs { seed: 7, ..inputs });
    assert_ne!(other_seed.max_usd, whole.max_usd);
}

#[test]
fn the_mean_is_the_courses_mean_and_percentiles_match_the_closed_form() {
    let inputs = paper_inputs(10_000);
    let result = simulate(inputs);
    let mean = inputs.labs_mean_usd + inputs.project_share_usd;
    assert!(
        off_by(result.mean_usd, mean) < 0.01,
        "{} vs {mean}",
        result.mean_usd
    );
    for (p, simulated) in [
        (50.0, result.p50_usd),
        (90.0, result.p90_usd),
        (99.0, result.p99_usd),
    ] {
        let exact = analytic_percentile(&inputs, p);
        assert!(
            off_by(simulated, exact) < 0.01,
            "p{p}: {simulated} vs {exact}"
        );
    }
    assert!(result.p50_usd < result.p90_usd && result.p90_usd < result.p99_usd);
    assert!(result.p99_usd < result.max_usd && result.max_usd <= result.max_p90_usd);
    let shares: f64 = result.histogram.iter().map(|(_, _, s)| s).sum();
    assert!((shares - 1.0).abs() < 1e-9);
}

#[test]
fn the_default_spread_reproduces_the_papers_most_expensive_student() {
    // Talk slides: the most expensive student's labs cost more than $600.
    let result = simulate(paper_inputs(10_000));
    assert!(result.max_labs_usd > 600.0, "{}", result.max_labs_usd);
    assert!(result.max_labs_usd < 700.0, "{}", result.max_labs_usd);
    // The closed form of the median maximum (spread.rs): labs mean x exp(mu + sigma z).
    let inputs = paper_inputs(1);
    let z = normal_quantile(0.5_f64.powf(1.0 / 191.0));
    let sigma = inputs.sigma;
    let exact = inputs.labs_mean_usd * (-sigma * sigma / 2.0 + sigma * z).exp();
    assert!(
        off_by(result.max_labs_usd, exact) < 0.02,
        "{} vs {exact}",
        result.max_labs_usd
    );
}

#[test]
fn students_over_a_credit_match_the_probability() {
    let inputs = paper_inputs(5_000);
    let result = simulate(inputs);
    // P(cost > credit) = 1 - Phi((ln((credit - share)/mean) - mu) / sigma).
    let sigma = inputs.sigma;
    let x = ((inputs.credit_usd - inputs.project_share_usd) / inputs.labs_mean_usd).ln();
    let z = (x + sigma * sigma / 2.0) / sigma;
    // Invert the quantile function numerically for Phi(z).
    let (mut lo, mut hi) = (0.0, 1.0);
    for _ in 0..60 {
        let mid = (lo + hi) / 2.0;
        if normal_quantile(mid) < z {
            lo = mid
        } else {
            hi = mid
        }
    }
    let expected = 191.0 * (1.0 - lo);
    assert!(
        (result.over_credit - expected).abs() < 0.5,
        "{} vs {expected}",
        result.over_credit
    );
}

#[test]
fn zero_spread_means_every_student_costs_the_mean() {
    let inputs = SpreadInputs {
        sigma: 0.0,
        ..paper_inputs(100)
    };
    let result = simulate(inputs);
    let mean = inputs.labs_mean_usd + inputs.project_share_usd;
    assert!(off_by(result.max_usd, mean) < 1e-9);
    assert!(off_by(result.p50_usd, mean) < 0.01);
}

#[test]
fn the_budget_planner_divides_by_the_planned_cost() {
    let plan = plan_budget(50_000.0, 250.0);
    assert_eq!(plan.students_covered, 200.0);
    assert_eq!(plan.credit_per_student_usd, 250.0);
    assert_eq!(plan_budget(49_999.0, 250.0).students_covered, 199.0);
    assert_eq!(plan_budget(1_000.0, 0.0).students_covered, 0.0);
}

#[test]
fn the_quota_for_the_papers_course_is_its_busiest_week() {
    let scenario = &paper().scenario;
    let result = estimate(scenario);
    let weeks = timeline(scenario, &result, catalog());
    let rows = quota(scenario, &result, &weeks, catalog());
    let amount = |item: &str| rows.iter().find(|r| r.item == item).expect(item).amount;
    // Week 14: Labs 3, 7 and 8 are open; each student works on the largest (Lab 3: 3 x m1.medium),
    // and 54 project groups hold 3 m1.medium each: 191 x 3 + 54 x 3 VMs.
    assert_eq!(amount("VM instances at once"), 191.0 * 3.0 + 54.0 * 3.0);
    assert_eq!(amount("vCPUs"), (191.0 * 3.0 + 54.0 * 3.0) * 2.0);
    assert_eq!(amount("Memory"), (191.0 * 3.0 + 54.0 * 3.0) * 4.0);
    // One address per student's lab, two per group.
    assert_eq!(amount("Floating IPs"), 191.0 + 54.0 * 2.0);
    // Lab 8's 4 GB per student and the groups' 166.67 GB.
    assert_eq!(
        amount("Block storage"),
        (191.0 * 4.0 + 54.0 * 166.67_f64).ceil()
    );
    assert_eq!(
        amount("GPU node-hours for the term"),
        result.totals.gpu_hours.ceil()
    );
    // The instructor guide's recipe is the labs-only part: 3 x, 6 x and 12 GB x enrollment.
    let half = apply_number(scenario, catalog(), Setting::Concurrency, "50").expect("valid");
    let r = estimate(&half);
    let rows = quota(&half, &r, &timeline(&half, &r, catalog()), catalog());
    assert_eq!(rows[0].amount, (191.0 * 0.5 * 3.0 + 54.0 * 3.0_f64).ceil());
}

#[test]
fn the_timeline_spends_exactly_the_course_and_flags_colliding_deadlines() {
    let scenario = &paper().scenario;
    let result = estimate(scenario);
    let weeks = timeline(scenario, &result, catalog());
    let spent: f64 = weeks.weeks.iter().map(|w| w.spend_usd).sum();
    assert!(off_by(spent, result.totals.list_usd) < 1e-9);
    assert_eq!(weeks.weeks.len(), 16);
    assert!(weeks.warnings.is_empty(), "{:?}", weeks.warnings);
    // Lab 4 (4x A100, 4x V100, 1x A100 nodes) is due in week 6: its GPUs peak there.
    let peak_week = weeks.weeks[..10]
        .iter()
        .max_by(|a, b| a.peak_gpus.total_cmp(&b.peak_gpus))
        .expect("weeks");
    assert_eq!(peak_week.week, 6);

    // Move Lab 5's deadline onto Lab 4's: a collision.
    let moved = apply_number(
        scenario,
        catalog(),
        FieldPath::Lab {
            lab: 4,
            field: LabField::DueWeek,
        },
        "6",
    )
    .expect("valid");
    let moved = apply_number(
        &moved,
        catalog(),
        FieldPath::Lab {
            lab: 4,
            field: LabField::StartWeek,
        },
        "5",
    )
    .expect("valid");
    let r = estimate(&moved);
    let collided = timeline(&moved, &r, catalog());
    assert_eq!(collided.warnings.len(), 1, "{:?}", collided.warnings);
    assert!(collided.warnings[0].contains("Week 6"));
    assert!(collided.weeks[5].peak_gpus > weeks.weeks[5].peak_gpus);
}

#[test]
fn comparing_a_scenario_with_itself_shows_no_difference() {
    let a = estimate(&paper().scenario);
    assert!(difference(&a, &a).iter().all(|row| row.delta_usd() == 0.0));
    let more = apply_number(&paper().scenario, catalog(), Setting::Students, "250").expect("valid");
    let b = estimate(&more);
    let rows = difference(&a, &b);
    let total = rows.iter().find(|r| r.label == "Total").expect("total row");
    assert!((total.delta_usd() - (b.totals.net_usd - a.totals.net_usd)).abs() < 1e-9);
    let lab1 = rows
        .iter()
        .find(|r| r.label.starts_with("Lab 1"))
        .expect("lab 1");
    assert!((lab1.delta_usd() - a.labs[0].cost_usd * (250.0 / 191.0 - 1.0)).abs() < 1e-6);
}

#[test]
fn a_huge_course_simulates_fewer_runs_so_the_work_stays_bounded() {
    use course_cost::model::planners::spread::{Simulation, SpreadInputs, MAX_DRAWS};
    let simulation = Simulation::new(SpreadInputs {
        labs_mean_usd: 100.0,
        project_share_usd: 50.0,
        sigma: 0.75,
        students: 100_000,
        runs: 100_000,
        seed: 1,
        credit_usd: 100.0,
    });
    let inputs = simulation.inputs();
    assert!(inputs.students * inputs.runs <= MAX_DRAWS.max(100 * inputs.students));
    assert_eq!(inputs.runs, 200);
}

#[test]
fn the_comparison_lists_the_inputs_that_differ() {
    use course_cost::model::catalog::offer::PriceModel;
    use course_cost::model::edit::change::{apply_change, Change};
    use course_cost::model::planners::diff::input_differences;
    let a = paper().scenario.clone();
    assert!(input_differences(&a, &a, catalog()).is_empty());
    let mut b =
        apply_number(&a, catalog(), FieldPath::from(Setting::Students), "100").expect("valid");
    b = apply_change(&b, catalog(), Change::SetProvider("gcp".into())).expect("valid");
    b = apply_change(&b, catalog(), Change::SetPriceModel(PriceModel::Spot)).expect("valid");
    let rows = input_differences(&a, &b, catalog());
    let row = |label: &str| {
        rows.iter()
            .find(|r| r.label == label)
            .map(|r| (r.a.as_str(), r.b.as_str()))
    };
    assert_eq!(row("Students"), Some(("191", "100")));
    assert_eq!(row("Provider"), Some(("AWS", "Google Cloud")));
    assert_eq!(row("Buy instances"), Some(("On demand", "Spot")));
    assert_eq!(rows.len(), 3, "{rows:?}");
}
