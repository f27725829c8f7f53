//! During the term (`fold-term`): open the bill so far (one FOCUS export, or several at once),
//! read in this browser only by the bill view's own reader and never kept; see its charges
//! placed on the course's weeks from the term's start date (a setting of the scenario), the
//! spend to date against the plan, the forecast of the rest of the term, when the budget runs
//! out, and a status paragraph to copy. The figures are the pure core's (`model::term`).

use std::cell::Cell;
use std::rc::Rc;

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::parts::alert;
use super::term_view;
use crate::browser::worker_client::read_bill;
use crate::browser::{address, clipboard};
use crate::charts::term::weeks_chart;
use crate::components::results::bar_chart::BarChartView;
use crate::model::calendar::{day_text, parse_day};
use crate::model::focus::calibrate::BillCalibration;
use crate::model::focus::BillSummary;
use crate::model::format;
use crate::model::scenario::field::FieldPath;
use crate::model::scenario::setting::Setting;
use crate::model::term::apply::observed_factors;
use crate::model::term::place::TermBill;
use crate::model::term::status::status;
use crate::model::term::{during_term, TermView};
use crate::state::{use_scenario, ScenarioHandle};

/// The files read, by name.
type Bills = Rc<Vec<(String, Rc<BillSummary>)>>;

/// Reading files: the one under way, or why the last read failed.
#[derive(Clone, PartialEq)]
enum Reading {
    Idle,
    Busy(String),
    Failed(String),
}

/// Reads `files` one after the other with the bill view's reader; all of them replace the
/// bills read before, or none does.
fn read_all(
    files: Vec<web_sys::File>,
    bills: UseStateHandle<Bills>,
    reading: UseStateHandle<Reading>,
    cancel: Rc<Cell<bool>>,
) {
    cancel.set(false);
    wasm_bindgen_futures::spawn_local(async move {
        let mut read = Vec::new();
        for file in files {
            let name = file.name();
            reading.set(Reading::Busy(name.clone()));
            let result = read_bill(file).await;
            // The panel was closed while the worker read: nothing is left to show it.
            if cancel.get() {
                return;
            }
            match result {
                Ok(bill) => read.push((name, Rc::new(bill))),
                Err(why) => {
                    reading.set(Reading::Failed(format!("{name}: {why}")));
                    return;
                }
            }
        }
        bills.set(Rc::new(read));
        reading.set(Reading::Idle);
    });
}

/// The date field of the term's start: a change is one edit of the setting.
fn start_field(state: &ScenarioHandle) -> Html {
    let day = state.scenario.planning.term_start_day.round() as i64;
    let dispatch = state.dispatch();
    let onchange = Callback::from(move |e: Event| {
        let Some(input) = e.target_dyn_into::<HtmlInputElement>() else {
            return;
        };
        if let Some(day) = parse_day(&input.value()) {
            let field = FieldPath::Setting(Setting::TermStartDay);
            dispatch.edit_number(field, day.to_string());
            dispatch.finish_edit(field);
        }
    });
    let label = Setting::TermStartDay.field().label;
    html! {
        <p><label>{ format!("{label} ") }
            <input type="date" data-testid="term-start-input" value={day_text(day)} {onchange} />
        </label></p>
    }
}

/// The tag picker, when the bill has tags.
fn tag_field(view: &TermView, tag: &UseStateHandle<String>) -> Html {
    if view.tags.is_empty() {
        return html! {};
    }
    let chosen = view.placement.tag.clone().unwrap_or_default();
    let tag = tag.clone();
    let onchange = Callback::from(move |e: Event| {
        if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
            tag.set(select.value());
        }
    });
    html! {
        <p><label>{ "Labs from the tag " }
            <select data-testid="term-tag" {onchange}>
                for (key, _) in &view.tags {
                    <option value={key.clone()} selected={*key == chosen}>{ key.clone() }</option>
                }
            </select>
        </label></p>
    }
}

