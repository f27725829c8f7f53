//! What would cut this cost: each savings lever with its settings and its saving alone (applied
//! or not), applied and undone through `Change::SetLevers`, and the waterfall of the applied
//! levers from the total with levers off to the headline total, with its table twin.

use std::rc::Rc;

use yew::prelude::*;

use super::lever_list::{lever_list, LeverListProps};
use super::parts::{alert, chart_figure};
use super::plan_canvas::Picture;
use crate::charts::waterfall::{waterfall, BarKind, Waterfall};
use crate::components::inputs::table_head::table_head;
use crate::model::catalog::offer::PriceModel;
use crate::model::catalog::Catalog;
use crate::model::edit::change::Change;
use crate::model::engine::levers::with_levers;
use crate::model::engine::stand_in::{misfits, Misfit};
use crate::model::format;
use crate::model::planners::levers::{
    savings, shareable, sharing_factor, spot_stand_ins, Lever, LeverError, Levers, Savings,
};
use crate::model::plural::plural;
use crate::model::scenario::pricing::SPOT_RERUN_SHARE_PCT;
use crate::model::scenario::valid::ValidScenario;
use crate::model::scenario::Scenario;
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
fn settings_of(applied: &Levers, unapplied: &Levers) -> Levers {
    Lever::ALL.into_iter().fold(applied.clone(), |acc, lever| {
        if applied.is_on(lever) {
            acc
        } else {
            acc.with(lever, unapplied)
        }
    })
}

/// Savings of every lever as set (alone), and of the applied levers (the waterfall).
type Priced = (Result<Savings, LeverError>, Result<Savings, LeverError>);

