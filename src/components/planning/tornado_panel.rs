//! How sure are we: the tornado of the usage inputs (each moved within its range, the others
//! typical) with its table twin and each range's provenance, and the total's p10-p90 range when
//! all move at once. Both are worked out by the page's Web Worker after a change is painted (see
//! `range_sampling`); until they are there, the last ones stay, said to be updating.

use std::rc::Rc;

use yew::prelude::*;

use super::parts::{alert, chart_figure};
use super::plan_canvas::Picture;
use super::range_sampling::{use_sampled_range, SampledRange};
use crate::charts::tornado::{provenance_words, tornado_chart};
use crate::components::inputs::table_head::table_head;
use crate::model::format;
use crate::model::planners::interval::CostInterval;
use crate::model::planners::uncertain::TornadoRow;
use crate::model::scenario::valid::ValidScenario;
use crate::state::use_scenario;

/// Draws of the sampled range: enough for a stable p10/p90 (drawn by the page's Web Worker).
pub const DRAWS: usize = 500;

/// The tornado's table twin: each input's range, the totals at its ends (in `money`) and its
/// provenance; `rows` come largest swing first.
fn tornado_table(rows: &[TornadoRow], money: &dyn Fn(f64) -> String) -> Html {
    let value = |v: f64| format::number(v, if v.abs() < 10.0 { 2 } else { 1 });
    html! {
        <table class="data-table" data-testid="tornado-table">
            <caption>{ "Assumptions ordered by their effect on the total" }</caption>
            { table_head(&["Input", "Low - typical - high", "Total at low", "Total at high", "Swing", "Where the range comes from"], false) }
            <tbody>
                for (i, row) in rows.iter().enumerate() {
                    <tr data-testid={format!("tornado-row-{i}")}>
                        <th scope="row">{ row.name.as_str() }</th>
                        <td>{ format!("{} - {} - {} {}", value(row.low_value), value(row.typical_value),
                            value(row.high_value), row.unit) }</td>
                        <td class="num" data-testid="tornado-low">{ money(row.low_total_usd) }</td>
                        <td class="num" data-testid="tornado-high">{ money(row.high_total_usd) }</td>
                        <td class="num">{ money(row.swing_usd()) }</td>
                        <td>
                            <span class="provenance" data-testid="tornado-provenance">
                                { provenance_words(row.provenance).0 }</span>
                            { ": " }{ provenance_words(row.provenance).1 }{ "." }
                            if !row.detail.is_empty() {
                                { " " }<span data-testid="tornado-detail">{ row.detail.as_str() }</span>
                            }
                            // Beside the range, not in its cells: the whole instance is not an end.
                            if let Some(whole) = row.whole_instance_total_usd {
                                { " " }<span class="figure-detail" data-testid="tornado-whole">
                                    { format!("Whole instances only: {}.", money(whole)) }</span>
                            }
                        </td>
                    </tr>
                }
            </tbody>
        </table>
    }
}

/// `n` as an ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st.
fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The total's sampled range in words, with where the headline sits among the draws (`later`:
/// said after it, such as that it is being redrawn).
fn range_html(interval: &CostInterval, money: impl Fn(f64) -> String, later: &str) -> Html {
    let dropped = match interval.dropped {
        0 => String::new(),
        n => format!(" ({n} dropped that need more)"),
    };
    if interval.draws == 0 {
        return html! { <>{ format!(
            "No draw fits the reserved nodes ({} drawn): widen the reserved capacity or narrow \
             the plan.{later}",
            interval.dropped
        ) }</> };
    }
    // A share of draws, 0-100, as a whole percentile.
    let percentile = interval.typical_percentile.round().clamp(0.0, 100.0) as u32;
    html! { <>
        { format!(
            "Every usage input drawn within its range at once: the total lies between {} (p10) \
             and {} (p90), median {}, over {} draws that fit the reserved nodes{dropped}. The \
             headline, {}, is at the ",
            money(interval.p10_usd),
            money(interval.p90_usd),
            money(interval.p50_usd),
            interval.draws,
            money(interval.typical_usd)
        ) }
        <strong data-testid="headline-percentile" data-percentile={percentile.to_string()}>
            { format!("{} percentile", ordinal(percentile)) }
        </strong>
        { format!(" of the draws.{later}") }
    </> }
}

/// The sampled range in words; `data-draws` once it is the range of `scenario` (until then the
/// last range stays, said to be updating).
fn range_paragraph(
    range: Option<&SampledRange>,
    scenario: &Rc<ValidScenario>,
    money: impl Fn(f64) -> String,
) -> Html {
    let current = range.filter(|range| Rc::ptr_eq(&range.scenario, scenario));
    let text = match range.map(|range| &range.interval) {
        None => html! { { format!("Working out the range of the total ({DRAWS} draws)…") } },
        Some(Ok(interval)) if current.is_some() => range_html(interval, money, ""),
        Some(Ok(interval)) => range_html(interval, money, " (Updating for your change…)"),
        Some(Err(why)) if why.is_empty() => {
            html! { "The range of the total cannot be computed for this scenario." }
        }
        Some(Err(why)) => html! { { format!("The range of the total cannot be computed: {why}") } },
    };
    let draws = current
        .and_then(|range| range.interval.as_ref().ok())
        .map(|i| i.draws.to_string());
    html! { <p data-testid="total-range" data-draws={draws} aria-live="polite">{ text }</p> }
}

