//! The estimate's charts: cost per lab, planned vs actual hours, cost by category.

use yew::prelude::*;

use crate::charts::data::{cost_by_category, cost_by_lab, hours_by_lab};
use crate::components::results::bar_chart::BarChartView;
use crate::state::use_scenario;

/// Props of [`ChartsPanel`].
#[derive(Properties, PartialEq)]
pub struct ChartsPanelProps {
    /// Which chart: "cost-by-lab", "hours" or "categories".
    pub which: AttrValue,
}

/// One of the estimate's charts, with its heading and table twin.
#[component]
pub fn ChartsPanel(props: &ChartsPanelProps) -> Html {
    let state = use_scenario();
    let pricing = &state.scenario.pricing;
    let which = props.which.clone();
    let chart = use_memo(
        (
            state.estimate.clone(),
            pricing.currency.clone(),
            pricing.usd_to_currency.to_bits(),
            which.clone(),
        ),
        |(estimate, currency, rate, which)| {
            let rate = f64::from_bits(*rate);
            match which.as_str() {
                "hours" => hours_by_lab(estimate),
                "categories" => cost_by_category(estimate, currency, rate),
                _ => cost_by_lab(estimate, currency, rate),
            }
        },
    );
    let (title, testid) = match which.as_str() {
        "hours" => ("Planned and actual hours", "chart-hours"),
        "categories" => ("Cost by category", "chart-categories"),
        _ => ("Cost per lab", "chart-cost-by-lab"),
    };
    html! {
        <section class="panel" aria-label={title}>
            <h2>{ title }</h2>
            <BarChartView chart={chart} testid={testid} height={300} />
        </section>
    }
}
