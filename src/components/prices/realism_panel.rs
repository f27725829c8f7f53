//! Usage realism: actual / planned hours per resource kind, with the paper's calibrated values.

use yew::prelude::*;

use crate::components::inputs::click_change;
use crate::components::inputs::number_input::NumberInput;
use crate::components::inputs::setting_input::setting_inputs;
use crate::components::inputs::term::term;
use crate::model::edit::change::Change;
use crate::model::format;
use crate::model::presets::paper_course;
use crate::model::scenario::field::FieldPath;
use crate::model::scenario::setting_field::Section;
use crate::state::ScenarioHandle;

/// The realism panel: a plain function of the state (its fields are components of their own,
/// each skipping re-renders when its value did not change).
pub fn realism_panel(state: &ScenarioHandle) -> Html {
    let paper = paper_course().ok().map(|p| &p.scenario);
    let calibrated = paper.map(|p| p.realism);
    let phases = [
        (Section::LabsOverrun, "Labs"),
        (Section::ProjectOverrun, "Project"),
    ];
    let on_reset = calibrated.map(|r| click_change(&state.dispatch(), Change::ResetRealism(r)));

    html! {
        <section class="panel" aria-labelledby="realism-title">
            <h2 id="realism-title">{ "Usage vs plan (overrun)" }</h2>
            <p class="panel-intro">
                { "Actual hours / planned hours (" }{ term("overrun", "overrun") }{ "). Students leave VMs \
                   running: in the paper's course lab VMs ran 13 times what the lab texts plan, while " }
                { term("lease", "leases") }{ " on " }{ term("bare-metal", "bare metal") }
                { " end by themselves. " }{ term("floating-ip", "Floating IPs") }
                { " follow the instance they are attached to." }
            </p>
            for (section, title) in phases {
                <fieldset class="factor-group">
                    <legend>{ title }</legend>
                    { setting_inputs(section, &state.scenario, &|setting| paper.map(|p| {
                        format!("Paper's course, calibrated: {}", format::quantity(setting.get(p)))
                    })) }
                </fieldset>
            }
            { resource_factors(state) }
            if let Some(on_reset) = on_reset {
                <button type="button" class="secondary" onclick={on_reset}>
                    { "Use the paper's calibrated factors" }
                </button>
            }
        </section>
    }
}

/// The per-resource factors a bill set (none: nothing shown), each a field of its own.
fn resource_factors(state: &ScenarioHandle) -> Html {
    let factors = &state.scenario.resource_factors;
    if factors.is_empty() {
        return html! {};
    }
    html! {
        <fieldset class="factor-group" data-testid="resource-factors">
            <legend>{ "Per resource (labs and project)" }</legend>
            <p class="field-hint">{ "Each multiplies its kind's factors above: 0 = not used, 1 = \
                as its kind." }</p>
            for (index, f) in factors.iter().enumerate() {
                <NumberInput field={FieldPath::ResourceFactor { index }} value={f.factor}
                    label={state.catalog.resource(&f.resource)
                        .map_or_else(|| f.resource.clone(), |r| format!("{} ({})", r.label, r.id))}
                    unit="×" step=0.1 testid={format!("resource-factor-{}", f.resource)} />
            }
        </fieldset>
    }
}
