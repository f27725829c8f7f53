//! Where a number comes from, beside its field: a small keyboard-reachable marker ("sourced",
//! "calibrated", "assumed", "yours") that opens the citation, the formula or the reason.

use yew::prelude::*;

use crate::components::inputs::disclosure::DisclosureProps;
use crate::model::presets::provenance_note::ProvenanceNote;
use crate::model::scenario::provenance::ProvenanceKind;

/// What a [`provenance_marker`] shows.
#[derive(PartialEq, Clone)]
pub struct ProvenanceMarkerProps {
    /// Sourced, calibrated, assumed or the user's.
    pub kind: ProvenanceKind,
    /// The citation, the formula or the reason.
    pub text: AttrValue,
    /// A link to the public source, where there is one.
    pub url: Option<AttrValue>,
    /// The id of the field it explains (the note's id derives from it).
    pub field_id: AttrValue,
}

impl ProvenanceMarkerProps {
    /// The marker of `note`, beside the field whose id is `field_id`.
    pub fn of(note: &ProvenanceNote, field_id: impl Into<AttrValue>) -> Self {
        Self {
            kind: note.kind,
            text: AttrValue::from(note.text.clone()),
            url: note.url.clone().map(AttrValue::from),
            field_id: field_id.into(),
        }
    }
}

/// The word on the marker.
fn marker_word(kind: ProvenanceKind) -> &'static str {
    match kind {
        ProvenanceKind::Sourced => "sourced",
        ProvenanceKind::Calibrated => "calibrated",
        ProvenanceKind::Assumed => "assumed",
        ProvenanceKind::User => "yours",
    }
}

/// The marker and, once opened, its note.
pub fn provenance_marker(marker: &ProvenanceMarkerProps) -> Html {
    let url = marker.url.clone().map(|url| {
        html! {
            <>
                { " " }
                <a href={url} rel="noopener noreferrer" target="_blank">{ "Source" }</a>
            </>
        }
    });
    DisclosureProps {
        tag: "span",
        class: "provenance",
        testid: None,
        button_class: classes!(
            "provenance-marker",
            format!("provenance-{}", marker.kind.word())
        ),
        button_title: Some("Where this number comes from"),
        button_testid: None,
        label: html! {
            <>
                { marker_word(marker.kind) }
                <span class="visually-hidden">{ ": where this number comes from" }</span>
            </>
        },
        body_id: AttrValue::from(format!("{}-provenance", marker.field_id)),
        body_class: Some("provenance-note"),
        body_role: Some("note"),
        body: html! { <>{ marker.text.clone() }{ url }</> },
        open: false,
        remember: None,
        prevent_default: false,
    }
    .html()
}
