//! Golden tests: the default scenario against the paper's published figures. Every figure of the
//! paper is read from tests/fixtures/paper.json; in the derivations below, G is the project's
//! GPU node-hours it reports and S its students.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::by_hand::{aws_paper_rate, aws_rate};
use common::{
    by_hand, catalog, estimate, expected, expected_pool_cases, off_by, paper, reported,
    reported_range,
};
use course_cost::model::engine::calibrate::calibrate;

/// The catalog snapshot of the paper's course: AWS's Spring 2025 prices.
const SPRING_2025: &str = "spring-2025";

#[test]
fn default_scenario_reproduces_the_reported_instance_hours_exactly() {
    let result = estimate(&paper().scenario);
    assert_eq!(result.students, reported("students"));
    let labs: f64 = result.labs.iter().map(|l| l.actual_instance_hours).sum();
    assert_eq!(labs.round(), reported("lab_instance_hours"));
    let project = &result.project;
    assert_eq!(
        project.actual_instance_hours.round(),
        reported("project_instance_hours")
    );
    assert_eq!(project.gpu_hours.round(), reported("project_gpu_hours"));
    let total = result.totals.actual_instance_hours;
    assert_eq!(total.round(), reported("instance_hours"));
    // Rounding hides at most float noise, not a modelling gap.
    assert!((total - reported("instance_hours")).abs() < 1e-6);
}

#[test]
fn stored_overrun_factors_are_the_calibrated_ones() {
    let preset = paper();
    let figures = preset
        .paper
        .as_ref()
        .expect("the paper preset carries its figures");
    let derived = calibrate(&preset.scenario, catalog(), figures.hours).expect("calibrates");
    let stored = preset.scenario.realism;
    for (derived, stored) in [
        (derived.labs.vm, stored.labs.vm),
        (derived.project.vm, stored.project.vm),
        (derived.project.bare_metal, stored.project.bare_metal),
        (derived.labs.bare_metal, stored.labs.bare_metal),
        (derived.project.storage, stored.project.storage),
    ] {
        assert!((derived - stored).abs() < 1e-12, "{derived} vs {stored}");
    }
    // The paper's lesson in numbers: lab VMs ran many times their plan.
    assert!(stored.labs.vm > 8.0);
}

#[test]
fn planned_lab_hours_match_the_lab_texts() {
    // course-labs.md s.1b derives 54-68 planned instance-hours per student from the lab texts.
    let result = estimate(&paper().scenario);
    let planned: f64 = result.labs.iter().map(|l| l.planned_instance_hours).sum();
    let per_student = planned / reported("students");
    assert!(
        (54.0..=68.0).contains(&per_student),
        "{per_student} planned lab instance-hours per student"
    );
}

/// What the default costs the course (labs, project; USD), computed here by hand from the preset's
/// plan and overrun factors and the AWS stand-ins' Spring 2025 prices, without the engine:
/// hours x overrun x (instances x hour price + floating IPs x the address's hour price)
/// (`common::by_hand`).
fn by_hand_course_usd() -> (f64, f64) {
    let s = &paper().scenario;
    assert_eq!(s.course.students, reported("students"));
    // The paper's students in groups of 3.6: 54 groups, each using the project's uses for 6 weeks.
    assert_eq!(by_hand::groups(s), expected("groups"));
    by_hand::list_cost(s)
}

/// The paper's project GPU node-hours, G (talk slides, in the fixture).
fn gpu_hours() -> f64 {
    reported("project_gpu_hours")
}

/// The paper's students, S (SC25 abstract, in the fixture).
fn students() -> f64 {
    reported("students")
}

/// [`by_hand_course_usd`] per enrolled student (labs, project; USD).
fn by_hand_per_student() -> (f64, f64) {
    let (labs, project) = by_hand_course_usd();
    let students = reported("students");
    (labs / students, project / students)
}

