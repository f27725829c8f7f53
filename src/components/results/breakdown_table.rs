//! Breakdown by lab and category; each row expands to the math behind it.

use yew::prelude::*;

use crate::components::inputs::citation::citation;
use crate::components::inputs::table_head::{figures_head, num_cell};

use crate::model::catalog::resource::Category;
use crate::model::engine::estimate::{CostLine, Estimate, Phase, PhaseSummary};
use crate::model::engine::line_math::line_math;
use crate::model::format;
use crate::model::scenario::pricing::Pricing;
use crate::model::Catalog;
use crate::state::use_scenario;

/// Columns of the table: the lab, total, per student, one per category and hours. The total
/// comes first, so a phone shows every lab's total beside its name; the categories follow
/// (the table scrolls sideways to them, and says so).
const COLUMNS: usize = Category::ALL.len() + 4;

/// One priced line, spelled out: what, on which offer, the math and the price's source.
fn math_row(index: usize, number: usize, line: &CostLine) -> Html {
    let provider_id = line.offer_id.split('/').next().unwrap_or_default();
    let provider = Catalog::builtin().map_or(provider_id, |c| c.provider_name(provider_id));
    let option = if line.option.is_empty() {
        String::new()
    } else {
        format!("{}, ", line.option)
    };
    let resource = Catalog::builtin()
        .ok()
        .and_then(|catalog| catalog.resource(&line.resource))
        .map_or_else(|| line.resource.clone(), |r| r.display_name());
    html! {
        <tr key={format!("math-{index}-{number}")} class="math-row">
            <td colspan={COLUMNS.to_string()}>
                <span class="math-what">{ format!("{option}{resource} on {provider} {}: ", line.sku) }</span>
                <code>{ line_math(line) }</code>
                <span class="math-source">
                    { " Source: " }
                    { citation(&line.source) }
                </span>
            </td>
        </tr>
    }
}

/// A row's figures: the total, per student, cost by category, and planned / actual
/// instance-hours; money in `pricing`'s currency (totals whole, per student to the cent).
fn cost_cells(
    pricing: &Pricing,
    by_category: [f64; 4],
    total_usd: f64,
    students: f64,
    (planned_hours, actual_hours): (f64, f64),
) -> Html {
    html! {
        <>
            <td class="num strong">{ pricing.money(total_usd) }</td>
            { num_cell(pricing.per_student(total_usd / students)) }
            for category in Category::ALL {
                { num_cell(pricing.money(by_category[category.index()])) }
            }
            { num_cell(format!(
                "{} / {}",
                format::number(planned_hours, 0),
                format::number(actual_hours, 0)
            )) }
        </>
    }
}

/// A lab's (or the project's) row at position `index`, opened or closed by `on_toggle`, and the
/// priced `lines` behind it while it is open; money in `pricing`'s currency.
fn phase_rows(
    index: usize,
    summary: &PhaseSummary,
    lines: &[&CostLine],
    expanded: bool,
    on_toggle: Callback<MouseEvent>,
    pricing: &Pricing,
    students: f64,
) -> Html {
    html! {
        <>
            <tr key={format!("row-{index}")}>
                <th scope="row">
                    <button type="button" class="disclosure" aria-expanded={expanded.to_string()}
                        onclick={on_toggle}>
                        { summary.name.clone() }
                    </button>
                </th>
                { cost_cells(pricing, summary.cost_by_category, summary.cost_usd, students, (summary.planned_instance_hours, summary.actual_instance_hours)) }
            </tr>
            for (number, line) in lines.iter().enumerate() {
                { math_row(index, number, line) }
            }
        </>
    }
}

/// A footer row with a label and one amount under "Total".
fn adjustment_row(label: String, amount: String) -> Html {
    html! {
        <tr><th scope="row">{ label }</th>
            { num_cell(amount) }<td colspan={(COLUMNS - 2).to_string()}></td></tr>
    }
}

