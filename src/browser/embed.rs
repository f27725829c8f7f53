//! Talking to the page that embeds the calculator in an iframe.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{ResizeObserver, ResizeObserverEntry};

use crate::model::json::write_str;
use crate::model::share::{pym_child_id, reports_link};

/// Message type the host page listens for.
pub const HEIGHT_MESSAGE: &str = "course-cost:height";

/// Posts the document's height to the parent window, in the app's own format and in those of
/// Embedly (`iframe.resize`), AMP (`embed-size`) and pym.js, so the frame sizes itself in any of
/// those hosts without a script of ours.
pub fn post_height() {
    let window = gloo::utils::window();
    let Ok(Some(parent)) = window.parent() else {
        return;
    };
    // The body's own height: the root's scroll height never drops below the frame's current
    // height, so the frame could grow but never shrink again.
    let height = gloo::utils::document()
        .body()
        .map_or(0, |body| body.offset_height());
    // Any origin may embed the calculator; the height is not a secret.
    let post = |message: &wasm_bindgen::JsValue| {
        let _ = parent.post_message(message, "*");
    };

    // Ours: { type: "course-cost:height", height }.
    post(&object(&[
        ("type", HEIGHT_MESSAGE.into()),
        ("height", height.into()),
    ]));
    // Embedly: a JSON string { src, context: "iframe.resize", height }. Posted to any origin,
    // so `src` names the page without its fragment (the scenario) unless the host asked for
    // it with `share_link=1` in the embed address.
    let location = window.location();
    let query = location.search().unwrap_or_default();
    let src = if reports_link(&query) {
        location.href().unwrap_or_default()
    } else {
        format!(
            "{}{}{query}",
            location.origin().unwrap_or_default(),
            location.pathname().unwrap_or_default()
        )
    };
    // Written by hand (only `src` needs escaping), so no JSON tree is built for it.
    let mut quoted = String::new();
    write_str(&mut quoted, &src);
    let src = quoted;
    let embedly = format!(r#"{{"context":"iframe.resize","height":{height},"src":{src}}}"#);
    post(&embedly.into());
    // AMP's amp-iframe: { sentinel: "amp", type: "embed-size", height }.
    post(&object(&[
        ("sentinel", "amp".into()),
        ("type", "embed-size".into()),
        ("height", height.into()),
    ]));
    // pym.js: "pymxPYMx<child id>xPYMxheightxPYMx<height>", when a pym parent framed us.
    if let Some(id) = pym_child_id(&query) {
        post(&format!("pymxPYMx{id}xPYMxheightxPYMx{height}").into());
    }
}

/// A plain object with these properties.
fn object(properties: &[(&str, wasm_bindgen::JsValue)]) -> js_sys::Object {
    let object = js_sys::Object::new();
    for (key, value) in properties {
        let _ = js_sys::Reflect::set(&object, &(*key).into(), value);
    }
    object
}

/// Reports the height now and whenever the page's size changes; dropping the guard stops it.
pub struct HeightReporter {
    observer: ResizeObserver,
    _callback: Closure<dyn FnMut(Vec<ResizeObserverEntry>)>,
}

impl HeightReporter {
    /// Starts reporting, if this page is framed.
    pub fn start() -> Option<HeightReporter> {
        let window = gloo::utils::window();
        let framed = window
            .parent()
            .ok()
            .flatten()
            .is_some_and(|parent| parent != window);
        if !framed {
            return None;
        }
        let callback = Closure::<dyn FnMut(Vec<ResizeObserverEntry>)>::new(|_| post_height());
        let observer = ResizeObserver::new(callback.as_ref().unchecked_ref()).ok()?;
        if let Some(body) = gloo::utils::document().body() {
            observer.observe(&body);
        }
        post_height();
        Some(HeightReporter {
            observer,
            _callback: callback,
        })
    }
}

impl Drop for HeightReporter {
    fn drop(&mut self) {
        self.observer.disconnect();
    }
}
