//! Labs: add, remove, rename and reorder them; their options and each option's resources.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::components::course::uses_table::{uses_table, UseRow, UsesSite};
use crate::components::inputs::click_change;
use crate::components::inputs::notice::field_hint;
use crate::components::inputs::number_input::NumberInput;
use crate::components::page::later::{in_slices, later_inside, AFTER_ROWS};
use crate::model::edit::change::Change;
use crate::model::scenario::course::{Lab, LabOption};
use crate::model::scenario::field::{FieldPath, LabField, UseSite};
use crate::state::{use_scenario_if, when, Dispatch};

fn text_of(event: InputEvent) -> String {
    event.target_unchecked_into::<HtmlInputElement>().value()
}

/// Option `option` of lab `lab` (named `lab_name`; `only` when it is the lab's one option): its
/// name, its share of the students and its resources.
fn option_editor(
    dispatch: &Dispatch,
    lab: usize,
    option: usize,
    lab_option: &LabOption,
    lab_name: &str,
    only: bool,
) -> Html {
    let where_ = format!("{}, option {}", lab_name, option + 1);
    let on_rename = dispatch.change_with(move |e: InputEvent| Change::RenameOption {
        lab,
        option,
        name: text_of(e),
    });
    let on_remove = click_change(dispatch, Change::RemoveOption { lab, option });
    html! {
        <div class="lab-option" key={option}>
            <div class="row">
                <label class="inline">
                    <span>{ "Option" }</span>
                    <input type="text" maxlength="120" value={lab_option.name.clone()}
                        aria-label={format!("{where_}: name")} oninput={on_rename} />
                </label>
                if !only {
                    <button type="button" class="secondary small" onclick={on_remove}
                        aria-label={format!("Remove option {} of {}", option + 1, lab_name)}>{ "Remove option" }</button>
                }
            </div>
            if !only {
                <NumberInput field={FieldPath::lab_share(lab, option)} value={lab_option.share_pct}
                    label={format!("{where_}: students taking it")} unit="% of students" step=5.0
                    slider={Some((0.0, 100.0))}
                    hint="The lab's other options adjust so shares add up to 100%." />
            }
            { uses_table(
                &UsesSite {
                    dispatch: dispatch.clone(),
                    site: UseSite::Lab { lab, option },
                    where_label: &where_,
                    hours_heading: "Hours per student",
                    hours_label: "planned hours per student",
                },
                &lab_option.uses.iter().map(|u| UseRow::of(u, "")).collect::<Vec<_>>(),
            ) }
        </div>
    }
}

/// The field of a lab's week `field` at `week`, labelled `label` (weeks count from 1).
fn week_field(field: FieldPath, week: f64, label: String) -> Html {
    html! { <NumberInput {field} value={week} {label} unit="week" min=1.0 /> }
}