/// Apply the observed factors: one undoable step, after a confirmation when it is drastic.
fn apply_view(
    state: &ScenarioHandle,
    calibration: &Result<Rc<BillCalibration>, String>,
    confirmed: &UseStateHandle<Option<Rc<BillCalibration>>>,
) -> Html {
    let c = match calibration {
        Ok(c) => c.clone(),
        Err(why) => {
            return html! { <p data-testid="term-apply-none">{ format!("Nothing to apply: {why}.") }</p> }
        }
    };
    let is_confirmed = confirmed.as_ref().is_some_and(|k| Rc::ptr_eq(k, &c));
    let on_confirm = {
        let (confirmed, c) = (confirmed.clone(), c.clone());
        Callback::from(move |e: Event| {
            let on = e
                .target_dyn_into::<HtmlInputElement>()
                .is_some_and(|i| i.checked());
            confirmed.set(on.then(|| c.clone()));
        })
    };
    let on_apply = {
        let (dispatch, c) = (state.dispatch(), c.clone());
        Callback::from(move |_: MouseEvent| dispatch.calibrate_from_bill(c.clone(), is_confirmed))
    };
    html! {
        <div data-testid="term-apply-box">
            if let Some(warning) = c.warning() {
                <div class="warning" role="alert" data-testid="term-warning">
                    <p>{ warning }</p>
                    <label><input type="checkbox" data-testid="term-confirm" checked={is_confirmed}
                        onchange={on_confirm} />{ " Apply anyway" }</label>
                </div>
            }
            <button type="button" data-testid="term-apply" onclick={on_apply}
                disabled={c.needs_confirmation() && !is_confirmed}>
                { "Apply the observed factors (one step; Undo brings the plan back)" }</button>
        </div>
    }
}

/// The status paragraph and its Copy button.
fn status_view(text: &str, copied: &UseStateHandle<Option<bool>>) -> Html {
    let onclick = {
        let (copied, text) = (copied.clone(), text.to_string());
        Callback::from(move |_: MouseEvent| {
            let (copied, text) = (copied.clone(), text.clone());
            wasm_bindgen_futures::spawn_local(async move {
                copied.set(Some(clipboard::copy(&text).await));
            });
        })
    };
    html! {
        <div class="term-status">
            <p data-testid="term-status">{ text.to_string() }</p>
            <button type="button" class="secondary" data-testid="term-copy" {onclick}>{ "Copy the status" }</button>
            { match **copied {
                Some(true) => html! { <span role="status" data-testid="term-copied">{ " Copied." }</span> },
                Some(false) => html! { <span role="status" data-testid="term-copied">{ " The browser did not allow copying: select the paragraph and copy it." }</span> },
                None => html! {},
            } }
        </div>
    }
}

/// The file picker's change: reads the files picked, unless a read is under way.
fn file_opener(
    bills: UseStateHandle<Bills>,
    reading: UseStateHandle<Reading>,
    cancel: Rc<Cell<bool>>,
) -> Callback<Event> {
    Callback::from(move |e: Event| {
        let Some(input) = e.target_dyn_into::<HtmlInputElement>() else {
            return;
        };
        let list = input.files();
        let files: Vec<web_sys::File> = (0..list.as_ref().map_or(0, |l| l.length()))
            .filter_map(|i| list.as_ref().and_then(|l| l.get(i)))
            .collect();
        input.set_value("");
        if !files.is_empty() && !matches!(*reading, Reading::Busy(_)) {
            read_all(files, bills.clone(), reading.clone(), cancel.clone());
        }
    })
}

/// The panel's own state that its results change.
struct Held<'a> {
    tag: &'a UseStateHandle<String>,
    confirmed: &'a UseStateHandle<Option<Rc<BillCalibration>>>,
    copied: &'a UseStateHandle<Option<bool>>,
}

/// The bill placed: what falls outside, the figures, the chart, the tables, Apply, the status.
fn results_view(
    state: &ScenarioHandle,
    view: &TermView,
    calibration: &Result<Rc<BillCalibration>, String>,
    held: &Held<'_>,
    money: &dyn Fn(f64) -> String,
    text: &str,
) -> Html {
    let pricing = &state.scenario.pricing;
    let chart = Rc::new(weeks_chart(
        &view.forecast,
        &pricing.currency,
        pricing.usd_to_currency,
    ));
    let outside = view.placement.outside(money);
    html! {
        <>
            if let Some(outside) = outside {
                <p class="warning" role="alert" data-testid="term-outside">{ outside }</p>
            }
            { tag_field(view, held.tag) }
            { term_view::summary(view, money) }
            <BarChartView chart={chart} testid={"chart-term-weeks"} height={260} />
            { term_view::labs(view, money) }
            { term_view::parts(view, money) }
            { term_view::runway(view, money) }
            { apply_view(state, calibration, held.confirmed) }
            { status_view(text, held.copied) }
        </>
    }
}

