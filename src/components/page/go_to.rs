//! Moving the reader to a place in another view: the first screen's pointers ("start here", a
//! warning's details) name a view and an element in it; the page shows the view, then brings
//! the element into sight and focuses it when it can take focus.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::model::share::Tab;

/// A place in a view: the view, and a CSS selector of the element to bring into sight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// The view that holds it.
    pub tab: Tab,
    /// The element (`[data-testid=students-input]`).
    pub selector: &'static str,
}

/// The Students field (Course & labs).
pub const STUDENTS: Place = Place {
    tab: Tab::Course,
    selector: "[data-testid=students-input]",
};

/// The provider list (Prices & hardware).
pub const PROVIDER: Place = Place {
    tab: Tab::Prices,
    selector: "[data-testid=provider-select]",
};

/// The reserved nodes (Course & labs; their fold opens by itself while a type is short).
pub const CAPACITY: Place = Place {
    tab: Tab::Course,
    selector: "[data-testid=fold-capacity]",
};

/// Brings the element `selector` names into sight and focuses it if it takes focus; `false`
/// when it is not on the page (yet).
pub fn reveal(selector: &str) -> bool {
    let Ok(Some(element)) = gloo::utils::document().query_selector(selector) else {
        return false;
    };
    // A fold left closed is opened (its toggle is its first button).
    if let Ok(Some(toggle)) = element.query_selector(":scope > button[aria-expanded=false]") {
        if let Ok(toggle) = toggle.dyn_into::<web_sys::HtmlElement>() {
            toggle.click();
        }
    }
    element.scroll_into_view();
    if let Ok(html) = element.dyn_into::<web_sys::HtmlElement>() {
        let _ = html.focus();
    }
    true
}

/// A button that goes to `place` through `on_go`.
pub fn go_button(
    text: &'static str,
    testid: &'static str,
    place: Place,
    on_go: &Callback<Place>,
) -> Html {
    html! {
        <button type="button" class="link-button" data-testid={testid}
            onclick={on_go.reform(move |_: MouseEvent| place)}>{ text }</button>
    }
}
