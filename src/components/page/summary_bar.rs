//! The summary that stays in view while anything is edited: total, per student, labs and
//! project, what the last change did, how far it is from the paper (or from scenario A), a
//! warning when a reserved pool is too small, and Undo / Redo.

use std::rc::Rc;

use gloo::events::EventListener;
use yew::prelude::*;

use super::go_to::{go_button, Place, CAPACITY, PROVIDER, STUDENTS};
use crate::components::results::price_age::price_age_warning;
use crate::model::edit::change::Change;
use crate::model::engine::capacity::{capacity_line, capacity_text, CapacityCheck};
use crate::model::engine::priced_by::{
    and_list, model_words, newer_prices, provider_short, providers_used,
};
use crate::model::engine::stand_in::{misfits, Misfit};
use crate::model::presets::paper_gap::PaperLine;
use crate::model::scenario::valid::ValidScenario;
use crate::state::{use_scenario, ScenarioHandle, ScenarioState};

/// A signed amount of money: "+$1,200" or "−$3,542".
fn signed(amount: f64, money: &dyn Fn(f64) -> String) -> String {
    if amount < 0.0 {
        format!("\u{2212}{}", money(-amount))
    } else {
        format!("+{}", money(amount))
    }
}

/// A stand-in that does not fit its resource, brought in by the last change (a cheaper offer
/// picked for a node it cannot replace): the change's saving says so.
fn new_misfit(state: &ScenarioState) -> Option<Misfit> {
    let before = &state.history.past.last()?.scenario;
    let now = &state.scenario;
    let same_offers = before.stand_in_choices == now.stand_in_choices
        && before.custom_offers == now.custom_offers
        && before.pricing.provider == now.pricing.provider;
    if same_offers {
        return None;
    }
    let old = misfits(before, state.catalog);
    misfits(now, state.catalog)
        .into_iter()
        .find(|m| !old.contains(m))
}

/// Scrolled further than this (CSS pixels), the bar compacts to one line of figures...
const COMPACT_BELOW: f64 = 160.0;
/// ... and back above this, so the bar's own change of height cannot make it flicker.
const FULL_ABOVE: f64 = 24.0;

/// True once the page is scrolled down, so the sticky bar takes less of a phone's screen.
#[hook]
fn use_scrolled_down() -> bool {
    let compact = use_state_eq(|| false);
    {
        let compact = compact.clone();
        use_effect_with((), move |_| {
            let window = gloo::utils::window();
            // gloo listens passively by default: scrolling never waits for this.
            let listener = EventListener::new(&window.clone(), "scroll", move |_| {
                let y = window.scroll_y().unwrap_or(0.0);
                if y > COMPACT_BELOW {
                    compact.set(true);
                } else if y < FULL_ABOVE {
                    compact.set(false);
                }
            });
            move || drop(listener)
        });
    }
    *compact
}

/// The scenario's name and how it is priced, in one line: "ML Systems, Fall 2026 · AWS
/// eu-west-1 and RunPod (GPU cloud), spot, newest prices (provider catalogs read 2026-12-03)";
/// on a past price set it says so, with the newest prices one undoable click away.
fn summary_name(state: &ScenarioHandle) -> Html {
    let pricing = &state.scenario.pricing;
    let main = provider_short(state.catalog, pricing);
    let mut providers = providers_used(&state.estimate, state.catalog, &pricing.provider);
    if let Some(first) = providers.first_mut() {
        *first = &main;
    }
    let prices = state.catalog.price_set_words(&pricing.snapshot);
    let newer = newer_prices(state.catalog, pricing).map(|newest| {
        let id = newest.id.to_string();
        let on_use = state
            .dispatch()
            .change_with(move |_: MouseEvent| Change::SetSnapshot(id.clone()));
        (newest.as_of, on_use)
    });
    let title = state.scenario.title.trim();
    html! {
        <p class="summary-name" data-testid="summary-pricing">
            if !title.is_empty() {
                <strong data-testid="summary-title">{ title.to_string() }</strong>
                { " · " }
            }
            { format!("{}, {}, ", and_list(&providers), model_words(pricing, &state.estimate)) }
            <span data-testid="summary-prices" class={classes!(newer.is_some().then_some("past-prices"))}>{ prices }</span>
            if let Some((as_of, on_use)) = newer {
                { " " }
                <button type="button" class="secondary small" data-testid="use-newest-prices"
                    title={format!("Price this scenario with the newest prices (read {as_of}); Undo takes it back")}
                    onclick={on_use}>{ "Use the newest prices" }</button>
            }
        </p>
    }
}

/// Keeps the focused control clear of the bar at `bar` while it is on the page.
#[hook]
fn use_focus_clear_of(bar: NodeRef) {
    use_effect_with((), move |_| {
        let guard = bar
            .cast::<web_sys::Element>()
            .and_then(crate::browser::clear_of_bar::FocusClearOfBar::start);
        move || drop(guard)
    });
}

/// Props of [`SummaryBar`].
#[derive(Properties, PartialEq)]
pub struct SummaryBarProps {
    /// Shows a place in another view (a warning's details).
    pub on_go: Callback<Place>,
}

/// A scenario compared by pointer: a new scenario is always a new `Rc`.
#[derive(Clone)]
struct Same(Rc<ValidScenario>);

