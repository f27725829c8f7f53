//! Keeps the address bar and the saved draft in step with the scenario, loads a link pasted
//! into the address bar, and keeps what the user replaced restorable.
//!
//! The draft is written 250 ms after the last edit, and at once when the page is hidden or left
//! (`visibilitychange`, `pagehide`), so an edit made right before a reload or a close is kept.
//! The link is compressed by the browser when the debounce ends (asynchronously: the payload is
//! then kept with the state, in place, so nothing but the parts showing the link renders again);
//! leaving the page writes at once what the state has (the compressed payload, or until it is
//! known the one deflated at once, which opens the same scenario).
//! The paper's course opened from an address without a link gets no link written until the
//! first change: that address already opens it.
//! The draft is written only after an edit: a draft loaded unchanged (one a newer version
//! wrote, say) stays as it was stored. Before a write replaces a stored draft that this tab did
//! not write (another tab's) or could not read whole (a newer version's), that draft goes to
//! the kept list, as do scenarios replaced by Reset, a preset or a link; another tab's save is
//! noticed through the `storage` event.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::events::EventListener;
use gloo::timers::callback::Timeout;
use wasm_bindgen_futures::spawn_local;
use yew::prelude::*;

use crate::browser::link::{decode, encode, packed_payload};
use crate::browser::{address, storage};
use crate::components::share::kept_list::kept_list;
use crate::model::presets::builtin_presets;
use crate::model::share::{payload_of, Tab, PARAM};
use crate::model::Catalog;
use crate::state::kept::{name_of, Kept, KeptWhy};
use crate::state::{use_scenario, ScenarioHandle, ScenarioState};

/// Props of [`UrlSync`].
#[derive(Properties, PartialEq)]
pub struct UrlSyncProps {
    /// Save the draft in local storage too (not in a read-only embed).
    pub save_draft: bool,
}

/// Wait after the last edit before writing the address bar (milliseconds): typing stays fast
/// and the history API is not called on every keystroke.
const DEBOUNCE_MS: u32 = 250;

/// The write waiting for the debounce, which leaving the page runs at once.
#[derive(Default)]
struct Pending {
    timeout: Option<Timeout>,
    /// The write, for the state it was made for.
    write: Option<Rc<Writer>>,
    /// The payload last written to the address bar.
    written: Option<String>,
    /// The address bar's fragment that the last write replaced, when that write saved the
    /// draft too: a reload begun just before the write still loads it.
    replaced: Option<String>,
}

impl Pending {
    /// Runs the waiting write as the page is left, with the payload the state has now: a
    /// reload keeps the address bar as it was (too late to change), so the payload is noted for
    /// the reload to use.
    fn flush_on_leave(&mut self) {
        self.timeout = None;
        let Some(writer) = self.write.take() else {
            // The last write may have landed after a reload began, which then loads the address
            // it replaced: that reload should show what was written.
            if let (Some(stale), Some(payload)) = (self.replaced.take(), &self.written) {
                storage::note_left(&stale, payload);
            }
            return;
        };
        self.replaced = None;
        let stale = address::fragment();
        let payload = writer.state.share_payload();
        // No time to inflate a draft to name it: it is kept under a plain name.
        let keep = writer.to_keep(&payload).map(|(stored, why)| Kept {
            name: "A saved scenario".to_string(),
            why: why.words().to_string(),
            at_ms: storage::now_ms(),
            payload: stored,
        });
        self.written = Some(payload.clone());
        if writer.write(&payload, keep) {
            storage::note_left(&stale, &payload);
        }
    }
}

