//! Billed against planned (`focus-actuals`): the bill's hours and cost per instance type, per
//! course resource beside the scenario's, the totals, a split by a tag, and a chart with its
//! table twin.

use std::rc::Rc;

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::charts::data::{BarChart, Layout, Series, ValueUnit};
use crate::charts::palette::series_color;
use crate::components::inputs::table_head::figures_head;
use crate::components::BarChartView;
use crate::model::focus::compare::Comparison;
use crate::model::focus::BillSummary;
use crate::model::format;

/// Props of [`FocusActuals`].
#[derive(Properties, PartialEq)]
pub struct FocusActualsProps {
    /// The bill.
    pub bill: Rc<BillSummary>,
    /// The bill set against the scenario.
    pub comparison: Rc<Comparison>,
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

/// The chart: billed and planned hours per instance type.
fn chart(comparison: &Comparison) -> BarChart {
    let types = &comparison.types;
    BarChart {
        title: "Hours per instance type: billed and in the scenario".to_string(),
        labels: types.iter().map(|t| t.instance_type.clone()).collect(),
        full_labels: types.iter().map(|t| t.instance_type.clone()).collect(),
        series: vec![
            Series {
                name: "Billed".to_string(),
                color: series_color(0),
                values: types.iter().map(|t| t.billed_hours).collect(),
            },
            Series {
                name: "Scenario".to_string(),
                color: series_color(1),
                values: types.iter().map(|t| t.planned_hours).collect(),
            },
        ],
        layout: Layout::Grouped,
        unit: ValueUnit::Hours,
    }
}

/// The bill's totals beside the scenario's.
fn totals(props: &FocusActualsProps) -> Html {
    let (bill, c) = (&props.bill, &props.comparison);
    let scenario_money = |usd: f64| format::money(usd, &props.currency, props.usd_to_currency);
    let bill_money = |amount: f64| match (&c.conversion, c.unconverted) {
        (_, true) => format!("{} {}", format::number(amount, 2), bill.currency),
        _ => format::money(amount, "USD", 1.0),
    };
    html! {
        <dl class="figures" data-testid="focus-totals">
            <div class="figure"><dt>{ "Period" }</dt><dd data-testid="focus-period">{ bill.period() }</dd></div>
            <div class="figure"><dt>{ "Currency" }</dt><dd data-testid="focus-currency">{ bill.currency.clone() }</dd></div>
            <div class="figure"><dt>{ "Billed (all rows)" }</dt><dd data-testid="focus-billed-total">{ bill_money(c.billed_total) }</dd></div>
            <div class="figure"><dt>{ "Effective (all rows)" }</dt><dd>{ bill_money(c.effective_total) }</dd></div>
            <div class="figure"><dt>{ "The scenario at list price" }</dt><dd>{ scenario_money(c.planned_total_usd) }</dd></div>
        </dl>
    }
}

fn notes(props: &FocusActualsProps) -> Html {
    let (bill, c) = (&props.bill, &props.comparison);
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

fn type_table(c: &Comparison, money: &dyn Fn(f64) -> String) -> Html {
    html! {
        <table class="data-table" data-testid="focus-types">
            <caption>{ "Per instance type, as billed" }</caption>
            { figures_head("Instance type", &["Billed hours", "Billed cost", "Scenario hours", "Scenario cost", "Stands in for"], None) }
            <tbody>
                for t in c.types.iter() {
                    <tr data-testid={format!("focus-type-{}", t.instance_type)}>
                        <th scope="row">{ t.instance_type.clone() }</th>
                        <td class="num" data-testid={format!("focus-hours-{}", t.instance_type)}>{ hours(t.billed_hours) }</td>
                        <td class="num">{ t.billed_usd.map_or_else(|| format::number(t.billed_cost, 2), &money) }</td>
                        <td class="num">{ hours(t.planned_hours) }</td>
                        <td class="num">{ money(t.planned_usd) }</td>
                        <td class="num">{ if t.resources.is_empty() { "nothing in the plan".to_string() } else { t.resources.join(", ") } }</td>
                    </tr>
                }
            </tbody>
        </table>
    }
}

fn resource_table(c: &Comparison, money: &dyn Fn(f64) -> String) -> Html {
    html! {
        <table class="data-table" data-testid="focus-resources">
            <caption>{ "Per course resource: billed beside the scenario (hours of the resource)" }</caption>
            { figures_head("Course resource", &["Stand-in", "Share of its hours", "Billed hours", "Scenario hours", "Billed / scenario", "Billed cost", "Scenario cost"], None) }
            <tbody>
                for r in c.resources.iter() {
                    <tr data-testid={format!("focus-resource-{}", r.resource)}>
                        <th scope="row">{ format!("{} ({})", r.label, r.resource) }</th>
                        <td class="num">{ format!("{} × {}", r.instance_type, format::exact(r.fraction)) }</td>
                        <td class="num">{ format!("{}%", format::number(r.share * 100.0, 1)) }</td>
                        <td class="num">{ hours(r.billed_hours) }</td>
                        <td class="num">{ hours(r.planned_hours) }</td>
                        <td class="num" data-testid={format!("focus-ratio-{}", r.resource)}>{ ratio(r.ratio()) }</td>
                        <td class="num">{ if c.unconverted { format::number(r.billed_cost, 2) } else { money(r.billed_cost) } }</td>
                        <td class="num">{ money(r.planned_usd) }</td>
                    </tr>
                }
                <tr>
                    <th scope="row">{ "Storage (GB-months)" }</th>
                    <td /><td />
                    <td class="num">{ format::number(c.storage.billed, 1) }</td>
                    <td class="num">{ format::number(c.storage.planned, 1) }</td>
                    <td class="num">{ ratio((c.storage.planned > 0.0).then(|| c.storage.billed / c.storage.planned)) }</td>
                    <td /><td />
                </tr>
                <tr>
                    <th scope="row">{ "Public IPv4 addresses (hours; they follow their instances)" }</th>
                    <td /><td />
                    <td class="num">{ hours(c.public_ipv4.billed) }</td>
                    <td class="num">{ hours(c.public_ipv4.planned) }</td>
                    <td class="num">{ ratio((c.public_ipv4.planned > 0.0).then(|| c.public_ipv4.billed / c.public_ipv4.planned)) }</td>
                    <td /><td />
                </tr>
            </tbody>
        </table>
    }
}

/// The split by a tag the user picks.
fn tag_split(bill: &BillSummary, key: &str, on_key: Callback<Event>) -> Html {
    if bill.tags.is_empty() {
        return html! { <p class="field-hint">{ "The bill's rows carry no tags to split by." }</p> };
    }
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
            if let Some(values) = bill.tags.get(key) {
                <table class="data-table" data-testid="focus-tag-table">
                    { figures_head(key, &["Compute hours", "Billed cost"], None) }
                    <tbody>
                        for (value, tally) in values.iter() {
                            <tr>
                                <th scope="row">{ value.clone() }</th>
                                <td class="num">{ hours(tally.compute_hours) }</td>
                                <td class="num">{ format!("{} {}", format::number(tally.billed, 2), bill.currency) }</td>
                            </tr>
                        }
                    </tbody>
                </table>
            }
        </div>
    }
}

/// Billed against planned.
#[component]
pub fn FocusActuals(props: &FocusActualsProps) -> Html {
    let key = use_state(String::new);
    let chart = use_memo(props.comparison.clone(), |c| Rc::new(chart(c)));
    let on_key = {
        let key = key.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                key.set(select.value());
            }
        })
    };
    let (currency, rate) = (props.currency.clone(), props.usd_to_currency);
    let money = move |usd: f64| format::money(usd, &currency, rate);
    let c = &props.comparison;
    html! {
        <div data-testid="focus-actuals">
            <h3>{ format!("Billed against planned ({} by its columns, {} rows, provider {})",
                props.bill.version.map_or("FOCUS", |v| v.label()), props.bill.rows,
                if props.bill.provider.is_empty() { "not named" } else { props.bill.provider.as_str() }) }</h3>
            { totals(props) }
            { notes(props) }
            { type_table(c, &money) }
            { resource_table(c, &money) }
            if !c.types.is_empty() {
                <BarChartView chart={(*chart).clone()} testid="chart-focus-hours" height={260} />
            }
            { tag_split(&props.bill, &key, on_key) }
        </div>
    }
}