/// The panel.
#[component]
pub fn TermPanel() -> Html {
    let state = use_scenario();
    let bills = use_state(Bills::default);
    let reading = use_state(|| Reading::Idle);
    let tag = use_state(String::new);
    let confirmed = use_state(|| None::<Rc<BillCalibration>>);
    let copied = use_state(|| None::<bool>);
    let cancel = use_memo((), |_| Rc::new(Cell::new(false)));
    {
        // Leaving the panel stops a read.
        let cancel = (*cancel).clone();
        use_effect_with((), move |_| move || cancel.set(true));
    }
    let on_files = file_opener(bills.clone(), reading.clone(), (*cancel).clone());
    let (catalog, scenario) = (state.catalog, state.scenario.clone());
    let computed = use_memo(
        (scenario, (*bills).clone(), (*tag).clone()),
        move |(s, bills, tag)| {
            if bills.is_empty() {
                return None;
            }
            let bill = TermBill::of(bills.iter().map(|(_, b)| b.as_ref()));
            let tag = (!tag.is_empty()).then_some(tag.as_str());
            Some(during_term(&bill, s, catalog, tag).map(|view| {
                let calibration = observed_factors(&bill, &view.placement, s).map(Rc::new);
                (Rc::new(view), calibration)
            }))
        },
    );
    let (currency, rate) = (
        state.scenario.pricing.currency.clone(),
        state.scenario.pricing.usd_to_currency,
    );
    let money = move |usd: f64| format::money(usd, &currency, rate);
    let status_text = match &*computed {
        Some(Ok((view, _))) => Some(status(
            &view.placement,
            &view.forecast,
            &view.runway,
            &money,
            "",
        )),
        _ => None,
    };
    {
        let dispatch = state.dispatch();
        use_effect_with(status_text.clone(), move |text| {
            dispatch.term_status(text.clone())
        });
    }
    let link = format!("{}#{}", address::base(), state.share_fragment());
    let results = match &*computed {
        None => html! {},
        Some(Err(why)) => alert(
            Some("term-error"),
            format!("The bill cannot be placed: {why}."),
        ),
        Some(Ok((view, calibration))) => {
            let text = format!("{} Scenario: {link}", status_text.unwrap_or_default());
            let held = Held {
                tag: &tag,
                confirmed: &confirmed,
                copied: &copied,
            };
            results_view(&state, view, calibration, &held, &money, &text)
        }
    };
    let files_read: Vec<String> = bills.iter().map(|(n, _)| n.clone()).collect();
    html! {
        <section class="panel" aria-labelledby="term-title" data-testid="term-panel">
            <h2 id="term-title">{ "During the term: the bill so far, and a forecast" }</h2>
            <p class="panel-intro">
                { "Open the FOCUS export of this term so far (one file, or several at once). It is \
                  read in this browser only and not kept. Its charges are placed on the course's \
                  weeks by their charge period; the forecast runs the rest of the term at the \
                  plan's schedule, each resource at its ratio so far." }
            </p>
            { start_field(&state) }
            <p><label>{ "Open the bill so far " }
                <input type="file" multiple=true accept=".csv,.gz,text/csv,application/gzip"
                    data-testid="term-files" disabled={matches!(*reading, Reading::Busy(_))} onchange={on_files} />
            </label></p>
            { match &*reading {
                Reading::Busy(name) => html! { <p role="status" data-testid="term-progress">{ format!("Reading {name}...") }</p> },
                Reading::Failed(why) => alert(Some("term-read-error"), format!("{why} The bills read before are kept.")),
                Reading::Idle => html! {},
            } }
            if !files_read.is_empty() {
                <p data-testid="term-files-read">{ format!("Read: {}.", files_read.join(", ")) }</p>
            }
            { results }
        </section>
    }
}
