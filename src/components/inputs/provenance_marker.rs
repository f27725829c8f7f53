//! Where a number comes from, beside its field: a small keyboard-reachable marker ("sourced",
//! "calibrated", "assumed", "yours") that opens the citation, the formula or the reason.

use yew::prelude::*;

use crate::model::scenario::provenance::ProvenanceKind;
use crate::model::scenario::provenance_note::ProvenanceNote;

/// Props of [`ProvenanceMarker`].
#[derive(Properties, PartialEq, Clone)]
pub struct ProvenanceMarkerProps {
    /// Sourced, calibrated, assumed or the user's.
    pub kind: ProvenanceKind,
    /// The citation, the formula or the reason.
    pub text: AttrValue,
    /// A link to the public source, where there is one.
    #[prop_or_default]
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
#[component]
pub fn ProvenanceMarker(props: &ProvenanceMarkerProps) -> Html {
    let open = use_state(|| false);
    let note_id = format!("{}-provenance", props.field_id);
    let on_toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    html! {
        <span class="provenance">
            <button type="button" class={classes!("provenance-marker", format!("provenance-{}", props.kind.word()))}
                aria-expanded={if *open { "true" } else { "false" }} aria-controls={note_id.clone()}
                title="Where this number comes from" onclick={on_toggle}>
                { marker_word(props.kind) }
                <span class="visually-hidden">{ ": where this number comes from" }</span>
            </button>
            if *open {
                <span class="provenance-note" id={note_id} role="note">
                    { props.text.clone() }
                    if let Some(url) = props.url.clone() {
                        { " " }
                        <a href={url.clone()} rel="noopener noreferrer" target="_blank">{ "Source" }</a>
                    }
                </span>
            }
        </span>
    }
}
