//! Every savings lever laid out alike: its name and state, the same Apply control, its settings
//! (each a field with label, provenance marker, input, unit and hint), and what it saves alone.
//! Each field accepts what validation accepts: its bounds are read from [`LeverField::bound`].

use yew::prelude::*;

use super::lever_controls::{lever_check, FieldOrigin, LeverNumber};
use crate::model::format;
use crate::model::planners::levers::{
    sharing_factor, sharing_slowdown, AutoStop, Lever, LeverField, Levers,
    DEFAULT_GPU_BOUND_SHARE_PCT, DEFAULT_IDLE_AFTER_HOURS, DEFAULT_IDLE_SHARE_PCT,
    DEFAULT_NIGHT_HOURS, SUGGESTED_LEASE_CAP_HOURS, SUGGESTED_SHARING_STUDENTS,
};
use crate::model::plural::plural;
use crate::model::scenario::provenance::ProvenanceKind;

/// One lever: its name and state, the Apply control (`on_toggle` is called with the new
/// applied state), its `settings`, and what it saves `alone`, in words (`None` when it cannot be
/// priced as set).
fn lever_row(
    lever: Lever,
    applied: bool,
    alone: Option<AttrValue>,
    on_toggle: Callback<bool>,
    settings: Html,
) -> Html {
    let key = lever.key();
    let state = if applied {
        "(applied)"
    } else {
        "(not applied)"
    };
    html! {
        <fieldset class="lever" data-testid={format!("lever-{key}")} data-applied={applied.to_string()}>
            <legend>{ lever.label() }{ " " }<span class="lever-state">{ state }</span></legend>
            { lever_check("Apply", applied, AttrValue::from(format!("lever-apply-{key}")), on_toggle) }
            { settings }
            <p class="lever-saving" data-testid={format!("lever-saving-{key}")}>
                { alone.unwrap_or_else(|| AttrValue::from("Set it to see what it saves.")) }
            </p>
        </fieldset>
    }
}

/// The auto-stop lever's settings.
fn auto_stop_controls(stop: &AutoStop, on_set: Callback<AutoStop>) -> Html {
    let edit = |change: fn(&mut AutoStop, Option<f64>)| {
        let (stop, on_set) = (stop.clone(), on_set.clone());
        Callback::from(move |value: Option<f64>| {
            let mut next = stop.clone();
            change(&mut next, value);
            on_set.emit(next);
        })
    };
    let flag = |change: fn(&mut AutoStop, bool)| {
        let (stop, on_set) = (stop.clone(), on_set.clone());
        Callback::from(move |on: bool| {
            let mut next = stop.clone();
            change(&mut next, on);
            on_set.emit(next);
        })
    };
    let idle_after = FieldOrigin::assumed(
        Some(DEFAULT_IDLE_AFTER_HOURS),
        "Assumed: longer than a break or a long notebook cell, short enough to stop a VM \
         forgotten overnight.",
    )
    .when_empty("Empty: no idle stop (the suggestion is 2 hours).");
    let night = FieldOrigin {
        value: Some(DEFAULT_NIGHT_HOURS),
        kind: ProvenanceKind::Sourced,
        text: AttrValue::from(
            "The course's lab policy leaves midnight to 8 AM outside its active-hours limit \
             (ML Systems Engineering and Operations course site, unit 2 page, Spring 2025).",
        ),
        empty: None,
    };
    let idle_share = FieldOrigin::assumed(
        Some(DEFAULT_IDLE_SHARE_PCT),
        "Assumed, no course measured it: the paper's lab VMs ran 12.97 times their plan, so if \
         the plan is the work, 1 - 1/12.97 = 92% of their time was idle; 90% rounds that down.",
    );
    html! {
        <>
            <LeverNumber label="Stop a VM after" unit="idle hours" value={stop.idle_after_hours}
                bound={LeverField::IdleAfterHours.bound()} testid="lever-idle-hours"
                origin={idle_after} on_value={edit(|s, v| s.idle_after_hours = v)} allow_empty=true
                hint="Empty: no idle stop." />
            { lever_check("Stop every VM each night", stop.nightly_stop,
                AttrValue::Static("lever-nightly-stop"), flag(|s, on| s.nightly_stop = on)) }
            <LeverNumber label="Night" unit="hours" value={Some(stop.night_hours)}
                bound={LeverField::NightHours.bound()} testid="lever-night-hours" origin={night}
                on_value={edit(|s, v| s.night_hours = v.unwrap_or(0.0))} />
            <LeverNumber label="Share of VM time that is idle" unit="%"
                value={Some(stop.idle_share_pct)} bound={LeverField::IdleSharePct.bound()}
                testid="lever-idle-share" origin={idle_share}
                on_value={edit(|s, v| s.idle_share_pct = v.unwrap_or(0.0))}
                hint="Busy hours are always kept; only idle time is stopped." />
            { lever_check("Also stop project VMs (they host services meant to stay up)",
                stop.include_project, AttrValue::Static("lever-include-project"),
                flag(|s, on| s.include_project = on)) }
        </>
    }
}

