//! Beyond the paper: the per-student spread, the budget and quota planners, the timeline and the
//! A/B comparison, against hand-computed cases.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::{catalog, estimate, off_by, paper, reported};
use course_cost::model::edit::number::apply_number;
#[allow(unused_imports)]
use course_cost::model::scenario::field::{
    overrun_setting, FieldPath, LabField, PhaseKey, Setting, UseField, UseSite,
};

use course_cost::model::catalog::resource::ResourceKind;
use course_cost::model::planners::budget::plan_budget;
use course_cost::model::planners::diff::difference;
use course_cost::model::planners::spread::{
    lab_split_usd, normal_quantile, simulate, Simulation, SpreadInputs,
};
use course_cost::model::planners::timeline::timeline;
use course_cost::model::testbed::quota::quota;
use course_cost::model::Scenario;

fn paper_inputs(runs: usize) -> SpreadInputs {
    SpreadInputs {
        runs,
        credit_usd: 300.0,
        ..SpreadInputs::of(&estimate(&paper().scenario), &paper().scenario.planning)
    }
}

/// `scenario` keeping in its labs only the uses `keep` accepts (by resource kind).
fn labs_keeping(scenario: &Scenario, keep: fn(ResourceKind) -> bool) -> Scenario {
    let mut s = scenario.clone();
    for option in s.course.labs.iter_mut().flat_map(|l| l.options.iter_mut()) {
        option.uses.retain(|u| {
            catalog()
                .resource(&u.resource)
                .is_some_and(|r| keep(r.kind))
        });
    }
    s
}

/// The closed form of the model (spread.rs): the cost at standard-normal quantile `z` is the VM
/// part x exp(-sigma^2/2 + sigma z) plus what every student pays alike.
fn closed_form(inputs: &SpreadInputs, z: f64) -> f64 {
    let sigma = inputs.sigma;
    inputs.labs_overrun_mean_usd * (-sigma * sigma / 2.0 + sigma * z).exp()
        + inputs.labs_leased_usd
        + inputs.project_share_usd
}

/// The standard normal density at `z`.
fn density(z: f64) -> f64 {
    (-z * z / 2.0).exp() / (2.0 * std::f64::consts::PI).sqrt()
}

/// Four standard errors of a sample quantile, in the standard normal's z: the p-quantile of `n`
/// uniform draws has standard error sqrt(p (1 - p) / n), which the quantile function stretches
/// by 1 / density(z) around z = Phi^-1(p).
fn z_tolerance(p: f64, z: f64, n: f64) -> f64 {
    4.0 * (p * (1.0 - p) / n).sqrt() / density(z)
}

/// Asserts `simulated` lies within the closed form's range at z +- `dz`.
fn assert_within(inputs: &SpreadInputs, what: &str, simulated: f64, z: f64, dz: f64) {
    let (low, high) = (closed_form(inputs, z - dz), closed_form(inputs, z + dz));
    assert!(
        (low..=high).contains(&simulated),
        "{what}: {simulated} outside {low}..{high} (closed form {})",
        closed_form(inputs, z)
    );
}

