//! Keeps the focused control out from under the sticky summary bar (WCAG 2.2, 2.4.11 Focus Not
//! Obscured): the page's scroll padding is the bar's height, so the browser scrolls a control it
//! focuses (by keyboard, or a screen reader moving focus or asking for a node to be shown) clear
//! of the bar; and a control that still lands under it (focused without a scroll, or while the
//! bar changed height) is scrolled clear when it gains focus.

use gloo::events::EventListener;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, ResizeObserver, ResizeObserverEntry};

/// Room left between the bar and the focused control (CSS pixels): the focus ring's width and
/// its offset, and a little air.
const GAP: f64 = 8.0;

/// Keeps focus clear of a bar while it lives; dropping it stops.
pub struct FocusClearOfBar {
    observer: ResizeObserver,
    _on_resize: Closure<dyn FnMut(Vec<ResizeObserverEntry>)>,
    _on_focus: EventListener,
}

/// The root element's scroll padding at `bar`'s height: the browser's own focus scrolling then
/// leaves the bar's height free (a change of the root's own style: nothing inherits it).
fn pad_for(bar: &Element) {
    let Some(root) = gloo::utils::document()
        .document_element()
        .and_then(|e| e.dyn_into::<HtmlElement>().ok())
    else {
        return;
    };
    let height = bar.get_bounding_client_rect().height();
    let _ = root.style().set_property(
        "scroll-padding-top",
        &format!("{}px", (height + GAP).ceil()),
    );
}

/// Scrolls `target` clear of `bar` when it sits under it.
fn clear(bar: &Element, target: &Element) {
    if bar.contains(Some(target)) {
        return;
    }
    let (under, at) = (
        bar.get_bounding_client_rect().bottom(),
        target.get_bounding_client_rect(),
    );
    if at.top() < under + GAP && at.bottom() > 0.0 {
        gloo::utils::window().scroll_by_with_x_and_y(0.0, at.top() - under - GAP);
    }
}

impl FocusClearOfBar {
    /// Starts keeping focus clear of `bar`; `None` where the browser lacks a ResizeObserver.
    pub fn start(bar: Element) -> Option<FocusClearOfBar> {
        let on_resize = {
            let bar = bar.clone();
            Closure::<dyn FnMut(Vec<ResizeObserverEntry>)>::new(move |_| pad_for(&bar))
        };
        let observer = ResizeObserver::new(on_resize.as_ref().unchecked_ref()).ok()?;
        observer.observe(&bar);
        let on_focus = EventListener::new(&gloo::utils::document(), "focusin", move |event| {
            if let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) {
                clear(&bar, &target);
            }
        });
        Some(FocusClearOfBar {
            observer,
            _on_resize: on_resize,
            _on_focus: on_focus,
        })
    }
}

impl Drop for FocusClearOfBar {
    fn drop(&mut self) {
        self.observer.disconnect();
    }
}
