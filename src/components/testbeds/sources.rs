//! The testbeds' sources as a reader follows them: each title linked, with its publisher and
//! date (never a bare id).

use yew::prelude::*;

use crate::model::testbed::Testbeds;

/// The sources cited by `ids` (comma-separated), linked.
pub fn cite(ids: &str) -> Html {
    let sources = Testbeds::builtin().citations(ids);
    html! {
        <span class="citation">
            for (index, source) in sources.iter().enumerate() {
                if index > 0 { { "; " } }
                <a href={source.url} rel="noopener noreferrer" target="_blank">{ source.title }</a>
                { format!(" ({}, {})", source.publisher, source.date) }
            }
        </span>
    }
}
