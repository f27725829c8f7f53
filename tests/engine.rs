//! The cost engine's invariants, hand-computed cases and its handling of bad input.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::{catalog, estimate, off_by, paper};
use course_cost::model::catalog::offer::PriceModel;
use course_cost::model::catalog::resource::Category;
use course_cost::model::edit::number::{apply_number, parse_number};
#[allow(unused_imports)]
use course_cost::model::scenario::field::{
    overrun_setting, FieldPath, LabField, PhaseKey, Setting, UseField, UseSite,
};

use course_cost::model::scenario::course::{
    Course, Lab, LabOption, Project, ProjectUse, ResourceUse,
};
use course_cost::model::scenario::pricing::Pricing;
use course_cost::model::scenario::realism::Realism;
use course_cost::model::scenario::validate::Problem;
use course_cost::model::testbed::su::chameleon_su;
use course_cost::model::{evaluate, Scenario};

/// 10 students, one lab of one m1.medium for 2 hours, no project, AWS on demand.
fn tiny() -> Scenario {
    Scenario {
        title: String::new(),
        notes: String::new(),
        course: Course {
            students: 10.0,
            term_weeks: 15.0,
            labs: vec![Lab {
                name: "Only lab".into(),
                note: String::new(),
                options: vec![LabOption {
                    name: "VM".into(),
                    share_pct: 100.0,
                    uses: vec![ResourceUse {
                        resource: "m1.medium".into(),
                        count: 1.0,
                        hours: 2.0,
                        floating_ips: 1.0,
                    }],
                }],
                start_week: 1.0,
                due_week: 2.0,
            }],
            project: Project {
                group_size: 4.0,
                weeks: 0.0,
                start_week: 1.0,
                uses: vec![],
            },
        },
        realism: Realism::default(),
        pricing: Pricing {
            provider: "aws".into(),
            region: String::new(),
            snapshot: "spring-2025".into(),
            model: PriceModel::OnDemand,
            rerun_overhead_pct: 0.0,
            discount_pct: 0.0,
            overhead_pct: 0.0,
            credit_per_student_usd: 0.0,
            currency: "USD".into(),
            usd_to_currency: 1.0,
            price_change: Default::default(),
        },
        stand_in_choices: vec![],
        custom_offers: vec![],
        capacity: vec![],
        levers: Default::default(),
        planning: Default::default(),
        resource_factors: vec![],
        bill_note: None,
    }
}

fn first_error_field(scenario: &Scenario) -> (String, Problem) {
    let errors = evaluate(scenario, catalog()).expect_err("scenario is invalid");
    (errors[0].field.to_string(), errors[0].problem.clone())
}

#[test]
fn hand_computed_tiny_course() {
    let result = estimate(&tiny());
    // 10 students x 1 t3.medium x 2 h x $0.0416/h, plus 10 x 1 address x 2 h x $0.005/h.
    let vm = 10.0 * 2.0 * 0.0416;
    let address = 10.0 * 2.0 * 0.005;
    assert!((result.totals.list_usd - (vm + address)).abs() < 1e-12);
    assert_eq!(result.totals.planned_instance_hours, 20.0);
    // 20 m1.medium hours at Chameleon's 0.04 SU/h (tests/testbeds.rs checks the rate).
    assert!((chameleon_su(&result) - 20.0 * 0.04).abs() < 1e-12);
    assert!((result.cost_by_category[Category::CpuCompute.index()] - vm).abs() < 1e-12);
    assert!((result.cost_by_category[Category::Network.index()] - address).abs() < 1e-12);
}

#[test]
fn totals_are_the_sum_of_the_lines_every_way() {
    let result = estimate(&paper().scenario);
    let lines: f64 = result.lines.iter().map(|l| l.cost_usd).sum();
    let labs: f64 = result.labs.iter().map(|l| l.cost_usd).sum();
    let categories: f64 = result.cost_by_category.iter().sum();
    for sum in [lines, labs + result.project.cost_usd, categories] {
        assert!(off_by(sum, result.totals.list_usd) < 1e-12);
    }
    for lab in &result.labs {
        let by_category: f64 = lab.cost_by_category.iter().sum();
        assert!((by_category - lab.cost_usd).abs() < 1e-9);
    }
}