#[test]
fn labs_on_aws_spring_2025_land_near_the_papers_range() {
    // Talk slides: labs cost the fixture's range per student on a commercial cloud; the goal is
    // within 20%. Since the V100 32 GB and MI100 32 GB nodes stand on p3dn.24xlarge's 32 GB V100s
    // (the fit rule, issue 44) the labs sit above the range's top, within the goal.
    let (low, high) = reported_range("labs_per_student_usd");
    let result = estimate(&paper().scenario);
    let labs = result.labs_per_student_usd();
    assert!(
        (low * 0.8..=high * 1.2).contains(&labs),
        "labs cost ${labs:.2} per student"
    );
    // The hand computation (m1.large is a 4 vCPU / 8 GB flavor, so its AWS stand-in is
    // t3.xlarge) is the fixture's figure to the cent, inside the paper's range.
    let (by_hand, _) = by_hand_per_student();
    assert!((labs - by_hand).abs() < 1e-9, "${labs:.4} vs ${by_hand:.4}");
    assert!(by_hand > high && by_hand < high * 1.2, "${by_hand:.2}");
    assert!((by_hand - expected("labs_per_student_usd")).abs() < 0.005);
}

#[test]
fn total_on_aws_spring_2025_is_near_the_papers_250_per_student() {
    // SC25 abstract: the fixture's "about" figure per student; the goal was within 15%, with no
    // price bent. The project's GPU node-hours G are spread over the pool the course reserved, by
    // node count; by hand the total lands 21% above the paper (README.md, "How close to the
    // paper"), of which 6 points are the V100 32 GB and MI100 32 GB nodes on p3dn.24xlarge's
    // 32 GB V100s, where the fit rule puts them (issue 44): no price is bent to close the gap.
    let totals = estimate(&paper().scenario).totals;
    let (labs, project) = by_hand_course_usd();
    assert!(
        (totals.net_usd - (labs + project)).abs() < 1e-6,
        "${:.4}",
        totals.net_usd
    );
    let (labs_each, project_each) = by_hand_per_student();
    let per_student = totals.per_student_usd;
    assert!(
        (per_student - (labs_each + project_each)).abs() < 1e-9,
        "${per_student:.4}"
    );
    assert!(
        off_by(per_student, reported("per_student_usd")) < 0.25,
        "${per_student:.2}"
    );
    // The fixture's figures (which the browser tests compare the page with) are these, to the cent.
    assert!((labs + project - expected("total_usd")).abs() < 0.005);
    assert!((labs_each + project_each - expected("per_student_usd")).abs() < 0.005);
}

#[test]
fn project_storage_matches_the_reported_volumes() {
    let scenario = &paper().scenario;
    let result = estimate(scenario);
    let weeks = scenario.course.project.weeks;
    let stored_gb = |resource: &str| -> f64 {
        result
            .lines
            .iter()
            .filter(|l| l.resource == resource && l.takers_unit == "groups")
            .map(|l| l.actual_hours / (weeks * 168.0))
            .sum()
    };
    let block = reported("project_block_storage_gb");
    assert!(off_by(stored_gb("block_storage"), block) < 0.001);
    let object = reported("project_object_storage_gb");
    assert!(off_by(stored_gb("object_storage"), object) < 0.001);
    assert_eq!(result.groups, expected("groups"));
}

#[test]
fn the_project_pool_fits_its_reserved_capacity() {
    let result = estimate(&paper().scenario);
    assert_eq!(result.capacity.len(), 5);
    for check in &result.capacity {
        assert!(!check.exceeded(), "{check:?}");
    }
    // Two MI100 nodes from 4/12 "through at least 5/1" (the course's project page) supply
    // 2 x 19 days x 24 h = 912 node-hours; the one 4x A100 node, 4/12-5/6, 24 x 24 = 576.
    let mi100 = result.capacity.iter().find(|c| c.resource == "gpu_mi100");
    let mi100 = mi100.expect("the MI100 pool");
    assert!((mi100.available_hours - 912.0).abs() < 1e-9);
    let a100 = result
        .capacity
        .iter()
        .find(|c| c.resource == "gpu_a100_pcie");
    assert!((a100.expect("the 4x A100 node").available_hours - 576.0).abs() < 1e-9);
    assert!((mi100.needed_hours - gpu_hours() * 2.0 / 15.0).abs() < 1e-6);
}

