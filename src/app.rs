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
    // The build-time first paint (src/prerender.rs) goes in the same task as the app's first
    // render, so the page never shows both, nor neither.
    use_memo((), |_| {
        if let Ok(Some(first_paint)) = gloo::utils::document().query_selector(".prerendered") {
            first_paint.remove();
        }
    });
    let view = *use_memo((), |_| view_of(&address::query()));
    // Built once: a shared link wins over the saved draft, which wins over the paper's course.
    // An embedded view never reads or writes the reader's own draft.
    let initial = use_memo((), move |_| {
        let draft = if view.embed {
            None
        } else {
            storage::load_draft()
        };
        ScenarioState::from_sources(Some(&address::fragment()), draft.as_deref()).map(Rc::new)
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
    html! {
        <>
            <header class="site-header">
                <h1>{ "Course cost calculator" }</h1>
                <p class="tagline">
                    { "What a hands-on ML-systems course costs in cloud compute, before you teach it. \
                       The default is the course analysed in " }
                    <cite>{ "The Cost of Teaching Operational ML" }</cite>
                    { " (Fund, Keahey, Hammock, Richardson, Powers, Sherman; SC-W '25, " }
                    <a href="https://doi.org/10.1145/3731599.3767385">{ "doi:10.1145/3731599.3767385" }</a>
                    { ")." }
                </p>
            </header>
            <ScenarioProvider initial={state}>
                <UrlSync save_draft={true} />
                <Calculator />
            </ScenarioProvider>
        </>
    }
}
