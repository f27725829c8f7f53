//! The Embed dialog: the iframe and script snippets with Copy buttons, and a live preview.

use yew::prelude::*;

use crate::browser::clipboard;

/// The address of the embedded view of this scenario.
fn embed_url(base: &str, fragment: &str, editable: bool) -> String {
    let edit = if editable { "&edit=1" } else { "" };
    format!("{base}?embed=1{edit}#{fragment}")
}

/// Where the calculator's files are: `base` up to its last `/`.
fn site_dir(base: &str) -> &str {
    base.rfind('/').map_or(base, |end| &base[..=end])
}

/// The iframe snippet and the host script that sizes it.
fn embed_snippet(base: &str, fragment: &str, editable: bool) -> String {
    let src = embed_url(base, fragment, editable);
    format!(
        r#"<iframe src="{src}" title="Course cost calculator" data-course-cost width="100%" height="900" loading="lazy"></iframe>
<script>
  // Sizes the calculator's iframe to its content.
  addEventListener("message", function (event) {{
    if (!event.data || event.data.type !== "course-cost:height") return;
    document.querySelectorAll("iframe[data-course-cost]").forEach(function (frame) {{
      if (frame.contentWindow === event.source) {{
        frame.style.border = "0";
        frame.style.height = event.data.height + "px";
      }}
    }});
  }});
</script>"#
    )
}

/// The script snippet: a div that `embed.js` turns into a frame that sizes itself.
fn script_snippet(base: &str, fragment: &str, editable: bool) -> String {
    let src = embed_url(base, fragment, editable);
    let dir = site_dir(base);
    format!(
        r#"<div class="course-cost-embed" data-src="{src}"></div>
<script src="{dir}embed.js" async></script>"#
    )
}

/// Which snippet was copied last, and whether the browser allowed it.
#[derive(Clone, Copy, PartialEq)]
enum SnippetCopy {
    Iframe(bool),
    Script(bool),
}

/// Props of [`EmbedDialog`].
#[derive(Properties, PartialEq)]
pub struct EmbedDialogProps {
    /// Where the calculator is served from (no query, no fragment).
    pub base: AttrValue,
    /// The scenario's fragment (without `#`).
    pub fragment: AttrValue,
}

/// "Copied." or why not.
fn copy_note(copied: Option<bool>) -> Html {
    match copied {
        Some(true) => html! { <span class="small">{ "Copied." }</span> },
        Some(false) => {
            html! { <span class="small">{ "This browser did not allow copying: select the text and copy it." }</span> }
        }
        None => html! {},
    }
}

/// The dialog.
#[component]
pub fn EmbedDialog(props: &EmbedDialogProps) -> Html {
    let embed_editable = use_state(|| false);
    let snippet_copied = use_state(|| None::<SnippetCopy>);
    let (base, fragment) = (props.base.as_str(), props.fragment.as_str());
    let on_editable = {
        let embed_editable = embed_editable.clone();
        Callback::from(move |_: Event| embed_editable.set(!*embed_editable))
    };
    let iframe_code = embed_snippet(base, fragment, *embed_editable);
    let script_code = script_snippet(base, fragment, *embed_editable);
    let copy_snippet = |code: &str, kind: fn(bool) -> SnippetCopy| {
        let (snippet_copied, code) = (snippet_copied.clone(), code.to_string());
        Callback::from(move |_: MouseEvent| {
            let (snippet_copied, code) = (snippet_copied.clone(), code.clone());
            wasm_bindgen_futures::spawn_local(async move {
                snippet_copied.set(Some(kind(clipboard::copy(&code).await)));
            });
        })
    };
    let on_copy_iframe = copy_snippet(&iframe_code, SnippetCopy::Iframe);
    let on_copy_script = copy_snippet(&script_code, SnippetCopy::Script);
    let (iframe_copied, script_copied) = match *snippet_copied {
        Some(SnippetCopy::Iframe(ok)) => (Some(ok), None),
        Some(SnippetCopy::Script(ok)) => (None, Some(ok)),
        None => (None, None),
    };
    html! {
            <div class="embed-dialog" data-testid="embed-dialog">
                <label class="checkbox">
                    <input type="checkbox" checked={*embed_editable} onchange={on_editable} />
                    { " Let readers change the course in the embedded view" }
                </label>
                <label for="embed-snippet">{ "Paste this into a course page (HTML). The script sizes the frame to its content." }</label>
                <textarea id="embed-snippet" data-testid="embed-snippet" readonly=true rows="12"
                    value={iframe_code} />
                <div class="snippet-actions">
                    <button type="button" class="secondary small" data-testid="copy-embed-iframe" onclick={on_copy_iframe}>
                        { "Copy the iframe code" }
                    </button>
                    <span role="status" aria-live="polite">{ copy_note(iframe_copied) }</span>
                </div>
                <label for="embed-script-snippet">
                    { "Or, where a page allows scripts from other sites, this div and script: every " }
                    <code>{ "div.course-cost-embed" }</code>
                    { " becomes a frame that sizes itself." }
                </label>
                <textarea id="embed-script-snippet" data-testid="embed-script-snippet" readonly=true rows="3"
                    value={script_code} />
                <div class="snippet-actions">
                    <button type="button" class="secondary small" data-testid="copy-embed-script" onclick={on_copy_script}>
                        { "Copy the script code" }
                    </button>
                    <span role="status" aria-live="polite">{ copy_note(script_copied) }</span>
                </div>
                <p class="small embed-options">
                    { "Add " }<code>{ "&theme=light" }</code>{ ", " }<code>{ "&theme=dark" }</code>
                    { " or " }<code>{ "&transparent=1" }</code>
                    { " after " }<code>{ "embed=1" }</code>
                    { " to match the page. The frame also reports its height to Embedly, AMP (amp-iframe) and pym.js hosts." }
                </p>
                <h3>{ "Preview" }</h3>
                <iframe class="embed-preview" data-testid="embed-preview"
                    title="Preview of the embedded calculator" loading="lazy"
                    src={embed_url(base, fragment, *embed_editable)} />
            </div>
    }
}
