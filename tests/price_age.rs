//! How old the prices behind an estimate are, judged at an explicit day (never the clock): the
//! oldest and newest dates, how many figures are undated or more than 12 months old, and how
//! much of the cost rests on them. Expectations come from the dates the sources state.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::{catalog, estimate, paper};
use course_cost::model::engine::line_math::line_math;
use course_cost::model::engine::price_age::{
    age_phrase, snapshot_age_note, snapshot_option_text, Age, Day, PriceAge, WARN_ABOVE_SHARE,
};
use course_cost::model::Scenario;

fn day(text: &str) -> Day {
    Day::parse(text).expect("a day")
}

fn priced_on(snapshot: &str, provider: &str) -> Scenario {
    let mut scenario = paper().scenario.clone();
    scenario.pricing.snapshot = snapshot.into();
    scenario.pricing.provider = provider.into();
    scenario
}

/// The AWS stand-ins of the paper's course and the dates their sources give in Spring 2025:
/// Karpenter's AWS price map generated 2025-03-24 for t3 and the p3dn, g4dn and g5 GPUs and
/// the pre-cut p4de (the 80 GB A100 nodes' stand-in), the AWS
/// Price List of 2025-03-14 for the pre-cut p4d, Infracost's 2024-07-01 storage fixtures and the
/// 2024-02-01 IPv4 charge.
const SPRING_AWS: [(&str, Option<&str>); 11] = [
    ("aws/t3.small", Some("2025-03-24")),
    ("aws/t3.medium", Some("2025-03-24")),
    ("aws/t3.xlarge", Some("2025-03-24")),
    ("aws/p4d.24xlarge", Some("2025-03-14")),
    ("aws/p4de.24xlarge", Some("2025-03-24")),
    ("aws/p3dn.24xlarge", Some("2025-03-24")),
    ("aws/g4dn.xlarge", Some("2025-03-24")),
    ("aws/g5.xlarge", Some("2025-03-24")),
    ("aws/ebs-gp3", Some("2024-07-01")),
    ("aws/s3-standard", Some("2024-07-01")),
    ("aws/public-ipv4", Some("2024-02-01")),
];

#[test]
fn the_default_names_its_oldest_and_newest_dates_and_counts_old_figures() {
    let result = estimate(&paper().scenario);
    let on = day("2026-12-01");
    let age = PriceAge::of_lines(&result.lines, on);
    let used: std::collections::BTreeSet<&str> =
        result.lines.iter().map(|l| l.offer_id.as_str()).collect();
    let expected: std::collections::BTreeSet<&str> = SPRING_AWS.iter().map(|(id, _)| *id).collect();
    assert_eq!(used, expected);
    assert_eq!(age.figures, SPRING_AWS.len());
    assert_eq!(age.oldest, Some(day("2024-02-01")));
    assert_eq!(age.newest, Some(day("2025-03-24")));
    assert_eq!(age.undated, 0);
    // Judged at 2026-12-01 (as a build date would), every Spring 2025 figure is before
    // 2025-12-01; the app judges them at the semester's date instead (tests/freshness.rs).
    assert_eq!(age.stale, 11);
    let doubtful: f64 = result
        .lines
        .iter()
        .filter(|l| {
            SPRING_AWS
                .iter()
                .any(|(id, date)| *id == l.offer_id && date.is_none_or(|d| d < "2025-12-01"))
        })
        .map(|l| l.cost_usd)
        .sum();
    assert!((age.doubtful_usd - doubtful).abs() < 1e-6);
    assert!((age.total_usd - result.totals.list_usd).abs() < 1e-6);
    assert!(age.warns(), "{}", age.doubtful_share());
    let sentence = age.sentence();
    for part in [
        "2024-02-01 (oldest)",
        "2025-03-24 (newest)",
        "0 of 11 undated",
        "11 more than 12 months old on 2026-12-01",
    ] {
        assert!(sentence.contains(part), "{sentence}");
    }
    assert!(age
        .warning()
        .is_some_and(|w| w.contains("undated or more than 12 months old")));
}

#[test]
fn the_count_follows_the_day_it_is_judged_at_not_the_clock() {
    let result = estimate(&paper().scenario);
    // On 2025-12-15 the p4d's 2025-03-14 price is nine months old: only the 2024 figures are old.
    assert_eq!(
        PriceAge::of_lines(&result.lines, day("2025-12-15")).stale,
        3
    );
    // A figure exactly 12 months old is not yet "more than 12 months old".
    assert!(!Age::Dated(day("2025-03-14")).is_doubtful(day("2026-03-14")));
    assert!(Age::Dated(day("2025-03-14")).is_doubtful(day("2026-03-15")));
    assert!(Age::Undated.is_doubtful(day("2020-01-01")));
    assert!(!Age::of("custom/1", "entered by you").is_doubtful(day("2030-01-01")));
}

