//! A select of every catalog resource, grouped by kind.

use yew::prelude::*;

use crate::components::inputs::table_head::table_head;
use crate::components::Select;
use crate::model::catalog::resource::ResourceKind;

/// Props of [`ResourceSelect`].
#[derive(Properties, PartialEq)]
pub struct ResourceSelectProps {
    /// Selected resource id.
    pub value: AttrValue,
    /// Accessible name (the select sits in a table row without a visible label).
    pub label: AttrValue,
    /// Called with the newly selected resource id.
    pub on_change: Callback<String>,
}

/// Resource picker.
#[component]
pub fn ResourceSelect(props: &ResourceSelectProps) -> Html {
    let Ok(catalog) = crate::model::Catalog::builtin() else {
        return html! {};
    };
    html! {
        <Select aria_label={props.label.clone()} value={props.value.clone()} on_change={props.on_change.clone()}>
            for kind in ResourceKind::ALL {
                <optgroup label={kind.label()}>
                    for resource in catalog.resources.iter().filter(|r| r.kind == kind) {
                        <option value={resource.id} selected={*resource.id == *props.value}>
                            { resource.display_name() }
                        </option>
                    }
                </optgroup>
            }
        </Select>
    }
}

/// The header row of a table of resource uses (lab options and the project share it).
pub fn uses_head(hours: &'static str) -> Html {
    table_head(&["Resource", "Count", hours, "Floating IPs"], true)
}
