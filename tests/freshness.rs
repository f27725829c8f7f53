//! Honest freshness (issue 34 item 5): the paper's course is priced at Spring 2025 prices, the
//! semester it was taught, and judged by that semester's date, not flagged as stale for being
//! historical; a new course starts on the newest prices, judged at the build date. Expected
//! dates are the ones the sources state, written here with their source.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use std::path::Path;

use common::{catalog, estimate, paper};
use course_cost::model::engine::price_age::{
    build_day, Day, PriceAge, BUILD_DATE, WARN_ABOVE_SHARE,
};
use course_cost::model::presets::builtin_presets;
use course_cost::model::share::{decode, encode};
use course_cost::prerender::first_paint;
use course_cost::state::{Action, ScenarioState};

fn day(text: &str) -> Day {
    Day::parse(text).expect("a day")
}

/// The AWS stand-ins of the paper's course and the dates of their Spring 2025 figures: the
/// t3 sizes, the p3, g4dn and g5 GPUs, and p4d and p4de (before the June 2025 cut) in Karpenter's
/// AWS price map generated 2025-03-24 from the AWS Pricing API, EBS and S3 in Infracost's 2024-07-01 fixtures, public
/// IPv4 since its 2024-02-01 charge.
const SPRING_AWS: [(&str, &str); 11] = [
    ("aws/t3.small", "2025-03-24"),
    ("aws/t3.medium", "2025-03-24"),
    ("aws/t3.xlarge", "2025-03-24"),
    ("aws/p3dn.24xlarge", "2025-03-24"),
    ("aws/g4dn.xlarge", "2025-03-24"),
    ("aws/g5.xlarge", "2025-03-24"),
    ("aws/p4d.24xlarge", "2025-03-24"),
    ("aws/p4de.24xlarge", "2025-03-24"),
    ("aws/ebs-gp3", "2024-07-01"),
    ("aws/s3-standard", "2024-07-01"),
    ("aws/public-ipv4", "2024-02-01"),
];

#[test]
fn the_papers_course_is_judged_by_its_semester_not_flagged_for_being_historical() {
    let c = catalog();
    let scenario = &paper().scenario;
    let result = estimate(scenario);
    let age = PriceAge::of_prices(&result.lines, c, &scenario.pricing.snapshot).expect("an age");
    // Spring 2025 prices stand for 2025-03-14, the date of that snapshot's main source.
    assert_eq!(age.semester, Some("Spring 2025"));
    assert_eq!(age.on, day("2025-03-14"));
    for line in &result.lines {
        let (_, date) = SPRING_AWS
            .iter()
            .find(|(id, _)| *id == line.offer_id)
            .unwrap_or_else(|| panic!("{} is one of the course's stand-ins", line.offer_id));
        assert_eq!(line.as_of, *date, "{}", line.offer_id);
    }
    let used: Vec<&(&str, &str)> = SPRING_AWS
        .iter()
        .filter(|(id, _)| result.lines.iter().any(|l| l.offer_id == *id))
        .collect();
    assert_eq!(age.figures, used.len());
    assert_eq!(age.undated, 0);
    // Within 12 months of 2025-03-14 either way (2024-03-14 to 2026-03-14): all but IPv4.
    let far: Vec<&str> = used
        .iter()
        .filter(|(_, d)| *d < "2024-03-14" || *d > "2026-03-14")
        .map(|(id, _)| *id)
        .collect();
    assert_eq!(far, ["aws/public-ipv4"]);
    assert_eq!(age.stale, far.len());
    let doubtful: f64 = result
        .lines
        .iter()
        .filter(|l| far.contains(&l.offer_id.as_str()))
        .map(|l| l.cost_usd)
        .sum();
    assert!((age.doubtful_usd - doubtful).abs() < 1e-6);
    assert!(
        age.doubtful_share() < WARN_ABOVE_SHARE,
        "{}",
        age.doubtful_share()
    );
    assert_eq!(age.warning(), None);
    let sentence = age.sentence();
    assert!(
        sentence.contains("1 more than 12 months from 2025-03-14"),
        "{sentence}"
    );
    assert!(
        sentence.contains("judged by the semester they stand for, not by the build date"),
        "{sentence}"
    );
    // The summary says which prices: a past price set, said as such.
    assert_eq!(
        c.price_set_words(&scenario.pricing.snapshot),
        "Spring 2025 prices, a past price set"
    );
    // A figure from long after the semester is no more its price than one from long before.
    assert!(
        course_cost::model::engine::price_age::Age::Dated(day("2026-03-15"))
            .is_far_from(day("2025-03-14"))
    );
    assert!(
        !course_cost::model::engine::price_age::Age::Dated(day("2026-03-14"))
            .is_far_from(day("2025-03-14"))
    );
}

