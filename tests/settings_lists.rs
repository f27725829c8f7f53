//! Every list of settings reads the settings table (issue 33, item 2): the A/B difference lists
//! every setting that differs (each setting changed alone in B, through the commit path as a user
//! types it, gives the row that names it, with A's and B's values in words; nothing else
//! differs), and the CSV and Markdown exports name every setting with its value.
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::{catalog, estimate, paper};
use course_cost::model::edit::number::apply_number;
use course_cost::model::export::{escape_markdown, ExportKind};
use course_cost::model::planners::diff::{input_differences, setting_row_label};
use course_cost::model::scenario::field::FieldPath;
use course_cost::model::scenario::setting::Setting;
use course_cost::model::Scenario;

/// `a` with `setting` alone changed to a value validation accepts: the first of 1.5 times, half,
/// one more or one less than A's that is valid and different.
fn changed_alone(a: &Scenario, setting: Setting) -> Scenario {
    let value = setting.get(a);
    let candidates = [value * 1.5, value * 0.5, value + 1.0, value - 1.0, 1.0, 2.0];
    candidates
        .iter()
        .filter(|&&v| v != value)
        .find_map(|v| apply_number(a, catalog(), FieldPath::from(setting), &v.to_string()).ok())
        .unwrap_or_else(|| panic!("{}: no other valid value near {value}", setting.path()))
}

#[test]
fn every_setting_changed_alone_in_b_is_listed() {
    let a = &paper().scenario;
    assert!(input_differences(a, a, catalog()).is_empty());
    for &setting in Setting::ALL {
        let b = changed_alone(a, setting);
        assert_ne!(setting.get(&b), setting.get(a), "{}", setting.path());
        let rows = input_differences(a, &b, catalog());
        let label = setting_row_label(setting, &b);
        let row = rows
            .iter()
            .find(|r| r.label == label)
            .unwrap_or_else(|| panic!("{}: no row {label:?} in {rows:?}", setting.path()));
        assert_ne!(row.a, row.b, "{}", setting.path());
        // One setting changed, one row, which says both values (a price change in its words).
        assert_eq!(rows.len(), 1, "{}: {rows:?}", setting.path());
        if label == setting.label_in(&b) {
            assert_eq!(row.a, setting.value_words(a), "{}", setting.path());
            assert_eq!(row.b, setting.value_words(&b), "{}", setting.path());
        }
    }
}

#[test]
fn a_b_with_another_storage_overrun_names_it() {
    // The case the issue found: B keeps project storage longer, costs more, and said nothing.
    let a = &paper().scenario;
    let b = apply_number(a, catalog(), FieldPath::from(Setting::ProjectStorage), "2").unwrap();
    let rows = input_differences(a, &b, catalog());
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].label, "Project: Storage");
    assert_eq!(rows[0].b, "2x");
}

#[test]
fn the_exports_name_every_setting_with_its_value() {
    // Euros, so money settings are written in the scenario's currency.
    let mut s = paper().scenario.clone();
    s.pricing.currency = "EUR".into();
    s.pricing.usd_to_currency = 0.9;
    s.pricing.credit_per_student_usd = 50.0;
    let result = estimate(&s);
    let render =
        |kind: ExportKind| kind.render(&s, &result, catalog(), "https://x.invalid/", "2026-12-01");
    let records = common::csv::records(&render(ExportKind::Csv));
    let markdown = render(ExportKind::Markdown);
    for &setting in Setting::ALL {
        let label = setting.label_in(&s);
        let row = records
            .iter()
            .find(|r| r[0] == label)
            .unwrap_or_else(|| panic!("no CSV row {label:?}"));
        let rate = if setting.is_money() { 0.9 } else { 1.0 };
        let value: f64 = row[1].parse().unwrap();
        assert!(
            (value - setting.get(&s) * rate).abs() < 1e-9,
            "{label}: {row:?}"
        );
        let line = format!(
            "| {} | {} |",
            escape_markdown(&label),
            escape_markdown(&setting.value_words(&s))
        );
        assert!(markdown.contains(&line), "no Markdown row {line:?}");
    }
    assert!(label_of(&records, "EUR per US dollar"));
}

fn label_of(records: &[Vec<String>], label: &str) -> bool {
    records.iter().any(|r| r[0] == label)
}

#[test]
fn every_usage_setting_is_a_row_of_the_tornado() {
    use course_cost::model::planners::tornado::{Knob, INPUTS};
    use course_cost::model::planners::uncertain::usage_range;
    let in_inputs = |setting: Setting| INPUTS.iter().any(|i| i.knob == Knob::Setting(setting));
    let mut usage = 0;
    for &setting in Setting::ALL {
        match usage_range(setting) {
            Some(range) => {
                usage += 1;
                assert!(
                    in_inputs(setting),
                    "{} has a range but no row",
                    setting.path()
                );
                assert!(INPUTS.contains(&range), "{}", setting.path());
            }
            None => assert!(!in_inputs(setting), "{} has no range", setting.path()),
        }
    }
    assert!(usage >= 6);
}
