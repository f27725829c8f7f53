//! The scenario's name and notes: carried in the link, shown in the tab title, print, exports
//! and the embed.

use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::model::edit::change::Change;
use crate::model::scenario::validate::limits;
use crate::state::ScenarioHandle;

/// Title and notes fields.
pub fn scenario_title(state: &ScenarioHandle) -> Html {
    let dispatch = state.dispatch();
    let on_title = dispatch.change_with(|event: InputEvent| {
        Change::SetTitle(event.target_unchecked_into::<HtmlInputElement>().value())
    });
    let on_notes = dispatch.change_with(|event: InputEvent| {
        Change::SetNotes(event.target_unchecked_into::<HtmlTextAreaElement>().value())
    });
    html! {
        <div class="scenario-title">
            <div class="field">
                <label for="scenario-title">{ "Name of this scenario" }</label>
                <input id="scenario-title" type="text" data-testid="scenario-title"
                    maxlength={limits::NAME_CHARS.to_string()}
                    placeholder="e.g. ML Systems, Fall 2026, 60 students"
                    value={state.scenario.title.clone()} oninput={on_title} />
            </div>
            <details class="field" open={!state.scenario.notes.is_empty()}>
                <summary>{ "Notes" }</summary>
                <label for="scenario-notes" class="visually-hidden">{ "Notes on this scenario" }</label>
                <textarea id="scenario-notes" data-testid="scenario-notes" rows="3"
                    maxlength={limits::NOTES_CHARS.to_string()}
                    value={state.scenario.notes.clone()} oninput={on_notes} />
            </details>
        </div>
    }
}
