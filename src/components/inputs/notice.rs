//! Why the last change was refused, if it was; and the hint line under a field.

use yew::prelude::*;

use crate::state::ScenarioState;

/// A polite status line for refused changes: a plain function of the state (a component would
/// ship its own copy of Yew's lifecycle code).
pub fn notice(state: &ScenarioState) -> Html {
    html! {
        <div class="notice-area" role="status" aria-live="polite">
            if let Some(notice) = &state.visit.notice {
                <p class="notice" data-testid="change-notice">{ format!("Not changed: {notice}.") }</p>
            }
        </div>
    }
}

/// A hint line under a field (where a default comes from, a summary): one function for every
/// such line, so each panel does not carry its own code for building it.
pub fn field_hint(text: String) -> Html {
    html! { <p class="field-hint">{ text }</p> }
}
