//! A project use spread over a pool of resource types (like a lab's options), and how many nodes
//! of each the course reserved (capacity), with a warning at the field when they cannot supply
//! what the project needs.

use yew::prelude::*;

use crate::components::inputs::click_change;
use crate::components::inputs::notice::field_hint;
use crate::components::inputs::number_input::NumberInput;
use crate::components::inputs::resource_select::resource_select;
use crate::components::inputs::table_head::table_head;
use crate::components::inputs::term::term;
use crate::components::planning::savings_panel::ByPtr;
use crate::model::catalog::resource::Resource;
use crate::model::edit::change::Change;
use crate::model::edit::pool_change::PoolChange;
use crate::model::engine::capacity::CapacityCheck;
use crate::model::format;
use crate::model::planners::pool::{
    fewest_nodes_together, pool_range, PoolRange, PLAUSIBLE_COUNTS,
};
use crate::model::plural::plural;
use crate::model::scenario::course::ProjectUse;
use crate::model::scenario::field::{CapacityField, FieldPath, PoolField};
use crate::model::scenario::Capacity;
use crate::state::{use_scenario, Dispatch, ScenarioState};

/// The pool of project use `item`: each member's resource and share of the hours.
pub fn pool_editor(dispatch: &Dispatch, item: usize, project_use: &ProjectUse) -> Html {
    let pool = &project_use.pool;
    let first = project_use.resource.clone();
    let on_add = click_change(
        dispatch,
        Change::Pool(PoolChange::AddMember {
            item,
            resource: first,
        }),
    );
    html! {
        <div class="pool" data-testid={format!("pool-{item}")}>
            if pool.is_empty() {
                <button type="button" class="secondary small" onclick={on_add}>
                    { format!("Spread project resource {} over a pool of node types", item + 1) }
                </button>
            } else {
                <p class="field-hint">
                    { format!("Project resource {}: its hours are spread over this pool.", item + 1) }
                </p>
                for (member, share) in pool.iter().enumerate() {
                    { pool_row(dispatch, item, member, &share.resource, share.share_pct) }
                }
                <button type="button" class="secondary small" onclick={on_add}>{ "Add a node type to the pool" }</button>
            }
        </div>
    }
}

fn pool_row(dispatch: &Dispatch, item: usize, member: usize, resource: &str, share: f64) -> Html {
    let on_resource = dispatch.change_with(move |resource| {
        Change::Pool(PoolChange::SetMemberResource {
            item,
            member,
            resource,
        })
    });
    let on_remove = click_change(
        dispatch,
        Change::Pool(PoolChange::RemoveMember { item, member }),
    );
    let label = format!("Project resource {}, pool member {}", item + 1, member + 1);
    html! {
        <div class="row pool-member" key={member}>
            { resource_select(resource, format!("{label}: type"), on_resource) }
            <NumberInput field={FieldPath::PoolMember { item, member, field: PoolField::SharePct }}
                value={share} label={format!("{label}: share of the hours")} unit="%" step=5.0
                compact=true />
            <button type="button" class="secondary small" aria-label={format!("Remove {label}")}
                onclick={on_remove}>{ "Remove" }</button>
        </div>
    }
}

/// The capacities: how many nodes of a resource the course reserved and when; each shows what
/// the course needs of it and warns when that is more than it can supply.
#[component]
pub fn CapacityEditor() -> Html {
    let state = use_scenario();
    let dispatch = state.dispatch();
    let capacities = &state.scenario.capacity;
    let checks = &state.estimate.capacity;
    let project = &state.scenario.course.project;
    let (start, weeks) = (project.start_week, project.weeks.max(1.0));
    let on_add = dispatch.change_with(move |resource: String| {
        Change::Pool(PoolChange::AddCapacity(Capacity {
            resource,
            units: 1.0,
            start_week: start,
            weeks,
            note: String::new(),
        }))
    });
    let (catalog, origin) = (state.catalog, state.origin);
    let range = use_memo(ByPtr(state.scenario.clone()), move |scenario| {
        pool_range(&scenario.0, catalog, origin)
    });
    html! {
        <div class="capacity" data-testid="capacity-editor">
            <p class="field-hint">
                { "How many nodes of a type exist for the course, and when. Each type is checked \
                  against its own nodes: the calculator warns when the course needs more " }
                { term("node-hours", "node-hours") }
                { " of it than they can supply in that window." }
            </p>
            { pool_range_text(&state, (*range).as_ref()) }
            <div class="table-scroll" role="region" aria-label="Reserved capacity table" tabindex="0">
                <table class="data-table capacity-table">
                    { table_head(&["Resource", "Nodes", "From week", "For weeks", "Needed / available node-hours", "Fewest nodes that supply it"], true) }
                    <tbody>
                        for (index, capacity) in capacities.iter().enumerate() {
                            { capacity_row(&dispatch, index, capacity, checks.get(index), state.catalog.resource(&capacity.resource)) }
                        }
                    </tbody>
                </table>
            </div>
            { resource_select("", "Add a capacity for this resource".to_string(), on_add) }
        </div>
    }
}

