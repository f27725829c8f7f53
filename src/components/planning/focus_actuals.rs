//! Billed against planned (`focus-actuals`): the bill's hours and cost per instance type, per
//! course resource beside the scenario's, the totals, a split by a tag, and a chart with its
//! table twin. Long lists draw their top entries and fold the rest into one line
//! (`model::focus::fold`), so a bill of any shape draws a few dozen rows.

use std::rc::Rc;

use yew::prelude::*;

use super::parts::figure;
use crate::charts::data::{BarChart, Layout, Series, ValueUnit};
use crate::charts::palette::series_color;
use crate::components::inputs::table_head::figures_head;
use crate::components::results::bar_chart::BarChartView;
use crate::model::focus::compare::BilledAgainstPlanned;
use crate::model::focus::fold;
use crate::model::focus::BillSummary;
use crate::model::format;

/// What [`focus_actuals`] shows.
pub struct FocusActualsProps {
    /// The bill.
    pub bill: Rc<BillSummary>,
    /// The bill set against the scenario.
    pub check: Rc<BilledAgainstPlanned>,
    /// The chart of `check` ([`hours_chart`]), kept with it.
    pub chart: Rc<BarChart>,
    /// The tag the bill is split by ("": no split).
    pub tag: String,
    /// The tag picker's change.
    pub on_tag: Callback<Event>,
    /// The scenario's currency and rate, for its own figures.
    pub currency: AttrValue,
    /// Units of the scenario's currency per US dollar.
    pub usd_to_currency: f64,
}

fn hours(value: f64) -> String {
    format!("{} h", format::number(value, 1))
}

fn ratio(value: Option<f64>) -> String {
    value.map_or("no plan".to_string(), |r| {
        format!("{}×", format::number(r, 2))
    })
}

/// The chart: billed and planned hours per instance type drawn, and the rest as one bar.
pub fn hours_chart(check: &BilledAgainstPlanned, bill: &BillSummary) -> BarChart {
    let (types, folded) = fold::types(check, bill);
    let mut labels: Vec<String> = types.iter().map(|t| t.instance_type.clone()).collect();
    let mut full_labels = labels.clone();
    let mut billed: Vec<f64> = types.iter().map(|t| t.billed_hours).collect();
    // Every type that stands in for a course resource is drawn: the rest plan no hours.
    let mut planned: Vec<f64> = types.iter().map(|t| t.planned_hours).collect();
    if !folded.is_empty() {
        labels.push(format!("{} more", format::number(folded.names as f64, 0)));
        full_labels.push(folded.words("types"));
        billed.push(folded.hours);
        planned.push(0.0);
    }
    BarChart {
        title: "Hours per instance type: billed and in the scenario".to_string(),
        labels,
        full_labels,
        series: vec![
            Series {
                name: "Billed".to_string(),
                color: series_color(0),
                values: billed,
            },
            Series {
                name: "Scenario".to_string(),
                color: series_color(1),
                values: planned,
            },
        ],
        layout: Layout::Grouped,
        unit: ValueUnit::Hours,
    }
}

/// The bill's totals beside the scenario's.
fn totals(props: &FocusActualsProps) -> Html {
    let (bill, c) = (&props.bill, &props.check);
    let bill_money = |amount: f64| match (&c.conversion, c.unconverted) {
        (_, true) => format!("{} {}", format::number(amount, 2), bill.currency),
        _ => format::money(amount, "USD", 1.0),
    };
    // The period and the billed total are in the bill view's summary.
    let figures = [
        ("Currency", "focus-currency", bill.currency.clone()),
        (
            "Effective (all rows)",
            "focus-effective-total",
            bill_money(c.effective_total),
        ),
        (
            "The scenario at list price",
            "focus-scenario-total",
            format::money(c.planned_total_usd, &props.currency, props.usd_to_currency),
        ),
    ];
    html! {
        <dl class="figures" data-testid="focus-totals">
            for (name, testid, value) in figures { { figure(name, testid, value) } }
        </dl>
    }
}

/// One row of a table: its test id, its name, and its cells (each with a test id or none).
type Row = (Option<String>, String, Vec<(Option<String>, String)>);

/// A table of figures: one template for every table of the panel.
fn table(testid: &'static str, caption: &str, head: Html, rows: Vec<Row>) -> Html {
    html! {
        <table class="data-table" data-testid={testid}>
            <caption>{ caption.to_string() }</caption>
            { head }
            <tbody>
                for (row_id, name, cells) in rows {
                    <tr data-testid={row_id}>
                        <th scope="row">{ name }</th>
                        for (cell_id, value) in cells {
                            <td class="num" data-testid={cell_id}>{ value }</td>
                        }
                    </tr>
                }
            </tbody>
        </table>
    }
}

