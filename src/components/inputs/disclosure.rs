//! A button that shows or hides what it explains (WAI-ARIA disclosure): the one component behind
//! glossary terms, provenance markers and folded panels, so the wasm holds one copy of Yew's
//! lifecycle code for all three.

use std::cell::RefCell;

use yew::prelude::*;

thread_local! {
    /// Whether each remembered disclosure (by key) was last left open, for this page's life: a
    /// fold keeps its state when its view is left and shown again. A page has about ten folds, so
    /// a list of (key, open) does (no hashing code in the wasm).
    static LEFT_OPEN: RefCell<Vec<(AttrValue, bool)>> = const { RefCell::new(Vec::new()) };
}

/// Whether the disclosure `key` was last left open, if it was ever toggled.
fn left_open(key: &str) -> Option<bool> {
    LEFT_OPEN.with(|left| {
        let left = left.borrow();
        left.iter()
            .find(|(shown, _)| shown == key)
            .map(|&(_, open)| open)
    })
}

/// Notes that the disclosure `key` was left `open`.
fn leave_open(key: &AttrValue, open: bool) {
    LEFT_OPEN.with(|left| {
        let mut left = left.borrow_mut();
        match left.iter_mut().find(|(shown, _)| shown == key) {
            Some(entry) => entry.1 = open,
            None => left.push((key.clone(), open)),
        }
    });
}

/// Props of [`Disclosure`]: the markup is
/// `<tag class data-testid><button type="button" class aria-expanded aria-controls title
/// data-testid>label</button>` and, while open, `<tag id class role>body</tag></tag>`.
#[derive(Properties, PartialEq)]
pub struct DisclosureProps {
    /// The element around both, and the body's: `span` (inline) or `div`.
    pub tag: &'static str,
    /// The class of the element around both.
    pub class: &'static str,
    /// The `data-testid` of the element around both.
    pub testid: Option<AttrValue>,
    /// The button's classes.
    pub button_class: Classes,
    /// The button's tooltip.
    pub button_title: Option<&'static str>,
    /// The button's `data-testid`.
    pub button_testid: Option<AttrValue>,
    /// What the button shows.
    pub label: Html,
    /// The body's element id (the button's `aria-controls`).
    pub body_id: AttrValue,
    /// The body's class.
    pub body_class: Option<&'static str>,
    /// The body's ARIA role.
    pub body_role: Option<&'static str>,
    /// What is shown while open.
    pub body: Html,
    /// Whether it starts open (unless it was left otherwise, see `remember`).
    pub open: bool,
    /// A key under which whether it was left open is kept for the page's life.
    pub remember: Option<AttrValue>,
    /// Whether the click's default action is prevented (a term inside a label or summary).
    pub prevent_default: bool,
}

impl DisclosureProps {
    /// The disclosure: every one goes through here, so the props builder's code is not shipped
    /// once per kind.
    pub fn html(self) -> Html {
        html! { <Disclosure ..self /> }
    }
}

/// The button and, while open, the body.
#[component]
pub fn Disclosure(props: &DisclosureProps) -> Html {
    let open = {
        let (remember, default) = (props.remember.clone(), props.open);
        use_state(move || remember.and_then(|key| left_open(&key)).unwrap_or(default))
    };
    let on_toggle = {
        let (open, remember, prevent_default) =
            (open.clone(), props.remember.clone(), props.prevent_default);
        Callback::from(move |event: MouseEvent| {
            if prevent_default {
                event.prevent_default();
            }
            let next = !*open;
            if let Some(key) = &remember {
                leave_open(key, next);
            }
            open.set(next);
        })
    };
    html! {
        <@{props.tag} class={props.class} data-testid={props.testid.clone()}>
            <button type="button" class={props.button_class.clone()}
                aria-expanded={if *open { "true" } else { "false" }}
                aria-controls={props.body_id.clone()} title={props.button_title}
                data-testid={props.button_testid.clone()} onclick={on_toggle}>
                { props.label.clone() }
            </button>
            if *open {
                <@{props.tag} id={props.body_id.clone()} class={props.body_class} role={props.body_role}>
                    { props.body.clone() }
                </@>
            }
        </@>
    }
}
