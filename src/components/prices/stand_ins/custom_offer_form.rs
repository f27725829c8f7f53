//! The form that adds an offer of the user's own: name, hardware, price.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::components::inputs::provenance_marker::{provenance_marker, ProvenanceMarkerProps};
use crate::model::catalog::hardware::Hardware;
use crate::model::catalog::stand_in::CustomOffer;
use crate::model::edit::change::Change;
use crate::model::edit::number::parse_number;
use crate::model::presets::provenance_note::ProvenanceNote;
use crate::state::Dispatch;

/// The form's fields, in [`LABELS`] order, as typed.
type Fields = [String; 7];

/// The label of each field.
const LABELS: [&str; 7] = [
    "Name (e.g. University GPU cluster)",
    "vCPUs",
    "Memory (GB)",
    "GPU model",
    "GPUs",
    "Memory per GPU (GB)",
    "Price (US$ per hour)",
];

/// Where each field is in [`Fields`].
const NAME: usize = 0;
const VCPUS: usize = 1;
const MEMORY: usize = 2;
const GPU_MODEL: usize = 3;
const GPUS: usize = 4;
const GPU_MEMORY: usize = 5;
const PRICE: usize = 6;

/// The fields of an empty form.
fn empty_fields() -> Fields {
    [
        String::new(),
        String::new(),
        String::new(),
        String::new(),
        "0".into(),
        String::new(),
        String::new(),
    ]
}

/// The number in field `index` (0 when left empty, except the price), or why it is not one.
fn field_number(fields: &Fields, index: usize, what: &str) -> Result<f64, String> {
    if fields[index].trim().is_empty() && index != PRICE {
        return Ok(0.0);
    }
    match parse_number(&fields[index]) {
        Ok(value) if value >= 0.0 => Ok(value),
        Ok(_) => Err(format!("{what} cannot be negative")),
        Err(error) => Err(format!("{what}: {error}")),
    }
}

/// The offer the fields describe, or what is wrong with them.
fn built_offer(fields: &Fields) -> Result<CustomOffer, String> {
    if fields[NAME].trim().is_empty() {
        return Err("Give the offer a name".to_string());
    }
    let usd = field_number(fields, PRICE, "Price")?;
    if usd <= 0.0 || usd > 1_000_000.0 {
        return Err("Price must be more than 0 and at most 1,000,000".to_string());
    }
    Ok(CustomOffer {
        name: fields[NAME].clone(),
        specs: Hardware {
            vcpu: field_number(fields, VCPUS, "vCPUs")?.round() as u32,
            ram_gb: field_number(fields, MEMORY, "Memory")?,
            gpu_model: fields[GPU_MODEL].clone().into(),
            gpu_count: field_number(fields, GPUS, "GPUs")?.round() as u32,
            gpu_mem_gb: field_number(fields, GPU_MEMORY, "Memory per GPU")?,
        },
        usd_per_hour: usd,
    })
}

/// Where a number of the form comes from: only the user, for an offer of their own.
fn field_note(index: usize) -> ProvenanceNote {
    ProvenanceNote::user(match index {
        PRICE => "Your own figure: the hourly price of the offer you are entering (e.g. your institution's negotiated rate).",
        GPUS => "Your own figure: 0 (no GPU) until you type how many GPUs the offer has.",
        _ => "Your own figure: the hardware of the offer you are entering.",
    })
}

/// Field `index` of the form: its label and input and, for a number, where it comes from.
fn form_field(index: usize, label: &str, value: &str, oninput: Callback<InputEvent>) -> Html {
    let number = index != NAME && index != GPU_MODEL;
    let input = html! {
        <label class="inline">
            <span>{ label.to_string() }</span>
            <input type="text" id={format!("custom-offer-{index}")} value={value.to_string()} {oninput}
                inputmode={number.then_some("decimal")} />
        </label>
    };
    if !number {
        return input;
    }
    let note = field_note(index);
    html! {
        <div class="inline-field" data-provenance={note.kind.word()}>
            { input }
            { provenance_marker(&ProvenanceMarkerProps::of(&note, format!("custom-offer-{index}"))) }
        </div>
    }
}

/// Props of [`CustomOfferForm`].
#[derive(Properties, PartialEq)]
pub(super) struct CustomOfferFormProps {
    /// Where the new offer goes.
    pub dispatch: Dispatch,
}

/// Enter an offer of your own: name, hardware, price.
#[component]
pub(super) fn CustomOfferForm(props: &CustomOfferFormProps) -> Html {
    let fields = use_state(empty_fields);
    let error = use_state(|| None::<String>);
    let on_field_input = |index: usize| {
        let fields = fields.clone();
        Callback::from(move |event: InputEvent| {
            let mut next = (*fields).clone();
            next[index] = event.target_unchecked_into::<HtmlInputElement>().value();
            fields.set(next);
        })
    };
    let onsubmit = {
        let (fields, error, dispatch) = (fields.clone(), error.clone(), props.dispatch.clone());
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            match built_offer(&fields) {
                Ok(offer) => {
                    dispatch.change(Change::AddCustomOffer(offer));
                    error.set(None);
                    fields.set(empty_fields());
                }
                Err(why) => error.set(Some(why)),
            }
        })
    };
    html! {
        <form class="custom-offer" {onsubmit} data-testid="custom-offer-form">
            <h3>{ "Add your own offer" }</h3>
            <p class="field-hint">
                { "An institution's negotiated rate or an on-premises cluster, priced per hour. \
                  It appears in every stand-in list above." }
            </p>
            <div class="custom-grid">
                for (index, label) in LABELS.iter().enumerate() {
                    { form_field(index, label, &fields[index], on_field_input(index)) }
                }
            </div>
            if let Some(why) = &*error {
                <p class="field-error" data-testid="field-error" role="alert">{ why.clone() }</p>
            }
            <button type="submit">{ "Add offer" }</button>
        </form>
    }
}