#[test]
fn the_old_all_on_mi100_mapping_and_a_huge_class_exceed_the_pool() {
    let mut all_on_mi100 = paper().scenario.clone();
    for project_use in &mut all_on_mi100.course.project.uses {
        if !project_use.pool.is_empty() {
            project_use.pool.clear();
            project_use.resource = "gpu_mi100".into();
        }
    }
    let result = estimate(&all_on_mi100);
    let exceeded = exceeded_types(&result);
    assert_eq!(exceeded, vec!["gpu_mi100"]);

    let mut huge = paper().scenario.clone();
    huge.course.students = 2_000.0;
    assert!(estimate(&huge).capacity.iter().any(|c| c.exceeded()));
}

#[test]
fn gpu_hours_are_node_hours_and_device_hours_are_shown_beside_them() {
    let result = estimate(&paper().scenario);
    // The paper's G "GPU hours" read as node-hours; on 1-, 2- and 4-GPU nodes the pool's
    // device-hours are (4 + 4 + 2x2 + 4 + 4) / 15 = 1.333 times as many.
    assert!(off_by(result.project.gpu_hours, gpu_hours()) < 1e-9);
    assert!(off_by(result.project.gpu_device_hours, gpu_hours() * 20.0 / 15.0) < 1e-9);
}

#[test]
fn the_gap_to_the_paper_is_one_line_with_its_largest_reason() {
    use course_cost::model::presets::paper_gap::PaperGap;
    let preset = paper();
    let figures = preset.paper.as_ref().expect("the paper's figures");
    let gap = PaperGap::new(&estimate(&preset.scenario), figures);
    // The hand-computed total against the abstract's per-student figure: 15% above it.
    let (labs, project) = by_hand_per_student();
    let paper_usd = reported("per_student_usd");
    let relative = (labs + project) / paper_usd - 1.0;
    assert!(
        (gap.relative() - relative).abs() < 1e-9,
        "{}",
        gap.relative()
    );
    let line = gap.sentence(|usd| format!("${usd:.0}"));
    let words = format!(
        "${:.0} per student: {:.0}% above the paper's ${paper_usd:.0}.",
        expected("per_student_usd"),
        relative * 100.0
    );
    assert!(line.starts_with(&words), "{line} vs {words}");
    assert!(line.contains("group project"), "{line}");
}

#[test]
fn sensitivity_of_the_total_to_the_gpu_hour_reading_and_the_pool_weights() {
    // Read the paper's G "GPU hours" as GPU-device-hours: the pool averages 20/15 GPUs per
    // node, so the project's GPU nodes ran 15/20 as many node-hours.
    let mut device = paper().scenario.clone();
    device.realism.project.bare_metal *= 15.0 / 20.0;
    let device_total = estimate(&device).totals.per_student_usd;
    // Weight the pool by node type (five types, 20% each) instead of by node count.
    let mut even = paper().scenario.clone();
    for project_use in &mut even.course.project.uses {
        for member in &mut project_use.pool {
            member.share_pct = 20.0;
        }
    }
    let even_total = estimate(&even).totals.per_student_usd;
    // By hand, from the pool's hour prices (AWS stand-ins, Spring 2025): the device-hours
    // reading removes a quarter of the G node-hours and of their floating IPs' hours; even
    // weights move the G hours from the by-count mix to 20% per type.
    let base = estimate(&paper().scenario).totals.per_student_usd;
    let by_count_rate = pool_rate(by_count(4.0));
    let address = aws_paper_rate("floating_ip");
    let device_by_hand =
        base - gpu_hours() * (1.0 - 15.0 / 20.0) * (by_count_rate + address) / students();
    let even_rate = pool_rate(pool_nodes(4.0).into_iter().map(|(r, _)| (r, 0.2)));
    let even_by_hand = base + gpu_hours() / students() * (even_rate - by_count_rate);
    println!("device-hours reading: ${device_total:.2}; even pool: ${even_total:.2}");
    assert!(
        (device_total - device_by_hand).abs() < 1e-6,
        "{device_total} vs {device_by_hand}"
    );
    assert!(
        (even_total - even_by_hand).abs() < 1e-6,
        "{even_total} vs {even_by_hand}"
    );
    // The numbers audit with even weights; README as device-hours (the fixture's figures).
    let even = expected("even_pool_weights_per_student_usd");
    assert!((even_total - even).abs() < 0.005, "{even_total}");
    let device = expected("gpu_device_hours_reading_per_student_usd");
    assert!((device_total - device).abs() < 0.005, "{device_total}");
}

