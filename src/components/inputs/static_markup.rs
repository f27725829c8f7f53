//! Markup that never changes (no listener, no dynamic value) as one node: the browser parses it
//! once (`innerHTML`), and the wasm holds the text instead of the code that would build each
//! element. Only for flow content: table parts (`<tr>`, `<th>`...) do not parse outside a table.

use yew::prelude::*;

/// `html` (valid, escaped markup: one or more elements and texts) as one node.
pub fn static_html(html: &'static str) -> Html {
    Html::from_html_unchecked(AttrValue::Static(html))
}
