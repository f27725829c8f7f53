//! A term of the glossary where it occurs: the words, and its definition one click away (a
//! disclosure button, read by screen readers).

use yew::prelude::*;

use crate::components::inputs::static_markup::push_escaped;
use crate::model::glossary;

/// Props of [`Term`].
#[derive(Properties, PartialEq)]
pub struct TermProps {
    /// The glossary id (`overrun`).
    pub id: AttrValue,
    /// The words shown; the glossary's own term when empty.
    #[prop_or_default]
    pub text: AttrValue,
}

/// Glossary term `id` written as `text`: every term goes through here, so the props builder's
/// code is not shipped once per call site.
pub fn term(id: &'static str, text: &'static str) -> Html {
    let props = TermProps {
        id: AttrValue::Static(id),
        text: AttrValue::Static(text),
    };
    html! { <Term ..props /> }
}

/// The term with its definition behind a button.
#[component]
pub fn Term(props: &TermProps) -> Html {
    let open = use_state(|| false);
    let Some(term) = glossary::term(&props.id) else {
        return html! { { props.text.clone() } };
    };
    let text = if props.text.is_empty() {
        term.term.to_string()
    } else {
        props.text.to_string()
    };
    let definition_id = format!("term-{}-{}", props.id, text.len());
    let on_toggle = {
        let open = open.clone();
        Callback::from(move |event: MouseEvent| {
            event.prevent_default();
            open.set(!*open);
        })
    };
    html! {
        <span class="term">
            <button type="button" class="term-button" aria-expanded={if *open { "true" } else { "false" }}
                aria-controls={definition_id.clone()} data-testid={format!("term-{}", props.id)}
                onclick={on_toggle}>{ text }</button>
            if *open {
                <span class="term-definition" id={definition_id} role="note">{ term.definition }</span>
            }
        </span>
    }
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