#[test]
#[ignore = "prints the default's breakdown for the closing note: cargo test --test golden -- --ignored --nocapture"]
fn print_the_default_breakdown() {
    use course_cost::model::catalog::resource::Category;
    let result = estimate(&paper().scenario);
    let students = result.students;
    println!("labs ${:.2}/student", result.labs_per_student_usd());
    // The fixture's figures, by hand (tests/fixtures/paper.json's default_scenario).
    let (labs, project) = by_hand_course_usd();
    let (labs_each, project_each) = by_hand_per_student();
    let total_each = labs_each + project_each;
    println!(
        "by hand: labs ${labs_each:.4}/student, total ${total_each:.4}/student, ${:.4} in all",
        labs + project
    );
    for units in [3.0, 4.0, 8.0] {
        let case = total_each
            + gpu_hours() / self::students()
                * (pool_rate(by_count(units)) - pool_rate(by_count(4.0)));
        println!("by hand: {units} nodes each ${case:.4}/student");
    }
    let by_count_rate = pool_rate(by_count(4.0));
    let address = aws_paper_rate("floating_ip");
    let device = total_each
        - gpu_hours() * (1.0 - 15.0 / 20.0) * (by_count_rate + address) / self::students();
    let even_rate = pool_rate(pool_nodes(4.0).into_iter().map(|(r, _)| (r, 0.2)));
    let even = total_each + gpu_hours() / self::students() * (even_rate - by_count_rate);
    println!("by hand: device-hours reading ${device:.4}, even pool ${even:.4}");
    let mut by: std::collections::BTreeMap<String, f64> = Default::default();
    for line in result.lines.iter().filter(|l| l.takers_unit == "groups") {
        let key = if line.category == Category::Gpu {
            format!("project GPU {}", line.resource)
        } else {
            format!("project {:?} {}", line.category, line.resource)
        };
        *by.entry(key).or_default() += line.cost_usd;
    }
    for (key, usd) in by {
        println!("{key}: ${usd:.0} (${:.2}/student)", usd / students);
    }
    for (i, c) in Category::ALL.iter().enumerate() {
        println!("all {:?}: ${:.0}", c, result.cost_by_category[i]);
    }
}

// ---- The project pool's assumptions (issue 18, item 2) ----

use course_cost::model::planners::pool::{
    assumed_counts, fewest_nodes_together, pool_range, weighted_by_count, with_counts,
};
use course_cost::model::scenario::field::{CapacityField, FieldPath};
use course_cost::model::scenario::provenance::{provenance_of, ProvenanceKind};

