//! The page: the course's main parameters, the headline, and the cost chart.

use yew::prelude::*;

use super::{BarChartView, Headline, NumberInput};
use crate::charts::data::cost_by_lab;
use crate::model::edit::NumberField;
use crate::state::use_scenario;

/// The calculator.
#[component]
pub fn Calculator() -> Html {
    let state = use_scenario();
    let scenario = &state.scenario;
    let pricing = &scenario.pricing;
    // Chart data is derived from the estimate, which only changes when the scenario does.
    let chart = use_memo(
        (
            state.estimate.clone(),
            pricing.currency.clone(),
            pricing.usd_to_currency.to_bits(),
        ),
        |(estimate, currency, rate)| cost_by_lab(estimate, currency, f64::from_bits(*rate)),
    );

    html! {
        <main class="calculator">
            <section class="controls" aria-labelledby="controls-title">
                <h2 id="controls-title">{ "Course" }</h2>
                <NumberInput
                    field={NumberField::Students}
                    value={scenario.course.students}
                    label="Students"
                    unit="students"
                    step={1.0}
                    min={1.0}
                    testid="students-input"
                    hint="Enrollment. The paper's course had 191 (SC25 abstract)."
                />
            </section>
            <section class="results" aria-label="Results">
                <Headline />
                <h2>{ "Cost per lab" }</h2>
                <BarChartView chart={chart} testid="chart-cost-by-lab" />
            </section>
        </main>
    }
}
