//! The same scenario on every provider, side by side, as a table and a chart.

use yew::prelude::*;

use crate::charts::data::providers;
use crate::components::inputs::click_change;
use crate::components::inputs::table_head::{figures_head, num_cell};
use crate::components::{bar_chart, static_html};
use crate::model::edit::change::Change;
use crate::model::engine::compare::ProviderEstimate;
use crate::model::format;
use crate::state::{use_scenario, Dispatch};

/// One provider's figures (`current` when it is the provider the rest of the page shows), and a
/// button that shows the page on it; money written by `money`.
fn provider_row(
    row: &ProviderEstimate,
    current: bool,
    money: &dyn Fn(f64) -> String,
    dispatch: &Dispatch,
) -> Html {
    let on_use = click_change(dispatch, Change::SetProvider(row.provider.clone()));
    html! {
        <tr key={row.provider.clone()} class={classes!(current.then_some("current"))}
            data-provider={row.provider.clone()}>
            <th scope="row">
                { format!("{} {}", row.name, row.region) }
                if row.borrowed_lines > 0 {
                    <span class="field-hint">{ format!(" ({} lines on another provider's offer)", row.borrowed_lines) }</span>
                }
            </th>
            if let Some(error) = &row.error {
                <td colspan="5">{ error.clone() }</td>
            } else {
                <td class="num strong">{ money(row.totals.net_usd) }</td>
                { num_cell(money(row.totals.per_student_usd)) }
                { num_cell(money(row.totals.labs_usd)) }
                { num_cell(money(row.totals.project_usd)) }
                { num_cell(format!("{}%", format::number(row.gpu_share() * 100.0, 0))) }
            }
            <td>
                if current {
                    <span class="badge">{ "shown" }</span>
                } else {
                    <button type="button" class="secondary small" onclick={on_use}
                        aria-label={format!("Use {}", row.name)}>{ "Use" }</button>
                }
            </td>
        </tr>
    }
}

/// The provider comparison.
#[component]
pub fn ProviderComparison() -> Html {
    let state = use_scenario();
    let pricing = &state.scenario.pricing;
    let chart = use_memo(
        (
            state.comparison().clone(),
            pricing.currency.clone(),
            pricing.usd_to_currency.to_bits(),
        ),
        |(estimates, currency, rate)| providers(estimates, currency, f64::from_bits(*rate)),
    );
    let money = |usd: f64| format::money(usd, &pricing.currency, pricing.usd_to_currency);
    let dispatch = state.dispatch();
    html! {
        <section class="panel no-print" aria-labelledby="providers-title">
            { static_html(
                "<h2 id=\"providers-title\">Providers side by side</h2><p class=\"panel-intro\">The same \
                 course, GPU choices, snapshot and price model, priced on each provider, each in its \
                 region in the same part of the world as the scenario's (Lambda and RunPod price \
                 alike everywhere).</p>",
            ) }
            <div class="table-scroll" role="region" aria-label="Provider comparison table" tabindex="0">
            <table class="data-table" data-testid="provider-comparison">
                { figures_head("Provider", &["Total", "Per student", "Labs", "Project", "GPU share"], Some("Action")) }
                <tbody>
                    for row in state.comparison().iter() {
                        { provider_row(row, row.provider == pricing.provider, &money, &dispatch) }
                    }
                </tbody>
            </table>
            </div>
            { bar_chart(chart, "chart-providers", 300) }
        </section>
    }
}
