//! The CSV a budget office opens as is (issue 36, item 6), read back with `csv-core` as a
//! spreadsheet would: the header in row one; per priced line, price x billed quantity = cost to
//! the cent; a price on every line that costs anything (object storage included); dates as ISO
//! dates or "undated"; the currency in a column of its own; the scenario's name, date, link and
//! notes after the table; the same bytes whatever the reader's locale.
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::csv::{exported_csv, records};
use common::{catalog, paper};
use course_cost::model::edit::change::{apply_change, Change};
use course_cost::model::format::{self, NumberStyle};
use course_cost::model::number_style::CurrencyStyle;

/// Whether `text` is exactly a valid `YYYY-MM-DD` day.
fn iso_date(text: &str) -> bool {
    let parts: Vec<&str> = text.split('-').collect();
    let [year, month, day] = parts.as_slice() else {
        return false;
    };
    let number = |p: &str, len: usize| {
        (p.len() == len && p.chars().all(|c| c.is_ascii_digit())).then(|| p.parse::<u32>().unwrap())
    };
    matches!(
        (number(year, 4), number(month, 2), number(day, 2)),
        (Some(_), Some(1..=12), Some(1..=31))
    )
}

#[test]
fn the_header_is_row_one_and_price_times_quantity_is_the_cost_on_every_line() {
    let scenario = apply_change(
        &paper().scenario,
        catalog(),
        Change::SetNotes("Spring run; ask the dean about credits, \"by March\"".into()),
    )
    .unwrap();
    let (text, result) = exported_csv(&scenario);
    let rows = records(&text);
    let header = &rows[0];
    let at = |name: &str| {
        header
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("{name} in {header:?}"))
    };
    let (price, quantity, cost, currency, date) = (
        at("Price per unit-hour"),
        at("Billed unit-hours (h)"),
        at("Cost"),
        at("Currency"),
        at("Price as of"),
    );
    let lines = &rows[1..=result.lines.len()];
    let mut storage = 0;
    for (row, line) in lines.iter().zip(&result.lines) {
        assert_eq!(row.len(), header.len());
        let number =
            |i: usize| -> f64 { row[i].parse().unwrap_or_else(|_| panic!("{:?}", row[i])) };
        let (p, q, c) = (number(price), number(quantity), number(cost));
        // What the sheet computes against what the CSV says, and against the engine: to the
        // cent (half a cent of rounding, and a little for the floating point).
        assert!(
            (p * q - c).abs() <= 0.005 + 1e-9 * c.abs(),
            "{p} x {q} = {} vs {c}",
            p * q
        );
        assert!(
            (line.cost_usd - c).abs() <= 0.005 + 1e-9 * c.abs(),
            "{row:?}"
        );
        if line.cost_usd > 0.005 {
            assert!(
                p > 0.0,
                "a price for every line that costs something: {row:?}"
            );
        }
        if line.category.label() == "Storage" {
            storage += 1;
        }
        assert_eq!(row[currency], "USD");
        assert!(
            iso_date(&row[date]) || row[date] == "undated",
            "{:?} is neither an ISO date nor \"undated\"",
            row[date]
        );
    }
    assert!(storage > 0, "the paper's course stores data");
    // Totals, then the scenario: name, date, link and notes after the table.
    let label = |what: &str| {
        rows.iter()
            .find(|r| r[0] == what)
            .unwrap_or_else(|| panic!("{what}"))
    };
    let total: f64 = label("Total (what the course pays)")[cost].parse().unwrap();
    assert!((total - result.totals.net_usd).abs() <= 0.005);
    assert_eq!(
        label("Link that reproduces it")[1],
        "https://example.invalid/#s=x"
    );
    assert_eq!(label("Exported on")[1], "2026-12-01");
    assert_eq!(
        label("Notes")[1],
        "Spring run; ask the dean about credits, \"by March\""
    );
    let scenario_row = rows.iter().position(|r| r[0] == "Scenario").unwrap();
    assert!(scenario_row > result.lines.len());
}

