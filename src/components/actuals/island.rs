//! The actuals wasm's side (`src/bin/actuals.rs`): the API the page calls, and each view as a Yew
//! app of its own over a mirror of the page's state.
//!
//! The mirror is a [`ScenarioState`] kept by the app's one reducer: the page's scenario comes
//! in as its link JSON and is loaded like a link; the view's own actions are applied to it as on
//! the page (a bill kept open stays here, for the visit). A scenario the view's edit made, one
//! that differs from the last the page sent, goes back to the page with the edit's label, and
//! the page's next sync brings it back, checked and priced by the page.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Object, Reflect};
use wasm_bindgen::prelude::*;
use web_sys::{CustomEvent, CustomEventInit, Element};
use yew::prelude::*;
use yew::AppHandle;

use crate::browser::actuals_protocol::{ActualsView, API, EDIT, NOTICE, READY, TERM_STATUS};
use crate::components::planning::calibrate_form::CalibrateForm;
use crate::components::planning::comparables_panel::ComparablesPanel;
use crate::components::planning::focus_panel::FocusPanel;
use crate::components::planning::term_panel::TermPanel;
use crate::model::share::{decode_inflated, Decoded, Inflated};
use crate::model::{Catalog, Scenario};
use crate::state::{use_scenario, ScenarioProvider, ScenarioState};

/// What the page sends on every change: the scenario's link JSON, and its link payload (the
/// term view's status paragraph links to it).
#[derive(Debug, PartialEq)]
pub struct Sync {
    /// The share link's JSON (`ScenarioState::share_json`).
    json: String,
    /// The share link's payload, as the page's address bar has it.
    link: String,
}

/// Props of [`ActualsApp`].
#[derive(Clone, Properties, PartialEq)]
pub struct ActualsAppProps {
    /// Which view.
    pub view: ActualsView,
    /// Whether its fold is open: closed, the view unmounts (a read under way stops) and the
    /// mirror stays.
    pub shown: bool,
    /// The page's element the view is drawn in, and that its events are dispatched on.
    pub host: Element,
    /// The page's state, as last sent.
    pub sync: Rc<Sync>,
}

/// A view started: its own root element (moved into each new host) and its app.
struct Mounted {
    root: Element,
    app: AppHandle<ActualsApp>,
    /// What it was last given.
    props: ActualsAppProps,
}

thread_local! {
    /// The views started, at most one of each.
    static MOUNTED: RefCell<Vec<Mounted>> = const { RefCell::new(Vec::new()) };
}

/// Trees of the page's own Yew to count past: its app is one (`src/main.rs`), and room is left
/// for a few more.
const PAGE_TREES: usize = 8;

/// Nothing: an app rendered only to be counted.
#[component]
fn Uncounted() -> Html {
    html! {}
}

/// Yew delegates events from each app's root and brands its elements with the app's tree id,
/// counted from 1 in each wasm: this wasm's apps, inside the page's, would be taken by the
/// page's Yew for its own (tree 1) and their events run the page's handlers. So this wasm's
/// count starts past the page's trees: apps made and destroyed at once, in an element never
/// attached.
fn count_past_the_pages_trees() {
    for _ in 0..PAGE_TREES {
        if let Ok(unattached) = gloo::utils::document().create_element("div") {
            yew::Renderer::<Uncounted>::with_root(unattached)
                .render()
                .destroy();
        }
    }
}

/// Puts the API on `window` and says so with [`READY`].
pub fn serve() {
    crate::browser::locale::use_reader_style();
    count_past_the_pages_trees();
    let api = Object::new();
    let show = Closure::<dyn Fn(Element, String, String, String)>::new(show);
    let hide = Closure::<dyn Fn(String)>::new(hide);
    let _ = Reflect::set(&api, &"show".into(), show.as_ref());
    let _ = Reflect::set(&api, &"hide".into(), hide.as_ref());
    // Called for the page's whole life.
    show.forget();
    hide.forget();
    let window = gloo::utils::window();
    let _ = Reflect::set(&window, &API.into(), &api);
    if let Ok(ready) = web_sys::Event::new(READY) {
        let _ = window.dispatch_event(&ready);
    }
}

/// Shows `view` in `host` with the page's state (`json`, `link`): started the first time,
/// moved into `host` and brought up to date afterwards.
fn show(host: Element, view: String, json: String, link: String) {
    let Some(view) = ActualsView::of_id(&view) else {
        return;
    };
    let props = ActualsAppProps {
        view,
        shown: true,
        host: host.clone(),
        sync: Rc::new(Sync { json, link }),
    };
    MOUNTED.with(|mounted| {
        let mut mounted = mounted.borrow_mut();
        if let Some(started) = mounted.iter_mut().find(|m| m.props.view == view) {
            if started.root.parent_element().as_ref() != Some(&host) {
                let _ = host.append_child(&started.root);
            }
            started.props = props.clone();
            started.app.update(props);
            return;
        }
        let Ok(root) = gloo::utils::document().create_element("div") else {
            return;
        };
        let _ = host.append_child(&root);
        let app =
            yew::Renderer::<ActualsApp>::with_root_and_props(root.clone(), props.clone()).render();
        mounted.push(Mounted { root, app, props });
    });
}