#[test]
fn hand_computed_small_course_with_a_project_overruns_and_reruns() {
    // tiny()'s 10 students and lab, plus a 2-week project in groups of 4 (3 groups), each group
    // holding one m1.medium with its address 10 h a week and 100 GB of block storage all week;
    // lab VMs run 3 times their plan, project VMs twice, storage as planned; spot with 25% re-run.
    let mut scenario = tiny();
    scenario.course.project.weeks = 2.0;
    scenario.course.project.uses = vec![
        ProjectUse {
            resource: "m1.medium".into(),
            count: 1.0,
            hours_per_week: 10.0,
            floating_ips: 1.0,
            note: String::new(),
            pool: vec![],
        },
        ProjectUse {
            resource: "block_storage".into(),
            count: 100.0,
            hours_per_week: 168.0,
            floating_ips: 0.0,
            note: String::new(),
            pool: vec![],
        },
    ];
    scenario.realism.labs.vm = 3.0;
    scenario.realism.project.vm = 2.0;
    let on_demand = estimate(&scenario);
    // AWS, Spring 2025 (prices.md): t3.medium $0.0416/h, public IPv4 $0.005/h, EBS gp3
    // $0.08/GB-month over 730 h a month.
    let labs = 10.0 * 2.0 * 3.0 * (0.0416 + 0.005);
    let project_vm = 3.0 * 10.0 * 2.0 * 2.0 * (0.0416 + 0.005);
    let storage = 3.0 * 100.0 * 168.0 * 2.0 * 0.08 / 730.0;
    let totals = &on_demand.totals;
    assert!((totals.labs_usd - labs).abs() < 1e-9, "{}", totals.labs_usd);
    assert!((totals.list_usd - (labs + project_vm + storage)).abs() < 1e-9);
    assert!((totals.per_student_usd - (labs + project_vm + storage) / 10.0).abs() < 1e-9);
    assert_eq!(on_demand.groups, 3.0);
    // Instance-hours count the VMs, not the addresses or the volumes: 60 + 120.
    assert!((totals.actual_instance_hours - 180.0).abs() < 1e-9);
    // On spot the VMs cost $0.018/h and a quarter more hours are bought; addresses and
    // storage have no spot price.
    scenario.pricing.model = PriceModel::Spot;
    scenario.pricing.rerun_overhead_pct = 25.0;
    let spot = estimate(&scenario).totals;
    let vm_hours = 10.0 * 2.0 * 3.0 + 3.0 * 10.0 * 2.0 * 2.0;
    let spot_by_hand = vm_hours * (0.018 * 1.25 + 0.005) + storage;
    assert!(
        (spot.list_usd - spot_by_hand).abs() < 1e-9,
        "{} vs {spot_by_hand}",
        spot.list_usd
    );
}

#[test]
fn cost_grows_with_students_and_hours() {
    let base = paper().scenario.clone();
    let before = estimate(&base).totals.list_usd;

    let mut more_students = base.clone();
    more_students.course.students = 250.0;
    assert!(estimate(&more_students).totals.list_usd > before);

    let mut longer_lab = base.clone();
    longer_lab.course.labs[1].options[0].uses[0].hours *= 2.0;
    assert!(estimate(&longer_lab).totals.list_usd > before);

    let mut longer_project = base.clone();
    longer_project.course.project.weeks = 8.0;
    assert!(estimate(&longer_project).totals.list_usd > before);

    // Labs scale exactly with enrollment.
    let mut doubled = base;
    doubled.course.students = 382.0;
    let labs = |s: &Scenario| estimate(s).totals.labs_usd;
    assert!(off_by(labs(&doubled), 2.0 * labs(&paper().scenario)) < 1e-12);
}

