//! The page and the actuals wasm (`components::actuals`), natively: the page sends its scenario
//! as its link JSON, the view's mirror applies the view's own action with the same reducer, and
//! the page takes the scenario it made as one undo step with the view's label.
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::rc::Rc;

use course_cost::model::edit::change::Change;
use course_cost::model::scenario::field::Setting;
use course_cost::model::share::{decode_inflated, Decoded, Inflated};
use course_cost::model::Scenario;
use course_cost::state::{Action, ScenarioState};

fn page() -> Rc<ScenarioState> {
    Rc::new(ScenarioState::from_sources(None, None).expect("the paper's course loads"))
}

/// What the view reads from the page's sync (or the page from the view's edit): the link JSON.
fn read(state: &ScenarioState) -> Decoded {
    decode_inflated(&state.share_json(), Inflated::NotDeflate, state.catalog).expect("it reads")
}

/// The view's mirror, started from the page's state as the actuals wasm starts it.
fn mirror(page: &ScenarioState) -> Rc<ScenarioState> {
    Rc::new(ScenarioState::from_decoded(Some(read(page)), None).expect("the mirror starts"))
}

/// The page taking what the view's `edited` mirror made.
fn adopt(page: Rc<ScenarioState>, edited: &ScenarioState) -> Rc<ScenarioState> {
    let label = edited
        .history
        .undo_label()
        .expect("the view's edit is a step")
        .to_string();
    page.apply(Action::AdoptScenario {
        scenario: Rc::new(read(edited).scenario),
        label,
    })
}

#[test]
fn the_mirror_reads_the_pages_scenario_exactly_so_it_sends_nothing_back_unasked() {
    // The mirror tells the page of an edit when its scenario differs from the last one the page
    // sent: a sync that did not read back equal would be sent back as an edit.
    let start = page();
    let edited = start
        .clone()
        .apply(Action::EditNumber {
            field: Setting::Students.into(),
            text: "120".into(),
        })
        .apply(Action::Change(Change::SetProvider("gcp".into())))
        .apply(Action::Change(Change::RemoveLab(2)))
        .apply(Action::PinAsA)
        .apply(Action::Change(Change::SetTitle(
            "Spring <26> *draft*".into(),
        )));
    for state in [start, edited] {
        let decoded = read(&state);
        assert!(decoded.notices.is_empty(), "{:?}", decoded.notices);
        assert_eq!(decoded.scenario, **state.scenario);
        assert_eq!(*mirror(&state).scenario, *state.scenario);
    }
}

#[test]
fn an_edit_made_in_a_view_is_one_undo_step_on_the_page_with_the_views_label() {
    let start = page();
    let view = mirror(&start);
    // The view switches the provider (what the bill view's "price it on the bill's provider"
    // does): its mirror applies it with the same reducer, and labels the step.
    let edited = view.apply(Action::Change(Change::SetProvider("azure".into())));
    assert_eq!(edited.scenario.pricing.provider, "azure");
    let taken = adopt(start.clone(), &edited);
    assert_eq!(taken.scenario.pricing.provider, "azure");
    assert_eq!(*taken.scenario, *edited.scenario);
    assert_eq!(taken.history.undo_label(), Some("change the provider"));
    assert_eq!(taken.history.past.len(), 1, "one step");
    // The page's own figures: priced again from the scenario, equal to the mirror's.
    assert_eq!(
        taken.estimate.totals.net_usd,
        edited.estimate.totals.net_usd
    );
    let undone = taken.apply(Action::Undo);
    assert_eq!(*undone.scenario, *start.scenario);
    assert_eq!(undone.history.redo_label(), Some("change the provider"));
    let redone = undone.apply(Action::Redo);
    assert_eq!(redone.scenario.pricing.provider, "azure");
}

#[test]
fn the_page_keeps_its_scenario_a_and_takes_nothing_twice() {
    let pinned = page().apply(Action::PinAsA);
    let edited = mirror(&pinned).apply(Action::Change(Change::RemoveLab(0)));
    let taken = adopt(pinned.clone(), &edited);
    assert_eq!(
        taken.scenario.course.labs.len(),
        pinned.scenario.course.labs.len() - 1
    );
    let a = taken.pinned.as_ref().expect("scenario A stays");
    assert!(Rc::ptr_eq(
        &a.scenario,
        &pinned.pinned.as_ref().unwrap().scenario
    ));
    // The same scenario again (the view's next sync echoing it): no change, no step.
    let again = taken.clone().apply(Action::AdoptScenario {
        scenario: Rc::new(Scenario::clone(&taken.scenario)),
        label: "remove a lab".into(),
    });
    assert!(Rc::ptr_eq(&again, &taken));
}

#[test]
fn a_scenario_the_page_cannot_price_is_refused_with_a_notice() {
    let start = page();
    let mut broken = Scenario::clone(&start.scenario);
    broken.course.students = f64::NAN;
    let refused = start.clone().apply(Action::AdoptScenario {
        scenario: Rc::new(broken),
        label: "calibrate from your bill".into(),
    });
    assert!(Rc::ptr_eq(&refused.scenario, &start.scenario));
    assert!(refused.history.undo_label().is_none(), "no step");
    let notice = refused.visit.notice.as_deref().expect("it says why");
    assert!(notice.contains("cannot be priced"), "{notice}");
    // A view's own notice (its edit refused there) is the page's notice.
    let said = start.apply(Action::Notice(
        "The bill was not applied: confirm first.".into(),
    ));
    assert_eq!(
        said.visit.notice.as_deref(),
        Some("The bill was not applied: confirm first.")
    );
}
