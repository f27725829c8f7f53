//! Breakdown by lab and category; each row expands to the math behind it.

use std::collections::HashSet;

use yew::prelude::*;

use crate::model::catalog::resource::Category;
use crate::model::engine::estimate::{Phase, PhaseSummary};
use crate::model::format;
use crate::state::use_scenario;

/// The breakdown table.
#[component]
pub fn BreakdownTable() -> Html {
    let state = use_scenario();
    let open = use_state(HashSet::<usize>::new);
    let estimate = &state.estimate;
    let pricing = &state.scenario.pricing;
    let money = |usd: f64| format::money(usd, &pricing.currency, pricing.usd_to_currency);
    let totals = &estimate.totals;
    let phases: Vec<(Phase, &PhaseSummary)> = estimate
        .labs
        .iter()
        .enumerate()
        .map(|(i, l)| (Phase::Lab(i), l))
        .chain(std::iter::once((Phase::Project, &estimate.project)))
        .collect();
    let columns = Category::ALL.len() + 4;

    html! {
        <section class="panel" aria-labelledby="breakdown-title">
            <h2 id="breakdown-title">{ "Breakdown" }</h2>
            <div class="table-scroll">
            <table class="data-table breakdown" data-testid="breakdown-table">
                <caption>{ "List cost by lab and category; open a row to see how each figure was made" }</caption>
                <thead>
                    <tr>
                        <th scope="col">{ "Lab" }</th>
                        for category in Category::ALL {
                            <th scope="col" class="num">{ category.label() }</th>
                        }
                        <th scope="col" class="num">{ "Total" }</th>
                        <th scope="col" class="num">{ "Per student" }</th>
                        <th scope="col" class="num">{ "Instance-hours planned / actual" }</th>
                    </tr>
                </thead>
                <tbody>
                    for (index, (phase, summary)) in phases.into_iter().enumerate() {
                        {{
                            let expanded = open.contains(&index);
                            let toggle = {
                                let open = open.clone();
                                Callback::from(move |_: MouseEvent| {
                                    let mut next = (*open).clone();
                                    if !next.remove(&index) {
                                        next.insert(index);
                                    }
                                    open.set(next);
                                })
                            };
                            let lines: Vec<_> = if expanded {
                                estimate.lines.iter().filter(|l| l.phase == phase).collect()
                            } else {
                                Vec::new()
                            };
                            html! {
                                <>
                                    <tr key={format!("row-{index}")}>
                                        <th scope="row">
                                            <button type="button" class="disclosure" aria-expanded={expanded.to_string()}
                                                onclick={toggle}>
                                                { summary.name.clone() }
                                            </button>
                                        </th>
                                        for category in Category::ALL {
                                            <td class="num">{ money(summary.cost_by_category[category.index()]) }</td>
                                        }
                                        <td class="num strong">{ money(summary.cost_usd) }</td>
                                        <td class="num">{ money(summary.cost_usd / estimate.students) }</td>
                                        <td class="num">{ format!(
                                            "{} / {}",
                                            format::number(summary.expected_instance_hours, 0),
                                            format::number(summary.actual_instance_hours, 0)
                                        ) }</td>
                                    </tr>
                                    for (n, line) in lines.into_iter().enumerate() {
                                        <tr key={format!("math-{index}-{n}")} class="math-row">
                                            <td colspan={columns.to_string()}>
                                                <span class="math-what">{ format!(
                                                    "{}{} on {}: ",
                                                    if line.option.is_empty() { String::new() } else { format!("{}, ", line.option) },
                                                    line.resource, line.sku
                                                ) }</span>
                                                <code>{ format::line_math(line) }</code>
                                                <span class="math-source">{ format!(
                                                    " Price as of {}, source {}.", line.as_of, line.source
                                                ) }</span>
                                            </td>
                                        </tr>
                                    }
                                </>
                            }
                        }}
                    }
                </tbody>
                <tfoot>
                    <tr>
                        <th scope="row">{ "Course, list price" }</th>
                        for category in Category::ALL {
                            <td class="num">{ money(estimate.cost_by_category[category.index()]) }</td>
                        }
                        <td class="num strong">{ money(totals.list_usd) }</td>
                        <td class="num">{ money(totals.list_usd / estimate.students) }</td>
                        <td class="num">{ format!(
                            "{} / {}",
                            format::number(totals.expected_instance_hours, 0),
                            format::number(totals.actual_instance_hours, 0)
                        ) }</td>
                    </tr>
                    if totals.discount_usd > 0.0 {
                        <tr><th scope="row" colspan={(columns - 3).to_string()}>{ format!("Discount ({}%)", format::quantity(pricing.discount_pct)) }</th>
                            <td class="num">{ format!("-{}", money(totals.discount_usd)) }</td><td colspan="2"></td></tr>
                    }
                    if totals.overhead_usd > 0.0 {
                        <tr><th scope="row" colspan={(columns - 3).to_string()}>{ format!("Institutional overhead ({}%)", format::quantity(pricing.overhead_pct)) }</th>
                            <td class="num">{ format!("+{}", money(totals.overhead_usd)) }</td><td colspan="2"></td></tr>
                    }
                    if totals.credit_usd > 0.0 {
                        <tr><th scope="row" colspan={(columns - 3).to_string()}>{ "Education credits" }</th>
                            <td class="num">{ format!("-{}", money(totals.credit_usd)) }</td><td colspan="2"></td></tr>
                    }
                    <tr>
                        <th scope="row" colspan={(columns - 3).to_string()}>{ "Course total" }</th>
                        <td class="num strong">{ money(totals.net_usd) }</td>
                        <td class="num">{ money(totals.per_student_usd) }</td>
                        <td></td>
                    </tr>
                </tfoot>
            </table>
            </div>
        </section>
    }
}
