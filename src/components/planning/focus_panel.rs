//! Calibrate from a bill: open a FOCUS cost-and-usage export (picker or drop), read in this
//! browser only as a stream with progress and Cancel. Once read, the view is one screen: a bill
//! of another provider than the scenario's said first (with the switch), a summary (period,
//! provider, billed total, hours matched, the share of the plan's hours the bill covers), what
//! Apply sets, and folded details: billed against planned, and the rows the plan does not hold,
//! by reason.

use std::cell::RefCell;
use std::rc::Rc;

use web_sys::{DragEvent, File, HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::bill_calibration::{calibration_view, BillCalibrationProps};
use super::bill_check::{use_bill_check, CheckKey, Read};
use super::focus_actuals::{focus_actuals, FocusActualsProps};
use super::parts::{alert, figure};
use crate::browser::file_stream::{is_gzip, Progress};
use crate::browser::worker_client::WorkerJob;
use crate::components::inputs::click_change;
use crate::components::page::fold::fold;
use crate::model::catalog::Catalog;
use crate::model::edit::change::Change;
use crate::model::focus::calibrate::{percent, BillCalibration};
use crate::model::focus::classify::SkipReason;
use crate::model::focus::compare::{BilledAgainstPlanned, ProviderMatch};
use crate::model::focus::fold;
use crate::model::focus::summary_words::{matched_words, resource_hours_words};
use crate::model::focus::BillSummary;
use crate::model::format;
use crate::model::worker_protocol::{FromWorker, ToWorker};
use crate::state::{use_scenario, Dispatch, OpenBill, ScenarioHandle};

/// What the panel is doing (a bill once read is the visit's: [`OpenBill`]).
#[derive(Clone, PartialEq)]
enum Reading {
    /// Nothing opened yet.
    Idle,
    /// Reading a file.
    Busy(String, Option<Progress>),
    /// The file could not be read; the message says why.
    Failed(String),
}

fn progress_view(name: &str, progress: Option<Progress>, on_cancel: Callback<MouseEvent>) -> Html {
    let (done, total, text) = match progress {
        Some(p) => {
            let mb = p.bytes as f64 / 1e6;
            let text = format!(
                "{name}: {} MB {}, {} rows",
                format::number(mb, 1),
                if p.packed { "unpacked" } else { "read" },
                format::number(p.rows as f64, 0)
            );
            // The bar follows the file's own bytes (a packed file's packed ones).
            let total = (p.file_bytes > 0.0).then_some(p.file_bytes);
            (p.file_read as f64, total, text)
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

/// "1 row", "2 rows".
fn rows_word(rows: u64) -> String {
    let word = if rows == 1 { "row" } else { "rows" };
    format!("{} {word}", format::number(rows as f64, 0))
}

/// Rows the plan does not hold, and their cost, grouped by reason (instance types that stand in
/// for nothing as one group).
fn skipped(bill: &BillSummary, check: &BilledAgainstPlanned) -> Vec<(String, u64, f64)> {
    let mut lines: Vec<(String, u64, f64)> = bill
        .skipped
        .iter()
        .map(|(reason, tally)| (reason.label().to_string(), tally.rows, tally.billed))
        .collect();
    // Every type that stands in for nothing, those the reader folded included.
    let (unmatched, folded) = fold::unmatched(check, bill);
    let types = unmatched.len() as u64 + folded.names;
    let (mut rows, mut cost) = (folded.rows, folded.billed);
    for (t, type_rows) in unmatched {
        rows += type_rows;
        cost += t.billed_cost;
    }
    if types > 0 {
        let what = SkipReason::UnknownInstanceType.label();
        let word = if types == 1 { "type" } else { "types" };
        let at_least = if folded.more_than { "more than " } else { "" };
        lines.push((
            format!(
                "{what} ({at_least}{} {word}; map them above)",
                format::number(types as f64, 0)
            ),
            rows,
            cost,
        ));
    }
    lines
}

fn skipped_view(bill: &BillSummary, lines: Vec<(String, u64, f64)>) -> Html {
    let money = |amount: f64| format!("{} {}", format::number(amount, 2), bill.currency);
    html! {
        <ul data-testid="focus-skipped">
            for (what, rows, billed) in lines {
                <li>{ format!("{what}: {}, {}", rows_word(rows), money(billed)) }</li>
            }
        </ul>
    }
}

/// The bill's provider against the scenario's, said before anything else, with the switch.
fn provider_view(
    check: &BilledAgainstPlanned,
    bill: &BillSummary,
    scenario: &str,
    catalog: &Catalog,
    dispatch: &Dispatch,
) -> Html {
    let ProviderMatch::Other(id) = check.provider else {
        return html! {};
    };
    let name = catalog.provider_name(scenario);
    let text = format!(
        "This bill is from {}, but the scenario is priced on {name}: its instance types are \
         matched against {name}'s stand-ins, so few or none of them match.",
        bill.provider.trim()
    );
    html! {
        <div class="warning" role="alert" data-testid="focus-other-provider">
            <p>{ text }</p>
            if let Some(id) = id {
                <button type="button" data-testid="focus-switch-provider"
                    onclick={click_change(dispatch, Change::SetProvider(id.to_string()))}>
                    { format!("Price the scenario on {} instead", catalog.provider_name(id)) }</button>
            } else {
                <p>{ "The calculator has no prices of that provider." }</p>
            }
        </div>
    }
}

/// The summary: period, provider, billed total, hours matched, the share of the plan's hours
/// the bill covers, rows not mapped.
fn summary_view(
    bill: &BillSummary,
    c: &BilledAgainstPlanned,
    calibration: &Result<Rc<BillCalibration>, String>,
    skipped_rows: u64,
) -> Html {
    let billed = match c.unconverted {
        true => format!("{} {}", format::number(c.billed_total, 2), bill.currency),
        false => format::money(c.billed_total, "USD", 1.0),
    };
    let matched = matched_words(c, bill);
    let share = match calibration {
        Ok(calibration) => percent(calibration.coverage.share()),
        Err(_) => "none".to_string(),
    };
    let provider = match bill.provider.trim() {
        "" => "not named".to_string(),
        name => name.to_string(),
    };
    let figures = [
        ("Period", "focus-period", bill.period()),
        ("Provider", "focus-provider", provider),
        ("Billed (all rows)", "focus-billed-total", billed),
        (
            "Hours matched to the course",
            "focus-matched-hours",
            matched,
        ),
        (
            "Share of the scenario's instance-hours",
            "focus-coverage",
            share,
        ),
        (
            "Rows the plan does not hold",
            "focus-skipped-rows",
            format::number(skipped_rows as f64, 0),
        ),
    ];
    html! {
        <>
            <dl class="figures" data-testid="focus-summary">
                for (name, testid, value) in figures { { figure(name, testid, value) } }
            </dl>
            if let Some(why) = resource_hours_words(c) {
                <p class="field-hint" data-testid="focus-hours-why">{ why }</p>
            }
        </>
    }
}

/// The worker reading a bill, if one is.
type Job = Rc<RefCell<Option<WorkerJob>>>;

/// Starts reading `file` in a worker of its own (fetched the first time), which tells the
/// progress and then the bill's sums; once read, the bill is the visit's open bill (it replaces
/// the one open, if any).
fn start(file: File, reading: UseStateHandle<Reading>, job: Job, dispatch: Dispatch) {
    let name = file.name();
    reading.set(Reading::Busy(name.clone(), None));
    let on_answer = {
        let (reading, name) = (reading.clone(), name.clone());
        move |answer: FromWorker| match answer {
            FromWorker::Progress(p) => reading.set(Reading::Busy(name.clone(), Some(p))),
            FromWorker::Bill(bill) => {
                dispatch.keep_bill(Some(OpenBill::new(name.clone(), Rc::new(*bill))));
                reading.set(Reading::Idle);
            }
            FromWorker::BillFailed(why) => {
                reading.set(Reading::Failed(format!("{why} The scenario is unchanged.")))
            }
            _ => {}
        }
    };
    let on_failure = {
        let reading = reading.clone();
        move |why: String| reading.set(Reading::Failed(format!("{why} The scenario is unchanged.")))
    };
    match WorkerJob::start(on_answer, on_failure) {
        Ok(worker) => {
            let packed = is_gzip(&name);
            worker.post(ToWorker::ReadBill { packed }, Some(file));
            *job.borrow_mut() = Some(worker);
        }
        Err(why) => reading.set(Reading::Failed(format!("{why} The scenario is unchanged."))),
    }
}

/// Opens a file (a new bill starts without a split by tag and without choices), unless a read
/// is going on.
fn opener(reading: UseStateHandle<Reading>, job: Job, dispatch: Dispatch) -> Callback<File> {
    Callback::from(move |file: File| {
        if !matches!(*reading, Reading::Busy(..)) {
            start(file, reading.clone(), job.clone(), dispatch.clone());
        }
    })
}

/// The open bill with `change` made to what the reader chose, kept for the visit.
fn rechoose(
    dispatch: &Dispatch,
    bill: &OpenBill,
    change: impl Fn(&mut OpenBill, String, String) + 'static,
) -> Callback<(String, String)> {
    let (dispatch, bill) = (dispatch.clone(), bill.clone());
    Callback::from(move |(a, b): (String, String)| {
        let mut next = bill.clone();
        change(&mut next, a, b);
        dispatch.keep_bill(Some(next));
    })
}

/// The tag picker's change: the bill's rows are split by the tag picked.
fn tag_picker(on_tag: Callback<(String, String)>) -> Callback<Event> {
    Callback::from(move |e: Event| {
        if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
            on_tag.emit((select.value(), String::new()));
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

/// The course resources a billed type can be mapped to: each instance resource the scenario
/// uses, (id, label).
fn mappable(state: &ScenarioHandle) -> Vec<(String, String)> {
    let mut resources: Vec<(String, String)> = Vec::new();
    for line in state.estimate.lines.iter().filter(|l| l.kind.is_instance()) {
        if !resources.iter().any(|(id, _)| *id == line.resource) {
            let label = state
                .catalog
                .resource(&line.resource)
                .map_or("", |r| r.label);
            resources.push((line.resource.clone(), label.to_string()));
        }
    }
    resources
}

/// The open bill's view: the other provider first, the summary, what Apply sets, then the
/// folded details; `busy` while the worker sets it against a change (Apply waits).
fn results(
    state: &ScenarioHandle,
    bill: &OpenBill,
    (chart, check, calibration): &Read,
    busy: bool,
) -> Html {
    let dispatch = state.dispatch();
    let confirmed = match (&bill.confirmed, calibration) {
        (Some(confirmed), Ok(c)) => Rc::ptr_eq(confirmed, c),
        _ => false,
    };
    let on_keep = rechoose(&dispatch, bill, |b, id, _| {
        match b.kept.iter().position(|k| *k == id) {
            Some(at) => drop(b.kept.remove(at)),
            None => b.kept.push(id),
        }
    });
    let on_map = rechoose(&dispatch, bill, |b, instance_type, resource| {
        b.mapped.retain(|(t, _)| *t != instance_type);
        if !resource.is_empty() {
            b.mapped.push((instance_type, resource));
        }
    });
    let current = calibration.as_ref().ok().cloned();
    let on_confirm = rechoose(&dispatch, bill, move |b, yes, _| {
        b.confirmed = current.clone().filter(|_| !yes.is_empty());
    });
    let on_tag = tag_picker(rechoose(&dispatch, bill, |b, tag, _| b.tag = tag));
    let on_apply = {
        let (dispatch, calibration) = (dispatch.clone(), calibration.clone());
        Callback::from(move |_: MouseEvent| {
            if let Ok(c) = &calibration {
                dispatch.calibrate_from_bill(c.clone(), confirmed);
            }
        })
    };
    let scenario = &state.scenario;
    let summary = &bill.summary;
    let lines = skipped(summary, check);
    let skipped_rows = lines.iter().map(|l| l.1).sum();
    let details = focus_actuals(&FocusActualsProps {
        bill: summary.clone(),
        check: check.clone(),
        chart: chart.clone(),
        tag: bill.tag.clone(),
        on_tag,
        currency: AttrValue::from(scenario.pricing.currency.clone()),
        usd_to_currency: scenario.pricing.usd_to_currency,
    });
    let props = BillCalibrationProps {
        calibration: calibration.clone(),
        check: check.clone(),
        resources: mappable(state),
        confirmed,
        on_keep: on_keep.reform(|id| (id, String::new())),
        on_map,
        on_confirm: on_confirm
            .reform(|yes: bool| (if yes { "y" } else { "" }.to_string(), String::new())),
        on_apply,
        busy,
    };
    let provider = &scenario.pricing.provider;
    let name = &bill.name;
    html! {
        <>
            if busy {
                <p class="field-hint" role="status" data-testid="focus-updating">
                    { "Updating for your change…" }</p>
            }
            { provider_view(check, summary, provider, state.catalog, &dispatch) }
            { summary_view(summary, check, calibration, skipped_rows) }
            { calibration_view(&props) }
            { fold("bill-details", &format!("Billed against planned: {name} per instance type, \
                per resource, by tag, and a chart"), false, details) }
            { fold("bill-skipped", &format!("What the bill holds that the plan does not ({})",
                rows_word(skipped_rows)), false, skipped_view(summary, lines)) }
        </>
    }
}

/// The file picker: a button-like label (the browser's own "No file chosen" would deny the
/// bill open), the open bill's name and its Close.
fn picker(
    open: Option<&OpenBill>,
    busy: bool,
    on_change: Callback<Event>,
    dispatch: &Dispatch,
) -> Html {
    let on_close = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.keep_bill(None))
    };
    html! {
        <>
            <label class="file-pick">{ if open.is_some() { "Open another bill" } else { "Open a bill" } }
                <input type="file" class="visually-hidden" accept=".csv,.gz,text/csv,application/gzip"
                    data-testid="focus-file" disabled={busy} onchange={on_change} />
            </label>
            if let Some(bill) = open {
                { " Open: " }<strong data-testid="focus-file-name">{ bill.name.clone() }</strong>{ " " }
                <button type="button" class="secondary small" data-testid="focus-close"
                    onclick={on_close}>{ "Close" }</button>
            } else {
                { " or drop it here." }
            }
        </>
    }
}

/// The panel.
#[component]
pub fn FocusPanel() -> Html {
    let state = use_scenario();
    let reading = use_state(|| Reading::Idle);
    let job: Job = use_mut_ref(|| None::<WorkerJob>);
    {
        // Leaving the panel ends a read's worker (a bill already read stays for the visit).
        let job = job.clone();
        use_effect_with((), move |_| move || drop(job.borrow_mut().take()));
    }
    let busy = matches!(*reading, Reading::Busy(..));
    let open = opener(reading.clone(), job.clone(), state.dispatch());
    let (on_change, on_drop) = pickers(open);
    let on_drag_over = Callback::from(|e: DragEvent| e.prevent_default());
    let on_cancel = {
        let (job, reading) = (job, reading.clone());
        Callback::from(move |_: MouseEvent| {
            // Ending the worker stops the read at once, and frees all it held.
            if job.borrow_mut().take().is_some() && matches!(*reading, Reading::Busy(..)) {
                reading.set(Reading::Failed(
                    "Reading was cancelled; the scenario is unchanged.".to_string(),
                ));
            }
        })
    };
    let bill = state.visit.bill.clone();
    let key = bill.as_ref().map(|b| CheckKey {
        scenario: state.scenario.clone(),
        bill: b.summary.clone(),
        kept: b.kept.clone(),
        mapped: b.mapped.clone(),
    });
    let shown = use_bill_check(key.clone());
    let results = match (&bill, &shown) {
        (Some(bill), Some(c)) => match &c.read {
            Ok(read) => results(&state, bill, read, key.as_ref() != Some(&c.key)),
            Err(why) => alert(None, why.clone()),
        },
        (Some(_), None) => html! {
            <p class="field-hint" role="status" data-testid="focus-checking">
                { "Setting the bill against the plan…" }</p>
        },
        _ => html! {},
    };
    html! {
        <section class="panel no-print" aria-labelledby="focus-title">
            <h2 id="focus-title">{ "Calibrate from your bill (a FOCUS export)" }</h2>
            <p class="panel-intro">
                { "Open the FOCUS cost-and-usage export of a past run of this course (AWS Data \
                  Exports, Azure Cost Management's FocusCost export or Google Cloud's FOCUS \
                  export; FOCUS 1.0 to 1.3, .csv or .csv.gz). It is read in this browser only: \
                  nothing is uploaded; it stays open while you visit the other views and is not \
                  kept when you leave the page." }
            </p>
            <div class="drop-zone" ondragover={on_drag_over} ondrop={on_drop}>
                { picker(bill.as_deref(), busy, on_change, &state.dispatch()) }
            </div>
            { match &*reading {
                Reading::Busy(name, progress) => progress_view(name, *progress, on_cancel),
                Reading::Failed(why) => alert(Some("focus-error"), why.clone()),
                Reading::Idle => html! {},
            } }
            { results }
        </section>
    }
}
