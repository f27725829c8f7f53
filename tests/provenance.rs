//! Every number a user sees or edits is sourced, calibrated or assumed, never unexplained.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::fields::numeric_fields;
use common::paper;
use course_cost::model::presets::builtin_presets;
use course_cost::model::scenario::field::{FieldPath, Setting, UseField, UseSite};
use course_cost::model::scenario::provenance::{default_entries, provenance_of, ProvenanceKind};
use course_cost::model::scenario::Scenario;

#[test]
fn every_number_of_the_paper_course_says_where_it_comes_from() {
    let preset = paper();
    let mut kinds = Vec::new();
    for field in numeric_fields(&preset.scenario) {
        let (kind, entry) = provenance_of(field, &preset.scenario, preset);
        assert_ne!(kind, ProvenanceKind::User, "{field} has no provenance");
        assert!(entry.is_some_and(|e| !e.text.is_empty()), "{field}");
        kinds.push(kind);
    }
    for kind in [
        ProvenanceKind::Sourced,
        ProvenanceKind::Calibrated,
        ProvenanceKind::Assumed,
    ] {
        assert!(kinds.contains(&kind), "no {kind:?} field");
    }
}

#[test]
fn an_edited_number_becomes_the_users() {
    let preset = paper();
    let mut edited = preset.scenario.clone();
    edited.course.students = 60.0;
    let field = FieldPath::from(Setting::Students);
    assert_eq!(
        provenance_of(field, &edited, preset).0,
        ProvenanceKind::User
    );
    let (kind, _) = provenance_of(field, &preset.scenario, preset);
    assert_eq!(kind, ProvenanceKind::Sourced);
}

#[test]
fn citations_are_public_never_internal_notes() {
    let presets = builtin_presets().expect("presets");
    let entries = presets
        .iter()
        .filter(|p| !p.archived)
        .flat_map(|p| p.provenance.iter())
        .chain(default_entries());
    for entry in entries {
        assert!(!entry.text.contains(".md"), "{}", entry.text);
        if entry.kind == ProvenanceKind::Sourced {
            let url = entry.url.unwrap_or_default();
            assert!(url.starts_with("https://"), "{}: {url}", entry.path);
        }
        assert_ne!(entry.kind, ProvenanceKind::User);
    }
}

#[test]
fn how_long_project_storage_is_kept_is_an_assumption() {
    // The preset's storage uses say "kept for the whole project (how long is not reported)".
    let preset = paper();
    for (item, project_use) in preset.scenario.course.project.uses.iter().enumerate() {
        if !project_use.resource.ends_with("_storage") {
            continue;
        }
        let site = UseSite::Project;
        let field = FieldPath::Use {
            site,
            item,
            field: UseField::Hours,
        };
        let (kind, entry) = provenance_of(field, &preset.scenario, preset);
        assert_eq!(kind, ProvenanceKind::Assumed, "{}", project_use.resource);
        assert!(entry.is_some_and(|e| e.text.contains("not reported")));
    }
}

/// The note of the exchange rate in `scenario` (started from the paper's course).
fn rate_note(scenario: &Scenario) -> course_cost::model::presets::provenance_note::ProvenanceNote {
    course_cost::model::presets::provenance_note::field_note(
        Setting::UsdToCurrency.into(),
        scenario,
        paper(),
    )
}