#[test]
fn the_december_2026_prices_date_the_aws_gpus_on_2026_11_09() {
    let result = estimate(&priced_on("2026-12", "aws"));
    let age = PriceAge::of_lines(&result.lines, day("2026-12-01"));
    // data-receipts (2026-11-09) confirms p4d; IPv4 is dated by Infracost's 2024-07-01 fixture.
    assert_eq!(age.oldest, Some(day("2024-07-01")));
    assert_eq!(age.newest, Some(day("2026-11-09")));
    assert_eq!((age.undated, age.stale), (3, 3));
    // Undated: the three t3 sizes; old: EBS, S3, IPv4. Their share decides the warning.
    let doubtful: f64 = result
        .lines
        .iter()
        .filter(|l| {
            [
                "aws/t3.small",
                "aws/t3.medium",
                "aws/t3.xlarge",
                "aws/ebs-gp3",
                "aws/s3-standard",
                "aws/public-ipv4",
            ]
            .contains(&l.offer_id.as_str())
        })
        .map(|l| l.cost_usd)
        .sum();
    let share = doubtful / result.totals.list_usd;
    assert!((age.doubtful_share() - share).abs() < 1e-9);
    assert_eq!(age.warns(), share > WARN_ABOVE_SHARE);
}

#[test]
fn azure_in_december_2026_rests_on_dated_figures_where_a_source_dates_them() {
    let result = estimate(&priced_on("2026-12", "azure"));
    let age = PriceAge::of_lines(&result.lines, day("2026-12-01"));
    // Still undated (no dated source): B1ms, B2s, B4als_v2, NC4as_T4_v3, NV36ads_A10_v5, Blob.
    assert_eq!(age.undated, 6, "{}", age.sentence());
    // The oldest is the 2025-12-01 Azure VM fixture (disks and VMs), none older than 12 months.
    assert_eq!(age.oldest, Some(day("2025-12-01")));
    assert_eq!(age.stale, 0);
    let spring = PriceAge::of_lines(
        &estimate(&priced_on("spring-2025", "azure")).lines,
        day("2026-12-01"),
    );
    assert!(spring.undated > age.undated);
}

#[test]
fn each_lines_math_says_how_old_its_price_is() {
    let result = estimate(&paper().scenario);
    let line = |offer: &str| {
        result
            .lines
            .iter()
            .find(|l| l.offer_id == offer)
            .expect("line")
    };
    assert!(line_math(line("aws/p3dn.24xlarge")).contains("as of 2025-03-24)"));
    assert!(line_math(line("aws/t3.medium")).contains("as of 2025-03-24)"));
    assert_eq!(age_phrase("custom/2", "entered by you"), "your figure");
    assert_eq!(age_phrase("linode/g1-gpu-rtx6000-1", "undated"), "undated");
}

#[test]
fn snapshot_options_count_their_undated_and_old_figures() {
    let catalog = catalog();
    let on = day("2026-12-01");
    for snapshot in catalog.snapshots {
        let text = snapshot_option_text(catalog, snapshot.id, Some(on));
        let age = PriceAge::of_snapshot(catalog, snapshot.id, on);
        assert!(text.starts_with(snapshot.label), "{text}");
        assert!(
            text.contains(&format!("{} of {} undated", age.undated, age.figures)),
            "{text}"
        );
        assert!(age.undated > 0, "{}", snapshot.id);
        // Every snapshot has undated figures, so none may call itself the latest.
        let words = format!("{} {}", snapshot.label, snapshot.description).to_lowercase();
        assert!(!words.contains("latest"), "{}: {words}", snapshot.id);
    }
    assert_eq!(
        snapshot_option_text(catalog, "latest", None),
        catalog.snapshot_label("latest")
    );
    // The "About these prices" text names the dates: Spring 2025 runs from AWS's 2024-02-01 IPv4
    // charge to the 2026-11-09 GPU price comparison.
    let note = snapshot_age_note(catalog, "spring-2025", on);
    assert!(
        note.contains("dated 2024-02-01 (oldest) to 2026-11-09 (newest)"),
        "{note}"
    );
    // The December 2026 update has fewer undated figures than the November compilation it updates.
    let undated = |id: &str| PriceAge::of_snapshot(catalog, id, on).undated;
    assert!(undated("2026-12") < undated("latest"));
    // The Spring 2025 text no longer calls its carried figures "the newest": Lambda's A100 and
    // RunPod's A100 are older there than in the later snapshots.
    let spring = catalog.snapshot("spring-2025").expect("spring");
    assert!(!spring.description.contains("newest"));
    for offer in ["lambda/gpu_8x_a100", "runpod/1x_A100-80GB_SECURE"] {
        let offer = catalog.offer(offer).expect("offer");
        assert_ne!(
            offer.price_in("spring-2025").as_of,
            offer.price_in("2026-12").as_of
        );
    }
}
