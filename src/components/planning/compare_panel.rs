//! A/B comparison: pin the current scenario as A, keep editing it as B.

use std::rc::Rc;

use yew::prelude::*;

use super::parts::click;
use crate::charts::data::{comparison, BarChart};
use crate::components::inputs::table_head::{figures_head, table_head};
use crate::components::results::bar_chart::BarChartView;
use crate::model::catalog::Catalog;
use crate::model::engine::estimate::Estimate;
use crate::model::planners::diff::{difference, input_differences, DiffRow, InputDiff};
use crate::model::scenario::valid::ValidScenario;
use crate::state::{use_scenario, Dispatch};

/// What differs between A (`pinned`, when there is one) and B: the results, the inputs, and
/// the chart of the results.
fn differences(
    pinned: Option<&(Rc<ValidScenario>, Rc<Estimate>)>,
    scenario: &ValidScenario,
    estimate: &Estimate,
    catalog: &Catalog,
) -> (Vec<DiffRow>, Vec<InputDiff>, Rc<BarChart>) {
    let rows = pinned
        .map(|(_, a)| difference(a, estimate))
        .unwrap_or_default();
    let inputs = pinned
        .map(|(a, _)| input_differences(a, scenario, catalog))
        .unwrap_or_default();
    let pricing = &scenario.pricing;
    let chart = comparison(
        &rows,
        estimate.labs.len(),
        &pricing.currency,
        pricing.usd_to_currency,
    );
    (rows, inputs, Rc::new(chart))
}

/// The comparison panel.
#[component]
pub fn ComparePanel() -> Html {
    let state = use_scenario();
    let pricing = &state.scenario.pricing;
    let money = |usd: f64| pricing.money(usd);
    let on_pin = click(state.dispatch(), Dispatch::pin_as_a);
    let on_unpin = click(state.dispatch(), Dispatch::unpin);
    // Totals whole, the per-student row to the cent.
    let amount = |usd: f64, per_student: bool| {
        if per_student {
            pricing.per_student(usd)
        } else {
            money(usd)
        }
    };
    let signed_money = |usd: f64, per_student: bool| {
        let sign = if usd > 0.0 { "+" } else { "" };
        format!("{sign}{}", amount(usd, per_student))
    };
    // One memo for the three: each follows from A and B alone.
    let catalog = state.catalog;
    let memo = use_memo(
        (
            state
                .pinned
                .as_ref()
                .map(|a| (a.scenario.clone(), a.estimate.clone())),
            state.scenario.clone(),
            state.estimate.clone(),
        ),
        move |(a, scenario, estimate)| differences(a.as_ref(), scenario, estimate, catalog),
    );
    let (rows, inputs, chart) = (&memo.0, &memo.1, memo.2.clone());
    html! {
        <section class="panel no-print" aria-labelledby="compare-title">
            <h2 id="compare-title">{ "Compare two scenarios" }</h2>
            if state.pinned.is_none() {
                <p class="panel-intro">
                    { "Pin what you see as scenario A, then change anything: the differences \
                      show here, and the pair stays in the share link." }
                </p>
                <button type="button" data-testid="pin-a" onclick={on_pin}>{ "Pin as scenario A" }</button>
            } else {
                <p class="panel-intro">{ "A is pinned; everything you edit now is B." }</p>
                <div class="compare-pair">
                <div class="table-scroll" role="region" aria-label="Inputs that differ" tabindex="0">
                    <table class="data-table" data-testid="compare-inputs">
                        <caption>{ "What differs: the inputs" }</caption>
                        { table_head(&["Input", "A (pinned)", "B (current)"], false) }
                        <tbody>
                            if inputs.is_empty() {
                                <tr><td colspan="3">{ "No input differs yet: change anything to make B." }</td></tr>
                            }
                            for row in inputs.iter() {
                                <tr>
                                    <th scope="row">{ row.label.clone() }</th>
                                    <td>{ row.a.clone() }</td>
                                    <td>{ row.b.clone() }</td>
                                </tr>
                            }
                        </tbody>
                    </table>
                </div>
                <div class="table-scroll" role="region" aria-label="Results that differ" tabindex="0">
                    <table class="data-table" data-testid="compare-table">
                        <caption>{ "What it changes: the results" }</caption>
                        { figures_head("Figure", &["A (pinned)", "B (current)", "B - A"], None) }
                        <tbody>
                            for row in rows.iter() {
                                <tr>
                                    <th scope="row">{ row.label.clone() }</th>
                                    <td class="num">{ row.a_usd.map_or("-".to_string(), |usd| amount(usd, row.per_student)) }</td>
                                    <td class="num">{ row.b_usd.map_or("-".to_string(), |usd| amount(usd, row.per_student)) }</td>
                                    <td class="num strong">{ signed_money(row.delta_usd(), row.per_student) }</td>
                                </tr>
                            }
                        </tbody>
                    </table>
                </div>
                </div>
                <BarChartView chart={chart} testid={"chart-compare"} height={260} />
                <div class="share-actions">
                    <button type="button" class="secondary" data-testid="pin-a" onclick={on_pin}>{ "Pin the current one as A instead" }</button>
                    <button type="button" class="secondary" data-testid="unpin" onclick={on_unpin}>{ "Stop comparing" }</button>
                </div>
            }
        </section>
    }
}
