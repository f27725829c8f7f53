//! The summary that stays in view while anything is edited: total, per student, labs and
//! project, what the last change did, how far it is from the paper (or from scenario A), a
//! warning when a reserved pool is too small, and Undo / Redo.

use yew::prelude::*;

use crate::components::PriceAgeWarning;
use crate::model::engine::capacity::CapacityCheck;
use crate::model::engine::paper_gap::PaperGap;
use crate::model::format;
use crate::model::Catalog;
use crate::state::use_scenario;

/// The capacity warning's text for the checks that are exceeded.
fn capacity_text(checks: &[&CapacityCheck], catalog: &Catalog) -> String {
    let parts: Vec<String> = checks
        .iter()
        .map(|check| {
            let name = catalog
                .resource(&check.resource)
                .map_or(check.resource.as_str(), |r| r.label.as_str());
            format!(
                "{name} needs {} node-hours in its reserved window, but {} nodes supply at most {}",
                format::number(check.needed_hours, 0),
                format::quantity(check.units),
                format::number(check.available_hours, 0),
            )
        })
        .collect();
    format!("Not enough reserved nodes: {}.", parts.join("; "))
}

/// A signed amount of money: "+$1,200" or "−$3,542".
fn signed(amount: f64, money: &dyn Fn(f64) -> String) -> String {
    if amount < 0.0 {
        format!("\u{2212}{}", money(-amount))
    } else {
        format!("+{}", money(amount))
    }
}

/// The summary bar.
#[component]
pub fn SummaryBar() -> Html {
    let state = use_scenario();
    let dispatch = state.dispatch();
    let totals = &state.estimate.totals;
    let pricing = &state.scenario.pricing;
    let money = |usd: f64| pricing.money(usd);
    let last_change = state
        .history
        .past
        .last()
        .map(|step| totals.net_usd - step.priced.estimate.totals.net_usd)
        .filter(|delta| delta.abs() >= 0.005);
    let against_a = state
        .pinned
        .as_ref()
        .map(|a| totals.net_usd - a.estimate.totals.net_usd);
    let gap = PaperGap::against(&state.estimate, state.origin);
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
        <section class="summary-bar" data-testid="summary-bar" aria-label="Summary of the estimate">
            <div class="summary-figures">
                <p class="summary-figure">
                    <span class="summary-label">{ "Total" }</span>
                    <strong data-testid="total-cost">{ money(totals.net_usd) }</strong>
                </p>
                <p class="summary-figure">
                    <span class="summary-label">{ "Per student" }</span>
                    <strong data-testid="cost-per-student">{ money(totals.per_student_usd) }</strong>
                </p>
                <p class="summary-figure summary-split">
                    { format!(
                        "labs {} · project {}",
                        money(state.estimate.labs_per_student_usd()),
                        money(state.estimate.project_per_student_usd()),
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
            if let Some(delta) = against_a {
                <p class="summary-gap" data-testid="pinned-gap">
                    { format!("Against scenario A: {}", signed(delta, &money)) }
                </p>
            } else if let Some(gap) = gap {
                <p class="summary-gap" data-testid="paper-gap">{ gap.sentence(money) }</p>
            }
            if !exceeded.is_empty() {
                <p class="warning" data-testid="capacity-warning" role="alert">
                    { capacity_text(&exceeded, state.catalog) }
                </p>
            }
            <PriceAgeWarning />
        </section>
    }
}
