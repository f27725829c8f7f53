//! The app's one state and its reducer, natively: every action, without a browser.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

use std::rc::Rc;

use course_cost::model::edit::change::Change;
use course_cost::model::presets::builtin_presets;
use course_cost::model::scenario::field::{FieldPath, Setting};
use course_cost::model::share::{decode, encode};
use course_cost::state::{Action, ScenarioState};

fn start() -> Rc<ScenarioState> {
    Rc::new(ScenarioState::from_sources(None, None).expect("the paper's course loads"))
}

fn students() -> FieldPath {
    Setting::Students.into()
}

fn edit(state: Rc<ScenarioState>, field: FieldPath, text: &str) -> Rc<ScenarioState> {
    let text = text.to_string();
    state.apply(Action::EditNumber { field, text })
}

#[test]
fn the_paper_course_is_the_default() {
    let state = start();
    assert_eq!(state.scenario.course.students, 191.0);
    assert!(state.preset.is_some(), "unchanged from its preset");
    assert!(state.estimate.totals.net_usd > 0.0);
}

#[test]
fn a_valid_number_commits_and_reprices() {
    let before = start();
    let after = edit(before.clone(), students(), "50");
    assert_eq!(after.scenario.course.students, 50.0);
    assert!(after.estimate.totals.net_usd < before.estimate.totals.net_usd);
    assert!(after.preset.is_none(), "edited");
    let draft = after
        .typed_text(&students())
        .expect("the typed text is kept");
    assert_eq!((draft.text.as_str(), draft.error.as_ref()), ("50", None));
    let left = after.apply(Action::FinishEdit(students()));
    assert!(left.typed_text(&students()).is_none());
}

#[test]
fn an_invalid_number_keeps_the_last_valid_scenario_and_the_text() {
    let before = start();
    let after = edit(before.clone(), students(), "-5");
    assert!(Rc::ptr_eq(&after.scenario, &before.scenario));
    let draft = after.typed_text(&students()).expect("kept");
    assert_eq!(draft.text, "-5");
    assert!(draft
        .error
        .as_deref()
        .is_some_and(|e| e.contains("negative")));
    let left = after.apply(Action::FinishEdit(students()));
    assert!(
        left.typed_text(&students()).is_some(),
        "an invalid text stays"
    );
    let junk = edit(start(), students(), "abc");
    assert!(junk
        .typed_text(&students())
        .and_then(|d| d.error.clone())
        .is_some());
}

#[test]
fn structural_changes_commit_or_leave_a_notice() {
    let before = start();
    let labs = before.scenario.course.labs.len();
    let typed = edit(before, students(), "60");
    let removed = typed.apply(Action::Change(Change::RemoveLab(0)));
    assert_eq!(removed.scenario.course.labs.len(), labs - 1);
    assert!(
        removed.visit.typed.is_empty(),
        "indices shifted: typed texts are dropped"
    );
    let refused = removed.apply(Action::Change(Change::RemoveLab(999)));
    assert!(refused.visit.notice.is_some());
    assert_eq!(refused.scenario.course.labs.len(), labs - 1);
}

#[test]
fn presets_load_and_set_the_origin() {
    let presets = builtin_presets().expect("presets");
    let other = presets.last().expect("more than one preset");
    let state = start().apply(Action::LoadPreset(other.id.to_string()));
    assert_eq!(state.origin.id, other.id);
    assert_eq!(**state.scenario, other.scenario);
    let unknown = state.clone().apply(Action::LoadPreset("no-such".into()));
    assert!(Rc::ptr_eq(&unknown, &state));
}

#[test]
fn only_the_untouched_paper_course_needs_no_link() {
    // What an address without a link opens, and what its own link would open, are one scenario:
    // so the start may leave the address bar bare.
    let state = start();
    assert!(state.needs_no_link());
    let own = decode(&state.share_payload(), state.catalog).expect("its link decodes");
    assert_eq!(own.scenario, **state.scenario);
    assert!(own.pinned.is_none());
    // Anything else needs its link.
    assert!(!edit(state.clone(), students(), "80").needs_no_link());
    assert!(!state.clone().apply(Action::PinAsA).needs_no_link());
    let presets = builtin_presets().expect("presets");
    let other = presets.last().expect("more than one preset");
    assert!(!state
        .apply(Action::LoadPreset(other.id.to_string()))
        .needs_no_link());
}

