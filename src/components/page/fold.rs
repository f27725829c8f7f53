//! A panel folded to its title until opened, so a view stays a few screens long and what is
//! folded costs no rendering.

use yew::prelude::*;

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
    let open = use_state(|| props.open);
    let body_id = format!("fold-body-{}", props.id);
    let on_toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
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
