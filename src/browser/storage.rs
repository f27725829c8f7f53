//! The draft kept in this browser's local storage, and the list of scenarios the user replaced.

use crate::model::json::{parse, ToJson, Value};
use crate::state::kept::{kept_json, parse_kept, with_kept, Kept};

/// Key of the saved draft (a share-link payload).
pub const DRAFT_KEY: &str = "course-cost.draft.v1";
/// Key of the replaced scenarios kept restorable (JSON, see `state::kept`).
pub const KEPT_KEY: &str = "course-cost.kept.v1";

fn local_storage() -> Option<web_sys::Storage> {
    gloo::utils::window().local_storage().ok().flatten()
}

/// The saved draft, if storage is available and holds one.
pub fn load_draft() -> Option<String> {
    local_storage()?.get_item(DRAFT_KEY).ok().flatten()
}

/// Saves the draft; why not, in words for the user, when storage is full or disabled.
pub fn save_draft(payload: &str) -> Result<(), String> {
    let storage = local_storage().ok_or_else(|| {
        "This browser does not let the calculator keep a draft (storage is disabled): \
         copy the link to keep your work."
            .to_string()
    })?;
    storage.set_item(DRAFT_KEY, payload).map_err(|_| {
        "Your draft could not be saved in this browser (storage is full): copy the link to \
         keep your work."
            .to_string()
    })
}

/// Key (in this tab's session storage) of a write made as the page was left: the address bar
/// it could no longer change, and the payload it held.
const LEFT_KEY: &str = "course-cost.left.v1";

/// Notes, in this tab's session storage, that the page was left right after an edit: a reload
/// of `stale_fragment` (the address the reload keeps) should show `payload` instead.
pub fn note_left(stale_fragment: &str, payload: &str) {
    let session = gloo::utils::window().session_storage().ok().flatten();
    if let Some(session) = session {
        let note = (stale_fragment.trim_start_matches('#'), payload).to_json();
        let _ = session.set_item(LEFT_KEY, &note);
    }
}

/// The fragment to start from: `fragment`, or the payload written as the page was left when
/// the page is a reload of that same address (the note is used once).
pub fn fragment_after_leaving(fragment: &str) -> String {
    let session = gloo::utils::window().session_storage().ok().flatten();
    let Some(session) = session else {
        return fragment.to_string();
    };
    let note = session.get_item(LEFT_KEY).ok().flatten();
    let _ = session.remove_item(LEFT_KEY);
    // Read through `Value`, the one JSON reader the app has: `[stale fragment, payload]`.
    let note = note.and_then(|n| parse(n.as_bytes()).ok());
    match note.as_ref().and_then(Value::as_array) {
        Some([Value::String(stale), Value::String(payload)])
            if stale == fragment.trim_start_matches('#') =>
        {
            format!("s={payload}")
        }
        _ => fragment.to_string(),
    }
}

/// The replaced scenarios kept, newest first.
pub fn load_kept() -> Vec<Kept> {
    let json = local_storage().and_then(|s| s.get_item(KEPT_KEY).ok().flatten());
    parse_kept(json.as_deref())
}

/// Adds `entry` to the kept list; the list as stored after, or why it could not be stored.
pub fn keep(entry: Kept) -> Result<Vec<Kept>, String> {
    let list = with_kept(&load_kept(), entry);
    let storage = local_storage()
        .ok_or_else(|| "this browser does not let the calculator keep anything".to_string())?;
    storage
        .set_item(KEPT_KEY, &kept_json(&list))
        .map_err(|_| "the browser's storage is full".to_string())?;
    Ok(list)
}

/// Now, in milliseconds since 1970-01-01 UTC.
pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// `at_ms` as the reader's local date and time ("12/1/2026, 10:30:00 AM").
pub fn local_time(at_ms: f64) -> String {
    js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(at_ms))
        .to_locale_string("default", &wasm_bindgen::JsValue::UNDEFINED)
        .into()
}