#[test]
fn the_lab_cost_splits_into_what_can_overrun_and_what_a_lease_bounds() {
    let scenario = &paper().scenario;
    let (overrun, leased) = lab_split_usd(&estimate(scenario));
    // Priced on their own: the labs with only their VMs and volumes (and those VMs' addresses),
    // and with only their bare-metal and edge blocks (and theirs).
    let vms_only = labs_keeping(scenario, |k| {
        !matches!(k, ResourceKind::BareMetal | ResourceKind::Edge)
    });
    let blocks_only = labs_keeping(scenario, |k| {
        matches!(k, ResourceKind::BareMetal | ResourceKind::Edge)
    });
    assert!(off_by(overrun, estimate(&vms_only).labs_per_student_usd()) < 1e-12);
    assert!(off_by(leased, estimate(&blocks_only).labs_per_student_usd()) < 1e-12);
    assert!(off_by(overrun + leased, estimate(scenario).labs_per_student_usd()) < 1e-12);
    // Most of the labs' cost is lease-bounded GPU time. By hand per student (AWS, Spring 2025,
    // each block with its floating IP at $0.005/h): Lab 4 A 0.5 x 3 h x (p4de/2 $20.4829 + IP)
    // = $30.73, B 0.5 x 2 h x (p4de/8 $5.1207 + IP) + 0.5 x 2 h x (p3dn.24xlarge/2 $15.606 + IP)
    // = $20.74; Lab 5 3 h x (p3dn.24xlarge/4 $7.803 + IP) + 3 h x (p4d/8 $4.0966 + IP) = $35.73;
    // Lab 6 0.5 x 3 h x (p4d/8 + IP) + 0.5 x 3 h x (p4de/8 + IP) + 2 h x (t3.medium $0.0416 + IP)
    // + 3 h x (2 g4dn.xlarge $1.052 + IP) = $17.11: $104.30 (the V100 32 GB and MI100 nodes on
    // p3dn.24xlarge's 32 GB V100s since issue 44; $95.89 on p3.8xlarge's 16 GB ones before).
    assert!((104.29..104.31).contains(&leased), "{leased}");
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
    let draws = (inputs.runs * inputs.students) as f64;
    // Mean 1 on the VM part: the mean student is the cost per student of labs and project. The
    // log-normal multiplier's variance is exp(sigma^2) - 1, so the mean of n draws may be off by
    // four standard errors: 4 x VM part x sqrt((exp(sigma^2) - 1) / n).
    let e = estimate(&paper().scenario);
    let mean = e.labs_per_student_usd() + e.project_per_student_usd();
    let sigma = inputs.sigma;
    let mean_tolerance =
        4.0 * inputs.labs_overrun_mean_usd * ((sigma * sigma).exp_m1() / draws).sqrt();
    assert!(
        (result.mean_usd - mean).abs() < mean_tolerance,
        "{} vs {mean} (+- {mean_tolerance})",
        result.mean_usd
    );
    // Normal quantiles z_p from tables: 0, 1.2816, 2.3263; each percentile of the 1.91 million
    // draws within four standard errors of the closed form's.
    for (p, z, simulated) in [
        (0.5, 0.0, result.p50_usd),
        (0.9, 1.281_551_6, result.p90_usd),
        (0.99, 2.326_347_9, result.p99_usd),
    ] {
        let what = format!("p{}", p * 100.0);
        assert_within(&inputs, &what, simulated, z, z_tolerance(p, z, draws));
    }
    assert!(result.p50_usd < result.p90_usd && result.p90_usd < result.p99_usd);
    assert!(result.p99_usd < result.max_usd && result.max_usd <= result.max_p90_usd);
    let shares: f64 = result.histogram.iter().map(|(_, _, s)| s).sum();
    assert!((shares - 1.0).abs() < 1e-9);
    // Nobody pays less than the lease-bounded labs and the project share.
    let floor = inputs.labs_leased_usd + inputs.project_share_usd;
    assert!(result
        .histogram
        .iter()
        .all(|(_, high, s)| *s == 0.0 || *high > floor));
}

#[test]
fn the_most_expensive_student_follows_the_closed_form_and_is_compared_with_the_paper() {
    let inputs = paper_inputs(10_000);
    let result = simulate(inputs);
    // The median largest of 191 draws sits at the 0.5^(1/191) quantile: z = 2.686.
    let m = 0.5_f64.powf(1.0 / 191.0);
    let z = normal_quantile(m);
    assert!((z - 2.686).abs() < 0.001, "{z}");
    // The median of 10,000 runs' largest uniforms: the largest has density 191 m^190, so its
    // sample median's standard error is sqrt(0.25 / runs) / (191 m^190); in z, over density(z).
    let runs = inputs.runs as f64;
    let dz = 4.0 * (0.25 / runs).sqrt() / (191.0 * m.powi(190)) / density(z);
    assert_within(&inputs, "the most expensive student", result.max_usd, z, dz);
    // With only the VM part spread, this model's most expensive student stays under the paper's
    // "more than" the fixture's figure (talk slides), which the page shows as a comparison, not
    // a target.
    let paper_max = reported("most_expensive_student_labs_usd");
    assert!(result.max_labs_usd < paper_max, "{}", result.max_labs_usd);
}

