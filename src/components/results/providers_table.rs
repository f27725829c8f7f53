//! The same scenario on every provider, side by side, as a table and a chart.

use yew::prelude::*;

use crate::charts::data::providers;
use crate::components::inputs::click_change;
use crate::components::inputs::table_head::{figures_head, num_cell};
use crate::components::results::bar_chart::BarChartView;
use crate::model::edit::change::Change;
use crate::model::engine::compare::ProviderEstimate;
use crate::model::format;
use crate::model::scenario::pricing::Pricing;
use crate::model::testbed::{words, Testbeds};
use crate::state::{use_scenario, Dispatch};

/// One provider's figures (`current` when it is the provider the rest of the page shows), and a
/// button that shows the page on it; money in `pricing`'s currency.
fn provider_row(
    row: &ProviderEstimate,
    current: bool,
    pricing: &Pricing,
    dispatch: &Dispatch,
) -> Html {
    let money = |usd: f64| pricing.money(usd);
    let on_use = click_change(dispatch, Change::SetProvider(row.provider.clone()));
    html! {
        <tr key={row.provider.clone()} class={classes!(current.then_some("current"))}
            data-provider={row.provider.clone()}>
            <th scope="row">
                { format!("{} {}", row.name, row.region) }
                if row.borrowed_lines > 0 {
                    <span class="field-hint">{ format!(" ({} lines on another provider's offer)", row.borrowed_lines) }</span>
                }
                if !row.kept.is_empty() {
                    <p class="misfit-note" data-testid="provider-region-flag">{ row.kept_note() }</p>
                }
            </th>
            if let Some(error) = &row.error {
                <td colspan="5">{ error.clone() }</td>
            } else {
                <td class="num strong">{ money(row.totals.net_usd) }</td>
                { num_cell(pricing.per_student(row.totals.per_student_usd)) }
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

/// One free testbed's SUs as a row of the same table (SU, not money), its figures' sources in
/// the testbed view below.
fn testbed_row(id: &'static str, name: String, su: [f64; 4], students: f64) -> Html {
    let [total, labs, project, gpu] = su;
    let share = if total > 0.0 {
        gpu / total * 100.0
    } else {
        0.0
    };
    html! {
        <tr key={id} class="testbed" data-testbed={id} data-testid={format!("testbed-comparison-{id}")}>
            <th scope="row">{ name }</th>
            <td class="num strong">{ words::su(total) }</td>
            { num_cell(words::su(if students > 0.0 { total / students } else { 0.0 })) }
            { num_cell(words::su(labs)) }
            { num_cell(words::su(project)) }
            { num_cell(format!("{}%", format::number(share, 0))) }
            <td><span class="badge">{ "free testbed" }</span></td>
        </tr>
    }
}

/// The scenario on every provider, one row each (its `data-testid`, `provider-comparison`,
/// is kept for the browser tests and embedders).
#[component]
pub fn ProvidersTable() -> Html {
    let state = use_scenario();
    let pricing = &state.scenario.pricing;
    let chart = use_memo(
        (
            state.on_every_provider(),
            pricing.currency.clone(),
            pricing.usd_to_currency.to_bits(),
        ),
        |(estimates, currency, rate)| providers(estimates, currency, f64::from_bits(*rate)),
    );
    let dispatch = state.dispatch();
    let twin = state.testbeds();
    let testbeds = Testbeds::builtin();
    let split = &twin.actual.split;
    let total = split.total();
    html! {
        <section class="panel no-print" aria-labelledby="providers-title">
            <h2 id="providers-title">{ "Providers side by side" }</h2>
            <p class="panel-intro">
                { "The same course, GPU choices, snapshot and price model, priced on each \
                  provider, each in its region in the same part of the world as the scenario's \
                  (Lambda and RunPod price alike everywhere); below, the free testbeds in their \
                  service units at actual hours (their rates and allocations: On a free testbed, \
                  below)." }
            </p>
            <div class="table-scroll" role="region" aria-label="Provider comparison table" tabindex="0">
            <table class="data-table" data-testid="provider-comparison">
                { figures_head("Provider", &["Total", "Per student", "Labs", "Project", "GPU share"], Some("Action")) }
                <tbody>
                    for row in state.on_every_provider().iter() {
                        { provider_row(row, row.provider == pricing.provider, pricing, &dispatch) }
                    }
                </tbody>
                <tbody class="testbed-rows">
                    { testbed_row("chameleon", format!("Chameleon (SU, rates {})", testbeds.chameleon.current.in_force),
                        [total.chameleon, split.labs.chameleon, split.project.chameleon, split.gpu.chameleon], twin.students) }
                    { testbed_row("jetstream2", format!("Jetstream2 (SU = ACCESS credits; {})", words::tier_name(&twin.actual.access, &testbeds.access)),
                        [total.jetstream, split.labs.jetstream, split.project.jetstream, split.gpu.jetstream], twin.students) }
                </tbody>
            </table>
            </div>
            <BarChartView chart={chart} testid={"chart-providers"} height={300} />
        </section>
    }
}
