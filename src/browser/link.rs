//! Share links in the browser: payloads decoded and compressed with the browser's own
//! deflate ([`deflate`]), and the state the app starts from, read before it mounts.
//!
//! [`deflate`]: crate::browser::deflate

use std::rc::Rc;

use crate::browser::{address, deflate, storage};
use crate::model::presets::Preset;
use crate::model::share::{
    decode_inflated, encode_json, payload_now, payload_of, payload_of_deflated, refused, try_again,
    unpack, Decoded, View,
};
use crate::model::{Catalog, Scenario};
use crate::state::ScenarioState;

/// Decodes a payload (see `model::share::decode`), inflated by the browser. Never fails: a link
/// that cannot be read gives the paper's course with a notice; `None` only if the shipped
/// presets cannot be read.
pub async fn decode(payload: &str, catalog: &Catalog) -> Option<Decoded> {
    match unpack(payload) {
        Ok(bytes) => {
            let inflated = deflate::inflate(&bytes).await;
            decode_inflated(&bytes, inflated, catalog)
        }
        Err(notice) => refused(notice),
    }
}

/// The compressed payload of `state`'s share link. A browser that cannot deflate gets the
/// payload deflated at once (stored blocks): longer, and it opens the same scenario.
pub async fn packed_payload(state: &ScenarioState) -> String {
    if state.is_link_packed() {
        return state.share_payload();
    }
    match packed(state.share_json()).await {
        Some(payload) => payload,
        None => state.payload_now(),
    }
}

/// The payload of `json` deflated by the browser, ending with a letter or a digit
/// (`model::share::try_again`); `None` when this browser cannot deflate.
async fn packed(mut json: Vec<u8>) -> Option<String> {
    loop {
        let payload = payload_of_deflated(&deflate::deflate(&json).await?);
        if !try_again(&mut json, &payload) {
            return Some(payload);
        }
    }
}

/// Resolves in a later task (`setTimeout(0)`).
async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = gloo::utils::window().set_timeout_with_callback(&resolve);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// The state the app starts from: a shared link in the address bar wins over the draft saved in
/// this browser, which wins over the paper's course; both decoded before the app's first render,
/// so a link never shows another scenario first. An embedded view never reads the reader's own
/// draft.
pub async fn initial_state(view: View) -> Result<Rc<ScenarioState>, String> {
    let catalog = Catalog::builtin()?;
    // Reading the storage and pricing the scenario in tasks of their own: on a slow phone each
    // is long enough alone.
    let draft = if view.embed {
        None
    } else {
        storage::load_draft()
    };
    // A reload right after an edit keeps the address the edit could no longer write.
    let fragment = if view.embed {
        address::fragment()
    } else {
        storage::fragment_after_leaving(&address::fragment())
    };
    let link = match payload_of(&fragment) {
        Some(payload) => decode(&payload, catalog).await,
        None => None,
    };
    let draft = match draft {
        Some(payload) => decode(&payload, catalog).await,
        None => None,
    };
    next_task().await;
    ScenarioState::from_decoded(link, draft).map(Rc::new)
}

/// The compressed payload of `scenario` alone, as differences from `base` (the stored-blocks
/// payload when this browser cannot deflate).
pub async fn encode(scenario: &Scenario, base: &Preset) -> String {
    let json = encode_json(scenario, None, base);
    match packed(json.clone()).await {
        Some(payload) => payload,
        None => payload_now(json),
    }
}
