//! The root component: reads the address bar and the saved draft, builds the initial state, and
//! shows the full calculator or the compact embedded view.

use std::rc::Rc;

use yew::prelude::*;

use crate::browser::{address, storage};
use crate::components::{Calculator, EmbedView, UrlSync};
use crate::model::share::view_of;
use crate::state::{ScenarioProvider, ScenarioState};

/// The whole app.
#[component]
pub fn App() -> Html {
    let view = *use_memo((), |_| view_of(&address::query()));
    // The build-time first paint (src/prerender.rs) goes in the same task as the app's first
    // render, so the page never shows both, nor neither. Its header stays: the app does not draw
    // it (an embed has no header, so there it goes too).
    use_memo((), move |_| {
        let document = gloo::utils::document();
        let leaving: &[&str] = if view.embed {
            &[".prerendered", ".site-header"]
        } else {
            &[".prerendered"]
        };
        for selector in leaving {
            if let Ok(Some(element)) = document.query_selector(selector) {
                element.remove();
            }
        }
    });
    // Built once: a shared link wins over the saved draft, which wins over the paper's course.
    // An embedded view never reads or writes the reader's own draft.
    let initial = use_memo((), move |_| {
        let draft = if view.embed {
            None
        } else {
            storage::load_draft()
        };
        // A reload right after an edit keeps the address the edit could no longer write.
        let fragment = if view.embed {
            address::fragment()
        } else {
            storage::fragment_after_leaving(&address::fragment())
        };
        ScenarioState::from_sources(Some(&fragment), draft.as_deref()).map(Rc::new)
    });
    let state = match &*initial {
        Ok(state) => state.clone(),
        Err(error) => {
            return html! {
                <main class="calculator">
                    <p class="load-error" role="alert">
                        { format!("The calculator's built-in data could not be read: {error}") }
                    </p>
                </main>
            }
        }
    };
    if view.embed {
        return html! {
            <ScenarioProvider initial={state}>
                <UrlSync save_draft={false} />
                <EmbedView editable={view.editable} />
            </ScenarioProvider>
        };
    }
    // The page's header is in the served HTML (src/prerender.rs), painted before any script.
    html! {
        <ScenarioProvider initial={state}>
            <UrlSync save_draft={true} />
            <Calculator />
        </ScenarioProvider>
    }
}
