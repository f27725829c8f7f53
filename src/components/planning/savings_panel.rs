//! What would cut this cost: each savings lever with its settings and its saving alone (applied
//! or not), applied and undone through `Change::SetLevers`, and the waterfall of the applied
//! levers from the total with levers off to the headline total, with its table twin.

use std::rc::Rc;

use yew::prelude::*;

use super::lever_controls::{LeverCheck, LeverNumber};
use super::plan_canvas::{Picture, PlanCanvas};
use crate::charts::waterfall::{waterfall, BarKind, Waterfall};
use crate::model::edit::change::Change;
use crate::model::format;
use crate::model::planners::levers::{
    savings, AutoStop, Lever, LeverError, Levers, Savings, LEASE_CAP_MAX_HOURS,
    LEASE_CAP_MIN_HOURS, SHARING_MAX_STUDENTS,
};
use crate::model::scenario::valid::ValidScenario;
use crate::model::scenario::validate::limits;
use crate::state::use_scenario;

/// The scenario, compared by pointer: a new scenario is always a new `Rc`.
#[derive(Clone)]
pub struct ByPtr(pub Rc<ValidScenario>);

impl PartialEq for ByPtr {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// Each lever's setting: the applied one where the lever is on, else the one being prepared.
fn settings_of(applied: &Levers, draft: &Levers) -> Levers {
    Lever::ALL.into_iter().fold(applied.clone(), |acc, lever| {
        if applied.is_on(lever) {
            acc
        } else {
            acc.with(lever, draft)
        }
    })
}

/// Savings of every lever as set (alone), and of the applied levers (the waterfall).
type Priced = (Result<Savings, LeverError>, Result<Savings, LeverError>);

/// Props of [`LeverRow`].
#[derive(Properties, PartialEq)]
pub struct LeverRowProps {
    /// The lever.
    pub lever: Lever,
    /// Whether it is applied.
    pub applied: bool,
    /// Its saving alone, formatted; `None` when it cannot be priced as set.
    pub alone: Option<AttrValue>,
    /// Whether to show the apply checkbox (the lease cap applies through its field).
    #[prop_or(true)]
    pub checkbox: bool,
    /// Called with the new applied state.
    pub on_toggle: Callback<bool>,
    /// The lever's settings.
    #[prop_or_default]
    pub children: Html,
}

/// One lever: name, apply checkbox, settings and its saving alone.
#[component]
pub fn LeverRow(props: &LeverRowProps) -> Html {
    let key = props.lever.key();
    let state = if props.applied {
        "applied"
    } else {
        "not applied"
    };
    html! {
        <fieldset class="lever" data-testid={format!("lever-{key}")} data-applied={props.applied.to_string()}>
            <legend>{ props.lever.label() }{ " " }<span class="lever-state">{ format!("({state})") }</span></legend>
            if props.checkbox {
                <LeverCheck label="Apply" checked={props.applied}
                    testid={format!("lever-apply-{key}")} on_toggle={props.on_toggle.clone()} />
            }
            { props.children.clone() }
            <p class="lever-saving" data-testid={format!("lever-saving-{key}")}>
                { match &props.alone {
                    Some(text) => format!("Saves {text} alone"),
                    None => "Set it to see what it saves.".to_string(),
                } }
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
    html! {
        <>
            <LeverNumber label="Stop a VM after" unit="idle hours" value={stop.idle_after_hours}
                min={0.0} max={limits::HOURS} allow_empty={true} testid="lever-idle-hours"
                hint="Empty: no idle stop." on_value={edit(|s, v| s.idle_after_hours = v)} />
            <LeverCheck label="Stop every VM each night" checked={stop.nightly_stop}
                testid="lever-nightly-stop" on_toggle={flag(|s, on| s.nightly_stop = on)} />
            <LeverNumber label="Night" unit="hours" value={Some(stop.night_hours)} min={0.0} max={24.0}
                testid="lever-night-hours" on_value={edit(|s, v| s.night_hours = v.unwrap_or(0.0))} />
            <LeverNumber label="Share of VM time that is idle" unit="%" value={Some(stop.idle_share_pct)}
                min={0.0} max={100.0} testid="lever-idle-share"
                hint="Assumed, not measured: the paper's lab VMs ran 12.97 times their plan, so if the \
                      plan were all the work, 1 - 1/12.97 = 92% of their time was idle; 90% rounds that down."
                on_value={edit(|s, v| s.idle_share_pct = v.unwrap_or(0.0))} />
            <LeverCheck label="Also stop project VMs (they host services meant to stay up)"
                checked={stop.include_project} testid="lever-include-project"
                on_toggle={flag(|s, on| s.include_project = on)} />
        </>
    }
}

/// Props of [`LeverList`].
#[derive(Properties, PartialEq)]
pub struct LeverListProps {
    /// The levers applied to the scenario.
    pub applied: Levers,
    /// Every lever's setting (applied or being prepared).
    pub settings: Levers,
    /// Each lever's saving alone, formatted, in [`Lever::ALL`] order.
    pub alone: Vec<Option<AttrValue>>,
    /// Called with a lever and its new setting (in a `Levers`).
    pub on_set: Callback<(Lever, Levers)>,
    /// Called with a lever to apply (true) or remove (false).
    pub on_toggle: Callback<(Lever, bool)>,
}

/// Every lever with its settings.
#[component]
pub fn LeverList(props: &LeverListProps) -> Html {
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
    let cap_hint =
        "Hours per VM instance and planned use; empty: no cap. A use planned for longer \
                    is renewed as planned.";
    html! {
        <div class="lever-list">
            <LeverRow lever={Lever::LeaseCap} applied={applied(Lever::LeaseCap)} checkbox={false}
                alone={alone(Lever::LeaseCap)} on_toggle={toggle(Lever::LeaseCap)}>
                <LeverNumber label="VM lease cap" unit="hours" value={props.applied.vm_lease_cap_hours}
                    min={LEASE_CAP_MIN_HOURS} max={LEASE_CAP_MAX_HOURS} allow_empty={true}
                    testid="lever-lease-cap" hint={cap_hint}
                    on_value={set(Lever::LeaseCap, |l, v| l.vm_lease_cap_hours = v)} />
                if !applied(Lever::LeaseCap) {
                    <p class="field-hint">{ format!("The saving below is for a cap of {} hours.",
                        format::exact(s.vm_lease_cap_hours.unwrap_or(24.0))) }</p>
                }
            </LeverRow>
            <LeverRow lever={Lever::AutoStop} applied={applied(Lever::AutoStop)}
                alone={alone(Lever::AutoStop)} on_toggle={toggle(Lever::AutoStop)}>
                { auto_stop_controls(&s.auto_stop.clone().unwrap_or_default(), on_stop) }
            </LeverRow>
            <LeverRow lever={Lever::SpotGpu} applied={applied(Lever::SpotGpu)}
                alone={alone(Lever::SpotGpu)} on_toggle={toggle(Lever::SpotGpu)}>
                <LeverNumber label="GPU hours re-run after interruptions" unit="%"
                    value={s.spot_gpu_rerun_pct} min={0.0} max={limits::PERCENT_OVER} testid="lever-spot-rerun"
                    hint="GPU offers without a known spot price stay on demand (on AWS: all of them)."
                    on_value={set(Lever::SpotGpu, |l, v| l.spot_gpu_rerun_pct = v)} />
            </LeverRow>
            <LeverRow lever={Lever::GpuSharing} applied={applied(Lever::GpuSharing)}
                alone={alone(Lever::GpuSharing)} on_toggle={toggle(Lever::GpuSharing)}>
                <LeverNumber label="Students per lab GPU instance" unit="students"
                    value={s.gpu_sharing_students} min={1.0} max={SHARING_MAX_STUDENTS}
                    testid="lever-gpu-sharing" hint="7 = a MIG 1g slice of an A100 each."
                    on_value={set(Lever::GpuSharing, |l, v| l.gpu_sharing_students = v)} />
            </LeverRow>
            <LeverRow lever={Lever::RightSize} applied={applied(Lever::RightSize)}
                alone={alone(Lever::RightSize)} on_toggle={toggle(Lever::RightSize)}>
                <p class="field-hint">{ "Each instance resource priced on the cheapest offer of the \
                    provider that fits it (as many vCPUs and as much memory, or GPU memory), when cheaper." }</p>
            </LeverRow>
        </div>
    }
}

/// Props of [`WaterfallTable`].
#[derive(Properties, PartialEq)]
pub struct WaterfallTableProps {
    /// The waterfall.
    pub chart: Rc<Waterfall>,
    /// Each step's lever key, in order (for the rows' test ids).
    pub keys: Vec<&'static str>,
}

/// The waterfall's table twin: every bar's label and amount.
#[component]
pub fn WaterfallTable(props: &WaterfallTableProps) -> Html {
    let chart = &props.chart;
    let mut steps = props.keys.iter();
    html! {
        <table class="data-table" data-testid="savings-waterfall-table">
            <caption>{ "Savings waterfall" }</caption>
            <thead><tr><th scope="col">{ "Bar" }</th><th scope="col">{ "Amount" }</th></tr></thead>
            <tbody>
                for bar in chart.bars.iter() {
                    <tr data-testid={format!("waterfall-row-{}", match bar.kind {
                        BarKind::Start => "start",
                        BarKind::End => "end",
                        BarKind::Step => steps.next().copied().unwrap_or("step"),
                    })}>
                        <th scope="row">{ bar.label.clone() }</th>
                        <td class="num" data-amount={format!("{:.2}", bar.amount)}>{ chart.money(bar) }</td>
                    </tr>
                }
            </tbody>
        </table>
    }
}

/// The savings panel.
#[component]
pub fn SavingsPanel() -> Html {
    let state = use_scenario();
    let dispatch = state.dispatch();
    let catalog = state.catalog;
    let pricing = state.scenario.pricing.clone();
    let applied = state.scenario.levers.clone();
    let draft = use_state(Levers::suggested);
    let settings = settings_of(&applied, &draft);
    let priced: Rc<Priced> = use_memo(
        (ByPtr(state.scenario.clone()), settings.clone()),
        move |(scenario, settings)| {
            let alone = savings(&scenario.0, settings, catalog);
            (alone, savings(&scenario.0, &scenario.0.levers, catalog))
        },
    );
    let money = |usd: f64| pricing.money(usd);
    let alone: Vec<Option<AttrValue>> = Lever::ALL
        .iter()
        .map(|lever| {
            let result = priced.0.as_ref().ok()?;
            let step = result.steps.iter().find(|s| s.lever == *lever)?;
            Some(AttrValue::from(money(step.alone_usd)))
        })
        .collect();
    let on_set = {
        let (applied, draft, dispatch) = (applied.clone(), draft.clone(), dispatch.clone());
        Callback::from(move |(lever, next): (Lever, Levers)| {
            if applied.is_on(lever) || lever == Lever::LeaseCap {
                dispatch.change(Change::SetLevers(applied.with(lever, &next)));
            } else {
                draft.set(draft.with(lever, &next));
            }
        })
    };
    let on_toggle = {
        let (applied, settings) = (applied.clone(), settings.clone());
        dispatch.change_with(move |(lever, on): (Lever, bool)| {
            Change::SetLevers(if on {
                applied.with(lever, &settings)
            } else {
                applied.without(lever)
            })
        })
    };
    html! {
        <section class="panel no-print" aria-labelledby="savings-title" data-testid="savings-panel">
            <h2 id="savings-title">{ "What would cut this cost" }</h2>
            <p class="panel-intro">{ "Each lever is priced alone against the course with every lever \
                off, applied or not. Applied levers are in every figure of the calculator (the total \
                above included), one after another in the waterfall's order; Undo takes one back." }</p>
            <LeverList applied={applied.clone()} settings={settings} alone={alone}
                on_set={on_set} on_toggle={on_toggle} />
            { waterfall_view(&priced.1, &pricing.currency, pricing.usd_to_currency) }
        </section>
    }
}

/// The waterfall of the applied levers with its table, or why it cannot be drawn.
fn waterfall_view(result: &Result<Savings, LeverError>, currency: &str, rate: f64) -> Html {
    let result = match result {
        Ok(result) => result,
        Err(error) => {
            return html! { <p class="field-error" role="alert">{ format!("Cannot price the levers: {error}") }</p> }
        }
    };
    let chart = Rc::new(waterfall(result, currency, rate));
    let keys: Vec<&'static str> = result.steps.iter().map(|s| s.lever.key()).collect();
    let money = |usd: f64| format::money(usd, currency, rate);
    html! {
        <figure class="chart">
            <p data-testid="savings-total">{ if result.steps.is_empty() {
                "No lever is applied: apply one to see the waterfall fall.".to_string()
            } else {
                format!("The applied levers take the total from {} to {}: {} less.",
                    money(result.start_usd), money(result.end_usd), money(result.together_usd()))
            } }</p>
            <PlanCanvas picture={Picture::Waterfall(chart.clone())} testid="savings-waterfall" height={260} />
            <details class="chart-twin">
                <summary>{ "The numbers as a table" }</summary>
                <WaterfallTable chart={chart} keys={keys} />
            </details>
        </figure>
    }
}
