//! What a bill sets (`focus-calibration`): per course resource, the bill's hours beside the
//! scenario's and the factor before and after (`focus-formulas`, in a fold), a stand-in the bill
//! has no hours of flagged with the choice to keep it, billed instance types that stand in for
//! nothing mapped to a course resource, and Apply, which waits for a confirmation when a factor
//! would go to 0 or move more than tenfold, or the bill is of another provider.

use std::rc::Rc;

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::parts::alert;
use crate::components::page::fold::fold;
use crate::model::focus::calibrate::{times, BillCalibration, FactorRow, Outcome};
use crate::model::focus::compare::BilledAgainstPlanned;
use crate::model::format;

/// What [`calibration_view`] shows.
pub(super) struct BillCalibrationProps {
    /// What Apply would set, or why the bill cannot calibrate the plan.
    pub(super) calibration: Result<Rc<BillCalibration>, String>,
    /// The bill set against the scenario.
    pub(super) check: Rc<BilledAgainstPlanned>,
    /// The course resources a billed type can be mapped to: (id, label).
    pub(super) resources: Vec<(String, String)>,
    /// The user confirmed the calibration's warning.
    pub(super) confirmed: bool,
    /// Keep (or stop keeping) the hours of a resource the bill has none of (its id).
    pub(super) on_keep: Callback<String>,
    /// Count a billed type's hours as a resource's: (type, resource id; "" for none).
    pub(super) on_map: Callback<(String, String)>,
    /// The confirmation's checkbox.
    pub(super) on_confirm: Callback<bool>,
    /// Apply.
    pub(super) on_apply: Callback<MouseEvent>,
    /// The worker is setting the bill against a change: Apply waits for it.
    pub(super) busy: bool,
}

/// Most billed types offered for mapping (those with the most hours).
const MAPPED_SHOWN: usize = 50;

fn hours(value: f64) -> String {
    format!("{} h", format::number(value, 1))
}

/// What Apply does to a row's factor, in words.
fn step(row: &FactorRow) -> String {
    match row.outcome {
        Outcome::Follows => format!(
            "{} × {} = {}",
            times(row.from),
            row.ratio().map_or("from 0".to_string(), |r| times(r)
                .trim_start_matches('×')
                .to_string()),
            times(row.to)
        ),
        Outcome::Unbilled { kept: true } => format!("kept at {}", times(row.from)),
        Outcome::Unbilled { kept: false } => format!("{} → ×0 (none billed)", times(row.from)),
        Outcome::NothingPlanned => "kept: the plan has none of it to scale".to_string(),
        Outcome::TooLarge => "kept: the bill's hours would pass the largest factor".to_string(),
    }
}

/// One resource's row; a resource the bill has no hours of has the "keep" checkbox.
fn factor_row(row: &FactorRow, on_keep: &Callback<String>) -> Html {
    let keep = match row.outcome {
        Outcome::Unbilled { kept } => {
            let (on_keep, id) = (on_keep.clone(), row.resource.clone());
            html! {
                <label><input type="checkbox" checked={kept}
                    data-testid={format!("focus-keep-{}", row.resource)}
                    onchange={Callback::from(move |_: Event| on_keep.emit(id.clone()))} />
                    { " keep its hours" }</label>
            }
        }
        _ => html! {},
    };
    let flagged = matches!(row.outcome, Outcome::Unbilled { .. });
    html! {
        <tr data-testid={format!("focus-factor-{}", row.resource)}>
            <th scope="row">{ format!("{} ({})", row.label, row.resource) }</th>
            <td>{ row.instance_type.clone() }</td>
            <td class="num">{ if flagged { "none".to_string() } else { hours(row.billed_hours) } }</td>
            <td class="num">{ hours(row.scenario_hours) }</td>
            <td class="num">{ step(row) }</td>
            <td>{ keep }</td>
        </tr>
    }
}

/// The per-resource table, and the storage line.
fn factor_table(c: &BillCalibration, on_keep: &Callback<String>) -> Html {
    let storage = match c.storage_ratio {
        Some(r) => format!(
            "Storage: {} GB-months billed / {} in the scenario: both storage factors {}.",
            format::number(c.storage.billed, 1),
            format::number(c.storage.planned, 1),
            times(r)
        ),
        None => "Storage: kept (the bill has no storage, or the plan none).".to_string(),
    };
    html! {
        <>
            <table class="data-table" data-testid="focus-formulas">
                <caption>{ "Each resource's factor multiplies its kind's overrun factors in labs and \
                    project alike: billed hours / scenario hours is the multiplier applied." }</caption>
                <thead><tr>
                    <th scope="col">{ "Course resource" }</th><th scope="col">{ "Stand-in" }</th>
                    <th scope="col">{ "Billed" }</th><th scope="col">{ "Scenario" }</th>
                    <th scope="col">{ "Factor: now × billed / scenario = after" }</th><th scope="col">{ "Keep" }</th>
                </tr></thead>
                <tbody>
                    for row in c.rows.iter() { { factor_row(row, on_keep) } }
                </tbody>
            </table>
            <p class="field-hint">{ storage }</p>
        </>
    }
}

