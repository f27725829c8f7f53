//! The A/B difference lists every setting that differs (issue 33, item 2): each setting of the
//! settings table changed alone in B, through the commit path as a user types it, gives the row
//! that names it, with A's and B's values in words; nothing else differs.
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::{catalog, paper};
use course_cost::model::edit::number::apply_number;
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
