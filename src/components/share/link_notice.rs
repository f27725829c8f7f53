//! What a shared link could not load, that it was made with an archived version of its preset,
//! and the draft it replaced.

use yew::prelude::*;

use crate::components::planning::parts::click;
use crate::state::{use_scenario_if, when, Dispatch, Replacement};

/// Notices about the link the page was opened with; nothing when it loaded whole with today's
/// version of its preset.
#[component]
pub fn LinkNotice() -> Html {
    let state = use_scenario_if(when(|before, now| {
        before.visit.link_notices != now.visit.link_notices
            || before.visit.link_version != now.visit.link_version
            || before.visit.replaced_by != now.visit.replaced_by
            || before.visit.replaced_scenario.is_some() != now.visit.replaced_scenario.is_some()
    }));
    let on_restore = click(state.dispatch(), Dispatch::restore_replaced);
    let on_dismiss = click(state.dispatch(), Dispatch::dismiss_link_notices);
    // What replaced the kept scenario; a link when nothing more is known.
    let why = state
        .visit
        .replaced_by
        .filter(|r| *r != Replacement::Restored)
        .unwrap_or(Replacement::Link);
    html! {
        <>
            if !state.visit.link_notices.is_empty() || state.visit.link_version.is_some() {
                <div class="link-notice" data-testid="link-notice" role="alert">
                    if let Some(version) = state.visit.link_version.clone() {
                        <p data-testid="link-version">{ version }</p>
                    }
                    if !state.visit.link_notices.is_empty() {
                        <p>
                            <strong>{ "This link could not be loaded completely." }</strong>
                        </p>
                        <ul>
                            for notice in state.visit.link_notices.iter() {
                                <li>{ notice.clone() }</li>
                            }
                        </ul>
                    }
                    <button type="button" class="secondary small" onclick={on_dismiss}>{ "Dismiss" }</button>
                </div>
            }
            if state.visit.replaced_scenario.is_some() {
                <p class="draft-notice" data-testid="draft-notice">
                    { format!("{} ", why.message()) }
                    <button type="button" class="secondary small" data-testid="restore-draft" onclick={on_restore}>
                        { why.restore_label() }
                    </button>
                </p>
            } else if let Some(why @ Replacement::Restored) = state.visit.replaced_by {
                <p class="draft-notice" data-testid="restored-notice" role="status">{ why.message() }</p>
            }
        </>
    }
}
