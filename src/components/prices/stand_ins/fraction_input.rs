//! The "how many of the offer" field of a stand-in row.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::components::inputs::provenance_marker::{provenance_marker, ProvenanceMarkerProps};
use crate::model::edit::change::Change;
use crate::model::edit::number::parse_number;
use crate::model::format;
use crate::model::presets::provenance_note::ProvenanceNote;
use crate::state::Dispatch;

/// Props of [`FractionInput`].
#[derive(Properties, PartialEq)]
pub(super) struct FractionInputProps {
    /// The provider the choice is made on (id).
    pub provider: AttrValue,
    /// The Chameleon resource the offer stands in for (id).
    pub resource: AttrValue,
    /// The committed fraction, shown when the user is not editing.
    pub value: f64,
    /// Where the new fraction goes.
    pub dispatch: Dispatch,
    /// Where the fraction comes from (the mapping, the offer's GPUs, or the user).
    pub provenance: ProvenanceNote,
}

/// What the user typed, as a fraction the scenario accepts, or why not.
fn checked_fraction(text: &str) -> Result<f64, String> {
    match parse_number(text) {
        Ok(fraction) if fraction > 0.0 && fraction <= 1_000.0 => Ok(fraction),
        Ok(_) => Err("must be more than 0 and at most 1000".to_string()),
        Err(error) => Err(error),
    }
}

/// The "how much of the offer" field; keeps its own text so nothing typed is lost.
#[component]
pub(super) fn FractionInput(props: &FractionInputProps) -> Html {
    // What the user typed and, if it is not a valid fraction, why.
    let typed = use_state(|| None::<(String, Option<String>)>);
    let id = format!("fraction-{}", props.resource.replace('.', "-"));
    let oninput = {
        let typed = typed.clone();
        let (provider, resource, dispatch) = (
            props.provider.to_string(),
            props.resource.to_string(),
            props.dispatch.clone(),
        );
        Callback::from(move |event: InputEvent| {
            let text = event.target_unchecked_into::<HtmlInputElement>().value();
            let error = match checked_fraction(&text) {
                Ok(fraction) => {
                    dispatch.change(Change::SetChoiceFraction {
                        provider: provider.clone(),
                        resource: resource.clone(),
                        fraction,
                    });
                    None
                }
                Err(error) => Some(error),
            };
            typed.set(Some((text, error)));
        })
    };
    let onblur = {
        let typed = typed.clone();
        Callback::from(move |_: FocusEvent| {
            if matches!(&*typed, Some((_, None))) {
                typed.set(None);
            }
        })
    };
    let (text, error) = match &*typed {
        Some((text, error)) => (text.clone(), error.clone()),
        None => (format::editable(props.value), None),
    };
    html! {
        <div class={classes!("field", "field-compact", error.is_some().then_some("field-invalid"))}
            data-provenance={props.provenance.kind.word()}>
            <label for={id.clone()} class="visually-hidden">
                { format!("{}: how many of the offer one instance equals", props.resource) }
            </label>
            <input id={id.clone()} type="text" inputmode="decimal" value={text} class="fraction-input"
                aria-invalid={error.is_some().then_some("true")}
                aria-describedby={error.is_some().then(|| format!("{id}-error"))}
                {oninput} {onblur} />
            { provenance_marker(&ProvenanceMarkerProps::of(&props.provenance, id.clone())) }
            if let Some(error) = error {
                <p class="field-error" id={format!("{id}-error")} data-testid="field-error" role="alert">
                    { format!("{error}. The results still use the last valid value.") }
                </p>
            }
        </div>
    }
}
