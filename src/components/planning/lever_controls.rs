//! Small inputs for lever settings and measured hours (not Scenario fields, so not the app's
//! `NumberInput`, but laid out like it: label and provenance marker, input and unit, hint): the
//! typed text is kept, read with `parse_number`, checked against the bounds, and only a valid
//! value is passed on; a bad one shows a message at the field.

use yew::prelude::*;

use crate::components::inputs::provenance_marker::{provenance_marker, ProvenanceMarkerProps};
use crate::model::edit::number::parse_number;
use crate::model::format;
use crate::model::scenario::levers::LeverBound;
use crate::model::scenario::provenance::ProvenanceKind;

/// Where a lever's or a calibration field's suggested number comes from.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldOrigin {
    /// The suggested value (`None`: the field starts empty).
    pub value: Option<f64>,
    /// Sourced, calibrated or assumed.
    pub kind: ProvenanceKind,
    /// The citation, the formula or the reason.
    pub text: AttrValue,
    /// What an empty field means, when empty is a setting of its own (a lever that is off):
    /// it then has this origin's kind with this text.
    pub empty: Option<AttrValue>,
}

impl FieldOrigin {
    /// An assumed suggestion `value`, for `why`.
    pub fn assumed(value: Option<f64>, why: impl Into<AttrValue>) -> FieldOrigin {
        FieldOrigin {
            value,
            kind: ProvenanceKind::Assumed,
            text: why.into(),
            empty: None,
        }
    }

    /// With `text` saying what an empty field means.
    pub fn when_empty(self, text: impl Into<AttrValue>) -> FieldOrigin {
        FieldOrigin {
            empty: Some(text.into()),
            ..self
        }
    }

    /// The provenance of a field showing `value`: this origin's while it shows the suggested
    /// value, else the user's.
    pub fn of(&self, value: Option<f64>) -> (ProvenanceKind, AttrValue) {
        let same = match (value, self.value) {
            (Some(a), Some(b)) => a.to_bits() == b.to_bits(),
            (None, None) => true,
            _ => false,
        };
        match (same, value) {
            (true, _) if self.kind != ProvenanceKind::User => (self.kind, self.text.clone()),
            (_, None) if self.empty.is_some() => {
                (self.kind, self.empty.clone().unwrap_or_default())
            }
            (_, None) => (
                ProvenanceKind::User,
                AttrValue::from("Empty: yours to fill in."),
            ),
            (_, Some(_)) => (
                ProvenanceKind::User,
                AttrValue::from(match self.value {
                    Some(suggested) => format!(
                        "Your own value; the suggested one is {}.",
                        format::exact(suggested)
                    ),
                    None => "Your own value.".to_string(),
                }),
            ),
        }
    }
}

/// Props of [`LeverNumber`].
#[derive(Properties, PartialEq)]
pub struct LeverNumberProps {
    /// The label.
    pub label: AttrValue,
    /// The unit shown after the field.
    pub unit: AttrValue,
    /// The current value; `None` = empty.
    pub value: Option<f64>,
    /// What it accepts: lowest and highest value, whole numbers only or not.
    pub bound: LeverBound,
    /// Whether an empty field is accepted (it then means "none").
    #[prop_or(false)]
    pub allow_empty: bool,
    /// Where the suggested value comes from (the field is the user's once it differs).
    pub origin: FieldOrigin,
    /// `data-testid` of the input.
    pub testid: AttrValue,
    /// A hint under the field.
    #[prop_or_default]
    pub hint: Option<AttrValue>,
    /// Called with each valid value typed (`None` for an accepted empty field).
    pub on_value: Callback<Option<f64>>,
    /// Called when what is typed is not a valid value.
    #[prop_or_default]
    pub on_invalid: Callback<()>,
}

