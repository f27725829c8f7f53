//! Enrollment, group size and term: the course's shape, and the preset it starts from.

use yew::prelude::*;

use crate::components::course::scenario_title::scenario_title;
use crate::components::inputs::notice::field_hint;
use crate::components::inputs::select::{options, Select};
use crate::components::inputs::setting_input::{no_hint, setting_inputs};
use crate::components::page::later::later_inside;
use crate::model::plural::plural;
use crate::model::presets::current_presets;
use crate::model::scenario::field::Setting;
use crate::model::scenario::setting_field::Section;
use crate::state::{use_scenario_if, when, ScenarioHandle};

/// Picks a preset; shows what the loaded one is.
fn preset_picker(state: &ScenarioHandle) -> Html {
    let presets: Vec<_> = current_presets().map(Iterator::collect).unwrap_or_default();
    let on_change = {
        let state = state.clone();
        Callback::from(move |id: String| state.dispatch().load_preset(id))
    };
    let current = state.preset.map(|p| p.id).unwrap_or_default();
    // A scenario from an old link starts from an archived version: named, not left blank.
    let archived = state.origin.archived.then_some(state.origin);
    let edited = match archived {
        Some(origin) => format!("Your edited scenario, from {}", origin.label()),
        None => "Your edited scenario".to_string(),
    };
    let hint = match (state.preset, archived) {
        (None, _) => "Edited: pick a preset to start again from it.".to_string(),
        (Some(p), Some(_)) => format!(
            "{} An earlier version, kept so that links made with it open as they were; pick a \
             preset to use today's.",
            p.summary
        ),
        (Some(p), None) => p.summary.to_string(),
    };
    html! {
        <div class="field">
            <label for="preset">{ "Start from" }</label>
            <Select value={current.to_string()} id="preset" testid="preset-select" on_change={on_change}>
                if state.preset.is_none() {
                    <option value="" selected=true disabled=true>{ edited }</option>
                }
                if let Some(origin) = archived {
                    <option value={origin.id} selected={current == origin.id}>{ origin.label() }</option>
                }
                { options(presets.iter().map(|p| (p.id, p.name))) }
            </Select>
            { field_hint(hint) }
        </div>
    }
}

/// The course panel.
#[component]
pub fn CoursePanel() -> Html {
    // What it shows: the course's shape, its name and notes, and the preset it started from.
    let state = use_scenario_if(when(|before, now| {
        let (a, b) = (&before.scenario, &now.scenario);
        let (pa, pb) = (&a.course.project, &b.course.project);
        a.course.students != b.course.students
            || a.course.term_weeks != b.course.term_weeks
            || (pa.group_size, pa.weeks, pa.start_week) != (pb.group_size, pb.weeks, pb.start_week)
            || (&a.title, &a.notes) != (&b.title, &b.notes)
            || before.preset.map(|p| p.id) != now.preset.map(|p| p.id)
            || before.origin.id != now.origin.id
    }));
    let scenario = &state.scenario;
    html! {
        <section class="panel fields-grid" aria-labelledby="course-title">
            <h2 id="course-title">{ "Course" }</h2>
            // Students first: the field a phone shows on its first screen.
            { setting_inputs(Section::Enrollment, scenario, &no_hint) }
            { preset_picker(&state) }
            // The rest in a task of its own during the start (page::later).
            { later_inside(1, html! { <>
                { scenario_title(&state) }
                { setting_inputs(Section::Course, scenario, &|setting| {
                    (setting == Setting::GroupSize).then(|| format!(
                        "Average; {} {}. The paper's course: 3-4 students (project page).",
                        scenario.course.project_groups(),
                        plural(scenario.course.project_groups(), "group", "groups")
                    ))
                }) }
            </> }) }
        </section>
    }
}