/// The course's list price by category, discount (`discount_pct`), overhead (`overhead_pct`),
/// credits and total; money in `pricing`'s currency.
fn breakdown_footer(estimate: &Estimate, pricing: &Pricing) -> Html {
    let totals = &estimate.totals;
    let (discount_pct, overhead_pct) = (pricing.discount_pct, pricing.overhead_pct);
    let money = |usd: f64| pricing.money(usd);
    html! {
        <tfoot>
            <tr>
                <th scope="row">{ "Course, list price" }</th>
                { cost_cells(pricing, estimate.cost_by_category, totals.list_usd, estimate.students, (totals.planned_instance_hours, totals.actual_instance_hours)) }
            </tr>
            if totals.discount_usd > 0.0 {
                { adjustment_row(
                    format!("Discount ({}%)", format::quantity(discount_pct)),
                    format!("-{}", money(totals.discount_usd)),
                ) }
            }
            if totals.overhead_usd > 0.0 {
                { adjustment_row(
                    format!("Institutional overhead ({}%)", format::quantity(overhead_pct)),
                    format!("+{}", money(totals.overhead_usd)),
                ) }
            }
            if totals.credit_usd > 0.0 {
                { adjustment_row(
                    "Education credits".to_string(),
                    format!("-{}", money(totals.credit_usd)),
                ) }
            }
            <tr>
                <th scope="row">{ "Course total" }</th>
                <td class="num strong">{ money(totals.net_usd) }</td>
                { num_cell(pricing.per_student(totals.per_student_usd)) }
                <td colspan={(COLUMNS - 3).to_string()}></td>
            </tr>
        </tfoot>
    }
}

/// The breakdown table.
#[component]
pub fn BreakdownTable() -> Html {
    let state = use_scenario();
    // The open rows' positions: a handful at most, so a list (no hashing code in the wasm).
    let open = use_state(Vec::<usize>::new);
    let estimate = &state.estimate;
    let pricing = &state.scenario.pricing;
    let phases: Vec<(Phase, &PhaseSummary)> = estimate
        .labs
        .iter()
        .enumerate()
        .map(|(i, l)| (Phase::Lab(i), l))
        .chain(std::iter::once((Phase::Project, &estimate.project)))
        .collect();
    let on_toggle = |index: usize| {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| {
            let mut next = (*open).clone();
            match next.iter().position(|&i| i == index) {
                Some(at) => {
                    next.swap_remove(at);
                }
                None => next.push(index),
            }
            open.set(next);
        })
    };
    let lines_of = |phase: Phase, expanded: bool| -> Vec<&CostLine> {
        if !expanded {
            return Vec::new();
        }
        estimate.lines.iter().filter(|l| l.phase == phase).collect()
    };
    let figure_columns: Vec<&str> = ["Total", "Per student"]
        .into_iter()
        .chain(Category::ALL.iter().map(|c| c.label()))
        .chain(["Instance-hours planned / actual"])
        .collect();

    html! {
        <section class="panel" aria-labelledby="breakdown-title">
            <h2 id="breakdown-title">{ "Breakdown" }</h2>
            <p class="scroll-cue" aria-hidden="true">{ "Each lab's total first; scroll the table sideways for its cost by category \u{2192}" }</p>
            <div class="table-scroll scroll-shadow" role="region" aria-label="Cost breakdown table" tabindex="0">
            <table class="data-table breakdown" data-testid="breakdown-table">
                <caption>{ "List cost by lab and category; open a row to see how each figure was made" }</caption>
                { figures_head("Lab", &figure_columns, None) }
                <tbody>
                    for (index, (phase, summary)) in phases.into_iter().enumerate() {
                        { phase_rows(index, summary, &lines_of(phase, open.contains(&index)),
                            open.contains(&index), on_toggle(index), pricing, estimate.students) }
                    }
                </tbody>
                { breakdown_footer(estimate, pricing) }
            </table>
            </div>
        </section>
    }
}
