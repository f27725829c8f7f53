//! Each course resource on the testbeds, like every stand-in: its Chameleon charge class and
//! Jetstream2 flavor with their rates and the reason for each, its actual hours and SUs. A
//! resource without a published rate says so.

use yew::prelude::*;

use crate::components::inputs::table_head::{num_cell, table_head};
use crate::model::format;
use crate::model::testbed::twin::{ResourceRow, TestbedTwin};
use crate::model::testbed::{words, Testbeds};
use crate::model::Catalog;

/// The Chameleon cell: class, rate today and before July 2025, and why.
fn chameleon_cell(row: &ResourceRow) -> Html {
    let testbeds = Testbeds::builtin();
    let mapping = testbeds.mapping(&row.resource);
    let class = mapping.and_then(|m| testbeds.class(m.chameleon));
    html! {
        <td>
            if let (Some(class), Some(rate)) = (class, row.rates.chameleon) {
                { format!("{}: {}", class.label, words::su_per_hour(rate)) }
                if let Some((low, high)) = row.rates.chameleon_before {
                    <span class="field-hint">{ format!(" (before July 2025: {})",
                        if low == high { words::su_per_hour(low) }
                        else { format!("{}-{}", format::quantity(low), words::su_per_hour(high)) }) }</span>
                }
            } else {
                <strong>{ "No published rate" }</strong>
            }
            if let Some(mapping) = mapping {
                <span class="field-hint testbed-note">{ mapping.chameleon_note }</span>
            }
        </td>
    }
}

/// The Jetstream2 cell: flavor, how many, the rate, and why.
fn jetstream_cell(row: &ResourceRow) -> Html {
    let testbeds = Testbeds::builtin();
    let mapping = testbeds.mapping(&row.resource);
    let flavor = mapping.and_then(|m| testbeds.flavor(m.jetstream).map(|f| (m, f)));
    html! {
        <td>
            if let (Some((mapping, flavor)), Some(rate)) = (flavor, row.rates.jetstream) {
                { format!("{}x {} ({} vCPU): {}", format::quantity(mapping.jetstream_count),
                    flavor.id, flavor.vcpu, words::su_per_hour(rate)) }
            } else {
                <strong>{ "Not charged in SUs" }</strong>
            }
            if let Some(mapping) = mapping {
                <span class="field-hint testbed-note">{ mapping.jetstream_note }</span>
            }
        </td>
    }
}

/// The table.
pub fn rates_table(twin: &TestbedTwin, catalog: &Catalog) -> Html {
    let name = |id: &str| {
        catalog
            .resource(id)
            .map_or_else(|| id.to_string(), |r| r.display_name())
    };
    let su = |value: f64, rate: Option<f64>| match rate {
        Some(_) => format::number(value, 0),
        None => "not counted".to_string(),
    };
    html! {
        <div class="table-scroll" role="region" aria-label="Each resource on the testbeds" tabindex="0">
        <table class="data-table testbed-rates" data-testid="testbed-rates">
            { table_head(&["Resource", "Chameleon", "Jetstream2", "Actual hours (GB-hours for storage)", "Chameleon SU", "Jetstream2 SU"], false) }
            <tbody>
                for row in twin.rows.iter() {
                    <tr key={row.resource.clone()} data-testid={format!("testbed-rate-{}", row.resource)}
                        data-chameleon-rate={row.rates.chameleon.map(|r| r.to_string())}
                        data-jetstream-rate={row.rates.jetstream.map(|r| r.to_string())}>
                        <th scope="row">{ name(&row.resource) }</th>
                        { chameleon_cell(row) }
                        { jetstream_cell(row) }
                        { num_cell(format::number(row.actual_hours, 0)) }
                        { num_cell(su(row.actual.chameleon, row.rates.chameleon)) }
                        { num_cell(su(row.actual.jetstream, row.rates.jetstream)) }
                    </tr>
                }
            </tbody>
        </table>
        </div>
    }
}
