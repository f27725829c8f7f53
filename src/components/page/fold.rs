//! A panel folded to its title until opened, so a view stays a few screens long and what is
//! folded costs no rendering. A fold keeps its open state across views.

use yew::prelude::*;

use crate::components::inputs::disclosure::DisclosureProps;

/// The fold of `panel`: a button with `title`, then the panel while open. `id` is short: the
/// fold's `data-testid` is `fold-<id>`, and whether it was left open is kept under it. It starts
/// `open` unless it was left otherwise.
pub fn fold(id: &str, title: &str, open: bool, panel: Html) -> Html {
    DisclosureProps {
        tag: "div",
        class: "fold",
        testid: Some(AttrValue::from(format!("fold-{id}"))),
        button_class: Classes::from("fold-toggle"),
        button_title: None,
        button_testid: None,
        label: Html::from(title),
        body_id: AttrValue::from(format!("fold-body-{id}")),
        body_class: None,
        body_role: None,
        body: panel,
        open,
        remember: Some(AttrValue::from(id.to_string())),
        prevent_default: false,
    }
    .html()
}