#[test]
fn pinning_carries_scenario_a_into_the_link() {
    let state = start();
    let alone = state.share_payload();
    let pinned = state.apply(Action::PinAsA);
    let b = edit(pinned, students(), "80");
    assert_eq!(
        b.pinned.as_ref().map(|a| a.scenario.course.students),
        Some(191.0)
    );
    assert_ne!(b.share_payload(), alone);
    let decoded = decode(&b.share_payload(), b.catalog).expect("decodes");
    assert_eq!(decoded.pinned.map(|a| a.course.students), Some(191.0));
    let unpinned = b.apply(Action::Unpin);
    assert!(unpinned.pinned.is_none());
}

#[test]
fn a_link_over_a_saved_draft_keeps_the_draft_restorable() {
    let base = start();
    let draft = edit(base.clone(), students(), "120");
    let saved = encode(&draft.scenario, draft.origin);
    let linked = edit(base, students(), "300");
    let fragment = format!("s={}", encode(&linked.scenario, linked.origin));
    let state = Rc::new(ScenarioState::from_sources(Some(&fragment), Some(&saved)).expect("loads"));
    assert_eq!(state.scenario.course.students, 300.0);
    let restored = state.apply(Action::RestoreReplaced);
    assert_eq!(restored.scenario.course.students, 120.0);
    assert!(restored.visit.replaced_scenario.is_none());
}

#[test]
fn a_loaded_link_replaces_the_scenario_with_its_notices() {
    let state = start();
    let other = edit(start(), students(), "42");
    let decoded = decode(&other.share_payload(), other.catalog).expect("decodes");
    let loaded = state.apply(Action::LoadLink(Rc::new(decoded)));
    assert_eq!(loaded.scenario.course.students, 42.0);
    let dismissed = loaded.apply(Action::DismissLinkNotices);
    assert!(dismissed.visit.link_notices.is_empty());
}

#[test]
fn every_provider_is_priced_once_when_asked() {
    let state = start();
    let first = state.on_every_provider();
    assert_eq!(first.len(), state.catalog.providers.len());
    assert!(
        Rc::ptr_eq(&first, &state.on_every_provider()),
        "computed once per state"
    );
    let aws = first.iter().find(|q| q.provider == "aws").expect("aws");
    assert!((aws.totals.net_usd - state.estimate.totals.net_usd).abs() < 1e-6);
}

#[test]
fn typing_a_number_is_one_undo_step_and_redo_brings_it_back() {
    let state = start();
    let mut typed = state;
    for text in ["5", "50"] {
        typed = edit(typed, students(), text);
    }
    assert_eq!(typed.scenario.course.students, 50.0);
    let undone = typed.apply(Action::Undo);
    assert_eq!(undone.scenario.course.students, 191.0, "one step back");
    let redone = undone.apply(Action::Redo);
    assert_eq!(redone.scenario.course.students, 50.0);
}

#[test]
fn reset_and_remove_lab_are_undoable() {
    let edited = edit(start(), students(), "60").apply(Action::FinishEdit(students()));
    let labs = edited.scenario.course.labs.len();
    let removed = edited.apply(Action::Change(Change::RemoveLab(2)));
    let id = removed.origin.id.to_string();
    let reset = removed.apply(Action::LoadPreset(id));
    assert_eq!(reset.scenario.course.students, 191.0);
    let back = reset.apply(Action::Undo);
    assert_eq!(back.scenario.course.students, 60.0);
    assert_eq!(back.scenario.course.labs.len(), labs - 1);
    let lab_back = back.apply(Action::Undo);
    assert_eq!(lab_back.scenario.course.labs.len(), labs);
    assert_eq!(lab_back.history.redo_label(), Some("remove a lab"));
}

#[test]
fn a_hundred_steps_are_kept() {
    let mut state = start();
    for n in 0..120 {
        state = edit(state, students(), &format!("{}", 100 + n));
        state = state.apply(Action::FinishEdit(students()));
    }
    for _ in 0..100 {
        state = state.apply(Action::Undo);
    }
    assert_eq!(state.scenario.course.students, 119.0);
}

