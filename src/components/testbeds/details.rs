//! The twin's answers in full: Chameleon's allocations and recharges by week, the ACCESS tier and
//! its rules, the per-student SU cap, and idle time on each testbed, each with its sources.

use yew::prelude::*;

use super::sources::cite;
use crate::model::format;
use crate::model::scenario::pricing::Pricing;
use crate::model::testbed::twin::TestbedTwin;
use crate::model::testbed::{words, Testbeds};

/// Chameleon: allocations at today's rates, recharges and their weeks, and the rules of the day.
pub fn chameleon_fit(twin: &TestbedTwin) -> Html {
    let testbeds = Testbeds::builtin();
    let rules = &testbeds.chameleon;
    let (now, before) = (&twin.actual.chameleon, &twin.actual.chameleon_before);
    html! {
        <>
            <h3>{ "Chameleon: does it fit the allocation?" }</h3>
            <p data-testid="chameleon-recharges" data-recharges={now.recharges.to_string()}>
                { format!("At actual hours and today's rates the course uses {} and {}. ",
                    words::su(now.su), words::recharges(now)) }
                { format!("{} A new project gets {} for {} months: ", rules.recharge_note,
                    words::su(rules.allocation_su), format::quantity(rules.allocation_months)) }
                { cite(rules.allocation_source) }{ "." }
            </p>
            if let Some(pool) = &twin.reserved {
                <p data-testid="chameleon-reserved" data-lease-su={pool.lease.chameleon.to_string()}
                    data-used-su={pool.used.chameleon.to_string()}>
                    { format!("The project's reserved nodes are charged for their whole reservation: {} node-hours, {} (by the hours the groups used on them it would be {}). {} ",
                        format::number(pool.node_hours, 0), words::su(pool.lease.chameleon),
                        words::su(pool.used.chameleon), rules.lease_rule) }
                    { cite(rules.lease_source) }{ "." }
                </p>
            }
            <p data-testid="chameleon-before-fit">
                { format!("Under the {} ({}), VMs used no SUs: the course used {} at most, and {}. {} ",
                    rules.before.label, rules.before.in_force,
                    words::su(before.su), words::recharges(before), rules.before.note) }
                { cite(rules.before.source) }{ "." }
            </p>
        </>
    }
}

/// Jetstream2 through ACCESS: the tier, the two halves, a supplement, the lifetime limit.
pub fn access_fit(twin: &TestbedTwin) -> Html {
    let testbeds = Testbeds::builtin();
    let access = &testbeds.access;
    let fit = &twin.actual.access;
    let half = words::first_half(fit);
    html! {
        <>
            <h3>{ "Jetstream2: which ACCESS tier?" }</h3>
            <p data-testid="access-tier">
                { format!("At actual hours the course uses {} ({}): request {}. ",
                    words::credits(fit.credits), testbeds.jetstream.credit_rule, words::tier(fit, access)) }
                { cite(&format!("{},{}", access.before_report_source, testbeds.jetstream.credit_source)) }{ "." }
            </p>
            if twin.storage_credits.0 + twin.storage_credits.1 > 0.0 {
                <p data-testid="access-storage">
                    { format!("Of these, {} are storage (the project's volumes and the largest lab's, allocated at once): {} ",
                        words::credits(twin.storage_credits.0 + twin.storage_credits.1),
                        testbeds.jetstream.storage_rule) }
                    { cite(testbeds.jetstream.storage_source) }{ "." }
                </p>
            }
            if !half.is_empty() {
                <p data-testid="access-half">{ format!("Credits come in two halves: {half}. ") }
                    { cite(access.before_report_source) }{ "." }</p>
            }
            if let Some(supplement) = words::supplement(fit, access) {
                <p data-testid="access-supplement">{ format!("Or: {supplement}. ") }
                    { cite(access.supplement_source) }{ "." }</p>
            }
            <p class="field-hint">
                { format!("One funding award receives at most {} over its lifetime, so a one-time supplement never takes it past that. ",
                    words::credits(access.lifetime_credits)) }
                { cite(access.lifetime_source) }{ "." }
            </p>
        </>
    }
}

/// The per-student SU budget beside the dollar credit.
pub fn student_cap(twin: &TestbedTwin, pricing: &Pricing) -> Html {
    let cap = &twin.cap;
    html! {
        <>
            <h3>{ "A per-student SU budget" }</h3>
            <p data-testid="su-cap" data-su={cap.su.to_string()}>
                { format!("A per-user budget of {} on Chameleon keeps {}% of students within it (the same students' credit in dollars: {}). ",
                    words::su(cap.su), format::quantity(cap.percentile), pricing.per_student(cap.usd)) }
                { cite(Testbeds::builtin().chameleon.per_user_source) }{ "." }
            </p>
            <p class="field-hint" data-testid="su-cap-split">
                { format!("Each student: lab VMs {} SU on average times a spread factor (sigma {}), plus {} SU every student uses alike (leased bare-metal blocks and a share of the project). The spread and the percentile are the budget planner's (Plan).",
                    format::number(cap.overrun_su, 1), format::quantity(cap.sigma), format::number(cap.fixed_su, 1)) }
            </p>
        </>
    }
}

/// Idle time: instance states on Jetstream2, leases on Chameleon, and auto-stop in SUs.
pub fn idle_time(twin: &TestbedTwin) -> Html {
    let testbeds = Testbeds::builtin();
    let (js2, chameleon) = (&testbeds.jetstream, &testbeds.chameleon);
    let idle = &twin.idle;
    let settings = if idle.lever_on {
        "with its settings in Plan"
    } else {
        "if it were on, with its suggested settings"
    };
    html! {
        <>
            <h3>{ "Idle time, testbed style" }</h3>
            <p data-testid="idle-rules">
                { format!("Jetstream2 charges a shelved instance {}% of its running rate, a stopped one {}% and a suspended one {}%. ",
                    format::quantity(js2.shelved_pct), format::quantity(js2.stopped_pct), format::quantity(js2.suspended_pct)) }
                { cite(js2.states_source) }
                { format!(". On Chameleon: {} ", chameleon.lease_rule) }
                { cite(chameleon.lease_source) }{ "." }
            </p>
            <p data-testid="idle-saving">
                { format!("Auto-stop of idle VMs ({settings}) removes {} VM-hours: on Jetstream2 that saves ", format::number(idle.hours, 0)) }
                <strong data-testid="idle-saving-shelved">{ words::su(idle.shelved_su) }</strong>
                { format!(" when they are shelved, {} when only stopped, {} when suspended. On Chameleon the same hours are {} at today's rates, charged all the same while their leases run.",
                    words::su(idle.stopped_su), words::su(idle.suspended_su), words::su(idle.chameleon_su)) }
            </p>
        </>
    }
}
