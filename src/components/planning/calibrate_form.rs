//! Calibrate from measured hours: an instructor enters what a past run of the course used, as a
//! usage report gives it (lab VM-hours; project VM-hours and GPU hours, optional, GPU hours in
//! node- or device-hours); the overrun factors that reproduce them are derived
//! (`calibrate_measured`, on the scenario with its levers off) and applied as one undoable
//! change, with the formulas shown. Hours the model cannot reproduce are explained and nothing
//! is applied.

use yew::prelude::*;

use super::lever_controls::{FieldOrigin, LeverNumber};
use super::parts::{alert, figure};
use crate::model::catalog::Catalog;
use crate::model::edit::change::Change;
use crate::model::engine::calibrate::{
    calibrate_measured, measured_from_reported, Calibration, Fit, FitOutcome, FitTarget,
    GpuHourUnit, MeasuredHours, ReportedHours,
};
use crate::model::format;
use crate::model::planners::levers::Levers;
use crate::model::presets::paper_course;
use crate::model::scenario::levers::LeverBound;
use crate::model::scenario::provenance::ProvenanceKind;
use crate::model::scenario::realism::Realism;
use crate::model::scenario::validate::limits;
use crate::model::scenario::Scenario;
use crate::state::use_scenario;

/// Most hours a field accepts.
const MAX_HOURS: f64 = 1.0e9;

/// The paper's reported hours (F. Fund's talk slides: lab instance-hours, project
/// instance-hours, project GPU node-hours), as the paper's preset carries them.
fn paper_hours() -> Option<ReportedHours> {
    paper_course().ok()?.paper.map(|figures| figures.hours)
}

/// One field as typed.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Typed {
    /// Nothing typed.
    Empty,
    /// A valid number of hours.
    Hours(f64),
    /// Something that is not a valid number of hours.
    Invalid,
}

impl Typed {
    fn value(self) -> Option<f64> {
        match self {
            Typed::Hours(h) => Some(h),
            Typed::Empty | Typed::Invalid => None,
        }
    }
}

/// Lab VM-hours, project VM-hours, project GPU hours.
type Fields = [Typed; 3];

/// The measured hours, when every field reads and the lab VM-hours are there.
fn measured(fields: &Fields, unit: GpuHourUnit) -> Option<MeasuredHours> {
    if fields.contains(&Typed::Invalid) {
        return None;
    }
    Some(MeasuredHours {
        lab_vm_hours: fields[0].value()?,
        project_vm_hours: fields[1].value(),
        project_gpu_hours: fields[2].value(),
        gpu_unit: unit,
    })
}

/// The unit's words ("VM-hours" for VMs).
fn unit_words(target: FitTarget, unit: GpuHourUnit) -> &'static str {
    match (target, unit) {
        (FitTarget::ProjectGpuNodes, GpuHourUnit::NodeHours) => "GPU node-hours",
        (FitTarget::ProjectGpuNodes, GpuHourUnit::DeviceHours) => "GPU device-hours",
        _ => "VM-hours",
    }
}

/// One fit's formula, or why it cannot be made.
fn formula(fit: &Fit, unit: GpuHourUnit) -> String {
    let name = fit.target.label();
    let words = unit_words(fit.target, unit);
    let measured = fit.measured.map_or(String::new(), |m| format::number(m, 0));
    let planned = format::number(fit.planned, 0);
    match fit.outcome {
        FitOutcome::Fitted(factor) => format!(
            "{name} = {measured} measured {words} / {planned} planned = {}×",
            format::number(factor, 3)
        ),
        FitOutcome::Kept(factor) => format!(
            "{name}: nothing measured, so it keeps today's {}×",
            format::number(factor, 3)
        ),
        FitOutcome::NothingPlanned => format!(
            "{name}: {measured} {words} measured, but the plan has none to scale (add the use \
             to the course first)"
        ),
        FitOutcome::TooLarge(factor) => format!(
            "{name} would be {measured} / {planned} = {}×, above the most the calculator \
             accepts ({}×): check the figure and its unit",
            format::number(factor, 0),
            format::number(limits::FACTOR, 0)
        ),
        FitOutcome::NotHours => format!("{name}: the figure is not a number of hours"),
    }
}

/// What lab VM-hours leave out, in words.
fn fixed_note(calibration: &Calibration) -> String {
    let fixed = calibration.lab_fixed;
    format!(
        "Lab VM-hours hold VMs only. The labs' bare-metal nodes ({} node-hours) and edge devices \
         ({} device-hours) are taken from the plan at their factors, as their leases end by \
         themselves: if your usage report counts every lab instance, take these {} hours off.",
        format::number(fixed.bare_metal, 0),
        format::number(fixed.edge, 0),
        format::number(fixed.bare_metal + fixed.edge, 0)
    )
}

