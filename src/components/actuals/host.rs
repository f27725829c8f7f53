//! The page's side of a view of what was measured: the element it is drawn in, the actuals wasm
//! loaded the first
//! time (with a line meanwhile, or why it cannot be), the page's state sent on every change,
//! and what the view sends back taken as the page's own actions.

use std::rc::Rc;

use gloo::events::EventListener;
use js_sys::Reflect;
use wasm_bindgen::JsCast;
use web_sys::{CustomEvent, Element, Event};
use yew::prelude::*;

use crate::browser::actuals;
use crate::browser::actuals_protocol::{ActualsView, EDIT, NOTICE, TERM_STATUS};
use crate::model::share::{decode_inflated, Inflated};
use crate::model::Catalog;
use crate::state::{use_scenario, use_share_fragment, Dispatch};

/// Props of [`ActualsHost`].
#[derive(Properties, PartialEq)]
pub struct ActualsHostProps {
    /// Which view.
    pub view: ActualsView,
}

/// Whether the actuals wasm is there.
#[derive(Clone, PartialEq)]
enum Loading {
    Pending,
    Ready,
    Failed(String),
}

/// An event's `detail`.
fn detail(event: &Event) -> Option<wasm_bindgen::JsValue> {
    event.dyn_ref::<CustomEvent>().map(CustomEvent::detail)
}

/// The page's actions for what the view on `host` sends: a scenario its edit made (read from
/// its link JSON, checked and priced again), a notice, the term's status paragraph.
fn listen(host: &Element, catalog: &'static Catalog, dispatch: Dispatch) -> [EventListener; 3] {
    let edit = {
        let dispatch = dispatch.clone();
        EventListener::new(host, EDIT, move |event| {
            let field = |name: &str| {
                detail(event)
                    .and_then(|d| Reflect::get(&d, &name.into()).ok())
                    .and_then(|v| v.as_string())
            };
            let read = field("json")
                .and_then(|json| decode_inflated(json.as_bytes(), Inflated::NotDeflate, catalog))
                .filter(|decoded| decoded.notices.is_empty());
            match read {
                Some(decoded) => dispatch.adopt_scenario(
                    Rc::new(decoded.scenario),
                    field("label").unwrap_or_default(),
                ),
                None => dispatch.notice(
                    "The change made in this view could not be read; the scenario is unchanged."
                        .into(),
                ),
            }
        })
    };
    let notice = {
        let dispatch = dispatch.clone();
        EventListener::new(host, NOTICE, move |event| {
            if let Some(text) = detail(event).and_then(|d| d.as_string()) {
                dispatch.notice(text);
            }
        })
    };
    let status = EventListener::new(host, TERM_STATUS, move |event| {
        dispatch.term_status(detail(event).and_then(|d| d.as_string()));
    });
    [edit, notice, status]
}

/// A view of what was measured, drawn by the actuals wasm in this component's element.
#[component]
pub fn ActualsHost(props: &ActualsHostProps) -> Html {
    let state = use_scenario();
    // Renders again when the browser's compressed link arrives.
    let _ = use_share_fragment(&state);
    let link = state.share_payload();
    // The link's JSON holds scenario A too: written again when either changes.
    let pinned = state.pinned.as_ref().map(|a| a.scenario.clone());
    let json = use_memo((state.scenario.clone(), pinned), {
        let state = state.clone();
        move |_| String::from_utf8_lossy(&state.share_json()).into_owned()
    });
    let host = use_node_ref();
    let loading = use_state(|| {
        if actuals::started() {
            Loading::Ready
        } else {
            Loading::Pending
        }
    });
    {
        let (loading, view) = (loading.clone(), props.view);
        use_effect_with((), move |_| {
            if *loading == Loading::Pending {
                wasm_bindgen_futures::spawn_local(async move {
                    loading.set(match actuals::load().await {
                        Ok(()) => Loading::Ready,
                        Err(why) => Loading::Failed(why),
                    });
                });
            }
            move || actuals::hide(view)
        });
    }
    {
        let (host, view) = (host.clone(), props.view);
        let ready = *loading == Loading::Ready;
        use_effect_with((ready, json, link), move |(ready, json, link)| {
            if let (true, Some(element)) = (*ready, host.cast::<Element>()) {
                actuals::show(&element, view, json, link);
            }
        });
    }
    {
        let (host, catalog, dispatch) = (host.clone(), state.catalog, state.dispatch());
        use_effect_with((), move |_| {
            let listeners = host
                .cast::<Element>()
                .map(|element| listen(&element, catalog, dispatch));
            move || drop(listeners)
        });
    }
    // One line per view: several folds may be loading at once.
    let testid = |what: &str| format!("actuals-{what}-{}", props.view.id());
    html! {
        <>
            { match &*loading {
                Loading::Pending => html! {
                    <p class="field-hint" role="status" data-testid={testid("loading")}>
                        { "Loading this view…" }</p>
                },
                Loading::Failed(why) => html! {
                    <p class="field-error" role="alert" data-testid={testid("error")}>{ why.clone() }</p>
                },
                Loading::Ready => html! {},
            } }
            <div ref={host} class="actuals-view" />
        </>
    }
}
