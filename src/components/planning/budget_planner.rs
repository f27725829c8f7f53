//! The budget planner: how many students a budget covers at a chosen percentile of the spread.

use yew::prelude::*;

use crate::model::format;
use crate::model::planners::budget::plan_budget;
use crate::model::planners::spread::SpreadInputs;
use crate::model::scenario::planning::Planning;

/// The planner's heading, its two `fields` (the budget's and the percentile's, from the
/// settings table) and its answer for the spread of `inputs` at the planned percentile (the same
/// closed form as the spread's figures and the SU cap), in the scenario's `money`.
pub(super) fn budget_planner(
    fields: Html,
    planning: &Planning,
    inputs: &SpreadInputs,
    money: &dyn Fn(f64) -> String,
) -> Html {
    let plan = plan_budget(
        planning.spendable_budget_usd(),
        inputs.percentile_usd(planning.percentile),
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