/// The pool of the paper's course as the course's project page lists it: (type, nodes), the
/// two "variable number" types at `variable` nodes each.
fn pool_nodes(variable: f64) -> [(&'static str, f64); 5] {
    [
        ("gpu_rtx_6000", variable),
        ("compute_liqid", 4.0),
        ("gpu_mi100", 2.0),
        ("compute_gigaio", variable),
        ("gpu_a100_pcie", 1.0),
    ]
}

/// Hour price of the pool when its hours are weighted by `weights` (share per type).
fn pool_rate(weights: impl Iterator<Item = (&'static str, f64)>) -> f64 {
    weights
        .map(|(resource, w)| w * aws_rate(resource, SPRING_2025))
        .sum()
}

fn by_count(variable: f64) -> impl Iterator<Item = (&'static str, f64)> {
    let nodes = pool_nodes(variable);
    let total: f64 = nodes.iter().map(|(_, n)| n).sum();
    nodes.into_iter().map(move |(r, n)| (r, n / total))
}

#[test]
fn the_variable_node_counts_are_assumed_and_the_reserved_ones_sourced() {
    let preset = paper();
    let scenario = &preset.scenario;
    let kind = |index| {
        let field = FieldPath::Capacity {
            index,
            field: CapacityField::Units,
        };
        provenance_of(field, scenario, preset).0
    };
    for (index, (resource, _)) in pool_nodes(4.0).iter().enumerate() {
        assert_eq!(scenario.capacity[index].resource, *resource);
        let variable = matches!(*resource, "gpu_rtx_6000" | "compute_gigaio");
        let want = if variable {
            ProvenanceKind::Assumed
        } else {
            ProvenanceKind::Sourced
        };
        assert_eq!(kind(index), want, "{resource}");
    }
    assert_eq!(assumed_counts(scenario, preset), vec![0, 3]);
    assert!(weighted_by_count(scenario));
}

#[test]
fn the_total_over_plausible_node_counts_follows_the_pool_weights() {
    // Only the pool's GPU hours move: the paper's G node-hours, spread by node count, each
    // type at its AWS stand-in's Spring 2025 hour price. From 4 nodes each (the default):
    // total(n) = total(4) + G / S x (rate of the pool at n - rate at 4).
    let preset = paper();
    let base = estimate(&preset.scenario).totals.per_student_usd;
    let range = pool_range(&preset.scenario, catalog(), preset).expect("two assumed counts");
    assert_eq!(range.assumed, vec!["gpu_rtx_6000", "compute_gigaio"]);
    let audit = expected_pool_cases();
    assert_eq!(audit.len(), range.cases.len());
    for (case, (units, audited)) in range.cases.iter().zip(audit) {
        assert_eq!(case.units, units);
        let by_hand = base
            + gpu_hours() / students() * (pool_rate(by_count(units)) - pool_rate(by_count(4.0)));
        assert!(
            (case.per_student_usd - by_hand).abs() < 1e-6,
            "{units}: {case:?} vs {by_hand}"
        );
        // The numbers audit computed the same totals by hand (fewest fitting, 4 and 8 each).
        assert!(
            (case.per_student_usd - audited).abs() < 0.005,
            "{units}: {case:?}"
        );
        assert!(case.fits, "{units} nodes each supply the hours");
    }
}

#[test]
fn the_fewest_nodes_that_supply_the_pool_and_each_type() {
    let scenario = &paper().scenario;
    let result = estimate(scenario);
    // The 4x A100 node supplies 24 days x 24 h = 576 node-hours (4/12-5/6), every other node
    // 19 x 24 = 456 (4/12 to 5/1): the paper's G GPU node-hours need that one node and
    // (G - 576) / 456 = 10.7, so 11 more: 12 nodes.
    assert_eq!(fewest_nodes_together(&result.capacity), 12.0);
    // Each type gets its node-count share: RTX 6000 4/15 x G = 1,457.6 h, 3.2 nodes: 4.
    let rtx = result
        .capacity
        .iter()
        .find(|c| c.resource == "gpu_rtx_6000")
        .expect("rtx");
    assert_eq!(rtx.fewest_units(), 4.0);
    // The sourced types hold 4 + 2 + 1 = 7 nodes. Weighted by count, each node takes
    // G / (7 + 2n) node-hours at n nodes of each assumed type: at 2 each G / 11 = 497
    // against 456, too many; at 3 each G / 13 = 420, they fit.
    let two_each = with_counts(scenario, &[0, 3], 2.0);
    assert!(estimate(&two_each).capacity.iter().any(|c| c.exceeded()));
    let three_each = with_counts(scenario, &[0, 3], 3.0);
    assert!(!estimate(&three_each).capacity.iter().any(|c| c.exceeded()));
}

#[test]
fn hours_moved_onto_one_type_exceed_its_own_capacity() {
    // Half the pool's hours on the one 4x A100 node, the rest by node count over the others:
    // G x 0.5 = 2,733 node-hours against 1 x 576, though the pool's 15 nodes supply 6,960.
    let mut moved = paper().scenario.clone();
    let pool = &mut moved.course.project.uses[1].pool;
    for member in pool.iter_mut() {
        member.share_pct = if member.resource == "gpu_a100_pcie" {
            50.0
        } else {
            member.share_pct * 50.0 / (100.0 - 100.0 / 15.0)
        };
    }
    let result = estimate(&moved);
    let exceeded = exceeded_types(&result);
    assert_eq!(exceeded, vec!["gpu_a100_pcie"]);
    let a100 = result
        .capacity
        .iter()
        .find(|c| c.resource == "gpu_a100_pcie")
        .expect("a100");
    assert!((a100.needed_hours - 2_733.0).abs() < 1e-6, "{a100:?}");
    assert!((a100.available_hours - 576.0).abs() < 1e-9);
    // The pool: 14 nodes x 456 h and the one 4x A100 node's 576.
    let pooled: f64 = result.capacity.iter().map(|c| c.available_hours).sum();
    assert!((pooled - (14.0 * 456.0 + 576.0)).abs() < 1e-6 && gpu_hours() < pooled);
}

/// The node types whose reserved capacity the estimate's hours exceed.
fn exceeded_types(result: &course_cost::model::Estimate) -> Vec<&str> {
    result
        .capacity
        .iter()
        .filter(|c| c.exceeded())
        .map(|c| c.resource.as_str())
        .collect()
}

// ---- One source for the figures the tests expect (issue 20, item 4) ----

/// The test files (Rust and browser) besides the fixture.
fn test_files() -> Vec<std::path::PathBuf> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut files = Vec::new();
    for dir in [root.clone(), root.join("common"), root.join("e2e")] {
        for entry in std::fs::read_dir(dir).expect("tests/").flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "rs" || e == "mjs") {
                files.push(path);
            }
        }
    }
    files
}