#[test]
fn the_default_first_screen_has_no_stale_price_warning() {
    let state = ScenarioState::from_sources(None, None).expect("the default");
    let pricing = &state.scenario.pricing;
    let age = PriceAge::of_prices(&state.estimate.lines, state.catalog, &pricing.snapshot);
    assert_eq!(age.and_then(|a| a.warning()), None);
    let html = first_paint().expect("the first paint");
    assert!(!html.contains("price-age-warning"), "{html}");
    // Judged at the build date instead, as before this issue, the same figures would warn: the
    // Spring 2025 figures are more than 12 months old at any build date from 2026-03-25 on.
    let on = build_day().expect("a build date");
    if on > day("2026-03-25") {
        assert!(PriceAge::of_lines(&state.estimate.lines, on).stale > 0);
    }
}

/// `src/data/prices/<name>.json`'s figure date for the offer `id`, as the command wrote it.
fn file_date(name: &str, id: &str) -> Option<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("src/data/prices/{name}.json"));
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
    let sku = id.split_once('/').map_or(id, |(_, sku)| sku);
    file["prices"]
        .as_array()?
        .iter()
        .find(|p| p["sku"] == sku || p["sku"] == id)
        .and_then(|p| p["as_of"].as_str().map(String::from))
}

#[test]
fn a_new_course_starts_on_the_newest_prices_judged_at_the_build_date() {
    let c = catalog();
    let newest = c.newest_snapshot().expect("snapshots");
    assert_eq!(newest.semester, None);
    for preset in builtin_presets().expect("presets") {
        // A past course starts on the newest prices too (issue 43): what it would cost now;
        // its own scenario keeps the semester's prices, which links without prices mean.
        let expected = if preset.archived {
            preset.scenario.pricing.snapshot.as_str()
        } else {
            newest.id
        };
        assert_eq!(preset.start.pricing.snapshot, expected, "{}", preset.id);
    }
    let state = ScenarioState::from_sources(None, None).expect("the default");
    let state = std::rc::Rc::new(state).apply(Action::LoadPreset("cpu-only-v3".into()));
    assert_eq!(state.scenario.pricing.snapshot, newest.id);
    assert!(state.preset.is_some(), "a preset just picked is unchanged");
    // Its link names the newest prices and opens on them.
    let origin = state.origin;
    let payload = encode(&state.scenario, origin);
    let decoded = decode(&payload, c).expect("presets load");
    assert_eq!(decoded.scenario.pricing.snapshot, newest.id);
    // Its age counts from the build date, figure by figure from the price files' dates.
    let lines = &state.estimate.lines;
    let at_build = PriceAge::of_prices(lines, c, newest.id).expect("an age");
    assert_eq!(at_build.semester, None);
    assert_eq!(at_build.on.to_string(), BUILD_DATE);
    assert_eq!(
        Some(at_build),
        build_day().map(|on| PriceAge::of_lines(lines, on))
    );
    for line in lines {
        if let Some(date) = file_date("aws-us-east-1", &line.offer_id) {
            assert_eq!(line.as_of, date, "{}", line.offer_id);
        }
    }
    // At a fixed date: a figure is old when undated or dated before 2025-12-03.
    let fixed = PriceAge::of_lines(lines, day("2026-12-03"));
    let mut figures: Vec<(&str, &str)> = lines
        .iter()
        .map(|l| (l.offer_id.as_str(), l.as_of.as_str()))
        .collect();
    figures.sort_unstable();
    figures.dedup();
    let undated = figures
        .iter()
        .filter(|(_, d)| Day::parse(d).is_none())
        .count();
    let old = figures
        .iter()
        .filter(|(_, d)| Day::parse(d).is_some_and(|d| d < day("2025-12-03")))
        .count();
    assert_eq!((fixed.undated, fixed.stale), (undated, old));
    assert!(fixed
        .counts()
        .contains("more than 12 months old on 2026-12-03"));
}
