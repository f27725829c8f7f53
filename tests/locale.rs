//! Money and numbers in the reader's locale (issue 36, item 1): the style the browser hands over
//! as `Intl.NumberFormat` parts writes every figure exactly as `Intl` itself does, no-break
//! spaces included; the page's precision rule holds in every locale; the Markdown is written
//! in the reader's locale and the CSV and JSON keep plain machine numbers.
//!
//! The parts and the oracle strings are `tests/fixtures/intl-parts.json`, written by Node's
//! full ICU (`node tests/fixtures/intl-parts.mjs`); the strings quoted from the issue and the
//! maintainers' table of locales are checked literally as well.
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::intl_styles::{fixture, style_of};
use common::{catalog, estimate, paper};
use course_cost::model::edit::change::{apply_change, Change};
use course_cost::model::export::ExportKind;
use course_cost::model::format::{self, Amount, NumberStyle};
use serde_json::Value;

#[test]
fn every_figure_is_written_as_intl_writes_it() {
    let fixture = fixture();
    let mut checked = 0;
    for (locale, entry) in fixture["locales"].as_object().unwrap() {
        let style = style_of(&fixture, locale);
        for case in entry["oracle"].as_array().unwrap() {
            let value = case["value"].as_f64().unwrap();
            let shown = match case["amount"].as_str().unwrap() {
                "number" => style.number(value, case["decimals"].as_u64().unwrap() as usize),
                kind => {
                    let amount = match kind {
                        "total" => Amount::Total,
                        "per_student" => Amount::PerStudent,
                        _ => Amount::Hourly,
                    };
                    style.money(value, case["currency"].as_str().unwrap(), amount)
                }
            };
            assert_eq!(shown, case["text"].as_str().unwrap(), "{locale}: {case}");
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked} strings checked");
}

#[test]
fn the_issues_and_the_tables_strings_with_their_real_spaces() {
    let fixture = fixture();
    let (nbsp, narrow) = ('\u{a0}', '\u{202f}');
    let eur = |locale: &str, value: f64, amount: Amount| {
        style_of(&fixture, locale).money(value, "EUR", amount)
    };
    // The issue: a total of 1,831 euros.
    assert_eq!(eur("de-DE", 1831.4, Amount::Total), format!("1.831{nbsp}€"));
    assert_eq!(
        eur("fr-FR", 1831.4, Amount::Total),
        format!("1{narrow}831{nbsp}€")
    );
    assert_eq!(eur("en-GB", 1831.4, Amount::Total), "€1,831");
    // The maintainers' table (Node 20.20.2, ICU 78.2): 1234567.891 and -12.3 in euros, 1234.5
    // US dollars, four decimals of a price per hour, the yen without decimals.
    let per_student = Amount::PerStudent;
    assert_eq!(
        eur("de-DE", 1_234_567.891, per_student),
        format!("1.234.567,89{nbsp}€")
    );
    assert_eq!(eur("de-DE", -12.3, per_student), format!("-12,30{nbsp}€"));
    assert_eq!(
        eur("fr-FR", 1_234_567.891, per_student),
        format!("1{narrow}234{narrow}567,89{nbsp}€")
    );
    assert_eq!(eur("en-GB", -12.3, per_student), "-€12.30");
    assert_eq!(
        eur("nl-NL", 1_234_567.891, per_student),
        "€\u{a0}1.234.567,89"
    );
    assert_eq!(eur("en-IN", 1_234_567.891, per_student), "€12,34,567.89");
    assert_eq!(
        eur("de-DE", 0.0208, Amount::Hourly),
        format!("0,0208{nbsp}€")
    );
    let usd = |locale: &str| style_of(&fixture, locale).money(1234.5, "USD", per_student);
    assert_eq!(usd("de-DE"), format!("1.234,50{nbsp}$"));
    assert_eq!(usd("fr-FR"), format!("1{narrow}234,50{nbsp}$US"));
    assert_eq!(usd("en-GB"), "US$1,234.50");
    assert_eq!(usd("en-US"), "$1,234.50");
    let yen = style_of(&fixture, "de-DE").money(1234.5, "JPY", per_student);
    assert_eq!(yen, format!("1.235{nbsp}¥"));
    // Spanish groups from five digits on.
    assert_eq!(style_of(&fixture, "es-ES").number(1234.0, 0), "1234");
    assert_eq!(style_of(&fixture, "es-ES").number(12345.0, 0), "12.345");
}

#[test]
fn the_built_in_american_style_is_what_intl_writes_for_en_us() {
    let fixture = fixture();
    let read = style_of(&fixture, "en-US");
    let built_in = NumberStyle::en_us();
    for case in fixture["locales"]["en-US"]["oracle"].as_array().unwrap() {
        let value = case["value"].as_f64().unwrap();
        let (a, b) = match case["amount"].as_str().unwrap() {
            "number" => (read.number(value, 2), built_in.number(value, 2)),
            _ => {
                let code = case["currency"].as_str().unwrap();
                let amount = Amount::Total;
                (
                    read.money(value, code, amount),
                    built_in.money(value, code, amount),
                )
            }
        };
        assert_eq!(a, b, "{case}");
    }
}

#[test]
fn a_currency_without_a_style_takes_its_code_as_intl_does() {
    let fixture = fixture();
    // Intl.NumberFormat(locale, {style: 'currency', currency: 'XYZ'}).format(1234.5), read with
    // Node 20.20.2: "1.234,50 XYZ" (de-DE), "XYZ 1,234.50" (en-GB), both with U+00A0.
    let de = style_of(&fixture, "de-DE");
    assert_eq!(
        de.money(1234.5, "xyz", Amount::PerStudent),
        "1.234,50\u{a0}XYZ"
    );
    let gb = style_of(&fixture, "en-GB");
    assert_eq!(
        gb.money(-1234.5, "XYZ", Amount::PerStudent),
        "-XYZ\u{a0}1,234.50"
    );
}

/// The groups of `whole` (a non-negative whole number) joined by `separator`, from the right in
/// threes: the German total the page should show, derived without the app's formatting.
fn grouped(whole: u64, separator: &str) -> String {
    let digits = whole.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push_str(separator);
        }
        out.push(c);
    }
    out
}