/// Runs the write waiting in `pending` once the browser has compressed the link (and named the
/// draft it keeps, if any), unless a newer write replaced it meanwhile. The compressed payload
/// is kept with the state after the write, as no new state: nothing renders again for it.
async fn write_when_packed(pending: Rc<RefCell<Pending>>) {
    let Some(writer) = pending.borrow().write.clone() else {
        return;
    };
    let payload = packed_payload(&writer.state).await;
    let keep = match writer.to_keep(&payload) {
        Some((stored, why)) => Some(kept_of(&stored, writer.state.catalog, why).await),
        None => None,
    };
    {
        let mut pending = pending.borrow_mut();
        if !pending
            .write
            .as_ref()
            .is_some_and(|w| Rc::ptr_eq(w, &writer))
        {
            return;
        }
        pending.write = None;
        pending.written = Some(payload.clone());
    }
    let before = address::fragment();
    let saved = writer.write(&payload, keep);
    pending.borrow_mut().replaced = saved.then_some(before);
    writer.state.keep_packed(payload);
}

/// What this tab knows of the stored draft.
struct DraftBook {
    /// The payload this tab last read or wrote under the draft key.
    known: Option<String>,
    /// The draft as loaded, if this version could not read it whole (kept before a rewrite).
    lossy: Option<String>,
    /// Whether the user has changed anything since the page loaded.
    edited: bool,
}

/// `payload` as a kept entry, named by what it decodes to.
async fn kept_of(payload: &str, catalog: &Catalog, why: KeptWhy) -> Kept {
    let name = decode(payload, catalog).await.map_or_else(
        || "A saved scenario".to_string(),
        |decoded| name_of(&decoded.scenario),
    );
    Kept {
        name,
        why: why.words().to_string(),
        at_ms: storage::now_ms(),
        payload: payload.to_string(),
    }
}

/// Writes the address bar and (after an edit) the draft for one state.
struct Writer {
    state: ScenarioHandle,
    /// Write the draft: after an edit, not in a read-only embed, nor for a link loaded
    /// unchanged. Fixed for the state it was made for: a write still waiting for the browser's
    /// deflate when the user edits writes the address bar only.
    writes_draft: bool,
    book: Rc<RefCell<DraftBook>>,
    storage_error: UseStateHandle<Option<String>>,
    kept: UseStateHandle<Vec<Kept>>,
}

impl Writer {
    /// The stored draft that writing `payload` would replace, and why it is kept first, when
    /// this tab did not write it (another tab's) or could not read it whole (a newer version's).
    fn to_keep(&self, payload: &str) -> Option<(String, KeptWhy)> {
        if !self.writes_draft {
            return None;
        }
        let stored = storage::load_draft().filter(|s| s != payload)?;
        let book = self.book.borrow();
        let why = if book.known.as_deref() != Some(stored.as_str()) {
            KeptWhy::OtherTab
        } else if book.lossy.as_deref() == Some(stored.as_str()) {
            KeptWhy::NewerVersion
        } else {
            return None;
        };
        Some((stored, why))
    }

    /// Writes `payload` to the address bar and, after an edit, as the draft, keeping `keep`
    /// first; whether it wrote the draft.
    fn write(&self, payload: &str, keep: Option<Kept>) -> bool {
        let view = Tab::of_fragment(&address::fragment());
        address::replace_fragment(&view.in_fragment(&format!("{PARAM}={payload}")));
        if !self.writes_draft {
            return false;
        }
        let result = write_draft(&self.book, payload, keep);
        let written = result.is_ok();
        self.storage_error.set(result.err());
        self.kept.set(storage::load_kept());
        written
    }
}

/// Writes `payload` as the draft, first keeping `keep` (the stored draft it replaces).
fn write_draft(book: &RefCell<DraftBook>, payload: &str, keep: Option<Kept>) -> Result<(), String> {
    let mut book = book.borrow_mut();
    if let Some(keep) = keep {
        storage::keep(keep)?;
    }
    book.lossy = None;
    storage::save_draft(payload)?;
    book.known = Some(payload.to_string());
    Ok(())
}

