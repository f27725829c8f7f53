//! What the term view shows once a bill is placed: what falls outside the term, the figures to
//! date and the forecast, the weeks' chart with its table twin, the labs by tag, each resource's
//! ratio, when the budget runs out and the levers that would keep the term within it.

use yew::prelude::*;

use super::parts::figure;
use crate::components::inputs::table_head::{figures_head, num_cell};
use crate::model::focus::calibrate::times;
use crate::model::format;
use crate::model::term::forecast::RatioFrom;
use crate::model::term::TermView;

/// "×1.2500", or what stands for a ratio that is not observed.
fn ratio(value: Option<f64>) -> String {
    value.map_or_else(|| "too little so far".to_string(), times)
}

fn hours(value: f64) -> String {
    format!("{} h", format::number(value, 1))
}

/// The figures to date and the forecast.
pub(super) fn summary(view: &TermView, money: &dyn Fn(f64) -> String) -> Html {
    let (p, f) = (&view.placement, &view.forecast);
    let figures = [
        (
            "As of",
            "term-as-of",
            format!("week {} of {}", p.as_of_week(), p.weeks.len()),
        ),
        (
            "Billed in the term so far",
            "term-spent",
            money(f.spent_usd),
        ),
        (
            "Planned to date",
            "term-planned",
            money(f.planned_to_date_usd),
        ),
        ("Forecast for the term", "term-forecast", money(f.total_usd)),
        (
            "Its range",
            "term-range",
            format!(
                "{} to {} (the rest at {} to {})",
                money(f.low_usd),
                money(f.high_usd),
                times(f.ratios.0),
                times(f.ratios.1)
            ),
        ),
        (
            "A cloud budget's straight line",
            "term-trend",
            money(f.trend_usd),
        ),
        (
            "The plan for the term",
            "term-plan-total",
            money(f.planned_term_usd),
        ),
    ];
    html! {
        <dl class="figures" data-testid="term-summary">
            for (name, testid, value) in figures { { figure(name, testid, value) } }
        </dl>
    }
}

/// Per value of the lab tag: billed and planned to date.
pub(super) fn labs(view: &TermView, money: &dyn Fn(f64) -> String) -> Html {
    let p = &view.placement;
    let Some(tag) = &p.tag else {
        return html! {
            <p data-testid="term-no-lab-tag">{ "No tag of the bill names the plan's labs (by name, \"lab 3\" or \"3\"): the spend is not split by lab." }</p>
        };
    };
    html! {
        <table class="data-table" data-testid="term-labs">
            <caption>{ format!("Per lab, by the bill's tag \"{tag}\"") }</caption>
            { figures_head("Tag value", &["Billed to date", "Planned to date", "Billed / planned"], None) }
            <tbody>
                for lab in &p.labs {
                    <tr>
                        <th scope="row">{ match lab.lab {
                            Some(_) => lab.value.clone(),
                            None => format!("{} (names no lab of the plan)", lab.value),
                        } }</th>
                        { num_cell(money(lab.spent_usd)) }
                        { num_cell(money(lab.planned_usd)) }
                        { num_cell(ratio(lab.ratio())) }
                    </tr>
                }
            </tbody>
        </table>
    }
}

/// Per resource: billed and planned hours to date, the ratio the forecast uses and where it
/// comes from, the remaining plan and its forecast.
pub(super) fn parts(view: &TermView, money: &dyn Fn(f64) -> String) -> Html {
    let (p, f) = (&view.placement, &view.forecast);
    let columns = [
        "Billed to date",
        "Planned to date",
        "Ratio used",
        "Rest of the term: plan",
        "Forecast",
    ];
    html! {
        <table class="data-table" data-testid="term-parts">
            <caption>{ "The forecast per resource: its remaining plan times its ratio so far" }</caption>
            { figures_head("Resource", &columns, None) }
            <tbody>
                for (i, part) in f.parts.iter().enumerate() {
                    <tr data-testid={format!("term-part-{}", if part.id.is_empty() { "rest" } else { &part.id })}>
                        <th scope="row">{ part.label.clone() }</th>
                        { num_cell(p.resources.get(i).map_or_else(String::new, |r| hours(r.billed_hours))) }
                        { num_cell(p.resources.get(i).map_or_else(String::new, |r| hours(r.planned_hours))) }
                        { num_cell(match part.from {
                            RatioFrom::Observed => format!("{} observed", times(part.ratio)),
                            RatioFrom::Plan => "×1 (the plan's: the bill covers too little of it so far)".to_string(),
                        }) }
                        { num_cell(money(part.remaining_planned_usd)) }
                        { num_cell(money(part.remaining_usd)) }
                    </tr>
                }
            </tbody>
        </table>
    }
}

/// When the budget runs out, and the levers.
pub(super) fn runway(view: &TermView, money: &dyn Fn(f64) -> String) -> Html {
    let r = &view.runway;
    let weeks = view.placement.weeks.len();
    let budget = money(r.budget_usd);
    let lasts = |week: Option<u32>| match week {
        Some(week) => format!("runs out in week {week} of {weeks}"),
        None => format!("lasts the whole term ({weeks} weeks)"),
    };
    let within = |yes: bool| {
        if yes {
            "keeps the term within it"
        } else {
            "not enough on its own"
        }
    };
    html! {
        <div data-testid="term-runway">
            <p data-testid="term-runs-out">{ format!(
                "At the forecast, the budget of {budget} (the budget planner's) {}; at the range's high end it {}.",
                lasts(r.runs_out_week), lasts(r.high_runs_out_week)) }</p>
            <p data-testid="term-trend-runs-out">{ format!(
                "A straight line through the spend so far would say it {}.", lasts(r.trend_runs_out_week)) }</p>
            <ul data-testid="term-levers" aria-label="Savings levers on the remaining weeks">
                for lever in &r.levers {
                    <li>{ format!("{}: saves {} on the remaining weeks, the term then {}; {}.",
                        lever.label, money(lever.saving_usd), money(lever.term_usd), within(lever.within)) }</li>
                }
            </ul>
        </div>
    }
}
