//! The scenarios the user replaced, kept in this browser: each with its name, why it was kept
//! and when, and a button that brings it back.

use yew::prelude::*;

use crate::browser::storage::local_time;
use crate::state::kept::Kept;

/// "Earlier scenarios": a folded list under the page's notices of the `kept` scenarios (newest
/// first), each with a button that hands its payload to `on_restore`.
pub fn kept_list(kept: &[Kept], on_restore: &Callback<String>) -> Html {
    html! {
        <details class="kept-scenarios no-print" data-testid="kept-scenarios">
            <summary>{ format!("Earlier scenarios kept in this browser ({})", kept.len()) }</summary>
            <ul>
                for entry in kept.iter() {
                    <li data-testid="kept-scenario">
                        <strong>{ entry.name.clone() }</strong>
                        { format!(" ({}, {}) ", entry.why, local_time(entry.at_ms)) }
                        <button type="button" class="secondary small" data-testid="restore-kept"
                            onclick={on_restore.reform({
                                let payload = entry.payload.clone();
                                move |_: MouseEvent| payload.clone()
                            })}>
                            { "Restore" }
                        </button>
                    </li>
                }
            </ul>
        </details>
    }
}
