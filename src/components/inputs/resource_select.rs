//! A select of every catalog resource, grouped by kind.

use yew::prelude::*;

use crate::components::inputs::select::{push_option, Select};
use crate::components::inputs::table_head::table_head;
use crate::model::catalog::resource::ResourceKind;
use crate::model::html::push_escaped;

thread_local! {
    /// The resources' `<optgroup>`s and `<option>`s, built on first use: the built-in catalog
    /// never changes while the page is open, and one piece of markup is one node for Yew to
    /// create, not one per option (a course view holds a select per resource row).
    static RESOURCE_OPTIONS: AttrValue = resource_options();
}

/// Every catalog resource as an option, grouped by kind; none is marked selected (the select
/// sets its shown value itself).
fn resource_options() -> AttrValue {
    let Ok(catalog) = crate::model::Catalog::builtin() else {
        return AttrValue::Static("");
    };
    let mut markup = String::new();
    for kind in ResourceKind::ALL {
        markup.push_str("<optgroup label=\"");
        push_escaped(&mut markup, kind.label());
        markup.push_str("\">");
        for resource in catalog.resources.iter().filter(|r| r.kind == kind) {
            push_option(&mut markup, resource.id, &resource.display_name());
        }
        markup.push_str("</optgroup>");
    }
    AttrValue::from(markup)
}

/// A picker of every catalog resource, `value` (a resource id) selected, named `label` for
/// screen readers (it sits in a table row without a visible label); the newly selected id goes to
/// `on_change`.
pub fn resource_select(value: &str, label: String, on_change: Callback<String>) -> Html {
    let options = Html::from_html_unchecked(RESOURCE_OPTIONS.with(AttrValue::clone));
    html! {
        <Select value={value.to_string()} aria_label={label} on_change={on_change}>{ options }</Select>
    }
}

/// The header row of a table of resource uses (lab options and the project share it).
pub fn uses_head(hours: &'static str) -> Html {
    table_head(&["Resource", "Count", hours, "Floating IPs"], true)
}