fn factors_view(realism: &Realism) -> Html {
    let factor = |value: f64| format!("{}×", format::exact(value));
    html! {
        <dl class="figures">
            { figure("Lab VMs", "calibrate-lab-vm", factor(realism.labs.vm)) }
            { figure("Project VMs", "calibrate-project-vm", factor(realism.project.vm)) }
            { figure("Project GPU nodes", "calibrate-project-gpu", factor(realism.project.bare_metal)) }
        </dl>
    }
}

/// The paper's figures as measured hours on this scenario, with each field's provenance; `None`
/// when this scenario cannot take them (no GPU nodes in its project, say).
fn paper_origins(
    scenario: &Scenario,
    catalog: &Catalog,
) -> (Option<MeasuredHours>, [FieldOrigin; 3]) {
    let reported = paper_hours();
    let paper = reported.and_then(|hours| measured_from_reported(scenario, catalog, hours).ok());
    let hours =
        |pick: fn(&ReportedHours) -> f64| format::number(reported.as_ref().map_or(0.0, pick), 0);
    let fixed = paper
        .zip(reported)
        .map_or(0.0, |(m, r)| r.lab_instance_hours - m.lab_vm_hours);
    // Without the paper's figures, an empty field is the user's to fill in.
    let origin = |value: Option<f64>, kind, text: String| FieldOrigin {
        value,
        kind: if value.is_some() {
            kind
        } else {
            ProvenanceKind::User
        },
        text: AttrValue::from(text),
        empty: None,
    };
    let origins = [
        origin(
            paper.map(|m| m.lab_vm_hours),
            ProvenanceKind::Calibrated,
            format!(
                "The paper's {} lab instance-hours (F. Fund's talk slides) less the plan's {} \
                 hours of bare metal and edge devices.",
                hours(|r| r.lab_instance_hours),
                format::number(fixed, 0)
            ),
        ),
        origin(
            paper.and_then(|m| m.project_vm_hours),
            ProvenanceKind::Calibrated,
            format!(
                "The paper's {} project instance-hours less its {} GPU node-hours (F. Fund's \
                 talk slides).",
                hours(|r| r.project_instance_hours),
                hours(|r| r.project_gpu_hours)
            ),
        ),
        origin(
            paper.and_then(|m| m.project_gpu_hours),
            ProvenanceKind::Sourced,
            format!(
                "The paper's {} project GPU hours, read as node-hours (F. Fund's talk slides).",
                hours(|r| r.project_gpu_hours)
            ),
        ),
    ];
    (paper, origins)
}

/// The form's fields and buttons.
fn fields_view(
    typed: &UseStateHandle<Fields>,
    unit: &UseStateHandle<GpuHourUnit>,
    origins: [FieldOrigin; 3],
    paper: Option<MeasuredHours>,
    can_apply: bool,
) -> Html {
    let field = |index: usize| {
        let (on_typed, on_bad) = (typed.clone(), typed.clone());
        let value = Callback::from(move |v: Option<f64>| {
            let mut next = *on_typed;
            next[index] = v.map_or(Typed::Empty, Typed::Hours);
            on_typed.set(next);
        });
        let invalid = Callback::from(move |()| {
            let mut next = *on_bad;
            next[index] = Typed::Invalid;
            on_bad.set(next);
        });
        (typed[index].value(), value, invalid)
    };
    let (lab, project, gpu) = (field(0), field(1), field(2));
    let [lab_origin, project_origin, gpu_origin] = origins;
    let on_paper = {
        let (typed, unit) = (typed.clone(), unit.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(m) = paper {
                let hours = |h: Option<f64>| h.map_or(Typed::Empty, Typed::Hours);
                typed.set([
                    Typed::Hours(m.lab_vm_hours),
                    hours(m.project_vm_hours),
                    hours(m.project_gpu_hours),
                ]);
                unit.set(GpuHourUnit::NodeHours);
            }
        })
    };
    let on_unit = {
        let unit = unit.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            unit.set(match select.value().as_str() {
                "device" => GpuHourUnit::DeviceHours,
                _ => GpuHourUnit::NodeHours,
            });
        })
    };
    let devices = **unit == GpuHourUnit::DeviceHours;
    let gpu_unit = if devices {
        "device-hours"
    } else {
        "node-hours"
    };
    let paper_text = paper.map_or_else(
        || "The paper's figures do not fit this course (its project has no GPU nodes)".to_string(),
        |m| {
            format!(
                "Use the paper's figures ({} lab VM-hours, {} project VM-hours, {} GPU node-hours)",
                format::number(m.lab_vm_hours, 0),
                format::number(m.project_vm_hours.unwrap_or(0.0), 0),
                format::number(m.project_gpu_hours.unwrap_or(0.0), 0)
            )
        },
    );
    html! {
        <>
            <LeverNumber label="Lab VM-hours" unit="VM-hours" value={lab.0}
                bound={LeverBound { min: 0.0, max: MAX_HOURS, whole: false }}
                testid="calibrate-lab-hours" origin={lab_origin} on_value={lab.1} allow_empty=true
                on_invalid={lab.2}
                hint="VM instance-hours of every lab assignment, from the testbed's usage report." />
            <LeverNumber label="Project VM-hours (optional)" unit="VM-hours" value={project.0}
                bound={LeverBound { min: 0.0, max: MAX_HOURS, whole: false }}
                testid="calibrate-project-hours" origin={project_origin} on_value={project.1}
                allow_empty=true on_invalid={project.2}
                hint="Blank keeps today's project VM factor." />
            <LeverNumber label="Project GPU hours (optional)" unit={gpu_unit} value={gpu.0}
                bound={LeverBound { min: 0.0, max: MAX_HOURS, whole: false }}
                testid="calibrate-gpu-hours" origin={gpu_origin} on_value={gpu.1} allow_empty=true
                on_invalid={gpu.2}
                hint="Blank keeps today's GPU node factor. Node-hours: hours a GPU node was held; device-hours: per GPU (an hour of a 4-GPU node is 4)." />
            <div class="field">
                <label for="calibrate-gpu-unit">{ "GPU hours are counted in" }</label>
                <div class="field-control">
                    <select id="calibrate-gpu-unit" data-testid="calibrate-gpu-unit" onchange={on_unit}>
                        <option value="node" selected={!devices}>{ "node-hours (one per node and hour)" }</option>
                        <option value="device" selected={devices}>{ "device-hours (one per GPU and hour)" }</option>
                    </select>
                </div>
            </div>
            <p class="button-row">
                <button type="button" data-testid="calibrate-paper" onclick={on_paper}
                    disabled={paper.is_none()}>{ paper_text }</button>
                <button type="submit" data-testid="calibrate-apply" disabled={!can_apply}>
                    { "Apply these factors" }</button>
            </p>
        </>
    }
}

