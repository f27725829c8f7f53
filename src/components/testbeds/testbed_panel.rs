//! The testbed view: the course in Chameleon and Jetstream2 service units, with the rates' dates
//! always in view, whether it fits, which tier or how many recharges, the per-student cap, idle
//! time, each resource's mapping, and the requests.

use yew::prelude::*;

use crate::components::inputs::term::term;

use super::details::{access_fit, chameleon_fit, idle_time, student_cap};
use super::fit_table::fit_table;
use super::rates_table::rates_table;
use super::request_box::RequestBox;
use super::sources::cite;
use crate::components::inputs::setting_input::{no_hint, setting_inputs};
use crate::model::scenario::setting_field::Section;
use crate::model::testbed::Testbeds;
use crate::state::use_scenario;

/// The rate tables' dates, with their sources: shown at the top, so they are always in view.
fn rate_dates() -> Html {
    let testbeds = Testbeds::builtin();
    let (chameleon, js2) = (&testbeds.chameleon, &testbeds.jetstream);
    html! {
        <p class="testbed-dates" data-testid="testbed-rate-dates">
            { format!("Chameleon: {}, {}: ", chameleon.current.label, chameleon.current.in_force) }
            { cite(chameleon.current.source) }
            { format!("; beside the {} ({}). Jetstream2: {}: ", chameleon.before.label, chameleon.before.in_force, js2.rates_in_force) }
            { cite("JS2-FLAVORS,JS2-GPU-2024") }{ "." }
        </p>
    }
}

/// The panel.
#[component]
pub fn TestbedPanel() -> Html {
    let state = use_scenario();
    let twin = state.testbeds();
    html! {
        <section class="panel testbeds" aria-labelledby="testbeds-title" data-testid="testbed-panel">
            <h2 id="testbeds-title">{ "On a free testbed: Chameleon and Jetstream2" }</h2>
            <p class="panel-intro">{ "The same course in the " }{ term("su", "service units (SU)") }{ " of two research testbeds an instructor can use for free, at the lab texts' planned hours and at actual hours (planned x " }{ term("overrun", "overrun") }{ "): whether it fits the allocation, and what to request." }</p>
            { rate_dates() }
            { fit_table(&twin) }
            { chameleon_fit(&twin) }
            <div class="planner-grid">
                { setting_inputs(Section::Testbed, &state.scenario, &no_hint) }
            </div>
            { access_fit(&twin) }
            { student_cap(&twin, &state.scenario.pricing) }
            { idle_time(&twin) }
            <h3>{ "Each resource on the testbeds" }</h3>
            { rates_table(&twin, state.catalog) }
            <RequestBox />
        </section>
    }
}