#[test]
fn discount_overhead_and_credit_apply_in_order() {
    // tiny() lists at 10 x 2 h x ($0.0416 + $0.005) = $0.932; 10% off, 20% overhead on what is
    // left, then a credit of 1 cent for each of the 10 students.
    let mut scenario = tiny();
    scenario.pricing.discount_pct = 10.0;
    scenario.pricing.overhead_pct = 20.0;
    scenario.pricing.credit_per_student_usd = 0.01;
    let totals = estimate(&scenario).totals;
    let expected = 0.932 * 0.9 * 1.2 - 0.1;
    assert!(
        (totals.net_usd - expected).abs() < 1e-12,
        "{}",
        totals.net_usd
    );
    assert!((totals.per_student_usd - expected / 10.0).abs() < 1e-12);

    // A credit larger than the bill leaves nothing to pay, never a negative bill.
    scenario.pricing.credit_per_student_usd = 100_000.0;
    assert_eq!(estimate(&scenario).totals.net_usd, 0.0);
}

#[test]
fn spot_uses_spot_prices_where_known_and_says_where_not() {
    let mut scenario = tiny();
    scenario.pricing.model = PriceModel::Spot;
    scenario.pricing.rerun_overhead_pct = 25.0;
    let result = estimate(&scenario);
    let vm = &result.lines[0];
    assert_eq!(vm.model, PriceModel::Spot);
    // t3.medium spot $0.018/h (prices.md s.8), 25% re-run.
    assert!((vm.cost_usd - 10.0 * 2.0 * 0.018 * 1.25).abs() < 1e-12);
    // Addresses are never spot.
    assert_eq!(result.lines[1].model, PriceModel::OnDemand);

    let mut gpu = paper().scenario.clone();
    gpu.pricing.model = PriceModel::Spot;
    let result = estimate(&gpu);
    assert!(result.lines.iter().any(|l| l.spot_missing));
    assert!(result.warnings.iter().any(|w| w.contains("p4d.24xlarge")));
}

#[test]
fn snapshots_change_only_what_changed() {
    let mut latest = paper().scenario.clone();
    latest.pricing.snapshot = "latest".into();
    let spring = estimate(&paper().scenario);
    let now = estimate(&latest);
    // AWS cut P4d prices in June 2025: Lab 4 option A is cheaper now, the VM labs are not.
    assert!(now.labs[3].cost_usd < spring.labs[3].cost_usd);
    assert_eq!(now.labs[1].cost_usd, spring.labs[1].cost_usd);
}

#[test]
fn every_provider_prices_every_preset() {
    for preset in course_cost::model::presets::builtin_presets().expect("presets parse") {
        for provider in catalog().providers {
            let mut scenario = preset.scenario.clone();
            scenario.pricing.provider = provider.id.to_string();
            let result = estimate(&scenario);
            assert!(
                result.totals.net_usd > 0.0,
                "{} on {}",
                preset.id,
                provider.id
            );
        }
    }
}

#[test]
fn invalid_numbers_name_their_field() {
    let mut scenario = tiny();
    scenario.course.students = f64::NAN;
    assert_eq!(
        first_error_field(&scenario),
        ("course.students".into(), Problem::NotFinite)
    );

    let mut scenario = tiny();
    scenario.course.labs[0].options[0].uses[0].hours = -1.0;
    assert_eq!(
        first_error_field(&scenario),
        (
            "course.labs[0].options[0].uses[0].hours".into(),
            Problem::Negative
        )
    );

    let mut scenario = tiny();
    scenario.course.labs[0].options[0].uses[0].count = f64::INFINITY;
    assert_eq!(first_error_field(&scenario).1, Problem::NotFinite);

    let mut scenario = tiny();
    scenario.course.students = 1e12;
    assert!(matches!(
        first_error_field(&scenario).1,
        Problem::TooLarge { .. }
    ));

    let mut scenario = tiny();
    scenario.course.students = 10.5;
    assert_eq!(first_error_field(&scenario).1, Problem::NotWhole);

    let mut scenario = tiny();
    scenario.course.labs[0].options[0].share_pct = 60.0;
    assert_eq!(
        first_error_field(&scenario),
        (
            "course.labs[0].options".into(),
            Problem::SharesDoNotSum { sum_pct: 60.0 }
        )
    );

    let mut scenario = tiny();
    scenario.course.labs[0].options[0].uses[0].resource = "m9.huge".into();
    assert!(matches!(
        first_error_field(&scenario).1,
        Problem::Unknown {
            what: "resource",
            ..
        }
    ));

    let mut scenario = tiny();
    scenario.pricing.provider = "nowhere".into();
    assert_eq!(first_error_field(&scenario).0, "pricing.provider");

    let mut scenario = tiny();
    scenario.course.labs = vec![scenario.course.labs[0].clone(); 10_000];
    assert!(matches!(
        first_error_field(&scenario).1,
        Problem::TooMany { .. }
    ));
}

