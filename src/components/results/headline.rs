//! The headline figures, with the paper's own beside them while its course is loaded.

use yew::prelude::*;

use crate::components::results::price_age::price_age_line;
use crate::model::engine::priced_by::pricing_line;
use crate::model::format;
use crate::model::plural::plural;
use crate::model::scenario::pricing::BASE_CURRENCY;
use crate::model::testbed::{words, Testbeds};
use crate::state::ScenarioState;

/// A figure the paper reports, in its own US dollars whatever the scenario's currency.
fn paper_dollars(usd: f64) -> String {
    format::money(usd, BASE_CURRENCY, 1.0)
}

/// One headline figure: what it is, the figure (its value's `data-testid` is `testid`), a detail
/// under it (e.g. how it splits) and the paper's own figure while its course is loaded.
fn figure(
    label: &'static str,
    value: String,
    testid: &'static str,
    detail: Option<String>,
    paper: Option<String>,
) -> Html {
    html! {
        <div class="figure">
            <dt>{ label }</dt>
            <dd>
                <span class="figure-value" data-testid={testid}>{ value }</span>
                if let Some(detail) = detail {
                    <span class="figure-detail">{ detail }</span>
                }
                if let Some(paper) = paper {
                    <span class="figure-paper">{ format!("Paper: {paper}") }</span>
                }
            </dd>
        </div>
    }
}

/// The free testbeds' two figures: Chameleon SUs at today's rates (with the rules of the day's
/// range and the recharges) and Jetstream2 credits with their ACCESS tier.
fn testbed_figures(state: &ScenarioState) -> Html {
    let twin = state.testbeds();
    let testbeds = Testbeds::builtin();
    let (actual, planned) = (&twin.actual, &twin.planned);
    let total = actual.split.total();
    let at_least = if twin.chameleon_incomplete {
        "at least "
    } else {
        ""
    };
    html! {
        <>
            { figure(
                "On Chameleon (service units)",
                words::su(total.chameleon),
                "chameleon-su",
                Some(
                    [
                        Some(format!("{at_least}at the rates {}", testbeds.chameleon.current.in_force)),
                        words::before_rules(&total),
                        words::recharge_count(&actual.chameleon),
                    ]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>()
                    .join("; "),
                ),
                None,
            ) }
            { figure(
                "On Jetstream2 (ACCESS credits)",
                words::credits(actual.access.credits),
                "jetstream-credits",
                Some(format!(
                    "{}; at planned hours {}, {}",
                    words::tier_name(&actual.access, &testbeds.access),
                    words::credits(planned.access.credits),
                    words::tier_name(&planned.access, &testbeds.access),
                )),
                None,
            ) }
        </>
    }
}

/// Total, per student, hours and service units of the current scenario: a plain function of the
/// state, rendered by the view that holds it (a component would ship its own copy of Yew's
/// lifecycle code and re-render on the same state changes anyway).
pub fn headline(state: &ScenarioState) -> Html {
    let estimate = &state.estimate;
    let totals = &estimate.totals;
    let pricing = &state.scenario.pricing;
    let money = |usd: f64| format::money(usd, &pricing.currency, pricing.usd_to_currency);
    let paper = state.preset.and_then(|p| p.paper.as_ref());
    let lab_hours: f64 = estimate.labs.iter().map(|l| l.actual_instance_hours).sum();
    let lab_planned: f64 = estimate.labs.iter().map(|l| l.planned_instance_hours).sum();

    html! {
        <section class="headline" aria-labelledby="headline-title">
            if !state.scenario.title.trim().is_empty() {
                <p class="headline-name" data-testid="headline-name">{ state.scenario.title.trim().to_string() }</p>
            }
            <h2 id="headline-title" data-testid="pricing-line">{ pricing_line(state.catalog, pricing, estimate) }</h2>
            <dl class="figures">
                { figure(
                    "Total cost",
                    money(totals.net_usd),
                    "headline-total",
                    (totals.net_usd != totals.list_usd)
                        .then(|| format!("list price {}", money(totals.list_usd))),
                    paper.map(|p| format!("almost {}", paper_dollars(p.course_cost_usd))),
                ) }
                { figure(
                    "Cost per student",
                    pricing.per_student(totals.per_student_usd),
                    "headline-per-student",
                    Some(format!(
                        "labs {}, project {}",
                        pricing.per_student(estimate.labs_per_student_usd()),
                        pricing.per_student(estimate.project_per_student_usd()),
                    )),
                    paper.map(|p| format!(
                        "about {}; labs {}-{}",
                        paper_dollars(p.cost_per_student_usd),
                        paper_dollars(p.labs_per_student_low_usd),
                        paper_dollars(p.labs_per_student_high_usd),
                    )),
                ) }
                { figure(
                    "Lab instance-hours",
                    format::number(lab_hours, 0),
                    "lab-instance-hours",
                    Some(format!("planned {}", format::number(lab_planned, 0))),
                    paper.map(|p| format::number(p.hours.lab_instance_hours, 0)),
                ) }
                { figure(
                    "Project instance-hours",
                    format::number(estimate.project.actual_instance_hours, 0),
                    "project-instance-hours",
                    Some(format!(
                        "{} GPU node-hours ({} GPU-device-hours), {} {}",
                        format::number(estimate.project.gpu_hours, 0),
                        format::number(estimate.project.gpu_device_hours, 0),
                        format::number(estimate.groups, 0),
                        plural(estimate.groups, "group", "groups"),
                    )),
                    paper.map(|p| format!(
                        "{} ({} GPU hours, read as node-hours)",
                        format::number(p.hours.project_instance_hours, 0),
                        format::number(p.hours.project_gpu_hours, 0),
                    )),
                ) }
                { figure(
                    "GPU share of cost",
                    format!("{}%", format::number(estimate.gpu_share() * 100.0, 0)),
                    "gpu-share",
                    Some(format!(
                        "{} GPU node-hours, {} GPU-device-hours",
                        format::number(totals.gpu_hours, 0),
                        format::number(totals.gpu_device_hours, 0),
                    )),
                    None,
                ) }
                { testbed_figures(state) }
            </dl>
            { price_age_line(state) }
            for warning in estimate.warnings.iter() {
                <p class="warning" role="status">{ warning.clone() }</p>
            }
        </section>
    }
}