/// What [`lever_list`] shows.
pub struct LeverListProps {
    /// The levers applied to the scenario.
    pub applied: Levers,
    /// Every lever's setting (applied or being prepared).
    pub settings: Levers,
    /// What each lever saves alone, in words, in [`Lever::ALL`] order.
    pub alone: Vec<Option<AttrValue>>,
    /// The scenario's spot re-run share (percent): the one spot assumption.
    pub rerun_share_pct: f64,
    /// Whether the re-run share is the assumed default (else the user's).
    pub rerun_share_assumed: bool,
    /// The lab resources GPU sharing shares, and those it leaves whole, by name.
    pub sharing_scope: (Vec<String>, Vec<String>),
    /// Called with a lever and its new setting (in a `Levers`).
    pub on_set: Callback<(Lever, Levers)>,
    /// Called with a lever to apply (true) or remove (false).
    pub on_toggle: Callback<(Lever, bool)>,
    /// Under right-sizing: the stand-ins the savings are priced on that do not fit.
    pub misfits: Html,
}

/// Why the suggested GPU sharing setting is what it is.
const SHARING_WHY: &str = "Assumed: two students per A100 or H100, each on a 3g MIG slice (3/7 of \
    the compute, half the memory), so a lab's model still fits. Only single-GPU A100 and H100 lab \
    uses are shared: V100, P100, MI100 and RTX 6000 GPUs cannot be partitioned with MIG, and \
    multi-GPU nodes (Lab 4's 4-GPU fine-tuning, Lab 5's two-GPU Ray section) need the whole node. \
    No lab text of the course allows time-sharing a GPU.";

/// Why the GPU-bound share is what it is.
const GPU_BOUND_WHY: &str = "Assumed: in Lab 5's MLFlow section, the one timed part by part \
    (course unit 5 page), training takes 85 of about 170 minutes (PyTorch 45, Lightning 40; the \
    rest is setup, data and the tracking server). Lab 6a is mostly CPU work, so half is cautious. \
    Only this part runs slower on a slice.";

/// The spot lever's setting, with its provenance: the price model's re-run share.
fn spot_origin(share: f64, assumed: bool) -> FieldOrigin {
    if assumed {
        FieldOrigin::assumed(
            Some(share),
            "Assumed, no course measured it: the same re-run share the spot price model uses \
             (Prices). A provider may reclaim a spot instance at short notice (two minutes on \
             AWS, 30 seconds on Google Cloud) and the work since the last checkpoint is lost; \
             15% is a cautious allowance for that and the restart.",
        )
    } else {
        FieldOrigin {
            value: Some(share),
            kind: ProvenanceKind::User,
            text: AttrValue::from("The spot price model's re-run share, as you set it (Prices)."),
            empty: None,
        }
    }
}

/// What sharing does at `settings`, in words.
fn sharing_effect(settings: &Levers, scope: &(Vec<String>, Vec<String>)) -> String {
    let students = settings
        .gpu_sharing_students
        .unwrap_or(SUGGESTED_SHARING_STUDENTS);
    let g = settings.gpu_bound_share_pct;
    let (slowdown, factor) = (sharing_slowdown(students, g), sharing_factor(students, g));
    let shared = if scope.0.is_empty() {
        "no lab use of this course (none is a single A100 or H100)".to_string()
    } else {
        scope.0.join(", ")
    };
    let whole = if scope.1.is_empty() {
        String::new()
    } else {
        format!(" Left whole: {}.", scope.1.join(", "))
    };
    format!(
        "Shared: {shared}.{whole} Each shared block lasts {}x as long; each student pays {} of \
         the node's block alone (slowdown / students).",
        format::quantity(slowdown),
        format::number(factor, 3),
    )
}

