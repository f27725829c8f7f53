//! Calibrate from measured hours: an instructor enters the instance-hours a past run of the
//! course used; the overrun factors that reproduce them are derived (`calibrate`, on the scenario
//! with its levers off) and applied as one undoable change, with the formulas shown.

use yew::prelude::*;

use super::lever_controls::LeverNumber;
use crate::model::catalog::Catalog;
use crate::model::edit::change::Change;
use crate::model::engine::calibrate::{calibrate, CalibrationError, ReportedHours};
use crate::model::format;
use crate::model::planners::levers::Levers;
use crate::model::scenario::realism::Realism;
use crate::model::scenario::Scenario;
use crate::state::use_scenario;

/// Most hours a field accepts.
const MAX_HOURS: f64 = 1.0e9;

/// The paper's reported hours (talk slides): lab instance-hours, project instance-hours, project
/// GPU node-hours.
pub const PAPER_HOURS: [f64; 3] = [109_837.0, 76_855.0, 5_466.0];

/// The measured hours as typed; `None` where a field is empty or invalid.
type Typed = [Option<f64>; 3];

fn reported(typed: &Typed) -> Option<ReportedHours> {
    Some(ReportedHours {
        lab_instance_hours: typed[0]?,
        project_instance_hours: typed[1]?,
        project_gpu_hours: typed[2]?,
    })
}

/// Why calibration failed, in words.
fn why(error: CalibrationError) -> String {
    match error {
        CalibrationError::Invalid(_) => "the scenario is not valid".to_string(),
        CalibrationError::NothingToScale(what) => format!("the plan has no hours of {what}"),
        CalibrationError::BelowFixedUse(what) => {
            format!("fewer hours than the other kinds already take ({what})")
        }
    }
}

/// The formula of each factor with its numbers. Each factor is linear in its measured hours
/// (factor = (measured - fixed) / planned), so pricing it at the hours and one hour more gives
/// the planned hours (1 / slope) and the fixed part.
fn formulas(
    scenario: &Scenario,
    catalog: &Catalog,
    hours: ReportedHours,
) -> Result<Vec<String>, String> {
    let run = |h: ReportedHours| calibrate(scenario, catalog, h).map_err(why);
    let base = run(hours)?;
    let more = |change: fn(&mut ReportedHours)| {
        let mut h = hours;
        change(&mut h);
        run(h)
    };
    let lab = more(|h| h.lab_instance_hours += 1.0)?;
    let project = more(|h| h.project_instance_hours += 1.0)?;
    let gpu = more(|h| h.project_gpu_hours += 1.0)?;
    let line = |name: &str, measured: f64, factor: f64, slope: f64| {
        let planned = if slope > 0.0 { 1.0 / slope } else { 0.0 };
        let fixed = measured - factor * planned;
        format!(
            "{name} = ({} measured - {} h of other kinds, which keep their factors) / {} planned h = {}",
            format::number(measured, 0),
            format::number(fixed.max(0.0), 0),
            format::number(planned, 0),
            format::number(factor, 4)
        )
    };
    Ok(vec![
        line(
            "Lab VMs",
            hours.lab_instance_hours,
            base.labs.vm,
            lab.labs.vm - base.labs.vm,
        ),
        line(
            "Project GPU nodes",
            hours.project_gpu_hours,
            base.project.bare_metal,
            gpu.project.bare_metal - base.project.bare_metal,
        ),
        line(
            "Project VMs",
            hours.project_instance_hours,
            base.project.vm,
            project.project.vm - base.project.vm,
        ),
    ])
}

fn factors_view(realism: &Realism) -> Html {
    html! {
        <dl class="figures">
            <div class="figure"><dt>{ "Lab VMs" }</dt><dd data-testid="calibrate-lab-vm">
                { format!("{}×", format::exact(realism.labs.vm)) }</dd></div>
            <div class="figure"><dt>{ "Project VMs" }</dt><dd data-testid="calibrate-project-vm">
                { format!("{}×", format::exact(realism.project.vm)) }</dd></div>
            <div class="figure"><dt>{ "Project GPU nodes" }</dt><dd data-testid="calibrate-project-gpu">
                { format!("{}×", format::exact(realism.project.bare_metal)) }</dd></div>
        </dl>
    }
}

/// The calibration form.
#[component]
pub fn CalibrateForm() -> Html {
    let state = use_scenario();
    let dispatch = state.dispatch();
    let typed = use_state(|| [None::<f64>; 3]);
    let mut off: Scenario = (*state.scenario).clone().into_scenario();
    off.levers = Levers::default();
    let preview = reported(&typed).map(|h| formulas(&off, state.catalog, h));
    let field = |index: usize| {
        let (on_typed, on_bad) = (typed.clone(), typed.clone());
        let value = Callback::from(move |v: Option<f64>| {
            let mut next = *on_typed;
            next[index] = v;
            on_typed.set(next);
        });
        let invalid = Callback::from(move |()| {
            let mut next = *on_bad;
            next[index] = None;
            on_bad.set(next);
        });
        (typed[index], value, invalid)
    };
    let (lab, project, gpu) = (field(0), field(1), field(2));
    let on_submit = {
        let typed = typed.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if let Some(hours) = reported(&typed) {
                dispatch.change(Change::Calibrate(hours));
            }
        })
    };
    let on_paper = {
        let typed = typed.clone();
        Callback::from(move |_: MouseEvent| typed.set(PAPER_HOURS.map(Some)))
    };
    html! {
        <section class="panel no-print" aria-labelledby="calibrate-title">
            <h2 id="calibrate-title">{ "Calibrate from measured hours" }</h2>
            <p class="panel-intro">{ "Enter what a past run of this course used (from the testbed's \
                usage report). The overrun factors (actual / planned) that reproduce these hours \
                replace the current ones, as one step that Undo takes back. Leased bare metal and \
                edge devices in the labs keep their factors; lab VMs absorb the rest." }</p>
            <form data-testid="calibrate-form" onsubmit={on_submit}>
                <LeverNumber label="Lab instance-hours" unit="h" value={lab.0} min={0.0} max={MAX_HOURS}
                    testid="calibrate-lab-hours" on_value={lab.1} on_invalid={lab.2} />
                <LeverNumber label="Project instance-hours (GPU nodes included)" unit="h" value={project.0}
                    min={0.0} max={MAX_HOURS} testid="calibrate-project-hours" on_value={project.1}
                    on_invalid={project.2} />
                <LeverNumber label="Project GPU node-hours" unit="h" value={gpu.0} min={0.0} max={MAX_HOURS}
                    testid="calibrate-gpu-hours" on_value={gpu.1} on_invalid={gpu.2} />
                <p class="button-row">
                    <button type="button" data-testid="calibrate-paper" onclick={on_paper}>
                        { "Use the paper's figures (109,837 / 76,855 / 5,466)" }</button>
                    <button type="submit" data-testid="calibrate-apply" disabled={preview.is_none()}>
                        { "Apply these factors" }</button>
                </p>
            </form>
            { match preview {
                Some(Ok(lines)) => html! {
                    <ul class="formulas" data-testid="calibrate-formulas">
                        for line in lines { <li>{ line }</li> }
                    </ul>
                },
                Some(Err(why)) => html! {
                    <p class="field-error" role="alert" data-testid="field-error">
                        { format!("These hours cannot be reproduced: {why}") }</p>
                },
                None => html! { <p class="field-hint">{ "Fill in all three figures to see the factors." }</p> },
            } }
            <p>{ "The factors in use now:" }</p>
            { factors_view(&state.scenario.realism) }
        </section>
    }
}
