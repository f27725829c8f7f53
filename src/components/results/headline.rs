//! The headline figures, with the paper's own beside them while its course is loaded.

use yew::prelude::*;

use crate::components::inputs::term::term;
use crate::components::results::price_age::price_age_line;
use crate::model::edit::change::Change;
use crate::model::engine::capacity::capacity_text;
use crate::model::engine::priced_by::{newer_prices, pricing_line};
use crate::model::format;
use crate::model::plural::plural;
use crate::model::presets::paper_gap::PaperLine;
use crate::model::scenario::pricing::BASE_CURRENCY;
use crate::model::testbed::{words, Testbeds};
use crate::state::{ScenarioHandle, ScenarioState};

/// A figure the paper reports, in its own US dollars whatever the scenario's currency.
fn paper_dollars(usd: f64) -> String {
    format::money(usd, BASE_CURRENCY, 1.0)
}

/// One headline figure: what it is, the figure (its value's `data-testid` is `testid`), a detail
/// under it (e.g. how it splits) and the paper's own figure while its course is loaded.
fn figure(
    label: Html,
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
                html! { <>{ "On Chameleon (" }{ term("su", "service units") }{ ")" }</> },
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
                Html::from("On Jetstream2 (ACCESS credits)"),
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

/// The newest prices one undoable click away, when the scenario is on a past price set.
fn use_newest(state: &ScenarioHandle) -> Html {
    let Some(newest) = newer_prices(state.catalog, &state.scenario.pricing) else {
        return Html::default();
    };
    let id = newest.id.to_string();
    let on_use = state
        .dispatch()
        .change_with(move |_: MouseEvent| Change::SetSnapshot(id.clone()));
    html! {
        <p class="headline-prices no-print" data-testid="headline-past-prices">
            { format!(
                "These are past prices: nothing moves them to newer ones by itself. The newest \
                 were read {}. ",
                newest.as_of
            ) }
            <button type="button" class="secondary small" data-testid="headline-use-newest"
                onclick={on_use}>{ "Use the newest prices" }</button>
            { " (Undo takes it back.)" }
        </p>
    }
}

/// The paper's comparison at the prices of the semester it reports, with its largest
/// difference.
fn paper_line(state: &ScenarioState) -> Html {
    match PaperLine::of(&state.scenario, state.catalog, state.origin) {
        Some(line) => {
            let pricing = &state.scenario.pricing;
            html! {
                <p class="headline-paper" data-testid="headline-paper-line">
                    { format!("{} Largest difference: {}.", line.sentence_in(pricing), line.reason_in(pricing)) }
                </p>
            }
        }
        None => Html::default(),
    }
}

/// Total, per student, hours and service units of the current scenario: a plain function of the
/// state, rendered by the view that holds it (a component would ship its own copy of Yew's
/// lifecycle code and re-render on the same state changes anyway).
pub fn headline(state: &ScenarioHandle) -> Html {
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
            { use_newest(state) }
            { paper_line(state) }
            <dl class="figures">
                { figure(
                    Html::from("Total cost"),
                    money(totals.net_usd),
                    "headline-total",
                    (totals.net_usd != totals.list_usd)
                        .then(|| format!("list price {}", money(totals.list_usd))),
                    paper.map(|p| format!("almost {}", paper_dollars(p.course_cost_usd))),
                ) }
                { figure(
                    Html::from("Cost per student"),
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
                    Html::from("Lab instance-hours"),
                    format::number(lab_hours, 0),
                    "lab-instance-hours",
                    Some(format!("planned {}", format::number(lab_planned, 0))),
                    paper.map(|p| format::number(p.hours.lab_instance_hours, 0)),
                ) }
                { figure(
                    html! { <>{ "Project instance-hours, " }{ term("node-hours", "GPU node-hours") }</> },
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
                    Html::from("GPU share of cost"),
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
            if estimate.capacity.iter().any(|c| c.exceeded()) {
                <p class="warning" data-testid="capacity-details">{ capacity_text(
                    &estimate.capacity.iter().filter(|c| c.exceeded()).collect::<Vec<_>>(),
                    state.catalog,
                ) }</p>
            }
            for warning in estimate.warnings.iter() {
                <p class="warning" role="status">{ warning.clone() }</p>
            }
        </section>
    }
}
