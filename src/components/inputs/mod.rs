//! Number fields, selects and notices shared by every panel.

pub mod citation;
pub mod disclosure;
pub mod notice;
pub mod number_input;
pub mod provenance_marker;
pub mod resource_select;
pub mod select;
pub mod setting_input;
pub mod table_head;
pub mod term;

use yew::{Callback, MouseEvent};

use crate::model::edit::change::Change;
use crate::state::Dispatch;

/// A click that makes `change` (built when the button is drawn): one closure type for every such
/// button, so the wasm holds one copy of its code, not one per button.
pub fn click_change(dispatch: &Dispatch, change: Change) -> Callback<MouseEvent> {
    dispatch.change_with(move |_: MouseEvent| change.clone())
}
