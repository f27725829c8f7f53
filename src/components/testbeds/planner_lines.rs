//! Two lines of the budget planner (Plan): the Chameleon SU budget per student beside its dollar
//! credit, and whether a CloudBank fund covers the estimate.

use yew::prelude::*;

use super::sources::cite;
use crate::model::engine::priced_by::pricing_line;
use crate::model::format;
use crate::model::testbed::cloudbank::fund_check;
use crate::model::testbed::{words, Testbeds};
use crate::state::ScenarioState;

/// The per-student SU budget at the planner's percentile.
pub fn su_cap_line(state: &ScenarioState) -> Html {
    let twin = state.testbeds();
    let cap = &twin.cap;
    html! {
        <p class="planner-answer" data-testid="budget-su-cap">
            { format!("On Chameleon, a per-user budget of {} keeps {}% of students within it (today's rates). ",
                words::su(cap.su), format::quantity(cap.percentile)) }
            { cite(Testbeds::builtin().chameleon.per_user_source) }{ "." }
        </p>
    }
}

/// Whether the budget, as a CloudBank fund, covers the estimate, with the margin and the prices
/// it was priced at.
pub fn cloudbank_line(state: &ScenarioState) -> Html {
    let pricing = &state.scenario.pricing;
    let check = fund_check(
        state.scenario.planning.budget_usd,
        state.estimate.totals.net_usd,
    );
    let margin = format!(
        "{} ({}%)",
        pricing.money(check.margin_usd.abs()),
        format::number(check.margin_pct.abs(), 1)
    );
    let verdict = if check.covers {
        format!(
            "covers the estimate of {} with {margin} to spare",
            pricing.money(check.estimate_usd)
        )
    } else {
        format!(
            "falls short of the estimate of {} by {margin}",
            pricing.money(check.estimate_usd)
        )
    };
    let rule = &Testbeds::builtin().cloudbank;
    html! {
        <p class="planner-answer" data-testid="cloudbank-fund" data-covers={check.covers.to_string()}>
            { format!("As a CloudBank fund, {} {verdict}, priced on {}. {} ",
                pricing.money(check.fund_usd), pricing_line(state.catalog, pricing, &state.estimate), rule.rule) }
            { cite(rule.source) }{ "." }
        </p>
    }
}
