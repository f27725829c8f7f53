//! The allocation requests: one paragraph per testbed, as an instructor pastes it into a request,
//! each with a Copy button; the Markdown export carries the same text.

use yew::prelude::*;

use crate::browser::{address, clipboard};
use crate::model::testbed::request::{chameleon_request, jetstream_request};
use crate::state::{use_scenario, use_share_fragment};

/// Which paragraph was copied last, and whether the browser allowed it.
type Copied = Option<(&'static str, bool)>;

/// One paragraph with its Copy button (`data-testid` `request-<id>` and `copy-request-<id>`).
fn paragraph(id: &'static str, title: &str, text: String, copied: &UseStateHandle<Copied>) -> Html {
    let onclick = {
        let (copied, text) = (copied.clone(), text.clone());
        Callback::from(move |_: MouseEvent| {
            let (copied, text) = (copied.clone(), text.clone());
            wasm_bindgen_futures::spawn_local(async move {
                copied.set(Some((id, clipboard::copy(&text).await)));
            });
        })
    };
    html! {
        <div class="request">
            <h4>{ title.to_string() }</h4>
            <p class="request-text" data-testid={format!("request-{id}")}>{ text }</p>
            <button type="button" class="secondary" data-testid={format!("copy-request-{id}")} {onclick}
                aria-label={format!("Copy the {title} request")}>{ "Copy" }</button>
            if let Some((which, done)) = **copied {
                if which == id {
                    <span role="status" class="copy-status" data-testid={format!("copied-request-{id}")}>
                        { if done { " Copied." } else { " This browser did not allow copying: select the paragraph and copy it." } }
                    </span>
                }
            }
        </div>
    }
}

/// Both requests for the scenario on screen, naming its share link.
#[component]
pub fn RequestBox() -> Html {
    let state = use_scenario();
    let copied = use_state(|| None::<(&'static str, bool)>);
    let fragment = use_share_fragment(&state);
    let link = format!("{}#{fragment}", address::base());
    let twin = state.testbeds();
    let plain = |text: &str| text.to_string();
    html! {
        <section aria-labelledby="request-title">
            <h3 id="request-title">{ "Allocation requests" }</h3>
            <p class="field-hint">{ "Plain paragraphs to paste into a request: the course, each resource's hours, rate and SUs, the overrun assumed, the allocation it needs, the sources with their dates, and the link to this scenario. The Markdown export (Share) carries the same text." }</p>
            { paragraph("chameleon", "Chameleon",
                chameleon_request(&state.scenario, &twin, &link, &plain), &copied) }
            { paragraph("jetstream", "Jetstream2 (ACCESS)",
                jetstream_request(&state.scenario, &twin, &link, &plain), &copied) }
        </section>
    }
}
