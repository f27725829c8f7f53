//! The semester: lab weeks, weekly spend, peak GPUs, deadline collisions, and the quota request.

use yew::prelude::*;

use crate::charts::data::{peak_gpus, weekly_spend};
use crate::components::inputs::setting_input::{no_hint, setting_inputs};
use crate::components::inputs::table_head::num_cell;
use crate::components::results::bar_chart::BarChartView;
use crate::model::format;
use crate::model::planners::timeline::timeline;
use crate::model::scenario::setting_field::Section;
use crate::model::testbed::quota::quota;
use crate::state::use_scenario;

/// The schedule and quota panel.
#[component]
pub fn SchedulePanel() -> Html {
    let state = use_scenario();
    let scenario = &state.scenario;
    let pricing = &scenario.pricing;
    let planned = use_memo(
        (state.scenario.clone(), state.estimate.clone()),
        |(scenario, estimate)| {
            let catalog = crate::model::Catalog::builtin().ok();
            let weeks = catalog
                .map(|c| timeline(scenario, estimate, c))
                .unwrap_or_default();
            let rows = catalog
                .map(|c| quota(scenario, estimate, &weeks, c))
                .unwrap_or_default();
            (weeks, rows)
        },
    );
    let (weeks, rows) = &*planned;
    let spend_chart = use_memo(
        (
            planned.clone(),
            pricing.currency.clone(),
            pricing.usd_to_currency.to_bits(),
        ),
        |(planned, currency, rate)| weekly_spend(&planned.0, currency, f64::from_bits(*rate)),
    );
    let gpu_chart = use_memo(planned.clone(), |planned| peak_gpus(&planned.0));

    html! {
        <section class="panel no-print" aria-labelledby="schedule-title">
            <h2 id="schedule-title">{ "Semester and quota" }</h2>
            <p class="panel-intro">
                { "Each lab's cost and GPU hours are spread over its weeks (set them in the lab \
                  editor); part of the GPU work piles up before each deadline." }
            </p>
            for warning in weeks.warnings.iter() {
                <p class="warning" data-testid="timeline-warning" role="status">{ warning.clone() }</p>
            }
            <div class="chart-pair">
                <div>
                    <h3>{ "Spend per week" }</h3>
                    <BarChartView chart={spend_chart} testid={"chart-timeline"} height={240} />
                </div>
                <div>
                    <h3>{ "GPUs in use at once" }</h3>
                    <BarChartView chart={gpu_chart} testid={"chart-peak-gpus"} height={240} />
                </div>
            </div>
            <div class="planner-grid">
                { setting_inputs(Section::Schedule, scenario, &no_hint) }
            </div>
            <h3>{ "Quota to request" }</h3>
            <div class="table-scroll" tabindex="0" role="region" aria-label="Quota request">
                <table class="data-table" data-testid="quota-plan">
                    <thead>
                        <tr>
                            <th scope="col">{ "Request" }</th>
                            <th scope="col" class="num">{ "Amount" }</th>
                            <th scope="col">{ "How it is computed" }</th>
                        </tr>
                    </thead>
                    <tbody>
                        for row in rows.iter() {
                            <tr>
                                <th scope="row">{ row.item.clone() }</th>
                                { num_cell(format!("{} {}", format::number(row.amount, 0), row.unit)) }
                                <td class="small">{ row.formula.clone() }</td>
                            </tr>
                        }
                    </tbody>
                </table>
            </div>
        </section>
    }
}