#[test]
fn money_is_typed_in_the_scenarios_currency() {
    let euros = start().apply(Action::Change(Change::SetCurrency("EUR".into())));
    let rate = euros.scenario.pricing.usd_to_currency;
    assert!(rate > 0.5 && rate < 1.5 && rate != 1.0, "{rate}");
    let credit = FieldPath::from(Setting::CreditPerStudent);
    let with_credit = edit(euros, credit, "50");
    let usd = with_credit.scenario.pricing.credit_per_student_usd;
    assert!((usd * rate - 50.0).abs() < 1e-9);
    let unknown = with_credit.apply(Action::Change(Change::SetCurrency("XYZ".into())));
    assert!(unknown
        .visit
        .notice
        .as_deref()
        .is_some_and(|n| n.contains("XYZ")));
    assert_eq!(unknown.scenario.pricing.currency, "EUR");
}

#[test]
fn a_decimal_comma_is_read_and_said() {
    let group = FieldPath::from(Setting::GroupSize);
    let comma = edit(start(), group, "3,5");
    let point = edit(start(), group, "3.5");
    assert_eq!(comma.estimate.totals.net_usd, point.estimate.totals.net_usd);
    let draft = comma.typed_text(&group).expect("kept");
    assert_eq!(draft.read_as.as_deref(), Some("3.5"));
}

#[test]
fn a_link_opened_over_an_edit_keeps_the_edit_restorable() {
    let edited = edit(start(), students(), "77");
    let other = edit(start(), students(), "42");
    let decoded = decode(&other.share_payload(), other.catalog).expect("decodes");
    let loaded = edited.apply(Action::LoadLink(Rc::new(decoded)));
    assert_eq!(loaded.scenario.course.students, 42.0);
    let kept = loaded
        .visit
        .replaced_scenario
        .as_ref()
        .map(|s| s.course.students);
    assert_eq!(kept, Some(77.0));
    let restored = loaded.apply(Action::RestoreReplaced);
    assert_eq!(restored.scenario.course.students, 77.0);
}

#[test]
fn a_title_is_one_step_and_travels_in_the_link() {
    let mut state = start();
    for text in ["C", "CS 9", "CS 9183 plan"] {
        state = state.apply(Action::Change(Change::SetTitle(text.into())));
    }
    assert_eq!(state.scenario.title, "CS 9183 plan");
    let decoded = decode(&state.share_payload(), state.catalog).expect("decodes");
    assert_eq!(decoded.scenario.title, "CS 9183 plan");
    assert_eq!(state.apply(Action::Undo).scenario.title, "");
}

