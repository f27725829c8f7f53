//! The budget planner: how many students a budget covers at a chosen percentile of the spread.

use yew::prelude::*;

use crate::components::NumberInput;
use crate::model::format;
use crate::model::planners::budget::plan_budget;
use crate::model::planners::spread::SpreadResult;
use crate::model::scenario::field::{FieldPath, Setting};

/// Props of [`BudgetPlanner`].
#[derive(Properties, PartialEq)]
pub(super) struct BudgetPlannerProps {
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
                <NumberInput field={FieldPath::from(Setting::Budget)} value={props.budget_usd}
                    label="Budget" unit="US$" step={1000.0} testid="budget-input" />
                <NumberInput field={FieldPath::from(Setting::Percentile)} value={props.percentile}
                    label="Plan every student at percentile" unit="%" step={5.0} slider={Some((50.0, 99.0))}
                    testid="percentile-input"
                    hint="50 = the typical student; 90 = 9 in 10 students cost less." />
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