#[test]
fn the_default_total_is_written_only_in_the_fixture() {
    // Every way a test could write the total or the cost per student, from the fixture itself.
    let total = expected("total_usd");
    let per_student = expected("per_student_usd");
    let spellings = [
        common::whole_dollars(total),
        format!("{:.0}", total.round()),
        format!(
            "{}_{:03}",
            total.round() as u64 / 1000,
            total.round() as u64 % 1000
        ),
        format!("{total:.2}"),
        format!("{},{:06.2}", total as u64 / 1000, total % 1000.0),
        format!("{per_student:.2}"),
    ];
    for file in test_files() {
        let text = std::fs::read_to_string(&file).expect("readable");
        for spelling in &spellings {
            assert!(
                !text.contains(spelling.as_str()),
                "{} writes {spelling}: read it from tests/fixtures/paper.json",
                file.display()
            );
        }
    }
}

#[test]
fn the_tests_parse_numbers_as_the_app_does() {
    // A serde_json feature for the tests alone would make the tests read numbers differently
    // from the app (issue 20: `float_roundtrip` was one). The app has its own reader
    // (`model::json`, Rust's correctly rounded `str::parse`); serde_json is the tests' alone,
    // the independent implementation it is checked against, with no features.
    let manifest = include_str!("../Cargo.toml");
    let section = |name: &str| {
        let after = manifest.split(name).nth(1).unwrap_or("");
        after.split("\n[").next().unwrap_or("").to_string()
    };
    let serde_json = |lines: &str| {
        lines
            .lines()
            .filter(|l| l.trim_start().starts_with("serde_json"))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert!(
        serde_json(&section("[dependencies]")).is_empty(),
        "serde_json in [dependencies]"
    );
    let dev = serde_json(&section("[dev-dependencies]"));
    assert!(
        dev.iter().all(|l| !l.contains("features")),
        "serde_json with features in [dev-dependencies]: {dev:?}"
    );
}

// ---- Two prices on the first screen (issue 43, item 1) ----

/// The price of one hour of `resource` at the newest prices, read by hand from the data files,
/// not from the catalog: the refresh command's price file for AWS's home region
/// (`src/data/prices/aws-us-east-1.json`) gives the mapped offer's figure by its sku; an offer
/// it does not list (EBS, S3, public IPv4) keeps the previous price set's figure, offers.toml's
/// "2026-12" entry. Storage per GB-month over 730 hours; the mapping's fraction applied.
fn newest_aws_rate(resource: &str) -> f64 {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let file: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("src/data/prices/aws-us-east-1.json")).expect("file"),
    )
    .expect("json");
    let offers: toml::Table = std::fs::read_to_string(root.join("src/data/offers.toml"))
        .expect("offers.toml")
        .parse()
        .expect("toml");
    let mappings: toml::Table = std::fs::read_to_string(root.join("src/data/mappings.toml"))
        .expect("mappings.toml")
        .parse()
        .expect("toml");
    let mapping = mappings["mappings"]
        .as_array()
        .expect("mappings")
        .iter()
        .find(|m| m["provider"].as_str() == Some("aws") && m["resource"].as_str() == Some(resource))
        .expect("an AWS mapping");
    let offer_id = mapping["offer"].as_str().expect("offer");
    let fraction = mapping["fraction"].as_float().expect("fraction");
    let sku = offer_id.trim_start_matches("aws/");
    let in_file = file["prices"]
        .as_array()
        .expect("prices")
        .iter()
        .find(|p| p["sku"].as_str() == Some(sku));
    let offer = offers["offers"]
        .as_array()
        .expect("offers")
        .iter()
        .find(|o| o["id"].as_str() == Some(offer_id))
        .expect("the offer");
    let per_month = offer["unit"].as_str() == Some("gb_month");
    let usd = match in_file {
        Some(p) if per_month => p["usd_per_gb_month"].as_f64().expect("a GB-month price"),
        Some(p) => p["usd_per_hour"].as_f64().expect("an hour price"),
        None => offer
            .get("snapshot_prices")
            .and_then(|list| list.as_array())
            .and_then(|list| {
                list.iter()
                    .find(|e| e["snapshot"].as_str() == Some("2026-12"))
            })
            .and_then(|e| e["usd"].as_float())
            .or_else(|| offer["usd"].as_float())
            .expect("a figure in offers.toml"),
    };
    let per_hour = if per_month { usd / 730.0 } else { usd };
    per_hour * fraction
}