fn capacity_row(
    dispatch: &Dispatch,
    index: usize,
    capacity: &Capacity,
    check: Option<&CapacityCheck>,
    resource: Option<&Resource>,
) -> Html {
    let name = resource.map_or(capacity.resource.clone(), |r| r.display_name());
    let field = |field| FieldPath::Capacity { index, field };
    let on_remove = click_change(dispatch, Change::Pool(PoolChange::RemoveCapacity(index)));
    let exceeded = check.is_some_and(CapacityCheck::exceeded);
    html! {
        <tr key={index}>
            <th scope="row">
                { name.clone() }
                if !capacity.note.is_empty() {
                    { field_hint(capacity.note.clone()) }
                }
            </th>
            <td>
                <NumberInput field={field(CapacityField::Units)} value={capacity.units}
                    label={format!("{name}: nodes")} compact=true />
            </td>
            <td>
                <NumberInput field={field(CapacityField::StartWeek)} value={capacity.start_week}
                    label={format!("{name}: from week")} compact=true />
            </td>
            <td>
                <NumberInput field={field(CapacityField::Weeks)} value={capacity.weeks}
                    label={format!("{name}: for weeks")} compact=true />
            </td>
            <td class={classes!("num", exceeded.then_some("warning"))} role={exceeded.then_some("alert")}>
                if let Some(check) = check {
                    { format!(
                        "{} / {}{}",
                        format::number(check.needed_hours, 0),
                        format::number(check.available_hours, 0),
                        if exceeded { ": too few nodes" } else { "" },
                    ) }
                }
            </td>
            <td class="num" data-testid="capacity-fewest">
                { check.map(|c| format::number(c.fewest_units(), 0)).unwrap_or_default() }
            </td>
            <td>
                <button type="button" class="secondary small" aria-label={format!("Remove the capacity of {name}")}
                    onclick={on_remove}>{ "Remove" }</button>
            </td>
        </tr>
    }
}

/// The assumed node counts in view: the total at each plausible count, and the fewest nodes the
/// pool's hours need in the window.
fn pool_range_text(state: &ScenarioState, range: Option<&PoolRange>) -> Html {
    let checks = &state.estimate.capacity;
    let together = fewest_nodes_together(checks);
    let nodes: f64 = checks.iter().map(|c| c.units).sum();
    let needed: f64 = checks.iter().map(|c| c.needed_hours).sum();
    let fewest = format!(
        "Together the reserved types must supply {} node-hours: at least {} {}, each in its \
         type's window (reserved: {}).",
        format::number(needed, 0),
        format::number(together, 0),
        plural(together, "node", "nodes"),
        format::number(nodes, 0)
    );
    let Some(range) = range else {
        return html! { <p class="field-hint" data-testid="pool-range">{ fewest }</p> };
    };
    let label = |id: &String| {
        state
            .catalog
            .resource(id)
            .map_or(id.clone(), |r| r.label.to_string())
    };
    let names: Vec<String> = range.assumed.iter().map(label).collect();
    let cases: Vec<String> = range
        .cases
        .iter()
        .map(|c| {
            let fits = if c.fits { "" } else { ", too few nodes" };
            format!(
                "{} at {} each{fits}",
                state.scenario.pricing.per_student(c.per_student_usd),
                c.units
            )
        })
        .collect();
    let moves = if range.weighted_by_count {
        format!(
            "The pool's hours are spread by node count, so the total per student moves with them: {}.",
            cases.join("; ")
        )
    } else {
        "The pool's hours are not spread by node count here, so the counts change only what the \
         nodes can supply."
            .to_string()
    };
    let plausible = match range.fewest_fitting {
        Some(n) if n > PLAUSIBLE_COUNTS[0] => format!(
            "{n} to 8 nodes each is plausible: {n} each is the fewest with which the pool \
             supplies its hours in its windows"
        ),
        Some(_) => "2 to 8 nodes each is plausible".to_string(),
        None => "even 8 nodes each cannot supply the pool's hours in its windows".to_string(),
    };
    html! {
        <p class="field-hint" data-testid="pool-range" data-provenance="assumed">
            { format!(
                "Assumed counts: {} (the course's project page says \"a variable number\"; \
                 {plausible}). {moves} {fewest}",
                names.join(" and ")
            ) }
        </p>
    }
}
