//! The budget planner: how many students a budget covers at a chosen percentile of the spread.

use yew::prelude::*;

use crate::model::format;
use crate::model::planners::budget::plan_budget;
use crate::model::planners::spread::SpreadResult;

/// Props of [`BudgetPlanner`].
#[derive(Properties, PartialEq)]
pub(super) struct BudgetPlannerProps {
    /// The budget's and the percentile's fields, from the settings table.
    pub fields: Html,
    /// The budget (US dollars).
    pub budget_usd: f64,
    /// The percentile every student is planned at (%).
    pub percentile: f64,
    /// The simulated spread of cost per student.
    pub result: SpreadResult,
    /// The currency figures are shown in.
    pub currency: AttrValue,
    /// Units of that currency per US dollar.
    pub usd_to_currency: f64,
}

/// Cost per student at `percentile`, interpolated between the simulated percentiles.
fn percentile_cost(result: &SpreadResult, percentile: f64) -> f64 {
    if percentile <= 50.0 {
        result.p50_usd
    } else if percentile <= 90.0 {
        result.p50_usd + (result.p90_usd - result.p50_usd) * (percentile - 50.0) / 40.0
    } else {
        result.p90_usd + (result.p99_usd - result.p90_usd) * ((percentile - 90.0) / 9.0).min(1.0)
    }
}

/// The planner's heading, its two fields and its answer.
#[component]
pub(super) fn BudgetPlanner(props: &BudgetPlannerProps) -> Html {
    let money = |usd: f64| format::money(usd, &props.currency, props.usd_to_currency);
    let plan = plan_budget(
        props.budget_usd,
        percentile_cost(&props.result, props.percentile),
    );
    html! {
        <>
            <h3>{ "Budget planner" }</h3>
            <div class="planner-grid">
                { props.fields.clone() }
            </div>
            <p class="planner-answer">
                { "It covers " }
                <strong data-testid="budget-students">{ format::number(plan.students_covered, 0) }</strong>
                { format!(
                    " students at {} each; to cover {}% of students fully, give each a credit of ",
                    money(plan.per_student_usd), format::quantity(props.percentile)
                ) }
                <strong data-testid="budget-credit">{ money(plan.credit_per_student_usd) }</strong>
                { "." }
            </p>
        </>
    }
}
