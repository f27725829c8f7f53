//! The twin at planned and at actual hours, side by side: Chameleon SUs at both rate tables, the
//! allocations they need, Jetstream2 credits and their ACCESS tier; and the lesson in a sentence.

use yew::prelude::*;

use crate::components::inputs::table_head::figures_head;
use crate::model::format;
use crate::model::testbed::twin::{TestbedTwin, TwinAt};
use crate::model::testbed::{words, Testbeds};

/// One row: what it is, then the figure at planned and at actual hours, each cell with its
/// `data-testid` (`<testid>-planned`, `<testid>-actual`).
fn row(
    label: String,
    testid: &str,
    figure: &dyn Fn(&TwinAt) -> String,
    twin: &TestbedTwin,
) -> Html {
    html! {
        <tr>
            <th scope="row">{ label }</th>
            <td class="num" data-testid={format!("{testid}-planned")}>{ figure(&twin.planned) }</td>
            <td class="num strong" data-testid={format!("{testid}-actual")}>{ figure(&twin.actual) }</td>
        </tr>
    }
}

/// "3 (2 recharges)".
fn allocations(at: &TwinAt) -> String {
    let fit = &at.chameleon;
    format!(
        "{} ({} recharge{})",
        format::number(fit.allocations, 0),
        format::number(fit.recharges, 0),
        if fit.recharges == 1.0 { "" } else { "s" }
    )
}

/// The table and the lesson.
pub fn fit_table(twin: &TestbedTwin) -> Html {
    let testbeds = Testbeds::builtin();
    let rules = &testbeds.chameleon;
    let access = &testbeds.access;
    let at_least = if twin.chameleon_incomplete {
        "at least "
    } else {
        ""
    };
    let current = move |at: &TwinAt| format!("{at_least}{}", words::su(at.split.total().chameleon));
    let before = move |at: &TwinAt| {
        let total = at.split.total();
        format!(
            "{at_least}{}-{}",
            format::number(total.before_low, 0),
            words::su(total.before_high)
        )
    };
    html! {
        <>
            <div class="table-scroll" role="region" aria-label="The course on the testbeds, planned and actual" tabindex="0">
            <table class="data-table" data-testid="testbed-fit">
                { figures_head("On the testbeds", &["At planned hours", "At actual hours"], None) }
                <tbody>
                    { row(format!("Chameleon, {} ({})", rules.current.label, rules.current.in_force),
                        "chameleon-su", &current, twin) }
                    { row(format!("Chameleon, {} ({})", rules.before.label, rules.before.in_force),
                        "chameleon-su-before", &before, twin) }
                    { row(format!("Chameleon allocations of {} at today's rates", words::allocation_su(twin.actual.chameleon.allocation_su)),
                        "chameleon-allocations", &allocations, twin) }
                    { row("Jetstream2 SU (ACCESS credits)".to_string(),
                        "jetstream-credits", &|at: &TwinAt| words::credits(at.access.credits), twin) }
                    { row("ACCESS tier".to_string(),
                        "access-tier", &|at: &TwinAt| words::tier_name(&at.access, access).to_string(), twin) }
                </tbody>
            </table>
            </div>
            <p class="planner-answer" data-testid="testbed-lesson">
                { words::lesson(&twin.planned, &twin.actual, access) }
            </p>
        </>
    }
}
