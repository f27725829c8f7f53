//! The group project: what each group uses per week.

use yew::prelude::*;

use crate::components::inputs::resource_select::uses_head;
use crate::components::{NumberInput, ResourceSelect};
use crate::model::edit::change::Change;
use crate::model::edit::number::NumberField;
use crate::state::use_scenario;

/// The project editor.
#[component]
pub fn ProjectEditor() -> Html {
    let state = use_scenario();
    let project = &state.scenario.course.project;
    let on_add = state.change_with(|_: MouseEvent| Change::AddProjectUse);
    html! {
        <section class="panel no-print" aria-labelledby="project-title">
            <h2 id="project-title">{ "Group project" }</h2>
            <p class="panel-intro">
                { format!(
                    "Per group and week, for {} weeks and {} groups. 168 hours a week is the whole week; \
                     storage counts GB kept.",
                    project.weeks, state.scenario.course.project_groups()
                ) }
            </p>
            <div class="table-scroll">
            <table class="uses">
                { uses_head("Hours per week") }
                <tbody>
                    for (item, project_use) in project.uses.iter().enumerate() {
                        <tr key={item}>
                            <td>
                                <ResourceSelect
                                    value={project_use.resource.clone()}
                                    label={format!("Project resource {}: type", item + 1)}
                                    on_change={state.change_with(move |resource| Change::SetProjectUseResource { item, resource })}
                                />
                                if !project_use.note.is_empty() {
                                    <p class="field-hint">{ project_use.note.clone() }</p>
                                }
                            </td>
                            <td>
                                <NumberInput compact=true
                                    field={NumberField::ProjectUseCount { item }}
                                    value={project_use.count}
                                    label={format!("Project resource {}: count per group (instances, or GB of storage)", item + 1)} />
                            </td>
                            <td>
                                <NumberInput compact=true step={1.0}
                                    field={NumberField::ProjectUseHoursPerWeek { item }}
                                    value={project_use.hours_per_week}
                                    label={format!("Project resource {}: planned hours per week", item + 1)} />
                            </td>
                            <td>
                                <NumberInput compact=true
                                    field={NumberField::ProjectUseFloatingIps { item }}
                                    value={project_use.floating_ips}
                                    label={format!("Project resource {}: floating IPs", item + 1)} />
                            </td>
                            <td>
                                <button type="button" class="secondary small"
                                    aria-label={format!("Remove project resource {}", item + 1)}
                                    onclick={state.change_with(move |_: MouseEvent| Change::RemoveProjectUse(item))}>
                                    { "Remove" }
                                </button>
                            </td>
                        </tr>
                    }
                </tbody>
            </table>
            </div>
            <button type="button" class="secondary small" onclick={on_add}>{ "Add a resource" }</button>
        </section>
    }
}