/// Renders the draft notices and the kept list; syncs the URL fragment and the draft.
#[component]
pub fn UrlSync(props: &UrlSyncProps) -> Html {
    let state = use_scenario();
    let pending = use_mut_ref(Pending::default);
    let storage_error = use_state(|| None::<String>);
    let other_tab = use_state(|| false);
    let kept = use_state_eq(storage::load_kept);
    let book = {
        let lossy = state
            .visit
            .link_notices
            .iter()
            .any(|n| n.starts_with("Your saved draft"));
        use_mut_ref(move || {
            let known = storage::load_draft();
            DraftBook {
                lossy: known.clone().filter(|_| lossy),
                known,
                edited: false,
            }
        })
    };
    use_debounced_write(
        &state,
        props.save_draft,
        pending.clone(),
        book.clone(),
        storage_error.clone(),
        kept.clone(),
    );
    use_flush_on_leave(pending);
    use_keep_replaced(&state, props.save_draft, kept.clone());
    use_other_tab(
        &state,
        props.save_draft,
        book,
        other_tab.clone(),
        kept.clone(),
    );
    use_pasted_links(&state);

    let on_restore = {
        let state = state.clone();
        Callback::from(move |payload: String| {
            let state = state.clone();
            spawn_local(async move {
                if let Some(decoded) = decode(&payload, state.catalog).await {
                    state.dispatch().load_link(decoded);
                }
            });
        })
    };
    html! {
        <>
            if let Some(error) = (*storage_error).clone() {
                <p class="warning no-print" role="status" data-testid="storage-notice">{ error }</p>
            }
            if *other_tab {
                <p class="warning no-print" role="status" data-testid="other-tab-notice">
                    { "Another tab of the calculator saved a different draft. Yours stays here; \
                      the other tab's is kept under \"Earlier scenarios\", ready to restore." }
                </p>
            }
            if props.save_draft && !kept.is_empty() {
                { kept_list(&kept, &on_restore) }
            }
        </>
    }
}

/// Writes the address bar and (after an edit) the draft, 250 ms after the last change; the
/// write waits in `pending`, so leaving the page can run it at once.
#[hook]
fn use_debounced_write(
    state: &ScenarioHandle,
    save_draft: bool,
    pending: Rc<RefCell<Pending>>,
    book: Rc<RefCell<DraftBook>>,
    storage_error: UseStateHandle<Option<String>>,
    kept: UseStateHandle<Vec<Kept>>,
) {
    let initial = use_mut_ref(|| (state.scenario.clone(), state.pinned.clone()));

    // A scenario a link loaded, unchanged, is not the user's work: it never replaces the
    // draft stored in this browser (a damaged link's fallback least of all).
    let keep_stored = state.visit.from_link;
    let unchanged = {
        let (scenario, pinned) = &*initial.borrow();
        Rc::ptr_eq(scenario, &state.scenario)
            && pinned.as_ref().map(|p| Rc::as_ptr(&p.scenario))
                == state.pinned.as_ref().map(|p| Rc::as_ptr(&p.scenario))
    };
    if !unchanged {
        book.borrow_mut().edited = true;
    }
    // Keyed on the state (compared by pointer, so cheaply), and the link is compressed when the
    // debounce ends: a keystroke never pays for serializing and deflating the scenario.
    use_effect_with((state.clone(), keep_stored), move |(state, keep_stored)| {
        // The paper's course opened from an address without a link: that address already
        // opens it, so the start neither computes a link nor writes one (a draft equal to the
        // course included). The first change writes as usual, and Undo back to it too.
        if !book.borrow().edited
            && state.needs_no_link()
            && payload_of(&address::fragment()).is_none()
        {
            return;
        }
        let mut pending_now = pending.borrow_mut();
        // A state that only gained its compressed payload, already written, needs no write.
        let payload = state.is_link_packed().then(|| state.share_payload());
        if payload.is_some() && payload == pending_now.written {
            return;
        }
        pending_now.write = Some(Rc::new(Writer {
            state: state.clone(),
            writes_draft: save_draft && !*keep_stored && book.borrow().edited,
            book,
            storage_error,
            kept,
        }));
        let pending = pending.clone();
        // Replacing the timeout drops (cancels) the previous one.
        pending_now.timeout = Some(Timeout::new(DEBOUNCE_MS, move || {
            spawn_local(write_when_packed(pending));
        }));
    });
}

