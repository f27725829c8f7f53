//! A term of the glossary where it occurs: the words, and its definition one click away (a
//! disclosure button, read by screen readers).

use yew::prelude::*;

use crate::components::inputs::disclosure::DisclosureProps;
use crate::model::glossary;
use crate::model::html::push_escaped;

/// Glossary term `id` written as `text` (the glossary's own term when empty), its definition
/// behind a button.
pub fn term(id: &'static str, text: &'static str) -> Html {
    let Some(term) = glossary::term(id) else {
        return Html::from(text);
    };
    let text = if text.is_empty() { term.term } else { text };
    DisclosureProps {
        tag: "span",
        class: "term",
        testid: None,
        button_class: Classes::from("term-button"),
        button_title: None,
        button_testid: Some(AttrValue::from(format!("term-{id}"))),
        label: Html::from(text),
        body_id: AttrValue::from(format!("term-{id}-{}", text.len())),
        body_class: Some("term-definition"),
        body_role: Some("note"),
        body: Html::from(term.definition),
        open: false,
        remember: None,
        prevent_default: true,
    }
    .html()
}

thread_local! {
    /// The glossary's markup, built on first use: the list never changes while the page is open.
    static GLOSSARY: AttrValue = glossary_markup();
}

/// Every term of the glossary, defined: written as one piece of markup, not built element by
/// element.
fn glossary_markup() -> AttrValue {
    let mut markup = String::from(
        r#"<details class="panel glossary" data-testid="glossary"><summary>Words used here</summary><dl>"#,
    );
    for term in glossary::terms() {
        markup.push_str(r#"<dt id="glossary-"#);
        push_escaped(&mut markup, term.id);
        markup.push_str(r#"">"#);
        push_escaped(&mut markup, term.term);
        markup.push_str("</dt><dd>");
        push_escaped(&mut markup, term.definition);
        markup.push_str("</dd>");
    }
    markup.push_str("</dl></details>");
    AttrValue::from(markup)
}

/// The glossary: the same markup on every render, so Yew leaves its element (and whether it is
/// open) as it is.
pub fn glossary() -> Html {
    Html::from_html_unchecked(GLOSSARY.with(AttrValue::clone))
}
