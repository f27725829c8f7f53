//! The root component: builds the initial state and lays out the page.

use std::rc::Rc;

use yew::prelude::*;

use crate::components::Calculator;
use crate::state::{ScenarioProvider, ScenarioState};

/// The whole app.
#[component]
pub fn App() -> Html {
    // Built once: parsing the shipped data and pricing the default scenario.
    let initial = use_memo((), |_| ScenarioState::initial().map(Rc::new));
    let body = match &*initial {
        Ok(state) => html! {
            <ScenarioProvider initial={state.clone()}>
                <Calculator />
            </ScenarioProvider>
        },
        Err(error) => html! {
            <main class="calculator">
                <p class="load-error" role="alert">
                    { format!("The calculator's built-in data could not be read: {error}") }
                </p>
            </main>
        },
    };
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
            { body }
        </>
    }
}
