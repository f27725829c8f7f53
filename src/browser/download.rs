//! Saving generated text as a file.

use wasm_bindgen::JsCast;
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, Url};

/// Offers `contents` as a download named `filename`; false if the browser refused.
pub fn download(filename: &str, mime: &str, contents: &str) -> bool {
    let parts = js_sys::Array::of1(&contents.into());
    let options = BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return false;
    };
    let Ok(url) = Url::create_object_url_with_blob(&blob) else {
        return false;
    };
    let document = gloo::utils::document();
    let saved = document
        .create_element("a")
        .ok()
        .and_then(|element| element.dyn_into::<HtmlAnchorElement>().ok())
        .map(|anchor| {
            anchor.set_href(&url);
            anchor.set_download(filename);
            anchor.click();
        })
        .is_some();
    let _ = Url::revoke_object_url(&url);
    saved
}
