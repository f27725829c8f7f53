//! Keeps the address bar and the saved draft in step with the scenario, and loads a link pasted
//! into the address bar.

use gloo::events::EventListener;
use gloo::timers::callback::Timeout;
use yew::prelude::*;

use crate::browser::{address, storage};
use crate::model::share::{decode, payload_of, Tab, PARAM};
use crate::state::use_scenario;

/// Props of [`UrlSync`].
#[derive(Properties, PartialEq)]
pub struct UrlSyncProps {
    /// Save the draft in local storage too (not in a read-only embed).
    pub save_draft: bool,
}

/// Wait after the last edit before writing the address bar (milliseconds): typing stays fast
/// and the history API is not called on every keystroke.
const DEBOUNCE_MS: u32 = 250;

/// Renders nothing; syncs the URL fragment and the draft.
#[component]
pub fn UrlSync(props: &UrlSyncProps) -> Html {
    let state = use_scenario();
    let pending = use_mut_ref(|| None::<Timeout>);
    let storage_error = use_state(|| None::<String>);

    {
        let pending = pending.clone();
        let save_draft = props.save_draft;
        // A scenario a link loaded, unchanged, is not the user's work: it never replaces the
        // draft stored in this browser (a damaged link's fallback least of all).
        let keep_stored = state.from_link;
        let storage_error = storage_error.clone();
        // Keyed on the state (compared by pointer, so cheaply), and the link is encoded inside the
        // debounced write: a keystroke never pays for serializing and deflating the scenario.
        use_effect_with((state.clone(), keep_stored), move |(state, keep_stored)| {
            let (state, keep_stored) = (state.clone(), *keep_stored);
            let write = move || {
                let payload = state.share_payload();
                let view = Tab::of_fragment(&address::fragment());
                address::replace_fragment(&view.in_fragment(&format!("{PARAM}={payload}")));
                if save_draft && !keep_stored {
                    storage_error.set(storage::save_draft(&payload).err());
                }
            };
            // Replacing the timeout drops (cancels) the previous one.
            *pending.borrow_mut() = Some(Timeout::new(DEBOUNCE_MS, write));
        });
    }

    // A link pasted into the address bar of an open calculator. The handle's dispatch is
    // stable, and the reducer compares with the state current at that time.
    {
        let state = state.clone();
        use_effect_with((), move |_| {
            let listener = EventListener::new(&gloo::utils::window(), "hashchange", move |_| {
                let fragment = address::fragment();
                if let Some(decoded) = payload_of(&fragment).and_then(|p| decode(&p, state.catalog))
                {
                    state.dispatch().load_link(decoded);
                }
            });
            move || drop(listener)
        });
    }

    html! {
        if let Some(error) = (*storage_error).clone() {
            <p class="warning no-print" role="status" data-testid="storage-notice">{ error }</p>
        }
    }
}