#[test]
fn the_reference_rate_is_sourced_until_the_user_types_another() {
    use course_cost::model::edit::change::{apply_change, Change};
    use course_cost::model::edit::number::apply_number;
    let c = common::catalog();
    let euros = apply_change(&paper().scenario, c, Change::SetCurrency("EUR".into())).unwrap();
    // The ECB's euro reference rates of 2025-03-14, the Spring 2025 snapshot's date: 1.0889 US
    // dollars per euro, so 1 / 1.0889 = 0.91836 euros per US dollar (5 significant digits).
    assert!((euros.pricing.usd_to_currency - 1.0 / 1.0889).abs() < 5e-6);
    let note = rate_note(&euros);
    assert_eq!(note.kind, ProvenanceKind::Sourced);
    for said in [
        "European Central Bank",
        "2025-03-14",
        "1.0889",
        "0.91836",
        "EUR",
    ] {
        assert!(note.text.contains(said), "{said}: {}", note.text);
    }
    assert!(note
        .url
        .is_some_and(|u| u.starts_with("https://www.ecb.europa.eu/")));

    let typed = apply_number(&euros, c, Setting::UsdToCurrency, "0.95").unwrap();
    assert_eq!(rate_note(&typed).kind, ProvenanceKind::User);
    // Typing the reference rate itself makes it the reference rate again.
    let back = apply_number(&typed, c, Setting::UsdToCurrency, "0.91836").unwrap();
    assert_eq!(rate_note(&back).kind, ProvenanceKind::Sourced);
    // A newer snapshot brings its own dated rate (2026-10-30: 1.1172 US$ per euro).
    let latest = apply_change(&euros, c, Change::SetSnapshot("latest".into())).unwrap();
    let note = rate_note(&latest);
    assert_eq!(note.kind, ProvenanceKind::Sourced);
    assert!(
        note.text.contains("2026-10-30") && note.text.contains("1.1172"),
        "{}",
        note.text
    );
    // The paper's course in US dollars: its rate of 1 is the preset's, not a reference rate.
    assert_ne!(rate_note(&paper().scenario).kind, ProvenanceKind::User);
}

#[test]
fn stand_in_fractions_say_where_they_come_from() {
    use course_cost::model::edit::change::{apply_change, Change};
    use course_cost::model::engine::stand_in::stand_in_for;
    use course_cost::model::presets::provenance_note::fraction_note;
    let c = common::catalog();
    let note_of = |s: &Scenario, provider: &str, resource: &str| {
        let stand_in = stand_in_for(&s.stand_in_choices, &s.custom_offers, c, provider, resource);
        fraction_note(c.resource(resource).unwrap(), &stand_in.unwrap())
    };
    // Every mapping of every provider is the calculator's own assumption, with its reason.
    for mapping in c.mappings {
        let note = note_of(&paper().scenario, mapping.provider, mapping.resource);
        assert_eq!(note.kind, ProvenanceKind::Assumed, "{}", mapping.resource);
        assert!(note.text.contains(mapping.note), "{}", note.text);
    }
    // Another offer picked: its fraction is the GPU ratio, 4 A100s of the Chameleon node over
    // the 8 H100s of a p5.48xlarge.
    let picked = apply_change(
        &paper().scenario,
        c,
        Change::ChooseOffer {
            provider: "aws".into(),
            resource: "gpu_a100_pcie".into(),
            offer: "aws/p5.48xlarge".into(),
        },
    )
    .unwrap();
    let note = note_of(&picked, "aws", "gpu_a100_pcie");
    assert_eq!(note.kind, ProvenanceKind::Assumed);
    assert!(note.text.contains("4 / 8 = 0.5"), "{}", note.text);
    let typed = apply_change(
        &picked,
        c,
        Change::SetChoiceFraction {
            provider: "aws".into(),
            resource: "gpu_a100_pcie".into(),
            fraction: 0.75,
        },
    )
    .unwrap();
    assert_eq!(
        note_of(&typed, "aws", "gpu_a100_pcie").kind,
        ProvenanceKind::User
    );
}

#[test]
fn every_number_of_every_current_preset_has_a_note_beside_its_field() {
    use course_cost::model::presets::provenance_note::field_note;
    for preset in builtin_presets().unwrap().iter().filter(|p| !p.archived) {
        for field in numeric_fields(&preset.scenario) {
            let note = field_note(field, &preset.scenario, preset);
            assert_ne!(note.kind, ProvenanceKind::User, "{}: {field}", preset.id);
            assert!(!note.text.is_empty(), "{}: {field}", preset.id);
        }
    }
}
