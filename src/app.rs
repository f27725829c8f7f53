//! The root component: shows the full calculator or the compact embedded view of the initial
//! state (built from the address bar and the saved draft before mounting: `browser::link`).

use std::rc::Rc;

use yew::prelude::*;

use crate::browser::address;
use crate::components::{later, Calculator, EmbedView, UrlSync};
use crate::model::share::view_of;
use crate::state::{ScenarioProvider, ScenarioState};

/// Removes the build-time first paint (src/prerender.rs), in the task that renders what replaces
/// it, so the page never shows both, nor neither. Its header stays (the app does not draw it),
/// except in an embed, which has none.
pub fn remove_first_paint(with_header: bool) {
    let document = gloo::utils::document();
    let leaving: &[&str] = if with_header {
        &[".prerendered", ".site-header"]
    } else {
        &[".prerendered"]
    };
    for selector in leaving {
        if let Ok(Some(element)) = document.query_selector(selector) {
            element.remove();
        }
    }
}

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
    // An embed replaces the build-time first paint (src/prerender.rs) at once, header and all; the
    // calculator replaces it when its summary mounts (src/components/calculator.rs).
    use_memo((), move |_| {
        if view.embed {
            remove_first_paint(true);
        }
    });
    // After the first render: the parts of the page below the first screen mount, one a task.
    use_effect_with((), |_| later::begin());
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
