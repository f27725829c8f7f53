//! Old links tell the truth (issue 32, item 5): a link made with an archived version of a preset
//! opens that version, frozen, but priced with today's catalog, which was corrected after such
//! links were made. Its notice gives that figure as what it is, "with today's prices", computed
//! here by hand from the catalog, and never claims it is what the link showed when it was made.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::by_hand::aws_course_usd;
use common::{catalog, paper};
use course_cost::model::catalog::presets::{builtin_presets, Preset};
use course_cost::model::share::decode;
use course_cost::model::{evaluate, Scenario};

/// The link of version 1 of the paper's course as it is, from the golden corpus of the first
/// link version (`tests/links/v1.json`, written when version 1 was current).
fn first_version_link() -> String {
    let corpus: Vec<serde_json::Value> =
        serde_json::from_str(include_str!("links/v1.json")).expect("parses");
    corpus
        .iter()
        .find(|e| e["name"] == "preset paper-s25 as it is")
        .and_then(|e| e["payload"].as_str())
        .expect("the corpus holds the first version's link")
        .to_string()
}

fn preset(id: &str) -> &'static Preset {
    builtin_presets()
        .expect("presets")
        .iter()
        .find(|p| p.id == id)
        .expect("shipped")
}

/// What `s` (AWS, on demand, no discount, overhead, credit or lever) costs per enrolled student,
/// by hand from its plan, its overrun factors and today's catalog, without the engine (the
/// formula: [`common::by_hand::aws_course_usd`]).
fn by_hand_per_student(s: &Scenario) -> f64 {
    let p = &s.pricing;
    assert_eq!(
        (p.provider.as_str(), p.discount_pct, p.overhead_pct),
        ("aws", 0.0, 0.0)
    );
    assert_eq!(p.credit_per_student_usd, 0.0);
    let (labs, project) = aws_course_usd(s);
    (labs + project) / s.course.students
}

#[test]
fn a_first_version_link_gives_its_figure_with_todays_prices_and_says_so() {
    let archived = preset("paper-s25");
    assert!(archived.archived);
    let decoded = decode(&first_version_link(), catalog()).expect("presets load");
    assert_eq!(
        decoded.scenario, archived.scenario,
        "it opens version 1, frozen"
    );
    let old = decoded.old_version.expect("it says it is old");

    // By hand, from today's catalog: the frozen version 1 and today's version 2.
    let with_todays_prices = by_hand_per_student(&archived.scenario);
    let today = by_hand_per_student(&paper().scenario);
    assert!((old.archived_per_student_usd - with_todays_prices).abs() < 1e-9);
    assert!((old.today_per_student_usd - today).abs() < 1e-9);
    // And what the page shows for the link is that same figure.
    let shown = evaluate(&decoded.scenario, catalog()).expect("valid");
    assert!((shown.totals.per_student_usd - with_todays_prices).abs() < 1e-9);

    let notice = old.notice();
    let expected = format!(
        "This link was made with version 1 of \"The paper's course (NYU, Spring 2025)\" (archived) and opens that version. With today's prices: ${with_todays_prices:.2} per student (what it showed when it was made may differ where prices have been corrected since). Today's version 3 gives ${today:.2}."
    );
    assert_eq!(notice, expected);
    assert!(!notice.contains("as it was then"), "{notice}");
}

#[test]
fn an_edited_first_version_link_in_euros_gives_both_figures_with_todays_prices() {
    // 95 students, prices in euros at a rate of 0.9: both figures in euros, by hand, written as en-US writes euros (€12.34).
    let json = r#"{"v":2,"p":"paper-s25","cu":"EUR","n":{"course.students":95,"pricing.usd_to_currency":0.9}}"#;
    let payload = base64::Engine::encode(&base64::engine::general_purpose::URL_SAFE_NO_PAD, json);
    let decoded = decode(&payload, catalog()).expect("presets load");
    let old = decoded.old_version.expect("it says it is old");
    assert!(old.edited);
    let edited = |base: &Scenario| {
        let mut s = base.clone();
        s.course.students = 95.0;
        s.pricing.currency = "EUR".into();
        s.pricing.usd_to_currency = 0.9;
        s
    };
    let with_todays_prices = by_hand_per_student(&edited(&preset("paper-s25").scenario)) * 0.9;
    let today = by_hand_per_student(&edited(&paper().scenario)) * 0.9;
    let notice = old.notice();
    assert!(
        notice.contains(&format!(
            "With today's prices: €{with_todays_prices:.2} per student"
        )),
        "{notice}"
    );
    assert!(
        notice.ends_with(&format!(
            "Today's version 3, with this link's changes where they apply, gives €{today:.2}."
        )),
        "{notice}"
    );
}