/// Runs the waiting write when the page is hidden or left.
#[hook]
fn use_flush_on_leave(pending: Rc<RefCell<Pending>>) {
    use_effect_with((), move |_| {
        let window = gloo::utils::window();
        let on_hide = {
            let pending = pending.clone();
            EventListener::new(&window, "pagehide", move |_| {
                pending.borrow_mut().flush_on_leave();
            })
        };
        let document = gloo::utils::document();
        let on_visibility = EventListener::new(&document, "visibilitychange", move |_| {
            if gloo::utils::document().hidden() {
                pending.borrow_mut().flush_on_leave();
            }
        });
        move || drop((on_hide, on_visibility))
    });
}

/// Keeps each scenario that Reset, a preset or a link replaced in the stored list.
#[hook]
fn use_keep_replaced(state: &ScenarioState, save_draft: bool, kept: UseStateHandle<Vec<Kept>>) {
    let replaced = state.visit.replaced_scenario.clone();
    let pointer = replaced.as_ref().map(Rc::as_ptr);
    let why = if state.visit.from_link {
        KeptWhy::Link
    } else {
        KeptWhy::Preset
    };
    use_effect_with(pointer, move |_| {
        let Some(replaced) = replaced.filter(|_| save_draft) else {
            return;
        };
        let Some(base) = builtin_presets().ok().and_then(|p| p.first()) else {
            return;
        };
        spawn_local(async move {
            let entry = Kept {
                name: name_of(&replaced),
                why: why.words().to_string(),
                at_ms: storage::now_ms(),
                payload: encode(&replaced, base).await,
            };
            if let Ok(list) = storage::keep(entry) {
                kept.set(list);
            }
        });
    });
}

/// Notices another tab's draft (the `storage` event) and keeps it restorable.
#[hook]
fn use_other_tab(
    state: &ScenarioState,
    save_draft: bool,
    book: Rc<RefCell<DraftBook>>,
    other_tab: UseStateHandle<bool>,
    kept: UseStateHandle<Vec<Kept>>,
) {
    let catalog = state.catalog;
    use_effect_with(save_draft, move |save_draft| {
        let save_draft = *save_draft;
        let listener = EventListener::new(&gloo::utils::window(), "storage", move |event| {
            let text = |key: &str| {
                js_sys::Reflect::get(event, &key.into())
                    .ok()
                    .and_then(|value| value.as_string())
            };
            if !save_draft {
                return;
            }
            match text("key").as_deref() {
                Some(storage::DRAFT_KEY) => {}
                Some(storage::KEPT_KEY) => {
                    kept.set(storage::load_kept());
                    return;
                }
                _ => return,
            }
            let Some(theirs) = text("newValue") else {
                return;
            };
            let mut book = book.borrow_mut();
            if book.known.as_deref() == Some(theirs.as_str()) {
                return;
            }
            // Known now, so this tab's next save replaces it without keeping it twice.
            book.known = Some(theirs.clone());
            other_tab.set(true);
            let kept = kept.clone();
            spawn_local(async move {
                let entry = kept_of(&theirs, catalog, KeptWhy::OtherTab).await;
                if let Ok(list) = storage::keep(entry) {
                    kept.set(list);
                }
            });
        });
        move || drop(listener)
    });
}

/// A link pasted into the address bar of an open calculator. The handle's dispatch is stable,
/// and the reducer compares with the state current at that time.
#[hook]
fn use_pasted_links(state: &ScenarioHandle) {
    let state = state.clone();
    use_effect_with((), move |_| {
        let listener = EventListener::new(&gloo::utils::window(), "hashchange", move |_| {
            let Some(payload) = payload_of(&address::fragment()) else {
                return;
            };
            let state = state.clone();
            spawn_local(async move {
                if let Some(decoded) = decode(&payload, state.catalog).await {
                    state.dispatch().load_link(decoded);
                }
            });
        });
        move || drop(listener)
    });
}
