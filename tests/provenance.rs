//! Every number a user sees or edits is sourced, calibrated or assumed, never unexplained.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::paper;
use course_cost::model::catalog::presets::builtin_presets;
use course_cost::model::scenario::field::{
    CapacityField, FieldPath, LabField, OptionField, PoolField, Setting, UseField, UseSite,
};
use course_cost::model::scenario::provenance::{default_entries, provenance_of, ProvenanceKind};
use course_cost::model::scenario::Scenario;

/// Every numeric field of `scenario` that the page lets a user edit.
fn numeric_fields(scenario: &Scenario) -> Vec<FieldPath> {
    let mut fields: Vec<FieldPath> = Setting::ALL.iter().map(|&s| s.into()).collect();
    let uses = [UseField::Count, UseField::Hours, UseField::FloatingIps];
    for (lab, entry) in scenario.course.labs.iter().enumerate() {
        for field in [LabField::StartWeek, LabField::DueWeek] {
            fields.push(FieldPath::Lab { lab, field });
        }
        for (option, choice) in entry.options.iter().enumerate() {
            if entry.options.len() > 1 {
                let field = OptionField::SharePct;
                fields.push(FieldPath::LabOption { lab, option, field });
            }
            for item in 0..choice.uses.len() {
                let site = UseSite::Lab { lab, option };
                fields.extend(uses.map(|field| FieldPath::Use { site, item, field }));
            }
        }
    }
    for (item, project_use) in scenario.course.project.uses.iter().enumerate() {
        let site = UseSite::Project;
        fields.extend(uses.map(|field| FieldPath::Use { site, item, field }));
        for member in 0..project_use.pool.len() {
            let field = PoolField::SharePct;
            fields.push(FieldPath::PoolMember {
                item,
                member,
                field,
            });
        }
    }
    for index in 0..scenario.capacity.len() {
        for field in [
            CapacityField::Units,
            CapacityField::StartWeek,
            CapacityField::Weeks,
        ] {
            fields.push(FieldPath::Capacity { index, field });
        }
    }
    fields
}

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
            let url = entry.url.as_deref().unwrap_or_default();
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