fn notes(props: &FocusActualsProps) -> Html {
    let (bill, c) = (&props.bill, &props.check);
    let mut notes = Vec::new();
    if let Some(conversion) = &c.conversion {
        notes.push(format!(
            "The bill is in {}: its costs are shown in US dollars at {} {} per US dollar, the ECB \
             reference rate of {} that goes with the scenario's prices.",
            conversion.currency, conversion.per_usd, conversion.currency, conversion.date
        ));
    }
    if c.unconverted {
        notes.push(format!(
            "There is no exchange rate for {} in the scenario's price snapshot: the bill's costs \
             stay in {} and are not compared with the scenario's.",
            bill.currency, bill.currency
        ));
    }
    if bill.other_currency_rows > 0 {
        notes.push(format!(
            "{} rows are billed in another currency than {}; they are added as they are.",
            bill.other_currency_rows, bill.currency
        ));
    }
    if c.levers_were_on {
        notes.push(
            "The scenario's savings levers are left out here: the bill is set against \
            the course as run."
                .to_string(),
        );
    }
    let spot: f64 = c.types.iter().map(|t| t.spot_hours).sum();
    if spot > 0.0 {
        notes.push(format!(
            "{} of the billed hours were spot (interruptible) capacity.",
            hours(spot)
        ));
    }
    if c.resources.iter().any(|r| r.share < 0.999_999) {
        notes.push(
            "An instance type that stands in for several course resources has its billed \
            hours split between them by the scenario's own shares of that type (the share \
            column); hours of a fractional stand-in are divided by its fraction."
                .to_string(),
        );
    }
    notes
        .into_iter()
        .map(|n| html! { <p class="field-hint">{ n }</p> })
        .collect()
}

/// A table's folded line: what is not drawn, named and summed.
fn folded_row(testid: &str, words: String, cells: Vec<String>) -> Row {
    let cells = cells.into_iter().map(|c| (None, c)).collect();
    (Some(testid.to_string()), words, cells)
}

/// The bill's cost as the tables show it: US dollars in the scenario's currency, or the bill's
/// own currency when there is no rate.
fn bill_cost(c: &BilledAgainstPlanned, billed: f64, money: &dyn Fn(f64) -> String) -> String {
    match (&c.conversion, c.unconverted) {
        (_, true) => format::number(billed, 2),
        (Some(conversion), _) => money(billed / conversion.per_usd),
        (None, _) => money(billed),
    }
}

fn type_table(c: &BilledAgainstPlanned, bill: &BillSummary, money: &dyn Fn(f64) -> String) -> Html {
    let (types, folded) = fold::types(c, bill);
    let mut rows: Vec<Row> = types
        .into_iter()
        .map(|t| {
            let stands_in = if t.resources.is_empty() {
                "nothing in the plan".to_string()
            } else {
                t.resources.join(", ")
            };
            let cells = vec![
                (
                    Some(format!("focus-hours-{}", t.instance_type)),
                    hours(t.billed_hours),
                ),
                (None, bill_cost(c, t.billed_cost, money)),
                (None, hours(t.planned_hours)),
                (None, money(t.planned_usd)),
                (None, stands_in),
            ];
            (
                Some(format!("focus-type-{}", t.instance_type)),
                t.instance_type.clone(),
                cells,
            )
        })
        .collect();
    if !folded.is_empty() {
        let cells = vec![
            hours(folded.hours),
            bill_cost(c, folded.billed, money),
            hours(0.0),
            money(0.0),
            "nothing in the plan".to_string(),
        ];
        rows.push(folded_row("focus-types-more", folded.words("types"), cells));
    }
    let head = figures_head(
        "Instance type",
        &[
            "Billed hours",
            "Billed cost",
            "Scenario hours",
            "Scenario cost",
            "Stands in for",
        ],
        None,
    );
    table("focus-types", "Per instance type, as billed", head, rows)
}

fn pair_row(name: &str, billed: f64, planned: f64, show: fn(f64) -> String) -> Row {
    let ratio_text = ratio((planned > 0.0).then(|| billed / planned));
    let cells = vec![
        (None, String::new()),
        (None, String::new()),
        (None, show(billed)),
        (None, show(planned)),
        (None, ratio_text),
        (None, String::new()),
        (None, String::new()),
    ];
    (None, name.to_string(), cells)
}

