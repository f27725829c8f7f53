//! A select of every catalog resource, grouped by kind.

use yew::prelude::*;

use crate::components::inputs::select::unlabelled_select;
use crate::components::inputs::table_head::table_head;
use crate::model::catalog::resource::ResourceKind;

/// A picker of every catalog resource, `value` (a resource id) selected, named `label` for
/// screen readers (it sits in a table row without a visible label); the newly selected id goes to
/// `on_change`.
pub fn resource_select(value: &str, label: String, on_change: Callback<String>) -> Html {
    let Ok(catalog) = crate::model::Catalog::builtin() else {
        return html! {};
    };
    html! {
        { unlabelled_select(label, None, AttrValue::from(value.to_string()), on_change, html! { <>
            for kind in ResourceKind::ALL {
                <optgroup label={kind.label()}>
                    for resource in catalog.resources.iter().filter(|r| r.kind == kind) {
                        <option value={resource.id} selected={resource.id == value}>
                            { resource.display_name() }
                        </option>
                    }
                </optgroup>
            }
        </> }) }
    }
}

/// The header row of a table of resource uses (lab options and the project share it).
pub fn uses_head(hours: &'static str) -> Html {
    table_head(&["Resource", "Count", hours, "Floating IPs"], true)
}
