//! The scenarios the user replaced, kept in this browser: each with its name, why it was kept
//! and when, and a button that brings it back.

use yew::prelude::*;

use crate::browser::storage::local_time;
use crate::state::kept::Kept;

/// Props of [`KeptList`].
#[derive(Properties, PartialEq)]
pub struct KeptListProps {
    /// The kept scenarios, newest first.
    pub kept: Vec<Kept>,
    /// Brings back the scenario of this payload.
    pub on_restore: Callback<String>,
}

/// "Earlier scenarios": a folded list under the page's notices.
#[component]
pub fn KeptList(props: &KeptListProps) -> Html {
    html! {
        <details class="kept-scenarios no-print" data-testid="kept-scenarios">
            <summary>{ format!("Earlier scenarios kept in this browser ({})", props.kept.len()) }</summary>
            <ul>
                for entry in props.kept.iter() {
                    <li data-testid="kept-scenario">
                        <strong>{ entry.name.clone() }</strong>
                        { format!(" ({}, {}) ", entry.why, local_time(entry.at_ms)) }
                        <button type="button" class="secondary small" data-testid="restore-kept"
                            onclick={
                                let (on_restore, payload) = (props.on_restore.clone(), entry.payload.clone());
                                Callback::from(move |_: MouseEvent| on_restore.emit(payload.clone()))
                            }>
                            { "Restore" }
                        </button>
                    </li>
                }
            </ul>
        </details>
    }
}