/// Lab `lab` of the course (`last` when it cannot move down), its details shown while `open`;
/// `on_toggle` shows or hides them.
fn lab_editor(
    dispatch: &Dispatch,
    lab: usize,
    course_lab: &Lab,
    last: bool,
    open: bool,
    on_toggle: &Callback<usize>,
) -> Html {
    // Labels name the lab itself, so they stay right when labs are reordered or numbered
    // unlike their positions.
    let title = if course_lab.name.trim().is_empty() {
        format!("Lab {}", lab + 1)
    } else {
        course_lab.name.clone()
    };
    let details_id = format!("lab-details-{lab}");
    let on_toggle = on_toggle.reform(move |_: MouseEvent| lab);
    let on_rename = dispatch.change_with(move |e: InputEvent| Change::RenameLab {
        lab,
        name: text_of(e),
    });
    let move_to = |to: usize| click_change(dispatch, Change::MoveLab { from: lab, to });
    let (on_up, on_down) = (move_to(lab.saturating_sub(1)), move_to(lab + 1));
    let on_remove = click_change(dispatch, Change::RemoveLab(lab));
    let on_add_option = click_change(dispatch, Change::AddOption { lab });
    let only = course_lab.options.len() == 1;
    html! {
        <fieldset class="lab" data-testid="lab-editor" key={lab}>
            <legend class="visually-hidden">{ course_lab.name.clone() }</legend>
            <div class="row">
                <label class="inline grow">
                    <span class="visually-hidden">{ "Name" }</span>
                    <input type="text" maxlength="120" value={course_lab.name.clone()}
                        data-testid="lab-name" aria-label={format!("{title}: name")} oninput={on_rename} />
                </label>
                <div class="buttons">
                    <button type="button" class="secondary small" disabled={lab == 0} onclick={on_up}
                        aria-label={format!("Move {title} up")}>{ "Up" }</button>
                    <button type="button" class="secondary small" disabled={last} onclick={on_down}
                        aria-label={format!("Move {title} down")}>{ "Down" }</button>
                    <button type="button" class="secondary small" data-testid="remove-lab" onclick={on_remove}
                        aria-label={format!("Remove {title}")}>{ "Remove" }</button>
                    <button type="button" class="secondary small" data-testid="toggle-lab"
                        aria-expanded={if open { "true" } else { "false" }} aria-controls={details_id.clone()}
                        onclick={on_toggle}>{ if open { "Hide details" } else { "Edit details" } }</button>
                </div>
            </div>
            if open {
            <div id={details_id}>
            if !course_lab.note.is_empty() {
                { field_hint(course_lab.note.clone()) }
            }
            <div class="row weeks">
                { week_field(FieldPath::Lab { lab, field: LabField::StartWeek }, course_lab.start_week,
                    format!("{title}: released in week")) }
                { week_field(FieldPath::Lab { lab, field: LabField::DueWeek }, course_lab.due_week,
                    format!("{title}: due in week")) }
            </div>
            for (index, option) in course_lab.options.iter().enumerate() {
                { option_editor(dispatch, lab, index, option, &title, only) }
            }
            <button type="button" class="secondary small" onclick={on_add_option}>
                { "Add an option (another way to do this lab)" }
            </button>
            </div>
            } else {
                { field_hint(lab_summary(course_lab)) }
            }
        </fieldset>
    }
}

/// One line for a collapsed lab: its weeks and what it uses.
fn lab_summary(lab: &Lab) -> String {
    let uses: usize = lab.options.iter().map(|o| o.uses.len()).sum();
    format!(
        "Weeks {}-{}; {} option{}, {} resource{}.",
        lab.start_week,
        lab.due_week,
        lab.options.len(),
        if lab.options.len() == 1 { "" } else { "s" },
        uses,
        if uses == 1 { "" } else { "s" },
    )
}

/// Labs drawn per task during the start (page::later): each takes about a millisecond on a
/// fast machine, several on a phone.
const LABS_PER_SLICE: usize = 3;

/// Every lab of the course; one lab's details are open at a time, so the list stays short.
#[component]
pub fn LabsEditor() -> Html {
    let state = use_scenario_if(when(|before, now| {
        before.scenario.course.labs != now.scenario.course.labs
    }));
    let labs = &state.scenario.course.labs;
    let open = use_state(|| None::<usize>);
    let dispatch = state.dispatch();
    let on_toggle = {
        let open = open.clone();
        Callback::from(move |lab: usize| {
            open.set(if *open == Some(lab) { None } else { Some(lab) })
        })
    };
    let on_add = {
        let dispatch = dispatch.clone();
        let (open, count) = (open.clone(), labs.len());
        Callback::from(move |_: MouseEvent| {
            dispatch.change(Change::AddLab);
            open.set(Some(count));
        })
    };
    let rows: Vec<Html> = labs
        .iter()
        .enumerate()
        .map(|(index, lab)| {
            let (last, shown) = (index + 1 == labs.len(), *open == Some(index));
            lab_editor(&dispatch, index, lab, last, shown, &on_toggle)
        })
        .collect();
    html! {
        <section class="panel no-print" aria-labelledby="labs-title">
            <h2 id="labs-title">{ format!("Labs ({})", labs.len()) }</h2>
            <p class="panel-intro">
                { "Planned use per student. A lab can have options (e.g. A100 or V100 nodes) \
                  taken by a share of the students; storage counts GB instead of instances." }
            </p>
            // During the start, a few labs per task; the first few with the panel.
            { in_slices(&rows, LABS_PER_SLICE) }
            // After the last lab, so no slice of labs moves it.
            { later_inside(AFTER_ROWS, html! {
                <button type="button" data-testid="add-lab" onclick={on_add}>{ "Add a lab" }</button>
            }) }
        </section>
    }
}
