//! Calibrate from a bill: open a FOCUS cost-and-usage export (picker or drop), read in this
//! browser only as a stream with progress and Cancel; see billed against planned and what the
//! bill holds that the plan does not; apply the factors that match the bill as one undoable step.

use std::cell::Cell;
use std::rc::Rc;

use web_sys::{DragEvent, File, HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::focus_actuals::{focus_actuals, hours_chart, FocusActualsProps};
use super::parts::alert;
use crate::browser::file_stream::{read_bill, Progress, StreamError};
use crate::components::static_html;
use crate::model::focus::calibrate::{calibrate_to_bill, BillCalibration};
use crate::model::focus::classify::SkipReason;
use crate::model::focus::compare::{compare, Comparison};
use crate::model::focus::fold;
use crate::model::focus::BillSummary;
use crate::model::format;
use crate::state::use_scenario;

/// What the panel holds.
#[derive(Clone, PartialEq)]
enum Reading {
    /// Nothing opened yet.
    Idle,
    /// Reading a file.
    Busy(String, Option<Progress>),
    /// A bill was read.
    Done(String, Rc<BillSummary>),
    /// The file could not be read; the message says why.
    Failed(String),
}

fn progress_view(name: &str, progress: Option<Progress>, on_cancel: Callback<MouseEvent>) -> Html {
    let (done, total, text) = match progress {
        Some(p) => {
            let mb = p.bytes as f64 / 1e6;
            let text = format!(
                "{name}: {} MB read, {} rows",
                format::number(mb, 1),
                format::number(p.rows as f64, 0)
            );
            // A packed file's unpacked size is not known ahead: no percentage then.
            let total = (!p.packed && p.file_bytes > 0.0).then_some(p.file_bytes);
            (p.bytes as f64, total, text)
        }
        None => (0.0, None, format!("{name}: opening")),
    };
    html! {
        <p data-testid="focus-progress" role="status">
            if let Some(total) = total {
                <progress max={total.to_string()} value={done.to_string()} />
            } else {
                <progress />
            }
            { " " }{ text }{ " " }
            <button type="button" data-testid="focus-cancel" onclick={on_cancel}>{ "Cancel" }</button>
        </p>
    }
}

fn skipped_view(bill: &BillSummary, comparison: &Comparison) -> Html {
    let money = |amount: f64| format!("{} {}", format::number(amount, 2), bill.currency);
    let mut lines: Vec<(String, u64, f64)> = bill
        .skipped
        .iter()
        .map(|(reason, tally)| (reason.label().to_string(), tally.rows, tally.billed))
        .collect();
    // The types that stand in for nothing: the costliest drawn, the rest on one line.
    let (unmatched, folded) = fold::unmatched(comparison, bill);
    for (t, rows) in unmatched {
        lines.push((
            format!(
                "{} ({}, {} h): {}",
                t.instance_type,
                SkipReason::UnknownInstanceType.label(),
                format::number(t.billed_hours, 1),
                "no course resource stands in with it"
            ),
            rows,
            t.billed_cost,
        ));
    }
    if !folded.is_empty() {
        let what = folded.words("types that stand in for nothing in the plan");
        let hours = format::number(folded.hours, 1);
        lines.push((format!("{what} ({hours} h)"), folded.rows, folded.billed));
    }
    let rows: u64 = lines.iter().map(|l| l.1).sum();
    let cost: f64 = lines.iter().map(|l| l.2).sum();
    html! {
        <div data-testid="focus-skipped">
            { static_html("<h3>What the bill holds that the plan does not</h3>") }
            <p><span data-testid="focus-skipped-rows">{ format::number(rows as f64, 0) }</span>
                { format!(" rows not mapped onto the course, billed {} in all:", money(cost)) }</p>
            <ul>
                for (what, rows, billed) in lines {
                    <li>{ format!("{what}: {} rows, {}", format::number(rows as f64, 0), money(billed)) }</li>
                }
            </ul>
        </div>
    }
}

fn apply_view(
    calibration: &Result<BillCalibration, String>,
    on_apply: Callback<MouseEvent>,
) -> Html {
    html! {
        <div data-testid="focus-calibration">
            { static_html(
                "<h3>Calibrate to the bill</h3><p class=\"panel-intro\">Each kind's overrun factors \
                 (labs and project alike, as the bill does not say which hours were which) are scaled \
                 so the scenario's hours of that kind match the bill's. One step: Undo takes it back. \
                 The share link carries the factors, never the bill.</p>",
            ) }
            { match calibration {
                Ok(c) => html! {
                    <>
                        <ul class="formulas" data-testid="focus-formulas">
                            for step in c.steps.iter() { <li>{ step.clone() }</li> }
                        </ul>
                        <p class="field-hint">{ format!("Provenance of the changed factors: {}", c.provenance) }</p>
                        <button type="button" data-testid="focus-apply" onclick={on_apply}>
                            { "Apply these factors" }</button>
                    </>
                },
                Err(why) => alert(None, format!("This bill cannot calibrate the plan: {why}.")),
            } }
        </div>
    }
}

/// Starts reading `file`, unless a read is already going on.
fn start(file: File, reading: UseStateHandle<Reading>, cancel: Rc<Cell<bool>>) {
    let name = file.name();
    cancel.set(false);
    reading.set(Reading::Busy(name.clone(), None));
    wasm_bindgen_futures::spawn_local(async move {
        let progress = {
            let (reading, name) = (reading.clone(), name.clone());
            move |p: Progress| reading.set(Reading::Busy(name.clone(), Some(p)))
        };
        let result = read_bill(file, cancel, progress).await;
        reading.set(match result {
            Ok(bill) => Reading::Done(name, Rc::new(bill)),
            Err(StreamError::Cancelled) => {
                Reading::Failed("Reading was cancelled; the scenario is unchanged.".to_string())
            }
            Err(StreamError::Failed(why)) => {
                Reading::Failed(format!("{why} The scenario is unchanged."))
            }
        });
    });
}

/// Opens a file (a new bill starts without a split by tag), unless a read is going on.
fn opener(
    reading: UseStateHandle<Reading>,
    cancel: Rc<Cell<bool>>,
    tag: UseStateHandle<String>,
) -> Callback<File> {
    Callback::from(move |file: File| {
        if !matches!(*reading, Reading::Busy(..)) {
            tag.set(String::new());
            start(file, reading.clone(), cancel.clone());
        }
    })
}

/// The tag picker's change: the bill's rows are split by the tag picked.
fn tag_picker(tag: UseStateHandle<String>) -> Callback<Event> {
    Callback::from(move |e: Event| {
        if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
            tag.set(select.value());
        }
    })
}