#[test]
fn a_pricier_a100_stand_in_leaves_the_spread_between_students_as_it_was() {
    use course_cost::model::edit::change::{apply_change, Change};
    let scenario = &paper().scenario;
    let snapshot = &scenario.pricing.snapshot;
    // The priciest AWS offer in the scenario's snapshot, found here from the catalog.
    let priciest = catalog()
        .offers_in(snapshot)
        .filter(|o| o.provider == "aws")
        .max_by(|a, b| {
            a.price_in(snapshot)
                .usd
                .total_cmp(&b.price_in(snapshot).usd)
        })
        .expect("AWS offers");
    let pricier = apply_change(
        scenario,
        catalog(),
        Change::ChooseOffer {
            provider: "aws".into(),
            resource: "gpu_a100_pcie".into(),
            offer: priciest.id.to_string(),
        },
    )
    .expect("valid");
    let width = |s: &Scenario| {
        let inputs = SpreadInputs {
            runs: 2_000,
            ..SpreadInputs::of(&estimate(s), &s.planning)
        };
        let r = simulate(inputs);
        r.p99_usd - r.p50_usd
    };
    let ratio = width(&pricier) / width(scenario);
    println!("{}: p99 - p50 {ratio:.4}x", priciest.id);
    assert!((0.85..=1.15).contains(&ratio), "p99 - p50 moved {ratio}x");
    // The old model (the whole lab mean multiplied) widened it by the ratio of the lab means:
    // the audit measured 1.42x, which this test would have caught.
    let whole =
        estimate(&pricier).labs_per_student_usd() / estimate(scenario).labs_per_student_usd();
    println!("whole-lab multiplier would widen it {whole:.4}x");
    assert!(whole > 1.15, "the pricier stand-in costs {whole}x the labs");
}

