//! One table of resource uses, for a lab option or for the project alike.

use yew::prelude::*;

use crate::components::inputs::click_change;
use crate::components::inputs::notice::field_hint;
use crate::components::inputs::number_input::NumberInput;
use crate::components::inputs::resource_select::resource_select;
use crate::components::inputs::resource_select::uses_head;
use crate::components::page::later::{in_slices, later_inside, AFTER_ROWS};
use crate::model::edit::change::Change;
use crate::model::scenario::course::PlannedUse;
use crate::model::scenario::field::{FieldPath, UseField, UseSite};
use crate::state::Dispatch;

/// One row of the table: what a use plans.
#[derive(Clone, Debug, PartialEq)]
pub struct UseRow {
    /// Chameleon resource id.
    pub resource: AttrValue,
    /// Instances (or GB) held at once.
    pub count: f64,
    /// Planned hours: per student (labs) or per week (project).
    pub hours: f64,
    /// Floating IPs attached.
    pub floating_ips: f64,
    /// Where the figure comes from (project uses), empty when none.
    pub note: AttrValue,
}

impl UseRow {
    /// The row for `planned`, with its `note`.
    pub fn of(planned: &dyn PlannedUse, note: &str) -> UseRow {
        UseRow {
            resource: AttrValue::from(planned.resource().to_string()),
            count: planned.count(),
            hours: planned.hours(),
            floating_ips: planned.floating_ips(),
            note: AttrValue::from(note.to_string()),
        }
    }
}

/// Where a table of uses is and how it names things.
pub struct UsesSite<'a> {
    /// The actions.
    pub dispatch: Dispatch,
    /// Lab option or project.
    pub site: UseSite,
    /// Names the site in labels ("Lab 3, option 1" or "Project").
    pub where_label: &'a str,
    /// Heading of the hours column.
    pub hours_heading: &'static str,
    /// What the hours are, for labels ("planned hours per student").
    pub hours_label: &'static str,
}

/// Rows drawn per task during the start: each has a resource menu (about 50 elements with its
/// options and hints), as many as three labs.
const ROWS_PER_SLICE: usize = 2;

/// The table of the uses `rows` at `at`, with a button to add one.
pub fn uses_table(at: &UsesSite<'_>, rows: &[UseRow]) -> Html {
    let site = at.site;
    let on_add = click_change(&at.dispatch, Change::AddUse(site));
    let rows: Vec<Html> = rows
        .iter()
        .enumerate()
        .map(|(item, row)| use_row(at, item, row))
        .collect();
    html! {
        <>
            <div class="table-scroll" role="region" tabindex="0"
                aria-label={format!("Resources of {}", at.where_label)}>
                <table class="uses">
                    { uses_head(at.hours_heading) }
                    // During the start, a few rows per task (page::later).
                    <tbody>{ in_slices(&rows, ROWS_PER_SLICE) }</tbody>
                </table>
            </div>
            // After the last row, so no slice of rows moves it.
            { later_inside(AFTER_ROWS, html! {
                <button type="button" class="secondary small" onclick={on_add}>{ "Add a resource" }</button>
            }) }
        </>
    }
}

/// Row `item` of the table at `site`: what `row` plans, with a button that removes it.
fn use_row(props: &UsesSite<'_>, item: usize, row: &UseRow) -> Html {
    let site = props.site;
    let field = |field| FieldPath::Use { site, item, field };
    let at = format!("{}, resource {}", props.where_label, item + 1);
    let on_resource = props
        .dispatch
        .change_with(move |resource| Change::SetUseResource {
            site,
            item,
            resource,
        });
    let on_remove = click_change(&props.dispatch, Change::RemoveUse { site, item });
    html! {
        <tr key={item}>
            <td>
                { resource_select(&row.resource, format!("{at}: type"), on_resource) }
                if !row.note.is_empty() {
                    { field_hint(row.note.to_string()) }
                }
            </td>
            <td>
                <NumberInput field={field(UseField::Count)} value={row.count} compact=true
                    label={format!("{at}: count (instances, or GB of storage)")} />
            </td>
            <td>
                <NumberInput field={field(UseField::Hours)} value={row.hours} step=0.5 compact=true
                    label={format!("{at}: {}", props.hours_label)} />
            </td>
            <td>
                <NumberInput field={field(UseField::FloatingIps)} value={row.floating_ips} compact=true
                    label={format!("{at}: floating IPs")} />
            </td>
            <td>
                <button type="button" class="secondary small" aria-label={format!("Remove {at}")}
                    onclick={on_remove}>
                    { "Remove" }
                </button>
            </td>
        </tr>
    }
}