/// The stand-in rows whose far end is a whole multi-GPU instance for a node that is a fraction
/// of one, said apart from the chart so they do not set its scale.
fn whole_instances(rows: &[TornadoRow], money: &dyn Fn(f64) -> String) -> Html {
    let parts: Vec<String> = rows
        .iter()
        .filter_map(|row| {
            let whole = row.whole_instance_total_usd?;
            let name = row
                .name
                .trim_start_matches("Which offer stands in for the ");
            Some(format!("{name}: {}", money(whole)))
        })
        .collect();
    if parts.is_empty() {
        return Html::default();
    }
    html! {
        <details class="field-hint" data-testid="tornado-whole-instances">
            <summary>{ "If only whole instances can be rented (not drawn above)" }</summary>
            { format!(
                "A one-GPU node priced as a whole multi-GPU machine, each alone, others typical: \
                 the total would be {}.",
                parts.join("; ")
            ) }
        </details>
    }
}

/// The tornado's rows, compared by address (the same answer of the worker, not equal rows).
#[derive(Clone)]
struct ByRows(Rc<Result<Vec<TornadoRow>, String>>);

impl PartialEq for ByRows {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// Rows the chart and its table show until all are asked for: the largest swings, so the Plan
/// view stays within three screens.
const FIRST_ROWS: usize = 10;

/// The panel's introduction, with the control that shows every row when there are more than
/// [`FIRST_ROWS`] (`all`: they are shown).
fn intro(count: usize, all: UseStateHandle<bool>) -> Html {
    let more = count > FIRST_ROWS;
    let onclick = {
        let all = all.clone();
        Callback::from(move |_: MouseEvent| all.set(!*all))
    };
    let label = if *all {
        format!("Show the {FIRST_ROWS} largest")
    } else {
        format!("Show all {count}")
    };
    html! {
        <p class="panel-intro">
            { "Each independent assumption at the low and the high end of its range, the others \
               typical: the total at each end (blue: low, orange: high, line: typical). Ends the \
               reserved nodes cannot supply are pulled in; which offer stands in has rows too (from the \
               cheapest offer that fits to the priciest), and a span of its own beside the headline." }
            if more {
                { " " }
                <button type="button" class="disclosure" aria-expanded={(*all).to_string()}
                    data-testid="tornado-all" {onclick}>{ label }</button>
            }
        </p>
    }
}

/// The tornado panel.
#[component]
pub fn TornadoPanel() -> Html {
    let state = use_scenario();
    let pricing = state.scenario.pricing.clone();
    let all = use_state(|| false);
    // The rows and the range come from the page's Web Worker (`range_sampling`); until the
    // rows of this scenario are there, the last ones stay, said to be updating.
    let (range, ranges) = use_sampled_range(state.scenario.clone(), state.origin, DRAWS);
    let updating = ranges
        .as_ref()
        .is_some_and(|r| !Rc::ptr_eq(&r.scenario, &state.scenario));
    let rows: Option<Rc<Result<Vec<TornadoRow>, String>>> = ranges.map(|r| r.rows);
    let money = |usd: f64| pricing.money(usd);
    let count = rows
        .as_deref()
        .and_then(|r| r.as_ref().ok())
        .map_or(0, Vec::len);
    // The rows shown: the largest swings first, all of them once asked for.
    let shown = if *all { count } else { count.min(FIRST_ROWS) };
    let chart = use_memo(
        (
            rows.clone().map(ByRows),
            pricing.currency.clone(),
            pricing.usd_to_currency.to_bits(),
            shown,
        ),
        move |(rows, currency, rate, shown)| {
            let rows: &[TornadoRow] = match rows.as_ref().map(|r| r.0.as_ref()) {
                Some(Ok(rows)) => rows,
                _ => &[],
            };
            let rows = &rows[..(*shown).min(rows.len())];
            Rc::new(tornado_chart(rows, currency, f64::from_bits(*rate)))
        },
    );
    html! {
        <section class="panel no-print" aria-labelledby="tornado-title" data-testid="tornado-panel">
            <h2 id="tornado-title">{ "How sure are we" }</h2>
            { intro(count, all) }
            { range_paragraph(range.as_ref(), &state.scenario, money) }
            if updating {
                <p class="field-hint" role="status" data-testid="tornado-updating">
                    { "The rows below are of the scenario before your change: updating…" }</p>
            }
            { match rows.as_deref() {
                Some(Ok(rows)) => html! { <>
                    { chart_figure(
                        Html::default(),
                        Picture::Tornado((*chart).clone()),
                        "tornado-chart",
                        (40 + 24 * shown) as u32,
                        tornado_table(&rows[..shown.min(rows.len())], &money),
                    ) }
                    { whole_instances(rows, &money) }
                </> },
                Some(Err(why)) => alert(None, format!("The tornado cannot be priced: {why}")),
                None => html! { <p role="status" data-testid="tornado-working">
                    { "Working out each assumption's effect…" }</p> },
            } }
        </section>
    }
}
