//! A price's sources as a reader can follow them: each title linked to its public page, with its
//! publisher and date; never a bare internal id.

use yew::prelude::*;

use crate::model::Catalog;

/// Props of [`Citation`].
#[derive(Properties, PartialEq)]
pub struct CitationProps {
    /// The price's `source` field (source ids, maybe with a note).
    pub source: AttrValue,
}

/// The cited sources, linked.
#[component]
pub fn Citation(props: &CitationProps) -> Html {
    let Ok(catalog) = Catalog::builtin() else {
        return html! {};
    };
    let (sources, note) = catalog.citations(&props.source);
    html! {
        <span class="citation">
            if !note.is_empty() {
                { format!("{note} ") }
            }
            for (index, source) in sources.iter().enumerate() {
                if index > 0 { { "; " } }
                <a href={source.url} rel="noopener noreferrer" target="_blank">{ source.title }</a>
                { format!(" ({}, {})", source.publisher, source.date) }
            }
        </span>
    }
}
