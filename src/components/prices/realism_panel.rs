//! Usage realism: actual / planned hours per resource kind, with the paper's calibrated values.

use yew::prelude::*;

use crate::components::{NumberInput, Term};
use crate::model::catalog::presets::paper_course;
use crate::model::catalog::resource::ResourceKind;
use crate::model::edit::change::Change;
use crate::model::format;
use crate::model::scenario::field::{overrun_setting, FieldPath, PhaseKey};
use crate::model::scenario::realism::OverrunFactors;
use crate::state::use_scenario;

const KINDS: [ResourceKind; 4] = [
    ResourceKind::Vm,
    ResourceKind::BareMetal,
    ResourceKind::Edge,
    ResourceKind::Storage,
];

/// The realism panel.
#[component]
pub fn RealismPanel() -> Html {
    let state = use_scenario();
    let realism = state.scenario.realism;
    let calibrated = paper_course().ok().map(|p| p.scenario.realism);
    let phases: [(PhaseKey, &str, OverrunFactors, Option<OverrunFactors>); 2] = [
        (
            PhaseKey::Labs,
            "Labs",
            realism.labs,
            calibrated.map(|r| r.labs),
        ),
        (
            PhaseKey::Project,
            "Project",
            realism.project,
            calibrated.map(|r| r.project),
        ),
    ];
    let on_reset = calibrated.map(|r| {
        state
            .dispatch()
            .change_with(move |_: MouseEvent| Change::ResetRealism(r))
    });

    html! {
        <section class="panel" aria-labelledby="realism-title">
            <h2 id="realism-title">{ "Usage vs plan (overrun)" }</h2>
            <p class="panel-intro">
                { "Actual hours / planned hours (" }<Term id="overrun" text="overrun" />{ "). Students leave VMs \
                   running: in the paper's course lab VMs ran 13 times what the lab texts plan, while " }
                <Term id="lease" text="leases" />{ " on " }<Term id="bare-metal" text="bare metal" />
                { " end by themselves. " }<Term id="floating-ip" text="Floating IPs" />
                { " follow the instance they are attached to." }
            </p>
            for (phase, title, factors, paper) in phases {
                <fieldset class="factor-group">
                    <legend>{ title }</legend>
                    for (kind, setting) in KINDS.into_iter().filter_map(|k| Some((k, overrun_setting(phase, k)?))) {
                        <NumberInput
                            field={FieldPath::from(setting)}
                            value={factors.for_kind(kind)}
                            label={format!("{title}: {}", kind.label())}
                            unit="x"
                            step={0.1}
                            slider={Some((0.0, 20.0))}
                            testid={format!("overrun-{}-{}", title.to_ascii_lowercase(), kind_id(kind))}
                            hint={paper.map(|p| format!(
                                "Paper's course, calibrated: {}",
                                format::quantity(p.for_kind(kind))
                            )).unwrap_or_default()}
                        />
                    }
                </fieldset>
            }
            if let Some(on_reset) = on_reset {
                <button type="button" class="secondary" onclick={on_reset}>
                    { "Use the paper's calibrated factors" }
                </button>
            }
        </section>
    }
}

fn kind_id(kind: ResourceKind) -> &'static str {
    match kind {
        ResourceKind::Vm => "vm",
        ResourceKind::BareMetal => "bare-metal",
        ResourceKind::Edge => "edge",
        ResourceKind::Storage => "storage",
        ResourceKind::Network => "network",
    }
}