fn resource_table(c: &BilledAgainstPlanned, money: &dyn Fn(f64) -> String) -> Html {
    let mut rows: Vec<Row> = c
        .resources
        .iter()
        .map(|r| {
            let cost = if c.unconverted {
                format::number(r.billed_cost, 2)
            } else {
                money(r.billed_cost)
            };
            let cells = vec![
                (
                    None,
                    format!("{} × {}", r.instance_type, format::exact(r.fraction)),
                ),
                (None, format!("{}%", format::number(r.share * 100.0, 1))),
                (None, hours(r.billed_hours)),
                (None, hours(r.planned_hours)),
                (
                    Some(format!("focus-ratio-{}", r.resource)),
                    ratio(r.ratio()),
                ),
                (None, cost),
                (None, money(r.planned_usd)),
            ];
            (
                Some(format!("focus-resource-{}", r.resource)),
                format!("{} ({})", r.label, r.resource),
                cells,
            )
        })
        .collect();
    let gb_months = |v: f64| format::number(v, 1);
    rows.push(pair_row(
        "Storage (GB-months)",
        c.storage.billed,
        c.storage.planned,
        gb_months,
    ));
    rows.push(pair_row(
        "Public IPv4 addresses (hours; they follow their instances)",
        c.public_ipv4.billed,
        c.public_ipv4.planned,
        hours,
    ));
    let head = figures_head(
        "Course resource",
        &[
            "Stand-in",
            "Share of its hours",
            "Billed hours",
            "Scenario hours",
            "Billed / scenario",
            "Billed cost",
            "Scenario cost",
        ],
        None,
    );
    table(
        "focus-resources",
        "Per course resource: billed beside the scenario (hours of the resource)",
        head,
        rows,
    )
}

/// The split by a tag the user picks.
fn tag_split(bill: &BillSummary, key: &str, on_key: Callback<Event>) -> Html {
    if bill.tags.is_empty() {
        return html! { <p class="field-hint">{ "The bill's rows carry no tags to split by." }</p> };
    }
    let tag_rows = match bill.tags.get(key) {
        Some(values) => {
            let cost = |billed: f64| format!("{} {}", format::number(billed, 2), bill.currency);
            let (shown, folded) = fold::tag_values(values);
            let mut rows: Vec<Row> = shown
                .into_iter()
                .map(|(value, tally)| {
                    let cells = vec![
                        (None, hours(tally.compute_hours)),
                        (None, cost(tally.billed)),
                    ];
                    (None, value.clone(), cells)
                })
                .collect();
            if !folded.is_empty() {
                let cells = vec![hours(folded.hours), cost(folded.billed)];
                rows.push(folded_row("focus-tag-more", folded.words("values"), cells));
            }
            let head = figures_head(key, &["Compute hours", "Billed cost"], None);
            table("focus-tag-table", "Split by the tag", head, rows)
        }
        None => html! {},
    };
    html! {
        <div data-testid="focus-tags">
            <label>{ "Split by tag " }
                <select data-testid="focus-tag" onchange={on_key}>
                    <option value="" selected={key.is_empty()}>{ "(no split)" }</option>
                    for (name, _) in bill.tags.iter() {
                        <option value={name.clone()} selected={name == key}>{ name.clone() }</option>
                    }
                </select>
            </label>
            { tag_rows }
        </div>
    }
}

/// Billed against planned.
pub fn focus_actuals(props: &FocusActualsProps) -> Html {
    let (currency, rate) = (props.currency.clone(), props.usd_to_currency);
    let money = move |usd: f64| format::money(usd, &currency, rate);
    let c = &props.check;
    html! {
        <div data-testid="focus-actuals">
            <h3>{ format!("Billed against planned ({} by its columns, {} rows, provider {})",
                props.bill.version.map_or("FOCUS", |v| v.label()), props.bill.rows,
                if props.bill.provider.is_empty() { "not named" } else { props.bill.provider.as_str() }) }</h3>
            { totals(props) }
            { notes(props) }
            { type_table(c, &props.bill, &money) }
            { resource_table(c, &money) }
            if !c.types.is_empty() {
                <BarChartView chart={props.chart.clone()} testid={"chart-focus-hours"} height={260} />
            }
            { tag_split(&props.bill, &props.tag, props.on_tag.clone()) }
        </div>
    }
}
