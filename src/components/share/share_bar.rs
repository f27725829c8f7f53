//! Sharing: copy the link, reset, embed, export.

use yew::prelude::*;

use super::embed_dialog::EmbedDialog;
use super::export_buttons::ExportButtons;
use crate::browser::{address, clipboard};
use crate::model::presets::paper_course;
use crate::model::share::Tab;
use crate::state::{use_scenario, use_share_fragment};

/// The link to the current scenario (computed now, not from the debounced address bar).
fn share_link(base: &str, fragment: &str) -> String {
    format!("{base}#{fragment}")
}

/// Props of [`ShareBar`].
#[derive(Properties, PartialEq)]
pub struct ShareBarProps {
    /// The view a copied link opens on (the one the reader came from).
    pub view: Tab,
}

/// Copy link, reset, embed and export.
#[component]
pub fn ShareBar(props: &ShareBarProps) -> Html {
    let state = use_scenario();
    let copied = use_state(|| None::<bool>);
    let show_embed = use_state(|| false);
    let fragment = use_share_fragment(&state);
    let base = address::base();
    let link = share_link(&base, &props.view.in_fragment(&fragment));

    let on_copy = {
        let (copied, link, fragment) = (copied.clone(), link.clone(), fragment.clone());
        Callback::from(move |_: MouseEvent| {
            let (copied, link) = (copied.clone(), link.clone());
            // Write the address bar first, so the copied link and the page agree at once.
            address::replace_fragment(&fragment);
            wasm_bindgen_futures::spawn_local(async move {
                copied.set(Some(clipboard::copy(&link).await));
            });
        })
    };
    let on_reset = {
        let dispatch = state.dispatch();
        Callback::from(move |_: MouseEvent| {
            if let Ok(default) = paper_course() {
                dispatch.load_preset(default.id.to_string());
            }
        })
    };
    let on_embed = {
        let show_embed = show_embed.clone();
        Callback::from(move |_: MouseEvent| show_embed.set(!*show_embed))
    };

    html! {
        <section class="share-bar" aria-label="Share and export">
            <div class="share-actions">
                <button type="button" data-testid="copy-link" onclick={on_copy}>{ "Copy link" }</button>
                <button type="button" class="secondary" data-testid="reset-scenario" onclick={on_reset}>
                    { "Reset to the paper's course" }
                </button>
                <button type="button" class="secondary" aria-expanded={show_embed.to_string()}
                    data-testid="embed-toggle" onclick={on_embed}>{ "Embed" }</button>
                <ExportButtons link={link.clone()} />
            </div>
            <div role="status" aria-live="polite" class="copy-status">
                { match *copied {
                    Some(true) => html! {
                        <span data-testid="copy-confirmation">
                            { "Link copied. Anyone who opens it sees this exact scenario." }
                        </span>
                    },
                    Some(false) => html! {
                        <span>
                            { "This browser did not allow copying. Copy the link here: " }
                            <input type="text" readonly=true value={link.clone()} aria-label="Link to this scenario" class="link-field" />
                        </span>
                    },
                    None => html! {},
                } }
            </div>
            if *show_embed {
                <EmbedDialog base={base.clone()} fragment={fragment.clone()} />
            }
        </section>
    }
}
