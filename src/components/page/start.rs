//! The page's start in slices, so no task blocks a slow phone for long: the first render draws
//! the first screen (what the prerendered first paint shows); the parts below it then mount one
//! per task, in page order, each after the browser has drawn a frame, so neither a part's render
//! nor its layout joins another's. A part only ever mounts below everything already painted, so
//! nothing moves. Once all are mounted the page's root element gets `data-ready` (what the
//! browser tests wait for), and from then on everything renders at once.

use std::cell::Cell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Every part shown: the start is over.
pub const ALL: usize = usize::MAX;

/// The attribute the page's root element gets once the start is over.
pub const READY: &str = "data-ready";

/// Runs `then` in a task of its own after the browser's next frame, or after 100 ms when no
/// frame comes (a hidden tab draws none).
fn after_next_frame(then: impl FnOnce() + 'static) {
    let then = Rc::new(Cell::new(Some(then)));
    let run = move || {
        if let Some(then) = then.take() {
            then();
        }
    };
    let fallback = run.clone();
    Timeout::new(100, fallback).forget();
    let on_frame = Closure::once_into_js(move || Timeout::new(0, run).forget());
    // Without frames, the fallback runs it.
    let _ = gloo::utils::window().request_animation_frame(on_frame.unchecked_ref());
}

/// How many of a page's `parts` are shown: none at the first render, then one more per task
/// until all are, then [`ALL`]. Setting the handle to [`ALL`] (a view picked, a printout)
/// shows the rest at once.
#[hook]
pub fn use_start_in_slices(parts: usize) -> UseStateHandle<usize> {
    let shown = use_state(|| 0);
    // What a waiting step compares with, so a step never undoes a later change.
    let now = use_mut_ref(|| 0);
    *now.borrow_mut() = *shown;
    {
        let shown = shown.clone();
        use_effect_with(*shown, move |&count| {
            if count == ALL {
                if let Some(root) = gloo::utils::document().document_element() {
                    // Only the tests read it; a page that cannot set it works the same.
                    let _ = root.set_attribute(READY, "");
                }
                return;
            }
            after_next_frame(move || {
                if *now.borrow() == count {
                    shown.set(if count + 1 >= parts { ALL } else { count + 1 });
                }
            });
        });
    }
    shown
}
