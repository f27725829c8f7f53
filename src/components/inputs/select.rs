//! A select whose shown option always follows the state.
//!
//! Browsers ignore changes to an option's `selected` attribute once the user has picked an option,
//! and Yew sets `value` as a property only on inputs and text areas, so this sets the select's
//! `value` property after every render.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::model::html::push_escaped;

/// Props of [`Select`].
#[derive(Properties, PartialEq)]
pub struct SelectProps {
    /// The value to show.
    pub value: AttrValue,
    /// Element id, for a visible `<label for>`.
    #[prop_or_default]
    pub id: Option<AttrValue>,
    /// Accessible name when there is no visible label.
    #[prop_or_default]
    pub aria_label: Option<AttrValue>,
    /// `data-testid`.
    #[prop_or_default]
    pub testid: Option<AttrValue>,
    /// Called with the value the user picked.
    pub on_change: Callback<String>,
    /// The `<option>`s (and `<optgroup>`s).
    pub children: Html,
}

/// The `<option>`s for `choices` (value, text), as one piece of markup: one node for Yew to
/// create instead of one per option, which makes a view with many selects start faster. None is
/// marked `selected`: [`Select`] sets the shown value after every render.
pub fn options<'a>(choices: impl IntoIterator<Item = (&'a str, &'a str)>) -> Html {
    let mut markup = String::new();
    for (value, text) in choices {
        push_option(&mut markup, value, text);
    }
    Html::from_html_unchecked(AttrValue::from(markup))
}

/// Appends `<option value="value">text</option>` to `markup`, both escaped.
pub fn push_option(markup: &mut String, value: &str, text: &str) {
    markup.push_str("<option value=\"");
    push_escaped(markup, value);
    markup.push_str("\">");
    push_escaped(markup, text);
    markup.push_str("</option>");
}

/// A controlled select.
#[component]
pub fn Select(props: &SelectProps) -> Html {
    let node = use_node_ref();
    {
        let node = node.clone();
        let value = props.value.clone();
        use_effect(move || {
            if let Some(select) = node.cast::<HtmlSelectElement>() {
                if select.value() != *value {
                    select.set_value(&value);
                }
            }
        });
    }
    let onchange = {
        let on_change = props.on_change.clone();
        Callback::from(move |event: Event| {
            on_change.emit(event.target_unchecked_into::<HtmlSelectElement>().value());
        })
    };
    html! {
        <select ref={node} id={props.id.clone()} aria-label={props.aria_label.clone()}
            data-testid={props.testid.clone()} {onchange}>
            { props.children.clone() }
        </select>
    }
}