/// Every lever with its settings.
pub fn lever_list(props: LeverListProps) -> Html {
    let s = &props.settings;
    let set = |lever: Lever, change: fn(&mut Levers, Option<f64>)| {
        let (s, on_set) = (s.clone(), props.on_set.clone());
        Callback::from(move |value: Option<f64>| {
            let mut next = s.clone();
            change(&mut next, value);
            on_set.emit((lever, next));
        })
    };
    let toggle = |lever: Lever| props.on_toggle.reform(move |on: bool| (lever, on));
    let alone = |lever: Lever| {
        let index = Lever::ALL.iter().position(|l| *l == lever).unwrap_or(0);
        props.alone.get(index).cloned().flatten()
    };
    let on_stop = {
        let (s, on_set) = (s.clone(), props.on_set.clone());
        Callback::from(move |stop: AutoStop| {
            let mut next = s.clone();
            next.auto_stop = Some(stop);
            on_set.emit((Lever::AutoStop, next));
        })
    };
    let applied = |lever: Lever| props.applied.is_on(lever);
    let row = |lever: Lever, settings: Html| {
        lever_row(lever, applied(lever), alone(lever), toggle(lever), settings)
    };
    let cap_why = "Assumed: the course's policy keeps a lab session to six or eight active \
         hours (unit 1 to 3 pages); a day leaves room for a session left open and stops a VM \
         forgotten for days.";
    let cap_origin =
        FieldOrigin::assumed(Some(SUGGESTED_LEASE_CAP_HOURS), cap_why).when_empty(format!(
        "Empty: no cap until you type one or Apply, which sets the suggested 24 hours. {cap_why}"
    ));
    let cap_hint = format!(
        "Hours per VM instance and planned use; typing a cap applies it, empty: no cap. A use \
         planned for longer is renewed as planned.{}",
        if applied(Lever::LeaseCap) {
            String::new()
        } else {
            format!(
                " The saving below is for a cap of {} {}.",
                format::exact(s.vm_lease_cap_hours.unwrap_or(SUGGESTED_LEASE_CAP_HOURS)),
                plural(
                    s.vm_lease_cap_hours.unwrap_or(SUGGESTED_LEASE_CAP_HOURS),
                    "hour",
                    "hours"
                )
            )
        }
    );
    let sharing_origin = FieldOrigin::assumed(Some(SUGGESTED_SHARING_STUDENTS), SHARING_WHY);
    let bound_origin = FieldOrigin::assumed(Some(DEFAULT_GPU_BOUND_SHARE_PCT), GPU_BOUND_WHY);
    html! {
        <div class="lever-list">
            { row(Lever::LeaseCap, html! {
                <LeverNumber label="Longest life of a VM" unit="hours"
                    value={props.applied.vm_lease_cap_hours}
                    bound={LeverField::LeaseCapHours.bound()} testid="lever-lease-cap-hours"
                    origin={cap_origin}
                    on_value={set(Lever::LeaseCap, |l, v| l.vm_lease_cap_hours = v)}
                    allow_empty=true hint={cap_hint} />
            }) }
            { row(Lever::AutoStop, auto_stop_controls(&s.auto_stop.clone().unwrap_or_default(), on_stop)) }
            { row(Lever::SpotGpu, html! {
                <LeverNumber label="GPU hours re-run after interruptions" unit="%"
                    value={s.spot_gpu_rerun_pct} bound={LeverField::SpotRerunPct.bound()}
                    testid="lever-spot-rerun"
                    origin={spot_origin(props.rerun_share_pct, props.rerun_share_assumed)}
                    on_value={set(Lever::SpotGpu, |l, v| l.spot_gpu_rerun_pct = v)}
                    hint="Offers without a published spot price stay on demand, without re-runs." />
            }) }
            { row(Lever::GpuSharing, html! { <>
                <LeverNumber label="Students per lab GPU (MIG slices)" unit="students"
                    value={s.gpu_sharing_students} bound={LeverField::SharingStudents.bound()}
                    testid="lever-sharing-students" origin={sharing_origin}
                    on_value={set(Lever::GpuSharing, |l, v| l.gpu_sharing_students = v)}
                    hint="2: a 3g slice each (3/7 of the compute); 3: 2g; 4 to 7: 1g (1/7). Check that the lab's model fits the slice's memory." />
                <LeverNumber label="GPU-bound share of a lab block" unit="%"
                    value={Some(s.gpu_bound_share_pct)} bound={LeverField::GpuBoundSharePct.bound()}
                    testid="lever-gpu-bound" origin={bound_origin}
                    on_value={set(Lever::GpuSharing, |l, v| l.gpu_bound_share_pct = v.unwrap_or(0.0))}
                    hint="This part runs slower on a slice; the rest (setup, reading, CPU work) does not." />
                // Folded: the list of shared and whole nodes is long, and the Plan view must fit.
                <details class="lever-detail">
                    <summary>{ "Which lab GPUs it shares, and how much longer a block lasts" }</summary>
                    <p class="field-hint" data-testid="lever-sharing-scope">{ sharing_effect(s, &props.sharing_scope) }</p>
                </details>
            </> }) }
            { row(Lever::RightSize, html! { <>
                <p class="field-hint">{ "Each instance resource priced on the cheapest offer of the \
                    provider that fits it (as many vCPUs and as much memory, or as many GPUs with as \
                    much memory each), when cheaper." }</p>
                { props.misfits.clone() }
            </> }) }
        </div>
    }
}