/// How `text` reads as a value within `min..=max`; `Ok(None)` for an accepted empty field.
pub fn read_lever_value(
    text: &str,
    (min, max): (f64, f64),
    allow_empty: bool,
    whole: bool,
) -> Result<Option<f64>, String> {
    if text.trim().is_empty() {
        return if allow_empty {
            Ok(None)
        } else {
            Err("enter a number".to_string())
        };
    }
    let value = parse_number(text)?;
    if !value.is_finite() || value < min || value > max {
        return Err(format!(
            "must lie between {} and {}",
            format::exact(min),
            format::exact(max)
        ));
    }
    if whole && value.fract() != 0.0 {
        return Err("must be a whole number".to_string());
    }
    Ok(Some(value))
}

fn shown(value: Option<f64>) -> String {
    // In the reader's locale: the field reads it back with `parse_number`.
    value.map(format::editable).unwrap_or_default()
}

/// A number field for one lever setting.
#[component]
pub fn LeverNumber(props: &LeverNumberProps) -> Html {
    let text = use_state(|| shown(props.value));
    let error = use_state(|| None::<String>);
    {
        // The value changed elsewhere (undo, a link): show it, unless the text already reads so.
        let (text, error) = (text.clone(), error.clone());
        let (bounds, empty, whole) = (
            (props.bound.min, props.bound.max),
            props.allow_empty,
            props.bound.whole,
        );
        use_effect_with(props.value.map(f64::to_bits), move |bits| {
            let value = bits.map(f64::from_bits);
            let keep = match read_lever_value(&text, bounds, empty, whole) {
                Ok(read) => read == value,
                Err(_) => value.is_none(),
            };
            if !keep {
                text.set(shown(value));
                error.set(None);
            }
        });
    }
    let on_input = {
        let (text, error) = (text.clone(), error.clone());
        let (on_value, on_invalid) = (props.on_value.clone(), props.on_invalid.clone());
        let (bounds, empty, whole) = (
            (props.bound.min, props.bound.max),
            props.allow_empty,
            props.bound.whole,
        );
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let typed = input.value();
            match read_lever_value(&typed, bounds, empty, whole) {
                Ok(value) => {
                    error.set(None);
                    on_value.emit(value);
                }
                Err(why) => {
                    error.set(Some(why));
                    on_invalid.emit(());
                }
            }
            text.set(typed);
        })
    };
    let id = format!("lever-{}", props.testid);
    let hint_id = format!("{id}-hint");
    let (kind, why) = props.origin.of(props.value);
    html! {
        <div class={classes!("field", "lever-field", error.is_some().then_some("field-invalid"))}
            data-provenance={kind.word()}>
            <label for={id.clone()}>{ props.label.clone() }</label>
            { provenance_marker(&ProvenanceMarkerProps { kind, text: why, url: None, field_id: AttrValue::from(id.clone()) }) }
            <div class="field-control">
                <input id={id} type="text" inputmode="decimal" autocomplete="off" value={(*text).clone()}
                    data-testid={props.testid.clone()} aria-invalid={error.is_some().to_string()}
                    aria-describedby={props.hint.as_ref().map(|_| hint_id.clone())}
                    oninput={on_input} />
                if !props.unit.is_empty() {
                    <span class="field-unit">{ props.unit.clone() }</span>
                }
            </div>
            if let Some(why) = (*error).clone() {
                <p class="field-error" role="alert" data-testid="field-error">{ why }</p>
            }
            if let Some(hint) = props.hint.clone() {
                <p class="field-hint" id={hint_id}>{ hint }</p>
            }
        </div>
    }
}

/// A checkbox for one lever setting: its `label`, whether it is `checked`, the checkbox's
/// `data-testid`, and `on_toggle`, called with the new state.
pub fn lever_check(
    label: &'static str,
    checked: bool,
    testid: AttrValue,
    on_toggle: Callback<bool>,
) -> Html {
    let on_change = Callback::from(move |e: Event| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        on_toggle.emit(input.checked());
    });
    html! {
        <label class="check lever-check">
            <input type="checkbox" {checked} data-testid={testid} onchange={on_change} />
            { " " }{ label }
        </label>
    }
}
