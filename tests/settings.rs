//! The settings table renders the scalar settings' fields: every numeric place of a scenario has
//! its line, each line's field agrees with the validation bound, and no two fields share a test id.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use std::collections::BTreeSet;

use common::{catalog, paper};
use course_cost::model::presets::builtin_presets;
use course_cost::model::scenario::field::{FieldPath, Setting};
use course_cost::model::scenario::setting_field::{SettingField, CURRENCY};
use course_cost::model::scenario::validate::validate;
use course_cost::model::scenario::Scenario;
use serde_json::Value;

/// Whether validation reports a problem at `setting` when it is `value` in the paper's course.
fn rejected(setting: Setting, value: f64) -> bool {
    let mut scenario = paper().scenario.clone();
    *setting.slot(&mut scenario) = value;
    validate(&scenario, catalog())
        .iter()
        .any(|e| e.field == FieldPath::from(setting))
}

#[test]
fn each_fields_minimum_is_the_lowest_value_validation_accepts_at_its_step() {
    for &setting in Setting::ALL {
        let step = setting.field().step;
        let lowest = setting.bound().lowest(step);
        assert!(
            !rejected(setting, lowest),
            "{setting:?} at its minimum {lowest}"
        );
        assert!(
            rejected(setting, lowest - step),
            "{setting:?}: one step below the minimum ({}) should be rejected",
            lowest - step
        );
    }
}

#[test]
fn each_slider_stays_inside_the_bound() {
    for &setting in Setting::ALL {
        let field = setting.field();
        let Some((low, high)) = field.slider else {
            continue;
        };
        assert!(low < high, "{setting:?}: {low}..{high}");
        assert!(
            !rejected(setting, low) && !rejected(setting, high),
            "{setting:?}: slider {low}..{high} leaves the bound {:?}",
            setting.bound()
        );
    }
}

#[test]
fn each_field_has_a_label_a_positive_step_and_a_test_id_of_its_own() {
    let mut testids = BTreeSet::new();
    for &setting in Setting::ALL {
        let field = setting.field();
        assert!(!field.label.trim().is_empty(), "{setting:?} has no label");
        assert!(
            field.step.is_finite() && field.step > 0.0,
            "{setting:?} step"
        );
        assert!(
            !field.testid.is_empty()
                && field
                    .testid
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '-'),
            "{setting:?}: test id {:?}",
            field.testid
        );
        assert!(testids.insert(field.testid), "{:?} twice", field.testid);
    }
}

#[test]
fn a_currency_in_the_words_marks_money_or_the_rate() {
    // An amount typed in the currency says so in its unit; a unit naming the currency is money
    // (or the rate, which is the currency per US dollar).
    for &setting in Setting::ALL {
        let field = setting.field();
        let names_currency = field.unit.contains(CURRENCY);
        let is_rate = setting == Setting::UsdToCurrency;
        assert_eq!(names_currency, field.money || is_rate, "{setting:?}");
        // No other placeholder is left once the currency is filled in.
        for text in [field.label, field.unit] {
            let shown = SettingField::in_currency(text, "EUR");
            assert!(!shown.contains(['{', '}']), "{setting:?}: {shown}");
        }
    }
}

/// The path and value of every floating-point number of `value` outside lists (`course.students`):
/// the places a scalar setting can have.
fn scalar_numbers(value: &Value, at: &str, into: &mut Vec<(String, f64)>) {
    match value {
        Value::Object(fields) => {
            for (name, inner) in fields {
                let path = if at.is_empty() {
                    name.clone()
                } else {
                    format!("{at}.{name}")
                };
                scalar_numbers(inner, &path, into);
            }
        }
        // Whole-number counters (the simulation's seed and runs) are not f64 settings.
        Value::Number(n) if n.is_f64() => into.push((at.to_string(), n.as_f64().unwrap())),
        _ => {}
    }
}

/// Every f64 with a fixed place in `scenario`, as written by serde.
fn scalars_of(scenario: &Scenario) -> Vec<(String, f64)> {
    let mut found = Vec::new();
    scalar_numbers(&serde_json::to_value(scenario).unwrap(), "", &mut found);
    found
}

#[test]
fn every_number_with_a_fixed_place_in_a_scenario_is_a_line_of_the_table() {
    for preset in builtin_presets().unwrap() {
        let scalars = scalars_of(&preset.scenario);
        for (path, value) in &scalars {
            let setting = Setting::from_path(path).unwrap_or_else(|| {
                panic!(
                    "{path} (in preset {}) has no line in the settings table",
                    preset.id
                )
            });
            // The line's path names the place it reads.
            assert_eq!(
                setting.get(&preset.scenario).to_bits(),
                value.to_bits(),
                "{path}"
            );
        }
        let paths: BTreeSet<&str> = scalars.iter().map(|(p, _)| p.as_str()).collect();
        for setting in Setting::ALL {
            assert!(
                paths.contains(setting.path()),
                "{}: no such number in the scenario",
                setting.path()
            );
        }
    }
}

#[test]
fn the_project_starts_in_week_one_at_the_earliest() {
    // Weeks count from 1 (the timeline's first week is week 1), so week 0 is no start week: the
    // field's arrows stop at 1 and validation agrees.
    assert!(rejected(Setting::ProjectStartWeek, 0.0));
    assert!(!rejected(Setting::ProjectStartWeek, 1.0));
    let field = Setting::ProjectStartWeek.field();
    assert_eq!(Setting::ProjectStartWeek.bound().lowest(field.step), 1.0);
}
