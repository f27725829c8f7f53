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

/// What tells a snippet's box apart: its textarea's id (also its `data-testid`) and height, and
/// its Copy button's `data-testid` and text.
struct Snippet {
    id: &'static str,
    rows: &'static str,
    copy_testid: &'static str,
    copy_label: &'static str,
}

/// The iframe snippet's box.
const IFRAME_SNIPPET: Snippet = Snippet {
    id: "embed-snippet",
    rows: "12",
    copy_testid: "copy-embed-iframe",
    copy_label: "Copy the iframe code",
};

/// The script snippet's box.
const SCRIPT_SNIPPET: Snippet = Snippet {
    id: "embed-script-snippet",
    rows: "3",
    copy_testid: "copy-embed-script",
    copy_label: "Copy the script code",
};

/// A snippet, read-only, with its Copy button and what became of the last copy.
fn snippet_box(
    snippet: Snippet,
    code: String,
    on_copy: Callback<MouseEvent>,
    copied: Option<bool>,
) -> Html {
    html! {
        <>
            <textarea id={snippet.id} data-testid={snippet.id} readonly=true rows={snippet.rows}
                value={code} />
            <div class="snippet-actions">
                <button type="button" class="secondary small" data-testid={snippet.copy_testid} onclick={on_copy}>
                    { snippet.copy_label }
                </button>
                <span role="status" aria-live="polite">{ copy_note(copied) }</span>
            </div>
        </>
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
                <label for="embed-snippet">
                    { "Paste this into a course page (HTML). The script sizes the frame to its \
                      content." }
                </label>
                { snippet_box(IFRAME_SNIPPET, iframe_code, on_copy_iframe, iframe_copied) }
                <label for="embed-script-snippet">
                    { "Or, where a page allows scripts from other sites, this div and script: \
                      every " }
                    <code>{ "div.course-cost-embed" }</code>
                    { " becomes a frame that sizes itself." }
                </label>
                { snippet_box(SCRIPT_SNIPPET, script_code, on_copy_script, script_copied) }
                <p class="small embed-options">
                    { "Add " }
                    <code>{ "&theme=light" }</code>
                    { ", " }
                    <code>{ "&theme=dark" }</code>
                    { " or " }
                    <code>{ "&transparent=1" }</code>
                    { " after " }
                    <code>{ "embed=1" }</code>
                    { " to match the page. The frame also reports its height to Embedly, AMP \
                      (amp-iframe) and pym.js hosts." }
                </p>
                <h3>{ "Preview" }</h3>
                <iframe class="embed-preview" data-testid="embed-preview"
                    title="Preview of the embedded calculator" loading="lazy"
                    src={embed_url(base, fragment, *embed_editable)} />
            </div>
    }
}