/// A version 1 link of the first version of the paper's course (plain JSON, base64url).
fn first_version_payload(extra: &str) -> String {
    use base64::Engine;
    let json = format!(r#"{{"v":1,"p":"paper-s25"{extra}}}"#);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(json)
}

#[test]
fn an_old_link_names_its_version_and_the_picker_starts_from_it() {
    let fragment = format!("s={}", first_version_payload(""));
    let state = Rc::new(ScenarioState::from_sources(Some(&fragment), None).expect("loads"));
    // As it was: the archived preset, unchanged, so the picker shows it.
    assert_eq!(state.origin.id, "paper-s25");
    assert_eq!(state.preset.map(|p| p.id), Some("paper-s25"));
    assert!(
        state.visit.link_notices.is_empty(),
        "{:?}",
        state.visit.link_notices
    );
    let said = state
        .visit
        .link_version
        .clone()
        .expect("the link says it is old");
    assert!(
        said.starts_with("This link was made with version 1 of"),
        "{said}"
    );
    assert!(said.contains("Today's version 3 gives $"), "{said}");
    // Dismissed, and gone once a current preset is picked.
    assert!(state
        .clone()
        .apply(Action::DismissLinkNotices)
        .visit
        .link_version
        .is_none());
    let picked = state.apply(Action::LoadPreset("paper-s25-v3".into()));
    assert!(picked.visit.link_version.is_none());
    // Loaded into an open page (the address bar changed): the same notice.
    let decoded = decode(&first_version_payload(r#","s":95"#), picked.catalog).expect("decodes");
    let loaded = picked.apply(Action::LoadLink(Rc::new(decoded)));
    assert!(loaded
        .visit
        .link_version
        .as_deref()
        .is_some_and(|s| s.contains("with this link's changes")));
}

#[test]
fn a_saved_draft_of_an_old_version_is_not_called_a_link() {
    let saved = first_version_payload(r#","s":95"#);
    let state = ScenarioState::from_sources(None, Some(&saved)).expect("loads");
    assert_eq!(state.origin.id, "paper-s25");
    assert!(state.visit.link_version.is_none());
}

/// The kept list: newest first, no payload twice, at most five, an unreadable list is empty.
#[test]
fn replaced_scenarios_are_kept_newest_first_and_bounded() {
    use course_cost::state::kept::{kept_json, name_of, parse_kept, with_kept, Kept, MAX_KEPT};
    let entry = |n: usize| Kept {
        name: format!("scenario {n}"),
        why: "replaced by Reset or a preset".into(),
        at_ms: n as f64,
        payload: format!("payload-{n}"),
    };
    let mut list = Vec::new();
    for n in 0..7 {
        list = with_kept(&list, entry(n));
    }
    assert_eq!(MAX_KEPT, 5);
    let names: Vec<&str> = list.iter().map(|k| k.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "scenario 6",
            "scenario 5",
            "scenario 4",
            "scenario 3",
            "scenario 2"
        ]
    );
    // The same scenario kept again moves up, once.
    let again = with_kept(&list, entry(3));
    assert_eq!(again.len(), 5);
    assert_eq!(again[0].name, "scenario 3");
    assert_eq!(again.iter().filter(|k| k.payload == "payload-3").count(), 1);
    // Stored and read back whole; a damaged store reads as nothing kept.
    assert_eq!(parse_kept(Some(&kept_json(&again))), again);
    assert!(parse_kept(Some("{not json")).is_empty());
    assert!(parse_kept(None).is_empty());
    // A scenario without a title is named by its size.
    let paper = &builtin_presets().expect("presets")[0].scenario;
    let name = name_of(paper);
    if paper.title.trim().is_empty() {
        assert!(name.contains("191 students"), "{name}");
    } else {
        assert_eq!(name, paper.title.trim());
    }
}

#[test]
fn a_half_typed_number_never_reaches_the_results() {
    // 75 students, left as a finished edit: the course as the results show it.
    let at_75 = edit(start(), students(), "75").apply(Action::FinishEdit(students()));
    let total_75 = at_75.estimate.totals.net_usd;
    // "1e-300" typed over it key by key: "1" is a valid number of students on its own...
    let mut state = at_75;
    for typed in ["1", "1e", "1e-", "1e-3", "1e-30", "1e-300"] {
        state = edit(state, students(), typed);
    }
    // ... but once the text is not valid the results are those of before the edit began.
    assert_eq!(state.scenario.course.students, 75.0);
    assert_eq!(state.estimate.totals.net_usd, total_75);
    let draft = state.typed_text(&students()).expect("kept");
    assert_eq!(draft.text, "1e-300");
    assert!(draft.error.is_some());
    assert_eq!(
        draft.results_use,
        Some(75.0),
        "the field says which value is used"
    );
    // A valid text commits as before, and leaving the field ends the edit.
    let typed = edit(state, students(), "80");
    assert_eq!(typed.scenario.course.students, 80.0);
    assert_eq!(
        typed.typed_text(&students()).and_then(|d| d.results_use),
        None
    );
    // The whole edit is one undo step back to 75.
    let undone = typed
        .apply(Action::FinishEdit(students()))
        .apply(Action::Undo);
    assert_eq!(undone.scenario.course.students, 75.0);
}

#[test]
fn every_replacement_says_what_happened() {
    use course_cost::state::Replacement;
    let edited = edit(start(), students(), "60").apply(Action::FinishEdit(students()));
    // Reset loads the paper's preset: the notice names it, not a shared link.
    let id = edited.origin.id.to_string();
    let reset = edited.clone().apply(Action::LoadPreset(id));
    let why = reset.visit.replaced_by.expect("said");
    assert!(matches!(why, Replacement::Preset(_)));
    assert!(
        why.message().contains(reset.origin.name),
        "{}",
        why.message()
    );
    assert!(!why.message().contains("link"), "{}", why.message());
    // Restoring brings the edit back and says so; Undo returns to the preset.
    let restored = reset.apply(Action::RestoreReplaced);
    assert_eq!(restored.scenario.course.students, 60.0);
    assert_eq!(restored.visit.replaced_by, Some(Replacement::Restored));
    assert_eq!(restored.apply(Action::Undo).scenario.course.students, 191.0);
    // A link opened over an edit says a link replaced it.
    let other = edit(start(), students(), "42");
    let decoded = decode(&other.share_payload(), other.catalog).expect("decodes");
    let linked = edited.apply(Action::LoadLink(Rc::new(decoded)));
    assert_eq!(linked.visit.replaced_by, Some(Replacement::Link));
    assert!(linked
        .visit
        .replaced_by
        .expect("said")
        .message()
        .contains("link"));
}

#[test]
fn a_draft_saved_before_stand_in_choices_were_renamed_keeps_its_choices() {
    // Drafts written before the rename hold the choices under `gpu_choices`.
    let paper = &builtin_presets().expect("presets")[0].scenario;
    let mut value = serde_json::to_value(paper).expect("serializes");
    let choice = serde_json::json!({"provider": "aws", "resource": "gpu_a100_pcie", "offer": "aws/p5.48xlarge", "fraction": 1.0});
    value["gpu_choices"] = serde_json::json!([choice]);
    value.as_object_mut().map(|o| o.remove("stand_in_choices"));
    let read: course_cost::model::Scenario = serde_json::from_value(value).expect("reads");
    assert_eq!(read.stand_in_choices.len(), 1);
    assert_eq!(read.stand_in_choices[0].resource, "gpu_a100_pcie");
}

#[test]
fn the_visit_is_apart_from_the_plan() {
    // A refused change and a half-typed number change the visit (a notice, a typed text), never
    // the plan: the same scenario, estimate and history.
    let state = start();
    let refused = state.clone().apply(Action::Change(Change::RemoveLab(999)));
    assert!(refused.visit.notice.is_some());
    assert!(Rc::ptr_eq(&refused.scenario, &state.scenario));
    assert!(Rc::ptr_eq(&refused.estimate, &state.estimate));
    assert_eq!(refused.history.undo_label(), None);
    let typing = edit(state.clone(), students(), "-");
    assert!(typing
        .visit
        .typed
        .get(&students())
        .is_some_and(|t| t.error.is_some()));
    assert!(Rc::ptr_eq(&typing.scenario, &state.scenario));
    // Undo brings back the plan of the step before, not the visit's texts and notices.
    let edited = edit(state, students(), "50");
    let edited = edited.apply(Action::FinishEdit(students()));
    let refused = edited.apply(Action::Change(Change::RemoveLab(999)));
    let undone = refused.apply(Action::Undo);
    assert_eq!(undone.scenario.course.students, 191.0);
    assert!(undone.visit.typed.get(&students()).is_none());
    assert!(undone.visit.notice.is_none());
}

#[test]
fn a_bill_read_stays_open_for_the_visit_until_closed_or_replaced_and_is_never_stored() {
    // Issue 46, item 2: the bill is the visit's (no undo step, no scenario change, so no draft
    // or link holds it); another bill replaces it and Close forgets it.
    use course_cost::model::focus::reader::read_all;
    use course_cost::state::OpenBill;
    let text = include_str!("fixtures/focus/aws-1.2-excerpt.csv");
    let summary = Rc::new(read_all(text.as_bytes()).expect("a FOCUS file"));
    let start = Rc::new(ScenarioState::from_sources(None, None).expect("loads"));
    let open = start
        .clone()
        .apply(Action::KeepBill(Some(Rc::new(OpenBill::new(
            "aws-1.2-excerpt.csv".into(),
            summary.clone(),
        )))));
    let bill = open.visit.bill.clone().expect("open");
    assert_eq!(bill.name, "aws-1.2-excerpt.csv");
    assert!(
        Rc::ptr_eq(&open.scenario, &start.scenario),
        "the scenario is unchanged"
    );
    assert!(Rc::ptr_eq(&open.history, &start.history), "no undo step");
    // An edit elsewhere keeps it; so does undoing that edit.
    let field: FieldPath = Setting::Students.into();
    let edited = open
        .apply(Action::EditNumber {
            field,
            text: "150".into(),
        })
        .apply(Action::FinishEdit(field));
    assert_eq!(edited.scenario.course.students, 150.0);
    assert!(edited
        .visit
        .bill
        .as_ref()
        .is_some_and(|b| Rc::ptr_eq(b, &bill)));
    let undone = edited.apply(Action::Undo);
    assert!(undone
        .visit
        .bill
        .as_ref()
        .is_some_and(|b| Rc::ptr_eq(b, &bill)));
    // Another bill replaces it; Close forgets it.
    let other = undone.apply(Action::KeepBill(Some(Rc::new(OpenBill::new(
        "other.csv".into(),
        summary,
    )))));
    assert_eq!(
        other.visit.bill.as_ref().map(|b| b.name.as_str()),
        Some("other.csv")
    );
    let closed = other.apply(Action::KeepBill(None));
    assert!(closed.visit.bill.is_none());
}
