//! The views as WAI-ARIA tabs: arrow keys, Home and End move between them, and the current view
//! is kept in the address bar (`&v=plan`) so a shared link opens on it.

use web_sys::KeyboardEvent;
use yew::prelude::*;

use crate::model::share::Tab;

/// The element id of a view's tab.
pub fn tab_id(tab: Tab) -> String {
    format!("tab-{}", tab.id())
}

/// The element id of a view's panel.
pub fn panel_id(tab: Tab) -> String {
    format!("view-{}", tab.id())
}

/// Focuses the tab of `tab` (after the arrow keys moved to it).
fn focus_tab(tab: Tab) {
    use wasm_bindgen::JsCast;
    if let Some(element) = gloo::utils::document()
        .get_element_by_id(&tab_id(tab))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = element.focus();
    }
}

/// The tab list, `current` shown; the view the user picks goes to `on_select`.
pub fn tabs(current: Tab, on_select: &Callback<Tab>) -> Html {
    let on_key = {
        let on_select = on_select.clone();
        Callback::from(move |event: KeyboardEvent| {
            let next = match event.key().as_str() {
                "ArrowRight" | "ArrowDown" => current.step(true),
                "ArrowLeft" | "ArrowUp" => current.step(false),
                "Home" => Tab::ALL[0],
                "End" => Tab::ALL[Tab::ALL.len() - 1],
                _ => return,
            };
            event.prevent_default();
            on_select.emit(next);
            focus_tab(next);
        })
    };
    html! {
        <div class="tabs no-print" role="tablist" aria-label="Views of the calculator" onkeydown={on_key}>
            for tab in Tab::ALL {
                <button
                    type="button"
                    role="tab"
                    id={tab_id(tab)}
                    class={classes!("tab", (tab == current).then_some("current"))}
                    aria-selected={if tab == current { "true" } else { "false" }}
                    aria-controls={panel_id(tab)}
                    tabindex={if tab == current { "0" } else { "-1" }}
                    data-testid={format!("tab-{}", tab.id())}
                    onclick={on_select.reform(move |_: MouseEvent| tab)}
                >
                    { tab.label() }
                </button>
            }
        </div>
    }
}