#[test]
fn storage_priced_by_the_gb_hour_keeps_its_digits() {
    // The paper's course keeps 1.5 TB in object storage (S3 on AWS): a price per GB-hour of a
    // few millionths of a dollar, which four decimals would write as 0.0000.
    let (text, result) = exported_csv(&paper().scenario);
    let rows = records(&text);
    let header = &rows[0];
    let at = |name: &str| header.iter().position(|h| h == name).unwrap();
    let gb_lines: Vec<(&Vec<String>, _)> = rows[1..=result.lines.len()]
        .iter()
        .zip(&result.lines)
        .filter(|(_, line)| line.count_unit == "GB")
        .collect();
    assert!(!gb_lines.is_empty());
    for (row, line) in gb_lines {
        let price: f64 = row[at("Price per unit-hour")].parse().unwrap();
        assert_eq!(
            price, line.usd_per_hour,
            "the price exactly as the engine used it"
        );
        assert!(price < 0.001 && price > 0.0, "{price}");
    }
}

#[test]
fn another_currency_is_a_column_and_the_locale_changes_no_byte() {
    let euros = apply_change(
        &paper().scenario,
        catalog(),
        Change::SetCurrency("EUR".into()),
    )
    .unwrap();
    let rate = euros.pricing.usd_to_currency;
    let (american, result) = exported_csv(&euros);
    // The same export with a German reader's conventions (Intl's: decimal comma, "1.234,56 €").
    let mut german = NumberStyle::en_us();
    german.decimal = ",".into();
    german.group = ".".into();
    german.currencies = vec![CurrencyStyle {
        code: "EUR".into(),
        positive: course_cost::model::number_style::Affixes {
            prefix: String::new(),
            suffix: "\u{a0}€".into(),
        },
        negative: course_cost::model::number_style::Affixes {
            prefix: "-".into(),
            suffix: "\u{a0}€".into(),
        },
        minor_digits: 2,
    }];
    format::use_style(german);
    let (in_german, _) = exported_csv(&euros);
    format::use_style(NumberStyle::en_us());
    assert_eq!(
        american, in_german,
        "the CSV is machine numbers whatever the locale"
    );
    let rows = records(&american);
    let at = |name: &str| rows[0].iter().position(|h| h == name).unwrap();
    for (row, line) in rows[1..=result.lines.len()].iter().zip(&result.lines) {
        assert_eq!(row[at("Currency")], "EUR");
        let cost: f64 = row[at("Cost")].parse().unwrap();
        assert!((cost - line.cost_usd * rate).abs() <= 0.005 + 1e-9 * cost.abs());
    }
    let total = rows
        .iter()
        .find(|r| r[0] == "Total (what the course pays)")
        .unwrap();
    assert_eq!(total[at("Currency")], "EUR");
}

#[test]
fn billed_unit_hours_carry_no_floating_point_noise() {
    // 0.1 h x 3 reruns is 0.30000000000000004 in floating point; a decimal says 0.3.
    assert_eq!(course_cost::model::export_csv::billed(0.1 * 3.0), "0.3");
    assert_eq!(course_cost::model::export_csv::billed(-0.0), "0");
    assert_eq!(course_cost::model::export_csv::billed(2.000_000_4), "2");
    assert_eq!(course_cost::model::export_csv::billed(f64::NAN), "");
    let (text, result) = exported_csv(&paper().scenario);
    let rows = records(&text);
    let at = |name: &str| rows[0].iter().position(|h| h == name).unwrap();
    let mut noisy = 0;
    for (row, line) in rows[1..=result.lines.len()].iter().zip(&result.lines) {
        let cell = &row[at("Billed unit-hours (h)")];
        let product = line.actual_hours * line.rerun;
        let decimals = cell.split_once('.').map_or(0, |(_, d)| d.len());
        assert!(decimals <= 6, "{cell}: at most six decimals");
        let read: f64 = cell.parse().unwrap();
        assert!(
            (read - product).abs() <= 5e-7 * (1.0 + 1e-9),
            "{cell} vs {product}"
        );
        // The product as the floating point holds it would have said more.
        if format!("{product}")
            .split_once('.')
            .is_some_and(|(_, d)| d.len() > 6)
        {
            noisy += 1;
        }
    }
    assert!(
        noisy > 0,
        "the paper's course has a product with float noise"
    );
}
