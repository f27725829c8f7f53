//! Why the last change was refused, if it was.

use yew::prelude::*;

use crate::state::use_scenario;

/// A polite status line for refused changes.
#[component]
pub fn Notice() -> Html {
    let state = use_scenario();
    html! {
        <div class="notice-area" role="status" aria-live="polite">
            if let Some(notice) = &state.notice {
                <p class="notice" data-testid="change-notice">{ format!("Not changed: {notice}.") }</p>
            }
        </div>
    }
}