#[test]
fn an_edit_commits_only_when_the_scenario_stays_valid() {
    let scenario = paper().scenario.clone();
    let edited = apply_number(&scenario, catalog(), Setting::Students, " 1,200 ")
        .expect("a valid enrollment");
    assert_eq!(edited.course.students, 1200.0);

    let message = apply_number(&scenario, catalog(), Setting::Students, "-5")
        .expect_err("negative enrollment");
    assert_eq!(message, "cannot be negative");
    assert!(apply_number(&scenario, catalog(), Setting::Students, "abc")
        .expect_err("not a number")
        .contains("not a number"));
    assert_eq!(
        apply_number(&scenario, catalog(), Setting::Students, "").expect_err("empty"),
        "enter a number"
    );
    // An index past the lists is refused, not a panic.
    let gone = FieldPath::lab_use(99, 0, 0, UseField::Hours);
    assert!(apply_number(&scenario, catalog(), gone, "3").is_err());
}

#[test]
fn setting_one_share_rebalances_the_others() {
    let scenario = paper().scenario.clone();
    let lab4 = FieldPath::lab_share(3, 0);
    let edited = apply_number(&scenario, catalog(), lab4, "80").expect("valid share");
    let shares: Vec<f64> = edited.course.labs[3]
        .options
        .iter()
        .map(|o| o.share_pct)
        .collect();
    assert_eq!(shares, vec![80.0, 20.0]);
    assert!(apply_number(&scenario, catalog(), lab4, "120").is_err());
}

#[test]
fn parse_number_accepts_what_people_type() {
    assert_eq!(parse_number("$1,234.5"), Ok(1234.5));
    assert_eq!(parse_number("12%"), Ok(12.0));
    assert_eq!(parse_number("1e3"), Ok(1000.0));
    assert!(parse_number("inf").is_err());
    assert!(parse_number("NaN").is_err());
}

#[test]
fn the_pricing_line_names_the_price_model_and_every_provider_used() {
    use course_cost::model::catalog::offer::PriceModel;
    use course_cost::model::edit::change::{apply_change, Change};
    use course_cost::model::engine::priced_by::{model_words, pricing_line};
    let on = |scenario: &course_cost::model::Scenario, change| {
        apply_change(scenario, catalog(), change).expect("valid")
    };
    let paper = paper().scenario.clone();
    let aws = estimate(&paper);
    // The provider with its region (the default one: the paper's course is on AWS us-east-1).
    let line = pricing_line(catalog(), &paper.pricing, &aws);
    assert!(
        line.starts_with("AWS us-east-1 (US East, N. Virginia), on demand, "),
        "{line}"
    );
    // Google Cloud bought spot: the line says spot, never "on-demand list prices".
    let gcp = on(&paper, Change::SetProvider("gcp".into()));
    let spot = on(&gcp, Change::SetPriceModel(PriceModel::Spot));
    let words = model_words(&spot.pricing, &estimate(&spot));
    assert!(words.starts_with("spot"), "{words}");
    // Lambda prices VMs, storage and addresses on AWS: both are named.
    let lambda = on(&paper, Change::SetProvider("lambda".into()));
    let line = pricing_line(catalog(), &lambda.pricing, &estimate(&lambda));
    assert!(
        line.starts_with("Lambda (GPU cloud), one price in every region, on demand, "),
        "{line}"
    );
    assert!(
        line.ends_with("; also AWS us-east-1 (US East, N. Virginia)"),
        "{line}"
    );
}
