//! The accessible twin of every bar chart: the same numbers as a table.

use yew::prelude::*;

use crate::charts::data::{BarChart, Layout};
use crate::components::inputs::table_head::num_cell;

/// A table of `chart`'s numbers with a row per bar position and a column per series (and a total
/// when stacked).
pub fn chart_table(chart: &BarChart) -> Html {
    let stacked = chart.layout == Layout::Stacked;
    html! {
        <div class="table-scroll" role="region" aria-label={format!("{} (table)", chart.title)} tabindex="0">
        <table class="data-table">
            <caption>{ chart.title.clone() }</caption>
            <thead>
                <tr>
                    <th scope="col"><span class="visually-hidden">{ "Item" }</span></th>
                    for series in chart.series.iter() {
                        <th scope="col">{ series.name.clone() }</th>
                    }
                    if stacked { <th scope="col">{ "Total" }</th> }
                </tr>
            </thead>
            <tbody>
                for (i, label) in chart.full_labels.iter().enumerate() {
                    <tr>
                        <th scope="row">{ label.clone() }</th>
                        for series in chart.series.iter() {
                            { num_cell(chart.unit.format(series.values.get(i).copied().unwrap_or(0.0))) }
                        }
                        if stacked { { num_cell(chart.unit.format(chart.total_at(i))) } }
                    </tr>
                }
            </tbody>
        </table>
        </div>
    }
}
