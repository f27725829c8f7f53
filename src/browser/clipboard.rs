//! Copying text with the Clipboard API.

use wasm_bindgen_futures::JsFuture;

/// Copies `text`; false if the browser refused (no permission, insecure context, no API).
pub async fn copy(text: &str) -> bool {
    let navigator = gloo::utils::window().navigator();
    // `clipboard` is undefined outside secure contexts; calling into it would throw.
    let has_clipboard = js_sys::Reflect::get(&navigator, &"clipboard".into())
        .map(|value| !value.is_undefined())
        .unwrap_or(false);
    if !has_clipboard {
        return false;
    }
    JsFuture::from(navigator.clipboard().write_text(text))
        .await
        .is_ok()
}
