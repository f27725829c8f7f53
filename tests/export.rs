//! Exports match the screen: the CSV sums to the total, the JSON parses back, Markdown has the
//! headline and a row per lab.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::csv::{exported_csv, records};
use common::{catalog, estimate, expected, paper, whole_dollars};
use course_cost::model::catalog::offer::PriceModel;
use course_cost::model::edit::change::{apply_change, Change};
use course_cost::model::export::{guard_cell, json, markdown};
use course_cost::model::{Estimate, Scenario};

/// The CSV of `scenario` as records (csv-core's reading), exported on a fixed date with a fixed
/// link.
fn csv_records(scenario: &Scenario) -> (Vec<Vec<String>>, Estimate) {
    let (text, result) = exported_csv(scenario);
    assert!(text.ends_with("\r\n"));
    (records(&text), result)
}

#[test]
fn csv_names_the_scenario_and_has_a_row_per_line_that_adds_up_to_the_total() {
    let mut scenario = paper().scenario.clone();
    scenario = apply_change(
        &scenario,
        catalog(),
        Change::RenameLab {
            lab: 0,
            name: "Hello, \"Chameleon\"".into(),
        },
    )
    .expect("valid");
    scenario = apply_change(
        &scenario,
        catalog(),
        Change::SetTitle("ML Systems, Fall 2026".into()),
    )
    .expect("valid");
    let (records, result) = csv_records(&scenario);
    // The header in row one; the scenario's name, date and link after the table (issue 36).
    let header_at = 0;
    let header = &records[header_at];
    assert_eq!(header[0], "Part");
    let about = |what: &str| {
        records
            .iter()
            .find(|r| r.first().is_some_and(|f| f == what))
            .unwrap_or_else(|| panic!("a {what} row"))
            .clone()
    };
    assert_eq!(about("Scenario"), ["Scenario", "ML Systems, Fall 2026"]);
    assert_eq!(about("Exported on"), ["Exported on", "2026-12-01"]);
    assert_eq!(
        about("Link that reproduces it"),
        ["Link that reproduces it", "https://example.invalid/#s=x"]
    );
    // The price age, as the page's `price-age` line says it, is a row of its own.
    let age = about("Price age");
    assert!(age[1].starts_with("Price age: "), "{}", age[1]);
    let column = |name: &str| {
        header
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("{name} in {header:?}"))
    };
    let (cost, testbed, resource, source) = (
        column("Cost"),
        column("Testbed id"),
        column("Resource"),
        column("Price source"),
    );
    let lines = &records[header_at + 1..header_at + 1 + result.lines.len()];
    assert!(lines.iter().all(|r| r.len() == header.len()));
    assert_eq!(lines[0][1], "Hello, \"Chameleon\"");
    for (row, line) in lines.iter().zip(&result.lines) {
        assert_eq!(row[testbed], line.resource);
        // Resources by their hardware, not their testbed name; sources by title, not "S1".
        assert_ne!(row[resource], line.resource);
        assert!(
            !row[source].split([',', ';', ' ']).any(|w| w.len() <= 3
                && w.starts_with('S')
                && w[1..].chars().all(|c| c.is_ascii_digit())
                && w.len() > 1),
            "{}",
            row[source]
        );
        assert!(row[source].len() > 10, "{}", row[source]);
    }
    // Cents add up to the list price within a cent a line.
    let sum: f64 = lines
        .iter()
        .map(|r| r[cost].parse::<f64>().expect("number"))
        .sum();
    assert!((sum - result.totals.list_usd).abs() < 0.01 * result.lines.len() as f64);
    let total = records
        .iter()
        .find(|r| r[0] == "Total (what the course pays)")
        .expect("total row");
    let total: f64 = total[cost].parse().expect("number");
    // The paper's course costs the fixture's total on the page (to the dollar).
    assert_eq!(total.round(), expected("total_usd").round());
    // Money is written to the cent (the price and the billed quantity at full precision, so
    // that they multiply to it: tests/budget_csv.rs).
    for row in lines {
        let decimals = row[cost].split('.').nth(1).map_or(0, str::len);
        assert!(decimals <= 2, "{}", row[cost]);
    }
}

#[test]
fn json_parses_back_to_the_same_scenario() {
    let scenario = paper().scenario.clone();
    let result = estimate(&scenario);
    let text = json(&scenario, &result, "https://example.invalid/#s=x");
    let value: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    let back: Scenario = serde_json::from_value(value["scenario"].clone()).expect("scenario");
    assert_eq!(back, scenario);
    assert_eq!(
        value["results"]["totals"]["net_usd"].as_f64(),
        Some(result.totals.net_usd)
    );
    // The price age: the default's oldest figure is AWS's public IPv4 charge from 2024-02-01.
    assert_eq!(value["price_age"]["oldest"].as_str(), Some("2024-02-01"));
    // Eleven AWS offers price the default (tests/price_age.rs lists them).
    assert_eq!(value["price_age"]["figures"].as_u64(), Some(11));
    assert!(value["price_age_text"]
        .as_str()
        .is_some_and(|t| t.starts_with("Price age: 11 price figures")));
}