/// Unmounts `view` (its fold closed); its mirror stays.
fn hide(view: String) {
    let Some(view) = ActualsView::of_id(&view) else {
        return;
    };
    MOUNTED.with(|mounted| {
        if let Some(started) = mounted
            .borrow_mut()
            .iter_mut()
            .find(|m| m.props.view == view)
        {
            started.props.shown = false;
            started.app.update(started.props.clone());
        }
    });
}

/// The page's scenario from its link JSON.
fn decoded(json: &str) -> Option<Decoded> {
    let catalog = Catalog::builtin().ok()?;
    decode_inflated(json.as_bytes(), Inflated::NotDeflate, catalog)
}

/// One view over its mirror of the page's state.
#[component]
fn ActualsApp(props: &ActualsAppProps) -> Html {
    let initial = {
        let sync = props.sync.clone();
        use_memo((), move |_| {
            let state = ScenarioState::from_decoded(decoded(&sync.json), None).ok()?;
            Some(Rc::new(state))
        })
    };
    let Some(initial) = (*initial).clone() else {
        return html! {
            <p class="field-error" role="alert" data-testid={format!("actuals-error-{}", props.view.id())}>
                { "This view could not read the scenario; reload the page." }</p>
        };
    };
    let view = match props.view {
        ActualsView::Hours => html! { <CalibrateForm /> },
        ActualsView::Focus => html! { <FocusPanel /> },
        ActualsView::Term => html! { <TermPanel /> },
        ActualsView::Comparables => html! { <ComparablesPanel /> },
    };
    html! {
        <ScenarioProvider {initial}>
            <Bridge view={props.view} sync={props.sync.clone()} host={props.host.clone()} />
            if props.shown { { view } }
        </ScenarioProvider>
    }
}

/// Props of [`Bridge`].
#[derive(Properties, PartialEq)]
struct BridgeProps {
    view: ActualsView,
    sync: Rc<Sync>,
    host: Element,
}

/// Keeps the mirror on the page's state, and tells the page what the view did.
#[component]
fn Bridge(props: &BridgeProps) -> Html {
    let state = use_scenario();
    // The scenario the page last sent: the mirror's differs from it only after the view's edit.
    let synced = use_mut_ref(|| Rc::new(Scenario::clone(&state.scenario)));
    {
        let (synced, dispatch, shown) = (synced.clone(), state.dispatch(), state.scenario.clone());
        use_effect_with(props.sync.clone(), move |sync| {
            if let Some(decoded) = decoded(&sync.json) {
                *synced.borrow_mut() = Rc::new(decoded.scenario.clone());
                if decoded.scenario != **shown {
                    dispatch.load_link(decoded);
                }
            }
        });
    }
    {
        let (state, host, link) = (state.clone(), props.host.clone(), props.sync.link.clone());
        use_effect_with(state.scenario.clone(), move |scenario| {
            if ***scenario == **synced.borrow() {
                // The page's own link, so the term view's paragraph links to what it shows.
                state.keep_packed(link);
            } else {
                let json = String::from_utf8_lossy(&state.share_json()).into_owned();
                let label = state
                    .history
                    .undo_label()
                    .unwrap_or("an edit in the Plan view");
                let detail = Object::new();
                let _ = Reflect::set(&detail, &"json".into(), &json.into());
                let _ = Reflect::set(&detail, &"label".into(), &label.into());
                send(&host, EDIT, &detail);
            }
        });
    }
    {
        let host = props.host.clone();
        use_effect_with(state.visit.notice.clone(), move |notice| {
            if let Some(text) = notice {
                send(&host, NOTICE, &text.into());
            }
        });
    }
    let status = (props.view == ActualsView::Term).then(|| state.term_status().map(str::to_string));
    let host = props.host.clone();
    use_effect_with(status, move |status| {
        if let Some(text) = status {
            send(
                &host,
                TERM_STATUS,
                &text.clone().map_or(JsValue::NULL, JsValue::from),
            );
        }
    });
    html! {}
}

/// Dispatches the event `name` with `detail` on the page's `host`.
fn send(host: &Element, name: &str, detail: &JsValue) {
    let init = CustomEventInit::new();
    init.set_detail(detail);
    if let Ok(event) = CustomEvent::new_with_event_init_dict(name, &init) {
        let _ = host.dispatch_event(&event);
    }
}
