//! The group project: what each group uses per week.

use yew::prelude::*;

use crate::components::course::pool_editor::{pool_editor, CapacityEditor};
use crate::components::course::uses_table::{uses_table, UseRow, UsesSite};
use crate::components::page::fold::fold;
use crate::components::page::later::later_inside;
use crate::model::plural::plural;
use crate::model::scenario::course::ProjectUse;
use crate::model::scenario::field::UseSite;
use crate::state::{use_scenario_if, when, ScenarioState};

/// The title of a project use's pool fold.
fn pool_title(item: usize, project_use: &ProjectUse) -> String {
    match project_use.pool.len() {
        0 => format!(
            "Project resource {}: spread over a pool of node types",
            item + 1
        ),
        n => format!(
            "Project resource {}: spread over a pool of {n} node types",
            item + 1
        ),
    }
}

/// The project editor.
#[component]
pub fn ProjectEditor() -> Html {
    let exceeded = |s: &ScenarioState| s.estimate.capacity.iter().any(|c| c.exceeded());
    let state = use_scenario_if(when(move |before, now| {
        let (a, b) = (&before.scenario.course, &now.scenario.course);
        a.project != b.project
            || a.project_groups() != b.project_groups()
            || exceeded(before) != exceeded(now)
    }));
    let project = &state.scenario.course.project;
    // Open when reserved nodes are too few, so the warning is seen at its field.
    let exceeded = exceeded(&state);
    let dispatch = state.dispatch();
    html! {
        <section class="panel no-print" aria-labelledby="project-title">
            <h2 id="project-title">{ "Group project" }</h2>
            <p class="panel-intro">
                { format!(
                    "Per group and week, for {} {} and {} {}. 168 hours a week is the whole week; \
                     storage counts GB kept.",
                    project.weeks, plural(project.weeks, "week", "weeks"),
                    state.scenario.course.project_groups(),
                    plural(state.scenario.course.project_groups(), "group", "groups")
                ) }
            </p>
            { uses_table(
                &UsesSite {
                    dispatch: dispatch.clone(),
                    site: UseSite::Project,
                    where_label: "Project",
                    hours_heading: "Hours per week",
                    hours_label: "planned hours per week",
                },
                &project.uses.iter().map(|u| UseRow::of(u, &u.note)).collect::<Vec<_>>(),
            ) }
            // The folds in a task of their own during the start, after the table's rows.
            { later_inside(u8::MAX, html! { <>
                for (item, project_use) in project.uses.iter().enumerate() {
                    if state.catalog.resource(&project_use.resource).is_some_and(|r| r.specs.gpu_count > 0) || !project_use.pool.is_empty() {
                        { fold(&format!("pool-{item}"), &pool_title(item, project_use), false,
                            pool_editor(&dispatch, item, project_use)) }
                    }
                }
                { fold("capacity", "Reserved nodes (capacity)", exceeded, html! { <CapacityEditor /> }) }
            </> }) }
        </section>
    }
}