/// Billed types that stand in for nothing (or are mapped), each with a picker of the course
/// resource whose hours it counts as.
fn mapping(props: &BillCalibrationProps) -> Html {
    let types: Vec<_> = props
        .check
        .types
        .iter()
        .filter(|t| t.resources.is_empty() || t.mapped_to.is_some())
        .collect();
    if types.is_empty() {
        return html! {};
    }
    // The types with the most hours first (as billed); the rest summed.
    let rest = &types[types.len().min(MAPPED_SHOWN)..];
    let more = (!rest.is_empty()).then(|| {
        let hours_left: f64 = rest.iter().map(|t| t.billed_hours).sum();
        format!("and {} more types, {}", rest.len(), hours(hours_left))
    });
    let body = html! {
        <ul data-testid="focus-unmatched">
            for t in types.iter().take(MAPPED_SHOWN) {
                { map_row(&t.instance_type, t.billed_hours, t.mapped_to.as_deref(), props) }
            }
            if let Some(more) = more { <li>{ more }</li> }
        </ul>
    };
    let title = format!(
        "Billed instance types that stand in for nothing: count them as a course resource ({})",
        props.check.unmatched().count()
    );
    fold("bill-unmatched", &title, false, body)
}

fn map_row(
    instance_type: &str,
    billed: f64,
    mapped: Option<&str>,
    props: &BillCalibrationProps,
) -> Html {
    let on_map = props.on_map.clone();
    let key = instance_type.to_string();
    let on_change = Callback::from(move |e: Event| {
        if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
            on_map.emit((key.clone(), select.value()));
        }
    });
    html! {
        <li>
            <label>{ format!("{instance_type} ({}) counts as ", hours(billed)) }
                <select data-testid={format!("focus-map-{instance_type}")} onchange={on_change}>
                    <option value="" selected={mapped.is_none()}>{ "nothing in the plan" }</option>
                    for (id, label) in props.resources.iter() {
                        <option value={id.clone()} selected={mapped == Some(id.as_str())}>
                            { format!("{label} ({id}), one hour for one") }</option>
                    }
                </select>
            </label>
        </li>
    }
}

/// The warning, its confirmation and Apply.
fn apply(c: &BillCalibration, props: &BillCalibrationProps) -> Html {
    let warning = c.warning();
    let blocked = props.busy || (warning.is_some() && !props.confirmed);
    let on_confirm = props.on_confirm.clone();
    let confirm = Callback::from(move |e: Event| {
        if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
            on_confirm.emit(input.checked());
        }
    });
    html! {
        <>
            if let Some(warning) = warning {
                <div class="warning" role="alert" data-testid="focus-warning">
                    <p>{ warning }</p>
                    <label><input type="checkbox" data-testid="focus-confirm" checked={props.confirmed}
                        onchange={confirm} />{ " I have read this: apply it anyway (Undo takes it back)" }</label>
                </div>
            }
            <button type="button" data-testid="focus-apply" disabled={blocked}
                onclick={props.on_apply.clone()}>{ "Apply the bill's factors" }</button>
        </>
    }
}

/// What Apply does, in one line: how many resources follow the bill, go to 0, are kept.
fn tally(c: &BillCalibration) -> String {
    let count = |f: fn(&Outcome) -> bool| c.rows.iter().filter(|r| f(&r.outcome)).count();
    let follow = count(|o| *o == Outcome::Follows);
    let zero = count(|o| *o == Outcome::Unbilled { kept: false });
    let kept = c.rows.len() - follow - zero;
    let mut text = format!(
        "Apply makes {follow} of the scenario's {} resources follow the bill",
        c.rows.len()
    );
    if zero > 0 {
        text.push_str(&format!(
            " and sets {zero} with no billed hours to 0 (tick \"keep its hours\" in the table to \
             keep one)"
        ));
    }
    if kept > 0 {
        text.push_str(&format!("; {kept} kept as they are"));
    }
    text.push('.');
    text
}

/// The calibration block.
pub(super) fn calibration_view(props: &BillCalibrationProps) -> Html {
    let body = match &props.calibration {
        Ok(c) => {
            let title = format!("What Apply sets, per resource ({})", c.rows.len());
            html! {
                <>
                    <p data-testid="focus-apply-summary">{ tally(c) }</p>
                    { fold("bill-factors", &title, false, factor_table(c, &props.on_keep)) }
                    { mapping(props) }
                    <p class="field-hint">{ format!("The changed factors will say \"{}\"; links and \
                        drafts keep that note, never the bill.", c.note.text) }</p>
                    { apply(c, props) }
                </>
            }
        }
        Err(why) => html! {
            <>
                { alert(None, format!("This bill cannot calibrate the plan: {why}.")) }
                { mapping(props) }
            </>
        },
    };
    html! {
        <div data-testid="focus-calibration">
            <h3>{ "Calibrate to the bill" }</h3>
            { body }
        </div>
    }
}