/// The default at the newest prices, by hand (labs, project; US dollars for the course): the
/// same plan and hours as at Spring 2025, each use priced at [`newest_aws_rate`].
fn by_hand_today_course_usd() -> (f64, f64) {
    let s = &paper().scenario;
    let (mut labs, mut project) = (0.0, 0.0);
    for u in by_hand::uses(s) {
        let hour = u.count * newest_aws_rate(&u.resource)
            + u.floating_ips * newest_aws_rate("floating_ip");
        let cost = u.users * u.actual() * hour;
        if u.lab {
            labs += cost;
        } else {
            project += cost;
        }
    }
    (labs, project)
}

#[test]
fn the_first_screen_shows_today_and_the_papers_semester_both_derived_by_hand() {
    use course_cost::model::presets::paper_gap::PaperLine;
    use course_cost::state::ScenarioState;
    let state = ScenarioState::from_decoded(None, None).expect("the default");
    let c = catalog();
    // The headline: the newest price set of AWS us-east-1 (the refresh command's catalogs).
    let newest = c.newest_snapshot().expect("snapshots");
    assert_eq!(state.scenario.pricing.snapshot, newest.id);
    assert_eq!(state.scenario.pricing.provider, "aws");
    assert!(c
        .price_set_words(newest.id)
        .contains(&format!("read {}", newest.as_of)));
    let (labs, project) = by_hand_today_course_usd();
    let totals = &state.estimate.totals;
    assert!(
        (totals.net_usd - (labs + project)).abs() < 1e-6,
        "engine ${:.4} vs by hand ${:.4}",
        totals.net_usd,
        labs + project
    );
    let s = students();
    assert!((totals.per_student_usd - (labs + project) / s).abs() < 1e-9);
    // The fixture's figures are these hand figures, to the cent.
    assert!(((labs + project) / s - expected("today_per_student_usd")).abs() < 0.005);
    assert!((labs + project - expected("today_total_usd")).abs() < 0.005);
    assert!((labs / s - expected("today_labs_per_student_usd")).abs() < 0.005);
    // The paper's line: the same course at the paper's semester prices (the hand figures of
    // `by_hand_course_usd`), against the paper's own figure per student.
    let line = PaperLine::of(&state.scenario, c, state.origin).expect("a paper line");
    assert_eq!(line.semester, "Spring 2025");
    let (then_labs, then_project) = by_hand_per_student();
    assert!((line.gap.per_student_usd - (then_labs + then_project)).abs() < 1e-9);
    assert!((line.gap.per_student_usd - expected("per_student_usd")).abs() < 0.005);
    let above = ((then_labs + then_project) / reported("per_student_usd") - 1.0) * 100.0;
    let text = line.sentence_in(&state.scenario.pricing);
    assert_eq!(
        text,
        format!(
            "At Spring 2025 prices, the semester the paper reports: ${:.2} per student, {:.0}% above its about ${}.",
            then_labs + then_project,
            above.round(),
            reported("per_student_usd")
        )
    );
    // Today is cheaper than the semester: AWS cut its A100 and H100 prices in June 2025.
    assert!(totals.per_student_usd < line.gap.per_student_usd);
}

