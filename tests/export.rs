//! Exports match the screen: the CSV sums to the total, the JSON parses back, Markdown has the
//! headline and a row per lab.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::{catalog, estimate, paper};
use course_cost::model::edit::change::{apply_change, Change};
use course_cost::model::export::{csv, json, markdown};
use course_cost::model::Scenario;

/// Splits RFC 4180 text into records of fields (quotes, doubled quotes, CRLF).
fn parse_csv(text: &str) -> Vec<Vec<String>> {
    let mut records = vec![];
    let mut record = vec![];
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') => {}
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
            }
            (false, c) => field.push(c),
        }
    }
    records
}

#[test]
fn csv_has_a_row_per_line_that_adds_up_to_the_total() {
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
    let result = estimate(&scenario);
    let text = csv(&result);
    assert!(text.ends_with("\r\n"));
    let records = parse_csv(&text);
    // A header, a row per line, and the closing price-age row.
    assert_eq!(records.len(), result.lines.len() + 2);
    let header = &records[0];
    let cost = header
        .iter()
        .position(|h| h == "cost_usd")
        .expect("cost column");
    assert!(records.iter().all(|r| r.len() == header.len()));
    assert_eq!(records[1][1], "Hello, \"Chameleon\"");
    let (age_row, line_rows) = records[1..].split_last().expect("rows");
    assert_eq!(age_row[0], "price_age");
    assert!(age_row[1].starts_with("Price age: "), "{}", age_row[1]);
    assert!(age_row[cost].is_empty());
    let sum: f64 = line_rows
        .iter()
        .map(|r| r[cost].parse::<f64>().expect("number"))
        .sum();
    assert!((sum - result.totals.list_usd).abs() < 0.01 * result.lines.len() as f64);
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
    assert_eq!(value["price_age"]["figures"].as_u64(), Some(10));
    assert!(value["price_age_text"]
        .as_str()
        .is_some_and(|t| t.starts_with("Price age: 10 price figures")));
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
    assert!(text.contains("**Total: $50,176**"), "{text}");
    assert!(text.contains("($263 per student)"));
    for lab in &scenario.course.labs {
        assert!(text.contains(&format!("| {} |", lab.name)), "{}", lab.name);
    }
    assert!(text.contains("calibrated on the paper's course"));
    assert!(text.contains("doi:10.1145/3731599.3767385"));
    assert!(
        text.contains(
            "Price age: 10 price figures, dated 2024-02-01 (oldest) to 2026-01-21 (newest)"
        ),
        "{text}"
    );
}
