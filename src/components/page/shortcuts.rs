//! Undo and redo from the keyboard: Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z (or Ctrl+Y), outside text
//! fields, where the browser's own undo of the typed text applies.

use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use web_sys::{Element, KeyboardEvent};
use yew::prelude::*;

use crate::state::Dispatch;

/// Whether the key event comes from a place where typing happens.
fn in_text_field(event: &KeyboardEvent) -> bool {
    let Some(element) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
        return false;
    };
    let tag = element.tag_name().to_ascii_lowercase();
    matches!(tag.as_str(), "input" | "textarea" | "select")
        || element.get_attribute("contenteditable").is_some()
}

/// Listens for the undo and redo shortcuts while the component lives.
#[hook]
pub fn use_undo_shortcuts(dispatch: Dispatch) {
    use_effect_with(dispatch, |dispatch| {
        let dispatch = dispatch.clone();
        // Not passive: the shortcut replaces the browser's own undo, which would otherwise also
        // revert the last text typed into a field and record that as a new edit.
        let options = EventListenerOptions::enable_prevent_default();
        let listener = EventListener::new_with_options(
            &gloo::utils::document(),
            "keydown",
            options,
            move |event| {
                let Some(event) = event.dyn_ref::<KeyboardEvent>() else {
                    return;
                };
                if !(event.ctrl_key() || event.meta_key()) || in_text_field(event) {
                    return;
                }
                let key = event.key().to_ascii_lowercase();
                let redo = (key == "z" && event.shift_key()) || key == "y";
                if key == "z" || redo {
                    event.prevent_default();
                    if redo {
                        dispatch.redo();
                    } else {
                        dispatch.undo();
                    }
                }
            },
        );
        move || drop(listener)
    });
}