#[test]
fn students_over_a_credit_match_the_probability() {
    let inputs = paper_inputs(5_000);
    let result = simulate(inputs);
    // P(cost > credit) = 1 - Phi((ln((credit - fixed) / VM part) - mu) / sigma).
    let sigma = inputs.sigma;
    let fixed = inputs.labs_leased_usd + inputs.project_share_usd;
    let x = ((inputs.credit_usd - fixed) / inputs.labs_overrun_mean_usd).ln();
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
    let q = 1.0 - lo;
    let expected = 191.0 * q;
    assert!(expected > 1.0, "{expected}");
    // Students over the credit per run: binomial(191, q), averaged over the runs.
    let tolerance = 4.0 * (191.0 * q * (1.0 - q) / inputs.runs as f64).sqrt();
    assert!(
        (result.over_credit - expected).abs() < tolerance,
        "{} vs {expected} (+- {tolerance})",
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
    let e = estimate(&paper().scenario);
    let mean = e.labs_per_student_usd() + e.project_per_student_usd();
    assert!(off_by(result.max_usd, mean) < 1e-9);
    assert!(off_by(result.p50_usd, mean) < 1e-9);
}

#[test]
fn the_assumed_spread_range_keeps_students_at_or_above_the_labs_plan() {
    use course_cost::model::planners::spread::normal_cdf;
    // spread.rs: lab VMs ran labs.vm times their plan on average, so a multiplier below
    // 1 / labs.vm is a student using less than the plan: P = Phi((ln(1/f) + sigma^2/2) / sigma).
    let f = paper().scenario.realism.labs.vm;
    assert!((f - 12.82).abs() < 0.01, "{f}");
    let below = |sigma: f64| normal_cdf(((1.0 / f).ln() + sigma * sigma / 2.0) / sigma);
    assert!(
        (1.0 / 1_000.0..1.0 / 700.0).contains(&below(0.75)),
        "{}",
        below(0.75)
    );
    assert!((0.015..0.025).contains(&below(1.0)), "{}", below(1.0));
    // The sigma whose median most expensive student reaches the paper's figure (M) of labs: solve
    // VM part x exp(-s^2/2 + 2.686 s) = M - lease-bounded part (the smaller root).
    let inputs = paper_inputs(1);
    let z = normal_quantile(0.5_f64.powf(1.0 / 191.0));
    let target = ((reported("most_expensive_student_labs_usd") - inputs.labs_leased_usd)
        / inputs.labs_overrun_mean_usd)
        .ln();
    let s = z - (z * z - 2.0 * target).sqrt();
    assert!((1.4..1.55).contains(&s), "{s}");
    assert!(
        (0.14..0.2).contains(&below(s)),
        "one in six below the plan: {}",
        below(s)
    );
    // At 0.5 the 99th-percentile student uses exp(-0.125 + 0.5 x 2.3263) = 2.8 times the mean.
    assert!(((-0.125_f64 + 0.5 * 2.326_347_9).exp() - 2.82).abs() < 0.01);
}

#[test]
#[ignore = "prints the spread's figures: cargo test --test planning print_spread -- --ignored --nocapture"]
fn print_spread_figures() {
    let inputs = paper_inputs(10_000);
    let r = simulate(inputs);
    println!("{inputs:?}");
    println!(
        "p50 {:.2} p90 {:.2} p99 {:.2} max {:.2} max labs {:.2}",
        r.p50_usd, r.p90_usd, r.p99_usd, r.max_usd, r.max_labs_usd
    );
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
        labs_overrun_mean_usd: 30.0,
        labs_leased_usd: 70.0,
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

#[test]
fn a_budget_reserve_is_not_spent_on_students() {
    use course_cost::model::scenario::planning::Planning;
    let mut planning = Planning::default();
    assert_eq!(planning.budget_reserve_pct, 0.0, "no reserve unless set");
    assert_eq!(planning.spendable_budget_usd(), planning.budget_usd);
    // A 20% reserve of 50,000: 40,000 to spend, 160 students at 250 each (not 200).
    planning.budget_usd = 50_000.0;
    planning.budget_reserve_pct = 20.0;
    assert_eq!(planning.spendable_budget_usd(), 40_000.0);
    assert_eq!(
        plan_budget(planning.spendable_budget_usd(), 250.0).students_covered,
        160.0
    );
    // Set like any number field, and carried by a link.
    let scenario = apply_number(
        &paper().scenario,
        catalog(),
        FieldPath::from(Setting::BudgetReserve),
        "15",
    )
    .expect("valid");
    assert_eq!(scenario.planning.budget_reserve_pct, 15.0);
    let decoded = course_cost::model::share::decode(
        &course_cost::model::share::encode(&scenario, paper()),
        catalog(),
    )
    .expect("decodes");
    assert_eq!(decoded.scenario, scenario);
    assert!(apply_number(
        &scenario,
        catalog(),
        FieldPath::from(Setting::BudgetReserve),
        "101"
    )
    .is_err());
}

#[test]
fn the_p90_credit_is_one_figure_in_the_spread_the_budget_planner_and_the_su_cap() {
    // Issue 46: the p90 credit read $314.85 on Plan (interpolated from the simulation) and
    // $314.88 on Results (the closed form). By hand: VM part x exp(-sigma^2/2 + sigma z_0.9) +
    // the fixed part, z_0.9 = 1.2815516 (normal tables).
    use course_cost::model::testbed::TestbedTwin;
    let s = &paper().scenario;
    let e = estimate(s);
    let inputs = SpreadInputs::of(&e, &s.planning);
    let sigma = inputs.sigma;
    let by_hand = inputs.labs_overrun_mean_usd * (-sigma * sigma / 2.0 + sigma * 1.281_551_6).exp()
        + inputs.labs_leased_usd
        + inputs.project_share_usd;
    assert!(off_by(inputs.percentile_usd(90.0), by_hand) < 1e-6);
    assert_eq!(s.planning.percentile, 90.0);
    let twin = TestbedTwin::of(s, &e, catalog());
    assert_eq!(twin.cap.usd, inputs.percentile_usd(s.planning.percentile));
    let plan = plan_budget(
        s.planning.budget_usd,
        inputs.percentile_usd(s.planning.percentile),
    );
    assert_eq!(plan.credit_per_student_usd, twin.cap.usd);
}

#[test]
fn students_over_a_credit_read_all_some_or_fewer_than_one() {
    // Issue 46: "About 191 students per course run would cost more than this" for a credit all
    // 191 exceed. Every student pays at least the fixed part (lease-bounded labs and the project
    // share), so a credit under it is exceeded by all; one 100 times the mean by none.
    let base = paper_inputs(200);
    let all = simulate(SpreadInputs {
        credit_usd: base.fixed_usd() * 0.9,
        ..base
    });
    assert_eq!(all.over_credit, 191.0);
    assert_eq!(
        base.over_credit_words(all.over_credit),
        "All 191 students would cost more than this."
    );
    let none = simulate(SpreadInputs {
        credit_usd: base.percentile_usd(50.0) * 100.0,
        ..base
    });
    assert_eq!(
        base.over_credit_words(none.over_credit),
        "Fewer than 1 student per course run would cost more than this."
    );
    let one = SpreadInputs {
        students: 1,
        ..base
    };
    assert_eq!(
        one.over_credit_words(1.0),
        "The one student would cost more than this."
    );
    let some = simulate(base);
    assert!(
        some.over_credit > 1.0 && some.over_credit < 190.0,
        "{}",
        some.over_credit
    );
    assert!(base
        .over_credit_words(some.over_credit)
        .starts_with("About "));
}
