//! Sharing: copy the link, reset, embed, export; and what a shared link could not load.

use yew::prelude::*;

use crate::browser::{address, clipboard, download};
use crate::model::export;
use crate::state::use_scenario;

/// The link to the current scenario (computed now, not from the debounced address bar).
fn share_link(base: &str, fragment: &str) -> String {
    format!("{base}#{fragment}")
}

/// The iframe snippet and the host script that sizes it.
fn embed_snippet(base: &str, fragment: &str, editable: bool) -> String {
    let edit = if editable { "&edit=1" } else { "" };
    format!(
        r#"<iframe src="{base}?embed=1{edit}#{fragment}" title="Course cost calculator" data-course-cost style="width:100%;border:0" height="900" loading="lazy"></iframe>
<script>
  // Sizes the calculator's iframe to its content.
  addEventListener("message", function (event) {{
    if (!event.data || event.data.type !== "course-cost:height") return;
    document.querySelectorAll("iframe[data-course-cost]").forEach(function (frame) {{
      if (frame.contentWindow === event.source) frame.style.height = event.data.height + "px";
    }});
  }});
</script>"#
    )
}

/// Copy link, reset, embed and export, with the notices of a shared link.
#[component]
pub fn ShareBar() -> Html {
    let state = use_scenario();
    let copied = use_state(|| None::<bool>);
    let show_embed = use_state(|| false);
    let embed_editable = use_state(|| false);
    let fragment = state.share_fragment();
    let base = address::base();
    let link = share_link(&base, &fragment);

    let on_copy = {
        let (copied, link) = (copied.clone(), link.clone());
        Callback::from(move |_: MouseEvent| {
            let (copied, link) = (copied.clone(), link.clone());
            // Write the address bar first, so the copied link and the page agree at once.
            if let Some((_, fragment)) = link.split_once('#') {
                address::replace_fragment(fragment);
            }
            wasm_bindgen_futures::spawn_local(async move {
                copied.set(Some(clipboard::copy(&link).await));
            });
        })
    };
    let on_reset = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch().load_preset("paper-s25".to_string()))
    };
    let on_embed = {
        let show_embed = show_embed.clone();
        Callback::from(move |_: MouseEvent| show_embed.set(!*show_embed))
    };
    let on_editable = {
        let embed_editable = embed_editable.clone();
        Callback::from(move |_: Event| embed_editable.set(!*embed_editable))
    };
    let export = |kind: &'static str| {
        let state = state.clone();
        let link = link.clone();
        Callback::from(move |_: MouseEvent| {
            let (name, mime, text) = match kind {
                "csv" => (
                    "course-cost-breakdown.csv",
                    "text/csv",
                    export::csv(&state.estimate),
                ),
                "json" => (
                    "course-cost.json",
                    "application/json",
                    export::json(&state.scenario, &state.estimate, &link),
                ),
                _ => (
                    "course-cost-summary.md",
                    "text/markdown",
                    export::markdown(&state.scenario, &state.estimate, state.catalog, &link),
                ),
            };
            download::download(name, mime, &text);
        })
    };
    let on_print = Callback::from(|_: MouseEvent| {
        let _ = gloo::utils::window().print();
    });

    html! {
        <section class="share-bar" aria-label="Share and export">
            <div class="share-actions">
                <button type="button" data-testid="copy-link" onclick={on_copy}>{ "Copy link" }</button>
                <button type="button" class="secondary" data-testid="reset-scenario" onclick={on_reset}>
                    { "Reset to the paper's course" }
                </button>
                <button type="button" class="secondary" aria-expanded={show_embed.to_string()}
                    data-testid="embed-toggle" onclick={on_embed}>{ "Embed" }</button>
                <span class="export-group" role="group" aria-label="Export">
                    <button type="button" class="secondary" data-testid="export-csv" onclick={export("csv")}>{ "CSV" }</button>
                    <button type="button" class="secondary" data-testid="export-json" onclick={export("json")}>{ "JSON" }</button>
                    <button type="button" class="secondary" data-testid="export-markdown" onclick={export("md")}>{ "Markdown" }</button>
                    <button type="button" class="secondary" data-testid="print" onclick={on_print}>{ "Print / PDF" }</button>
                </span>
            </div>
            <div role="status" aria-live="polite" class="copy-status">
                { match *copied {
                    Some(true) => html! { <span data-testid="copy-confirmation">{ "Link copied. Anyone who opens it sees this exact scenario." }</span> },
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
                <div class="embed-dialog" data-testid="embed-dialog">
                    <label for="embed-snippet">{ "Paste this into a course page (HTML). The script sizes the frame to its content." }</label>
                    <textarea id="embed-snippet" data-testid="embed-snippet" readonly=true rows="12"
                        value={embed_snippet(&base, &fragment, *embed_editable)} />
                    <label class="checkbox">
                        <input type="checkbox" checked={*embed_editable} onchange={on_editable} />
                        { " Let readers change the course in the embedded view" }
                    </label>
                </div>
            }
        </section>
    }
}
