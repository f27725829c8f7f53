//! Talking to the page that embeds the calculator in an iframe.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{ResizeObserver, ResizeObserverEntry};

/// Message type the host page listens for.
pub const HEIGHT_MESSAGE: &str = "course-cost:height";

/// Posts the document's height to the parent window.
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
    let message = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&message, &"type".into(), &HEIGHT_MESSAGE.into());
    let _ = js_sys::Reflect::set(&message, &"height".into(), &height.into());
    // Any origin may embed the calculator; the height is not a secret.
    let _ = parent.post_message(&message, "*");
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
