//! Labs: add, remove, rename and reorder them; their options and each option's resources.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::components::course::uses_table::{UseRow, UsesTable};
use crate::components::NumberInput;
use crate::model::edit::change::Change;
use crate::model::scenario::course::{Lab, LabOption};
use crate::model::scenario::field::{FieldPath, LabField, UseSite};
use crate::state::{use_scenario, Dispatch};

fn text_of(event: InputEvent) -> String {
    event.target_unchecked_into::<HtmlInputElement>().value()
}

/// Props of [`OptionEditor`].
#[derive(Properties, PartialEq)]
struct OptionEditorProps {
    dispatch: Dispatch,
    lab: usize,
    index: usize,
    option: LabOption,
    lab_name: AttrValue,
    only: bool,
}

#[component]
fn OptionEditor(props: &OptionEditorProps) -> Html {
    let state = &props.dispatch;
    let (lab, option) = (props.lab, props.index);
    let where_ = format!("{}, option {}", props.lab_name, option + 1);
    let on_rename = state.change_with(move |e: InputEvent| Change::RenameOption {
        lab,
        option,
        name: text_of(e),
    });
    let on_remove = state.change_with(move |_: MouseEvent| Change::RemoveOption { lab, option });
    html! {
        <div class="lab-option">
            <div class="row">
                <label class="inline">
                    <span>{ "Option" }</span>
                    <input type="text" maxlength="120" value={props.option.name.clone()}
                        aria-label={format!("{where_}: name")} oninput={on_rename} />
                </label>
                if !props.only {
                    <button type="button" class="secondary small" onclick={on_remove}
                        aria-label={format!("Remove option {} of {}", option + 1, props.lab_name)}>{ "Remove option" }</button>
                }
            </div>
            if !props.only {
                <NumberInput
                    field={FieldPath::lab_share(lab, option)}
                    value={props.option.share_pct}
                    label={format!("{where_}: students taking it")}
                    unit="% of students"
                    step={5.0}
                    slider={Some((0.0, 100.0))}
                    hint="The lab's other options adjust so shares add up to 100%."
                />
            }
            <UsesTable dispatch={props.dispatch.clone()} site={UseSite::Lab { lab, option }}
                rows={props.option.uses.iter().map(|u| UseRow::of(u, "")).collect::<Vec<_>>()}
                where_label={where_.clone()} hours_heading="Hours per student"
                hours_label="planned hours per student" />
        </div>
    }
}

/// Props of [`LabEditor`].
#[derive(Properties, PartialEq)]
struct LabEditorProps {
    dispatch: Dispatch,
    index: usize,
    lab: Lab,
    last: bool,
}

#[component]
fn LabEditor(props: &LabEditorProps) -> Html {
    let state = &props.dispatch;
    let lab = props.index;
    let title = format!("Lab {}", lab + 1);
    let on_rename = state.change_with(move |e: InputEvent| Change::RenameLab {
        lab,
        name: text_of(e),
    });
    let on_up = state.change_with(move |_: MouseEvent| Change::MoveLab {
        from: lab,
        to: lab.saturating_sub(1),
    });
    let on_down = state.change_with(move |_: MouseEvent| Change::MoveLab {
        from: lab,
        to: lab + 1,
    });
    let on_remove = state.change_with(move |_: MouseEvent| Change::RemoveLab(lab));
    let on_add_option = state.change_with(move |_: MouseEvent| Change::AddOption { lab });
    let only = props.lab.options.len() == 1;
    html! {
        <fieldset class="lab" data-testid="lab-editor">
            <legend>{ props.lab.name.clone() }</legend>
            <div class="row">
                <label class="inline grow">
                    <span>{ "Name" }</span>
                    <input type="text" maxlength="120" value={props.lab.name.clone()}
                        data-testid="lab-name" aria-label={format!("{title}: name")} oninput={on_rename} />
                </label>
                <div class="buttons">
                    <button type="button" class="secondary small" disabled={lab == 0} onclick={on_up}
                        aria-label={format!("Move {title} up")}>{ "Up" }</button>
                    <button type="button" class="secondary small" disabled={props.last} onclick={on_down}
                        aria-label={format!("Move {title} down")}>{ "Down" }</button>
                    <button type="button" class="secondary small" data-testid="remove-lab" onclick={on_remove}
                        aria-label={format!("Remove {title}")}>{ "Remove" }</button>
                </div>
            </div>
            if !props.lab.note.is_empty() {
                <p class="field-hint">{ props.lab.note.clone() }</p>
            }
            <div class="row weeks">
                <NumberInput field={FieldPath::Lab { lab, field: LabField::StartWeek }} value={props.lab.start_week}
                    label={format!("{title}: released in week")} unit="week" step={1.0} min={1.0} />
                <NumberInput field={FieldPath::Lab { lab, field: LabField::DueWeek }} value={props.lab.due_week}
                    label={format!("{title}: due in week")} unit="week" step={1.0} min={1.0} />
            </div>
            for (index, option) in props.lab.options.iter().enumerate() {
                <OptionEditor key={index} dispatch={props.dispatch.clone()} lab={lab} index={index} option={option.clone()}
                    lab_name={title.clone()} only={only} />
            }
            <button type="button" class="secondary small" onclick={on_add_option}>
                { "Add an option (another way to do this lab)" }
            </button>
        </fieldset>
    }
}

/// Every lab of the course.
#[component]
pub fn LabsEditor() -> Html {
    let state = use_scenario();
    let labs = &state.scenario.course.labs;
    let on_add = state.dispatch().change_with(|_: MouseEvent| Change::AddLab);
    html! {
        <section class="panel no-print" aria-labelledby="labs-title">
            <h2 id="labs-title">{ format!("Labs ({})", labs.len()) }</h2>
            <p class="panel-intro">
                { "Planned use per student. A lab can have options (e.g. A100 or V100 nodes) taken by a \
                   share of the students; storage counts GB instead of instances." }
            </p>
            for (index, lab) in labs.iter().enumerate() {
                <LabEditor key={index} dispatch={state.dispatch()} index={index} lab={lab.clone()} last={index + 1 == labs.len()} />
            }
            <button type="button" data-testid="add-lab" onclick={on_add}>{ "Add a lab" }</button>
        </section>
    }
}
