//! The address bar: where the scenario lives.

use wasm_bindgen::JsValue;

/// The URL fragment, with its `#`.
pub fn fragment() -> String {
    gloo::utils::window().location().hash().unwrap_or_default()
}

/// The query string, with its `?`.
pub fn query() -> String {
    gloo::utils::window()
        .location()
        .search()
        .unwrap_or_default()
}

/// The current URL without query and fragment: where the calculator is served from.
pub fn base() -> String {
    let location = gloo::utils::window().location();
    let origin = location.origin().unwrap_or_default();
    let path = location.pathname().unwrap_or_default();
    format!("{origin}{path}")
}

/// Replaces the fragment without adding a history entry (so Back leaves the page, and coming
/// back restores the latest scenario). Does nothing if it is already there.
pub fn replace_fragment(fragment: &str) {
    let wanted = format!("#{fragment}");
    if self::fragment() == wanted {
        return;
    }
    if let Ok(history) = gloo::utils::window().history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&wanted));
    }
}