/// The waterfall's table twin: every bar's label and amount; `keys` are each step's lever key,
/// in order (for the rows' test ids).
fn waterfall_table(chart: &Waterfall, keys: &[&'static str]) -> Html {
    let mut steps = keys.iter();
    html! {
        <table class="data-table" data-testid="savings-waterfall-table">
            <caption>{ "Savings waterfall" }</caption>
            { table_head(&["Bar", "Amount"], false) }
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

/// What the spot lever does on `scenario`, when it cannot save anything: the scenario is on spot
/// already, or no GPU stand-in has a published spot price; else which ones stay on demand.
fn spot_words(scenario: &Scenario, catalog: &Catalog) -> (Option<String>, Option<String>) {
    if scenario.pricing.model == PriceModel::Spot {
        let text = "The scenario is priced on spot already: this lever changes nothing.";
        return (Some(text.to_string()), None);
    }
    let stand_ins = spot_stand_ins(scenario, catalog);
    let mut missing: Vec<&str> = Vec::new();
    for s in stand_ins.iter().filter(|s| s.spot_usd.is_none()) {
        if !missing.contains(&s.sku.as_str()) {
            missing.push(s.sku.as_str());
        }
    }
    if missing.is_empty() {
        return (None, None);
    }
    let list = missing.join(", ");
    if stand_ins.iter().all(|s| s.spot_usd.is_none()) {
        let text = format!("No spot price known for {list}: stays on demand, so nothing is saved.");
        (Some(text), None)
    } else {
        (
            None,
            Some(format!("No spot price known for {list}: stays on demand.")),
        )
    }
}

/// The course's lab GPU resources, by name: those GPU sharing shares, and those it leaves whole.
fn sharing_scope(scenario: &Scenario, catalog: &Catalog) -> (Vec<String>, Vec<String>) {
    let (mut shared, mut whole) = (Vec::new(), Vec::new());
    let labs = scenario.course.labs.iter().flat_map(|l| l.options.iter());
    for item in labs.flat_map(|o| o.uses.iter()) {
        let Some(resource) = catalog.resource(&item.resource) else {
            continue;
        };
        if resource.specs.gpu_count == 0 || !resource.kind.is_instance() {
            continue;
        }
        // The hardware first and the testbed's name beside it.
        let name = resource.display_name();
        let list = if shareable(resource) {
            &mut shared
        } else {
            &mut whole
        };
        if !list.contains(&name) {
            list.push(name);
        }
    }
    (shared, whole)
}

/// Why GPU sharing saves nothing as set, when it does not: no lab use can be sliced, or the
/// slices are so small that the longer blocks cost what sharing saves.
fn sharing_words(settings: &Levers, scope: &(Vec<String>, Vec<String>)) -> Option<String> {
    if scope.0.is_empty() {
        return Some(
            "No lab use of this course runs on a single A100 or H100, which MIG can slice: \
             nothing is saved."
                .to_string(),
        );
    }
    let students = settings.gpu_sharing_students?;
    (sharing_factor(students, settings.gpu_bound_share_pct) >= 1.0).then(|| {
        format!(
            "At {} students per GPU the blocks last so much longer on their slices that they \
             cost what sharing saves: nothing is saved.",
            format::exact(students)
        )
    })
}

/// The stand-ins the scenario prices with that do not fit their resources, and those that
/// right-sizing keeps though they do not fit (no offer that fits is cheaper), in words.
type Misfits = (Vec<String>, Vec<String>);

/// [`Misfits`] of `scenario`.
fn misfit_words(scenario: &Scenario, catalog: &Catalog) -> Misfits {
    let words =
        |s: &Scenario| -> Vec<String> { misfits(s, catalog).iter().map(Misfit::words).collect() };
    let right_sized = Levers {
        right_size: true,
        ..Levers::default()
    };
    (
        words(scenario),
        words(&with_levers(scenario, &right_sized, catalog)),
    )
}

/// The warning every saving carries while the scenario is priced on stand-ins that do not fit:
/// a saving on such an offer is a saving on hardware the course cannot run on.
fn misfit_warning(misfits: &[String]) -> Html {
    if misfits.is_empty() {
        return Html::default();
    }
    let count = misfits.len();
    html! {
        <details class="warning" data-testid="savings-misfit">
            <summary>{ format!(
                "Every saving here is priced on {count} {} that {} not fit {} resource{}",
                plural(count as f64, "stand-in", "stand-ins"),
                plural(count as f64, "does", "do"),
                plural(count as f64, "its", "their"),
                plural(count as f64, "", "s"),
            ) }</summary>
            <ul>
                for misfit in misfits { <li>{ misfit.clone() }</li> }
            </ul>
        </details>
    }
}

/// What is said beside each lever's saving.
struct AloneNotes<'a> {
    /// Each enabled lever's saving alone.
    priced: &'a Result<Savings, LeverError>,
    /// Why spot saves nothing, or what stays on demand.
    spot: (Option<&'a String>, Option<&'a String>),
    /// Why GPU sharing saves nothing.
    sharing: Option<&'a String>,
    /// The stand-ins right-sizing keeps though they do not fit.
    kept: &'a [String],
    /// Money in the scenario's currency.
    money: &'a dyn Fn(f64) -> String,
}

/// What each lever saves alone, in words, in [`Lever::ALL`] order.
fn alone_words(notes: &AloneNotes<'_>) -> Vec<Option<AttrValue>> {
    Lever::ALL
        .iter()
        .map(|lever| {
            let none = match lever {
                Lever::SpotGpu => notes.spot.0,
                Lever::GpuSharing => notes.sharing,
                _ => None,
            };
            if let Some(text) = none {
                return Some(AttrValue::from(text.clone()));
            }
            let result = notes.priced.as_ref().ok()?;
            let step = result.steps.iter().find(|s| s.lever == *lever)?;
            let saves = format!("Saves {} alone.", (notes.money)(step.alone_usd));
            let kept = notes.kept;
            Some(AttrValue::from(match (notes.spot.1, lever) {
                (Some(note), Lever::SpotGpu) => format!("{saves} {note}"),
                (_, Lever::RightSize) if !kept.is_empty() => format!(
                    "{saves} It keeps {} {} that {} not fit (above), as no offer that fits is cheaper.",
                    kept.len(),
                    plural(kept.len() as f64, "stand-in", "stand-ins"),
                    plural(kept.len() as f64, "does", "do"),
                ),
                _ => saves,
            }))
        })
        .collect()
}

/// The savings panel.
#[component]
pub fn SavingsPanel() -> Html {
    let state = use_scenario();
    let dispatch = state.dispatch();
    // Spot figures and stand-ins of the scenario's region.
    let catalog = state.prices();
    let pricing = state.scenario.pricing.clone();
    let applied = state.scenario.levers.clone();
    // The spot lever starts from the scenario's re-run share: one assumption for both.
    let share = pricing.rerun_overhead_pct;
    let unapplied = use_state(|| Levers {
        spot_gpu_rerun_pct: Some(share),
        ..Levers::suggested()
    });
    // Until the user types a re-run share here, the spot lever follows the price model's.
    let spot_typed = use_state(|| false);
    let mut settings = settings_of(&applied, &unapplied);
    if !applied.is_on(Lever::SpotGpu) && !*spot_typed {
        settings.spot_gpu_rerun_pct = Some(share);
    }
    let priced: Rc<Priced> = use_memo(
        (ByPtr(state.scenario.clone()), settings.clone()),
        move |(scenario, settings)| {
            let alone = savings(&scenario.0, settings, catalog);
            (alone, savings(&scenario.0, &scenario.0.levers, catalog))
        },
    );
    let misfit: Rc<Misfits> = use_memo(ByPtr(state.scenario.clone()), move |scenario| {
        misfit_words(&scenario.0, catalog)
    });
    let (spot_none, spot_some) = spot_words(&state.scenario, catalog);
    let scope = sharing_scope(&state.scenario, catalog);
    let sharing_none = sharing_words(&settings, &scope);
    let alone = alone_words(&AloneNotes {
        priced: &priced.0,
        spot: (spot_none.as_ref(), spot_some.as_ref()),
        sharing: sharing_none.as_ref(),
        kept: &misfit.1,
        money: &|usd: f64| pricing.money(usd),
    });
    let on_set = {
        let (applied, unapplied, dispatch) = (applied.clone(), unapplied, dispatch.clone());
        let spot_typed = spot_typed;
        Callback::from(move |(lever, next): (Lever, Levers)| {
            if lever == Lever::SpotGpu {
                spot_typed.set(true);
            }
            if applied.is_on(lever) || lever == Lever::LeaseCap {
                dispatch.change(Change::SetLevers(applied.with(lever, &next)));
            } else {
                unapplied.set(unapplied.with(lever, &next));
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
    let assumed_share = share.to_bits() == SPOT_RERUN_SHARE_PCT.to_bits();
    html! {
        <section class="panel no-print" aria-labelledby="savings-title" data-testid="savings-panel">
            <h2 id="savings-title">{ "What would cut this cost" }</h2>
            <p class="panel-intro">
                { "Each lever is priced alone against the course with every lever off, applied \
                  or not. Applied levers are in every figure of the calculator (the total above \
                  included), one after another in the waterfall's order; Undo takes one back." }
            </p>
            { lever_list(LeverListProps {
                applied: applied.clone(), settings, alone, rerun_share_pct: share,
                rerun_share_assumed: assumed_share, sharing_scope: scope, on_set, on_toggle,
                misfits: misfit_warning(&misfit.0),
            }) }
            { waterfall_view(&priced.1, &pricing.currency, pricing.usd_to_currency) }
        </section>
    }
}

/// The waterfall of the applied levers with its table, or why it cannot be drawn.
fn waterfall_view(result: &Result<Savings, LeverError>, currency: &str, rate: f64) -> Html {
    let result = match result {
        Ok(result) => result,
        Err(error) => {
            return alert(None, format!("Cannot price the levers: {error}"));
        }
    };
    let chart = Rc::new(waterfall(result, currency, rate));
    let keys: Vec<&'static str> = result.steps.iter().map(|s| s.lever.key()).collect();
    let money = |usd: f64| format::money(usd, currency, rate);
    let total = if result.steps.is_empty() {
        "No lever is applied: apply one to see the waterfall fall.".to_string()
    } else {
        format!(
            "The applied levers take the total from {} to {}: {} less.",
            money(result.start_usd),
            money(result.end_usd),
            money(result.together_usd())
        )
    };
    chart_figure(
        html! { <p data-testid="savings-total">{ total }</p> },
        Picture::Waterfall(chart.clone()),
        "savings-waterfall",
        180,
        waterfall_table(&chart, &keys),
    )
}
