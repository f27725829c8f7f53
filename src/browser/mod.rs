//! Thin wrappers over the browser APIs the app uses: the address bar, local storage, the
//! clipboard, file downloads, the embedding page, and the compression streams share links
//! are deflated with. Each fails quietly: a browser that blocks
//! one of them loses that feature, never the app.

pub mod actuals;
pub mod actuals_protocol;
pub mod address;
pub mod clear_of_bar;
pub mod clipboard;
pub mod deflate;
pub mod download;
pub mod embed;
pub mod file_stream;
pub mod link;
pub mod locale;
pub mod storage;
pub mod worker_client;
pub mod worker_host;
pub mod worker_shared;

/// What the page's `<meta name="{name}">` says (the worker's and the actuals wasm's files, which
/// assets/post_build.mjs writes there); none when it is missing, empty, or still its
/// `{{placeholder}}` (a build the hook did not finish).
fn page_meta(name: &str) -> Option<String> {
    gloo::utils::document()
        .query_selector(&format!("meta[name=\"{name}\"]"))
        .ok()
        .flatten()
        .and_then(|meta| meta.get_attribute("content"))
        .filter(|content| !content.is_empty() && !content.contains('{'))
}
