//! A panel folded to its title until opened, so a view stays a few screens long and what is
//! folded costs no rendering. A fold keeps its open state across views.

use std::cell::RefCell;

use yew::prelude::*;

thread_local! {
    /// Whether each fold (by id) was last left open, for this page's life: a fold keeps its state
    /// when its view is left and shown again. A page has about ten folds, so a list of (id, open)
    /// does (no hashing code in the wasm).
    static LEFT_OPEN: RefCell<Vec<(String, bool)>> = const { RefCell::new(Vec::new()) };
}

/// Whether the fold `id` was last left open, if it was ever toggled.
fn left_open(id: &str) -> Option<bool> {
    LEFT_OPEN.with(|folds| {
        let folds = folds.borrow();
        folds
            .iter()
            .find(|(fold, _)| fold == id)
            .map(|&(_, open)| open)
    })
}

/// Props of [`Fold`].
#[derive(Properties, PartialEq)]
pub struct FoldProps {
    /// What the folded panel is.
    pub title: AttrValue,
    /// Short id: the fold's `data-testid` is `fold-<id>`.
    pub id: AttrValue,
    /// Whether it starts open.
    #[prop_or_default]
    pub open: bool,
    /// The panel.
    pub children: Html,
}

/// The fold: a button with the title, then the panel while open.
#[component]
pub fn Fold(props: &FoldProps) -> Html {
    let open = {
        let (id, default) = (props.id.to_string(), props.open);
        use_state(move || left_open(&id).unwrap_or(default))
    };
    let body_id = format!("fold-body-{}", props.id);
    let on_toggle = {
        let (open, id) = (open.clone(), props.id.to_string());
        Callback::from(move |_: MouseEvent| {
            let next = !*open;
            LEFT_OPEN.with(|folds| {
                let mut folds = folds.borrow_mut();
                match folds.iter_mut().find(|(fold, _)| *fold == id) {
                    Some(entry) => entry.1 = next,
                    None => folds.push((id.clone(), next)),
                }
            });
            open.set(next);
        })
    };
    html! {
        <div class="fold" data-testid={format!("fold-{}", props.id)}>
            <button type="button" class="fold-toggle" aria-expanded={if *open { "true" } else { "false" }}
                aria-controls={body_id.clone()} onclick={on_toggle}>
                { props.title.clone() }
            </button>
            if *open {
                <div id={body_id}>{ props.children.clone() }</div>
            }
        </div>
    }
}
