//! What a printed page (or PDF) adds: a title, the date, the link that reproduces it, and the
//! assumptions a budget reviewer asks for. Shown only in print.

use gloo::events::EventListener;
use yew::prelude::*;

use crate::browser::address;
use crate::model::export::{course_in_brief, testbeds_line, PAPER_CITATION};
use crate::model::format;
use crate::state::{use_scenario_if, when, ScenarioState};

/// The print-only header of the budget justification. Written when the browser is about to print
/// (`beforeprint`, which Chromium also sends before a PDF), so editing never pays for the date and
/// the encoded link.
#[component]
pub fn PrintHeader() -> Html {
    let printing = use_printing();
    // While not printing it shows nothing, so no edit re-renders it.
    let shown = *printing;
    let state = use_scenario_if(when(move |_, _| shown));
    if *printing {
        print_header_text(&state)
    } else {
        html! {}
    }
}

/// True between the browser's `beforeprint` and `afterprint`.
#[hook]
fn use_printing() -> UseStateHandle<bool> {
    let printing = use_state(|| false);
    {
        let printing = printing.clone();
        use_effect_with((), move |_| {
            let window = gloo::utils::window();
            let listen = |event: &'static str, value: bool| {
                let printing = printing.clone();
                EventListener::new(&window, event, move |_| printing.set(value))
            };
            let listeners = [listen("beforeprint", true), listen("afterprint", false)];
            move || drop(listeners)
        });
    }
    printing
}

/// The header's text, for the scenario being printed.
fn print_header_text(state: &ScenarioState) -> Html {
    let scenario = &state.scenario;
    let today: String = String::from(js_sys::Date::new_0().to_iso_string())
        .chars()
        .take(10)
        .collect();
    let link = format!("{}#{}", address::base(), state.share_fragment());
    let realism = scenario.realism;
    html! {
        <div class="print-only print-header">
            <h1 data-testid="print-title">
                { if scenario.title.trim().is_empty() {
                    "Budget justification: cloud compute for the course".to_string()
                } else {
                    format!("Budget justification: {}", scenario.title.trim())
                } }
            </h1>
            <p>
                { format!(
                    "{} in groups of {}. Estimated on {today} with the course cost calculator.",
                    course_in_brief(scenario),
                    format::quantity(scenario.course.project.group_size),
                ) }
            </p>
            if let Some(status) = state.term_status() {
                <p data-testid="print-term-status">{ format!("During the term: {status} Scenario: {link}") }</p>
            }
            <p>
                { format!(
                    "Actual use is planned use times overrun factors taken from a real course (lab VMs {}x, lab bare metal {}x, project VMs {}x, project GPU nodes {}x): students leave VMs running. Method and default course: {PAPER_CITATION}.",
                    format::quantity(realism.labs.vm),
                    format::quantity(realism.labs.bare_metal),
                    format::quantity(realism.project.vm),
                    format::quantity(realism.project.bare_metal),
                ) }
            </p>
            <p data-testid="print-testbeds">{ format!("{}.", testbeds_line(&state.testbeds())) }</p>
            <p class="print-link">{ format!("Reproduce or change this estimate: {link}") }</p>
        </div>
    }
}