impl PartialEq for Same {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// The summary bar.
#[component]
pub fn SummaryBar(props: &SummaryBarProps) -> Html {
    let compact = use_scrolled_down();
    let bar = use_node_ref();
    use_focus_clear_of(bar.clone());
    let state = use_scenario();
    let dispatch = state.dispatch();
    let totals = &state.estimate.totals;
    let pricing = &state.scenario.pricing;
    let money = |usd: f64| pricing.money(usd);
    let last_change = state
        .history
        .past
        .last()
        .map(|step| totals.net_usd - step.net_usd)
        .filter(|delta| delta.abs() >= 0.005);
    let against_a = state
        .pinned
        .as_ref()
        .map(|a| totals.net_usd - a.estimate.totals.net_usd);

    let exceeded: Vec<&CapacityCheck> = state
        .estimate
        .capacity
        .iter()
        .filter(|c| c.exceeded())
        .collect();
    let on_undo = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.undo())
    };
    let on_redo = Callback::from(move |_: MouseEvent| dispatch.redo());
    let undo_label = state.history.undo_label().map(|l| format!("Undo: {l}"));
    let redo_label = state.history.redo_label().map(|l| format!("Redo: {l}"));
    html! {
        <section ref={bar} class={classes!("summary-bar", compact.then_some("compact"))} data-testid="summary-bar"
            aria-label="Summary of the estimate">
            { summary_name(&state) }
            <div class="summary-figures">
                <p class="summary-figure">
                    <span class="summary-label">{ "Total" }</span>
                    <strong data-testid="total-cost">{ money(totals.net_usd) }</strong>
                </p>
                <p class="summary-figure">
                    <span class="summary-label">{ "Per student" }</span>
                    <strong data-testid="cost-per-student">{ pricing.per_student(totals.per_student_usd) }</strong>
                </p>
                <p class="summary-figure summary-split">
                    { format!(
                        "labs {} · project {}",
                        pricing.per_student(state.estimate.labs_per_student_usd()),
                        pricing.per_student(state.estimate.project_per_student_usd()),
                    ) }
                </p>
                if let Some(delta) = last_change {
                    <p class="summary-figure" data-testid="last-change" aria-live="polite">
                        { format!("last change {}", signed(delta, &money)) }
                    </p>
                }
                <div class="summary-actions">
                    <button type="button" class="secondary small" data-testid="undo"
                        disabled={undo_label.is_none()} title={undo_label.clone().unwrap_or_default()}
                        onclick={on_undo}>{ "Undo" }</button>
                    <button type="button" class="secondary small" data-testid="redo"
                        disabled={redo_label.is_none()} title={redo_label.clone().unwrap_or_default()}
                        onclick={on_redo}>{ "Redo" }</button>
                </div>
            </div>
            if let Some(misfit) = last_change.and_then(|_| new_misfit(&state)) {
                <p class="warning" data-testid="last-change-misfit" role="status">
                    { format!("That change prices {}, which does not fit: {}.", misfit.stand_in, misfit.fit.words()) }
                </p>
            }
            if let Some(delta) = against_a {
                <p class="summary-gap" data-testid="pinned-gap">
                    { format!("Against scenario A: {}", signed(delta, &money)) }
                </p>
            }
            if !exceeded.is_empty() {
                <p class="warning" data-testid="capacity-warning" role="alert"
                    title={capacity_text(&exceeded, state.catalog)}>
                    { capacity_line(&exceeded, state.catalog) }{ " " }
                    { go_button("Details", "capacity-details-link", CAPACITY, &props.on_go) }
                </p>
            }
            { price_age_warning(&state) }
        </section>
    }
}

/// Props of [`FirstLines`].
#[derive(Properties, PartialEq)]
pub struct FirstLinesProps {
    /// Shows a place in another view (the start-here cue's pointers).
    pub on_go: Callback<Place>,
    /// The per-student range (the page's `CostRange`, short form).
    pub range: Html,
}

/// The first screen's lines under the sticky bar, which scroll away with the page so the bar
/// stays small: where to start (while the scenario is a preset as it ships), the per-student
/// range, and the paper's line at its semester's prices (while no scenario A is pinned).
#[component]
pub fn FirstLines(props: &FirstLinesProps) -> Html {
    let state = use_scenario();
    let (catalog, origin) = (state.catalog, state.origin);
    let paper_line = use_memo(Same(state.scenario.clone()), move |scenario| {
        PaperLine::of(&scenario.0, catalog, origin)
    });
    let pricing = &state.scenario.pricing;
    html! {
        <div class="first-lines">
            if state.preset.is_some() {
                <p class="start-here no-print" data-testid="start-here">
                    <strong>{ "Start here: " }</strong>
                    { "your " }{ go_button("Students", "start-students", STUDENTS, &props.on_go) }
                    { ", then your cloud " }{ go_button("Provider", "start-provider", PROVIDER, &props.on_go) }
                    { "." }
                </p>
            }
            { props.range.clone() }
            if let Some(line) = paper_line.as_ref().as_ref().filter(|_| state.pinned.is_none()) {
                <p class="summary-gap" data-testid="paper-gap"
                    title={format!("Largest difference: {}.", line.reason_in(pricing))}>{ line.sentence_in(pricing) }</p>
            }
        </div>
    }
}
