//! The root component: shows the full calculator or the compact embedded view of the initial
//! state (built from the address bar and the saved draft before mounting: `browser::link`).

use std::rc::Rc;

use yew::prelude::*;

use crate::browser::address;
use crate::components::calculator::Calculator;
use crate::components::share::embed_view::EmbedView;
use crate::components::share::url_sync::UrlSync;
use crate::model::share::view_of;
use crate::state::{ScenarioProvider, ScenarioState};

/// Props of [`App`].
#[derive(Properties, PartialEq)]
pub struct AppProps {
    /// The state to start from (`browser::link::initial_state`), or why the built-in data
    /// could not be read.
    pub initial: Result<Rc<ScenarioState>, String>,
}

/// The whole app.
#[component]
pub fn App(props: &AppProps) -> Html {
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
    let state = match &props.initial {
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
