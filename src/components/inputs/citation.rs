//! A price's sources as a reader can follow them: each title linked to its public page, with its
//! publisher and date; never a bare internal id.

use yew::prelude::*;

use crate::model::Catalog;

/// The cited sources of a price's `source` field (source ids, maybe with a note), linked. A plain
/// function, not a component: it has no state, and each component type costs the wasm Yew's
/// lifecycle code once more.
pub fn citation(source: &str) -> Html {
    let Ok(catalog) = Catalog::builtin() else {
        return html! {};
    };
    let (sources, note) = catalog.citations(source);
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