/// The preview: each factor's formula, or why the hours cannot be reproduced.
fn preview_view(preview: Option<&Calibration>, unit: GpuHourUnit, invalid: bool) -> Html {
    let Some(calibration) = preview.filter(|_| !invalid) else {
        let why = if invalid {
            "A figure above is not a number of hours: correct it to see the factors."
        } else {
            "Enter the lab VM-hours (the project figures are optional) to see the factors."
        };
        return html! { <p class="field-hint">{ why }</p> };
    };
    let impossible = calibration.impossible();
    html! {
        <>
            <ul class="formulas" data-testid="calibrate-formulas">
                for fit in calibration.fits.iter() { <li>{ formula(fit, unit) }</li> }
            </ul>
            if !impossible.is_empty() {
                { alert(Some("calibrate-impossible"), format!(
                    "The model cannot reproduce these hours ({}), so nothing is applied.",
                    impossible.iter().map(|f| f.target.label()).collect::<Vec<_>>().join(", "))) }
            }
        </>
    }
}

/// The calibration form.
#[component]
pub fn CalibrateForm() -> Html {
    let state = use_scenario();
    let dispatch = state.dispatch();
    let typed = use_state(|| [Typed::Empty; 3]);
    let unit = use_state(GpuHourUnit::default);
    let mut off: Scenario = (*state.scenario).clone().into_scenario();
    off.levers = Levers::default();
    let hours = measured(&typed, *unit);
    let preview = hours.and_then(|h| calibrate_measured(&off, state.catalog, h).ok());
    let can_apply = preview.as_ref().is_some_and(|c| c.impossible().is_empty());
    let (paper, origins) = paper_origins(&off, state.catalog);
    // What lab VM-hours leave out does not depend on the hours typed.
    let nothing = MeasuredHours {
        lab_vm_hours: 0.0,
        project_vm_hours: None,
        project_gpu_hours: None,
        gpu_unit: *unit,
    };
    let fixed = calibrate_measured(&off, state.catalog, nothing).ok();
    let on_submit = {
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if let Some(hours) = hours.filter(|_| can_apply) {
                dispatch.change(Change::Calibrate(hours));
            }
        })
    };
    html! {
        <section class="panel no-print" aria-labelledby="calibrate-title">
            <h2 id="calibrate-title">{ "Calibrate from measured hours" }</h2>
            <p class="panel-intro">
                { "Enter what a past run of this course used, as the testbed's usage report \
                  gives it. Each overrun factor (actual / planned) becomes measured / planned \
                  hours of its kind and replaces the current one, as one step that Undo takes \
                  back. Leased bare metal and edge devices in the labs keep their factors." }
            </p>
            if let Some(fixed) = fixed {
                <p class="field-hint" data-testid="calibrate-fixed">{ fixed_note(&fixed) }</p>
            }
            <form data-testid="calibrate-form" onsubmit={on_submit}>
                { fields_view(&typed, &unit, origins, paper, can_apply) }
            </form>
            { preview_view(preview.as_ref(), *unit, typed.contains(&Typed::Invalid)) }
            <p>{ "The factors in use now:" }</p>
            { factors_view(&state.scenario.realism) }
        </section>
    }
}