/// The picker's change and the drop zone's drop, each opening the file given.
fn pickers(open: Callback<File>) -> (Callback<Event>, Callback<DragEvent>) {
    let on_change = {
        let open = open.clone();
        Callback::from(move |e: Event| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                if let Some(file) = input.files().and_then(|files| files.get(0)) {
                    open.emit(file);
                }
                input.set_value("");
            }
        })
    };
    let on_drop = Callback::from(move |e: DragEvent| {
        e.prevent_default();
        if let Some(file) = e
            .data_transfer()
            .and_then(|d| d.files())
            .and_then(|f| f.get(0))
        {
            open.emit(file);
        }
    });
    (on_change, on_drop)
}

/// The panel.
#[component]
pub fn FocusPanel() -> Html {
    let state = use_scenario();
    let reading = use_state(|| Reading::Idle);
    let cancel = use_memo((), |_| Rc::new(Cell::new(false)));
    {
        // Leaving the panel stops a read.
        let cancel = (*cancel).clone();
        use_effect_with((), move |_| move || cancel.set(true));
    }
    // The tag the bill's rows are split by; a new bill starts without a split.
    let tag = use_state(String::new);
    let busy = matches!(*reading, Reading::Busy(..));
    let open = opener(reading.clone(), (*cancel).clone(), tag.clone());
    let on_tag = tag_picker(tag.clone());
    let (on_change, on_drop) = pickers(open);
    let on_drag_over = Callback::from(|e: DragEvent| e.prevent_default());
    let on_cancel = {
        let cancel = (*cancel).clone();
        Callback::from(move |_: MouseEvent| cancel.set(true))
    };
    let scenario = state.scenario.clone();
    let done = match &*reading {
        Reading::Done(name, bill) => Some((name.clone(), bill.clone())),
        _ => None,
    };
    let comparison = {
        let (catalog, done) = (state.catalog, done.clone());
        use_memo(
            (scenario.clone(), done.as_ref().map(|(_, b)| b.clone())),
            move |(scenario, bill)| {
                // The chart is drawn once per comparison.
                bill.as_ref().map(|bill| {
                    compare(bill, scenario, catalog)
                        .map(|c| (Rc::new(hours_chart(&c, bill)), Rc::new(c)))
                })
            },
        )
    };
    let results = match (&done, &*comparison) {
        (Some((name, bill)), Some(Ok((chart, comparison)))) => {
            let calibration =
                calibrate_to_bill(comparison, &scenario, state.catalog, name, &bill.period());
            let on_apply = {
                let (dispatch, calibration) = (state.dispatch(), calibration.clone());
                Callback::from(move |_: MouseEvent| {
                    if let Ok(c) = &calibration {
                        dispatch.calibrate_from_bill(Rc::new(c.clone()));
                    }
                })
            };
            html! {
                <>
                    { focus_actuals(&FocusActualsProps {
                        bill: bill.clone(),
                        comparison: comparison.clone(),
                        chart: chart.clone(),
                        tag: (*tag).clone(),
                        on_tag,
                        currency: AttrValue::from(scenario.pricing.currency.clone()),
                        usd_to_currency: scenario.pricing.usd_to_currency,
                    }) }
                    { skipped_view(bill, comparison) }
                    { apply_view(&calibration, on_apply) }
                </>
            }
        }
        (Some(_), Some(Err(why))) => alert(None, why.clone()),
        _ => html! {},
    };
    html! {
        <section class="panel no-print" aria-labelledby="focus-title">
            { static_html(
                "<h2 id=\"focus-title\">Calibrate from your bill (a FOCUS export)</h2><p \
                 class=\"panel-intro\">Open the FOCUS cost-and-usage export of a past run of this \
                 course (AWS Data Exports, Azure Cost Management's FocusCost export or Google Cloud's \
                 FOCUS export; FOCUS 1.0 to 1.3, .csv or .csv.gz). It is read in this browser only: \
                 nothing is uploaded, and the bill is not kept when you leave the page.</p>",
            ) }
            <div class="drop-zone" ondragover={on_drag_over} ondrop={on_drop}>
                <label>{ "Open a bill " }
                    <input type="file" accept=".csv,.gz,text/csv,application/gzip" data-testid="focus-file"
                        disabled={busy} onchange={on_change} />
                </label>
                { " or drop it here." }
            </div>
            { match &*reading {
                Reading::Busy(name, progress) => progress_view(name, *progress, on_cancel),
                Reading::Failed(why) => alert(Some("focus-error"), why.clone()),
                _ => html! {},
            } }
            { results }
        </section>
    }
}