#[test]
#[ignore = "prints the hand figures at the newest prices: cargo test --test golden -- --ignored --nocapture today"]
fn print_today_by_hand() {
    let (labs, project) = by_hand_today_course_usd();
    let s = students();
    println!(
        "today: total ${:.2}, per student ${:.2}, labs ${:.2}",
        labs + project,
        (labs + project) / s,
        labs / s
    );
}

#[test]
fn a_link_without_prices_opens_on_the_papers_semester_and_the_new_start_names_its_own() {
    use course_cost::model::engine::priced_by::newer_prices;
    use course_cost::model::share::{decode, encode};
    use course_cost::state::ScenarioState;
    let c = catalog();
    // A link made before the start moved to the newest prices: the paper's course with a change,
    // its prices those of the preset (so the link names none). It opens as it was made.
    let mut old = paper().scenario.clone();
    old.course.students = 120.0;
    let payload = encode(&old, paper());
    let decoded = decode(&payload, c).expect("presets load");
    assert!(decoded.notices.is_empty(), "{:?}", decoded.notices);
    assert_eq!(decoded.scenario, old);
    assert_eq!(decoded.scenario.pricing.snapshot, SPRING_2025);
    let state = ScenarioState::from_decoded(Some(decoded), None).expect("opens");
    // Nothing switches its prices: it says it is on a past set and offers the newest.
    assert_eq!(state.scenario.pricing.snapshot, SPRING_2025);
    let newest = newer_prices(c, &state.scenario.pricing).expect("the newest, offered");
    assert_eq!(Some(newest.id), c.newest_snapshot().map(|s| s.id));
    // The new start's own link names its prices, so it opens on them after any later refresh
    // too (as far as that price set is kept).
    let start = ScenarioState::from_decoded(None, None).expect("the default");
    let mut edited: course_cost::model::Scenario = (**start.scenario).clone();
    edited.course.students = 120.0;
    let decoded = decode(&encode(&edited, start.origin), c).expect("presets load");
    assert_eq!(decoded.scenario.pricing.snapshot, newest.id);
}