#[test]
fn markdown_summary_has_the_headline_and_every_lab() {
    let scenario = paper().scenario.clone();
    let result = estimate(&scenario);
    let text = markdown(
        &scenario,
        &result,
        catalog(),
        "https://example.invalid/#s=x",
    );
    let total = whole_dollars(expected("total_usd"));
    assert!(text.contains(&format!("**Total: {total}**")), "{text}");
    // Per student to the cent, as on the page (issue 36): the fixture's figure by hand.
    let per_student = format!("${:.2}", expected("per_student_usd"));
    assert!(
        text.contains(&format!("({per_student} per student)")),
        "{text}"
    );
    for lab in &scenario.course.labs {
        assert!(text.contains(&format!("| {} |", lab.name)), "{}", lab.name);
    }
    assert!(text.contains("calibrated on the paper's course"));
    assert!(text.contains("doi:10.1145/3731599.3767385"));
    assert!(
        text.contains(
            "Price age: 11 price figures, dated 2024-02-01 (oldest) to 2025-03-24 (newest)"
        ),
        "{text}"
    );
}

/// Whether a spreadsheet would evaluate `cell` (as read back from the CSV): it starts with a
/// formula character and is not a plain decimal number written by hand here.
fn live(cell: &str) -> bool {
    let first = cell.trim_start_matches(' ').chars().next();
    let formula = matches!(first, Some('=' | '+' | '-' | '@' | '\t' | '\r' | '\n'));
    let plain = {
        let body = cell.trim_start_matches(['-', '+']);
        !body.is_empty()
            && body.chars().all(|c| c.is_ascii_digit() || c == '.')
            && body.chars().filter(|c| *c == '.').count() <= 1
            && body.chars().any(|c| c.is_ascii_digit())
    };
    formula && !plain
}

#[test]
fn csv_of_hostile_lab_names_holds_no_live_cell() {
    let hostile = [
        "-inf",
        "+NaN",
        "-infinity",
        "=1+1",
        "@SUM(A1)",
        "\t=cmd",
        "\r=cmd",
        "  =HYPERLINK(\"http://evil.example\")",
        "-1+2",
        "+",
    ];
    for name in hostile {
        let scenario = apply_change(
            &paper().scenario,
            catalog(),
            Change::RenameLab {
                lab: 0,
                name: name.into(),
            },
        )
        .expect("valid");
        let (records, _) = csv_records(&scenario);
        for record in &records {
            for cell in record {
                assert!(!live(cell), "live cell {cell:?} for lab {name:?}");
            }
        }
        // The name is still there, as text: the apostrophe and then what the user typed (the lab
        // column of the first priced line, under the header row).
        let header_at = records
            .iter()
            .position(|r| r.first().is_some_and(|f| f == "Part"))
            .expect("header row");
        assert_eq!(records[header_at + 1][1], format!("'{name}"), "{name:?}");
    }
    // Plain numbers stay numbers a spreadsheet can add.
    for number in ["-5", "+3.5", "0", "-0.25", "12"] {
        assert_eq!(guard_cell(number), number);
    }
}

#[test]
fn markdown_of_a_hostile_offer_name_under_spot_pricing_is_inert() {
    let name = "<img src=x onerror=alert(1)>[c](javascript:alert(1)) ![i](JavaScript:x) `x`";
    let c = catalog();
    let mut s = apply_change(
        &paper().scenario,
        c,
        Change::AddCustomOffer(common::a100_custom_offer(name)),
    )
    .expect("valid");
    let provider = s.pricing.provider.clone();
    for resource in ["gpu_a100_pcie", "gpu_v100", "gpu_mi100"] {
        s = apply_change(
            &s,
            c,
            Change::ChooseOffer {
                provider: provider.clone(),
                resource: resource.into(),
                offer: "custom/1".into(),
            },
        )
        .expect("valid");
    }
    s = apply_change(&s, c, Change::SetPriceModel(PriceModel::Spot)).expect("valid");
    s.title = "<script>alert(1)</script>".into();
    s.notes = "[notes](javascript:alert(2)) <b>x</b>".into();
    let result = estimate(&s);
    // The custom offer has no spot price: the engine's warning quotes its name.
    assert!(
        result.warnings.iter().any(|w| w.contains("<img")),
        "{:?}",
        result.warnings
    );
    let text = markdown(&s, &result, c, "https://example.invalid/#s=x");
    assert!(text.contains("No spot price"), "{text}");
    for live in ["<img", "<script", "<b>", "javascript:", "](", "![", "`x`"] {
        assert!(
            !text.to_lowercase().contains(&live.to_lowercase()),
            "{live} in {text}"
        );
    }
    assert!(
        text.contains("&lt;img src=x onerror=alert\\(1\\)&gt;"),
        "{text}"
    );
}

#[test]
fn the_json_export_keeps_every_digit_the_serializer_wrote() {
    // 3.3796471705771602 needs all 17 digits: read back by a fast (inexact) float parser it moves
    // by one bit and prints as 3.37964717057716. The export must not re-read its own numbers.
    let mut scenario = paper().scenario.clone();
    scenario.pricing.discount_pct = 3.379_647_170_577_160_2;
    let result = estimate(&scenario);
    let text = json(&scenario, &result, "https://example.invalid/#s=x");
    assert!(
        text.contains("\"discount_pct\": 3.3796471705771602"),
        "{}",
        &text[..text.len().min(400)]
    );
}