#[test]
fn markdown_is_in_the_readers_locale_and_the_csv_and_json_stay_machine_numbers() {
    let fixture = fixture();
    format::use_style(style_of(&fixture, "de-DE"));
    let c = catalog();
    let scenario = apply_change(&paper().scenario, c, Change::SetCurrency("EUR".into())).unwrap();
    let result = estimate(&scenario);
    let rate = scenario.pricing.usd_to_currency;
    let total_eur = (result.totals.net_usd * rate).round() as u64;
    let german_total = format!("{}\u{a0}€", grouped(total_eur, "."));
    let render =
        |kind: ExportKind| kind.render(&scenario, &result, c, "https://x.invalid/", "2026-12-01");
    let md = render(ExportKind::Markdown);
    assert!(
        md.contains(&format!("**Total: {german_total}**")),
        "{german_total} in {md}"
    );
    // Per student to the cent with a decimal comma: 262,70 € style.
    let per_student = result.totals.per_student_usd * rate;
    let cents = format!("{:.2}", per_student).replace('.', ",");
    assert!(
        md.contains(&format!("({cents}\u{a0}€ per student)")),
        "{cents} in {md}"
    );
    // The CSV: plain numbers with a point, the currency in a column of its own.
    let csv = render(ExportKind::Csv);
    assert!(!csv.contains('€') && !csv.contains('\u{a0}'), "{csv}");
    let records = common::csv::records(&csv);
    let total_row = records
        .iter()
        .find(|r| r[0] == "Total (what the course pays)")
        .expect("a total row");
    let amount = format!("{:.2}", result.totals.net_usd * rate);
    assert!(
        total_row.ends_with(&["EUR".to_string(), amount, String::new(), String::new()]),
        "{total_row:?}"
    );
    let json = render(ExportKind::Json);
    assert!(!json.contains('€') && !json.contains('\u{a0}'));
    let json: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        json["results_currency"], "USD",
        "the results' amounts are dollars"
    );
    assert_eq!(json["scenario"]["pricing"]["currency"], "EUR");
    format::use_style(NumberStyle::en_us());
}
