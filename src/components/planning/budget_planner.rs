//! The budget planner: how many students a budget covers at a chosen percentile of the spread.

use yew::prelude::*;

use crate::model::format;
use crate::model::planners::budget::plan_budget;
use crate::model::planners::spread::SpreadResult;
use crate::model::scenario::planning::Planning;

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

/// The planner's heading, its two `fields` (the budget's and the percentile's, from the
/// settings table) and its answer for the simulated spread `result`, in the scenario's `money`.
pub(super) fn budget_planner(
    fields: Html,
    planning: &Planning,
    result: &SpreadResult,
    money: &dyn Fn(f64) -> String,
) -> Html {
    let plan = plan_budget(
        planning.spendable_budget_usd(),
        percentile_cost(result, planning.percentile),
    );
    html! {
        <>
            <h3>{ "Budget planner" }</h3>
            <div class="planner-grid">
                { fields }
            </div>
            <p class="planner-answer">
                { "It covers " }
                <strong data-testid="budget-students">{ format::number(plan.students_covered, 0) }</strong>
                { format!(
                    " students at {} each; to cover {}% of students fully, give each a credit of ",
                    money(plan.per_student_usd), format::quantity(planning.percentile)
                ) }
                <strong data-testid="budget-credit">{ money(plan.credit_per_student_usd) }</strong>
                { "." }
            </p>
        </>
    }
}
