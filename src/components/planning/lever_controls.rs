//! Small inputs for lever settings (not Scenario fields, so not the app's `NumberInput`): the
//! typed text is kept, read with `parse_number`, checked against the lever's bounds, and only a
//! valid value is passed on; a bad one shows a message at the field.

use yew::prelude::*;

use crate::model::edit::number::parse_number;
use crate::model::format;

/// Props of [`LeverNumber`].
#[derive(Properties, PartialEq)]
pub struct LeverNumberProps {
    /// The label.
    pub label: AttrValue,
    /// The unit shown after the field.
    pub unit: AttrValue,
    /// The current value; `None` = empty.
    pub value: Option<f64>,
    /// Lowest accepted value.
    pub min: f64,
    /// Highest accepted value.
    pub max: f64,
    /// Whether an empty field is accepted (it then means "none").
    #[prop_or(false)]
    pub allow_empty: bool,
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
    min: f64,
    max: f64,
    allow_empty: bool,
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
    Ok(Some(value))
}

fn shown(value: Option<f64>) -> String {
    value.map(format::exact).unwrap_or_default()
}

/// A number field for one lever setting.
#[component]
pub fn LeverNumber(props: &LeverNumberProps) -> Html {
    let text = use_state(|| shown(props.value));
    let error = use_state(|| None::<String>);
    {
        // The value changed elsewhere (undo, a link): show it, unless the text already reads so.
        let (text, error) = (text.clone(), error.clone());
        let (min, max, empty) = (props.min, props.max, props.allow_empty);
        use_effect_with(props.value.map(f64::to_bits), move |bits| {
            let value = bits.map(f64::from_bits);
            let keep = match read_lever_value(&text, min, max, empty) {
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
        let (min, max, empty) = (props.min, props.max, props.allow_empty);
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let typed = input.value();
            match read_lever_value(&typed, min, max, empty) {
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
    html! {
        <div class="field lever-field">
            <label for={id.clone()}>{ props.label.clone() }</label>
            <span class="input-with-unit">
                <input id={id} type="text" inputmode="decimal" value={(*text).clone()}
                    data-testid={props.testid.clone()} aria-invalid={error.is_some().to_string()}
                    oninput={on_input} />
                <span class="unit">{ props.unit.clone() }</span>
            </span>
            if let Some(why) = (*error).clone() {
                <span class="field-error" role="alert" data-testid="field-error">{ why }</span>
            }
            if let Some(hint) = props.hint.clone() {
                <span class="field-hint">{ hint }</span>
            }
        </div>
    }
}

/// Props of [`LeverCheck`].
#[derive(Properties, PartialEq)]
pub struct LeverCheckProps {
    /// The label.
    pub label: AttrValue,
    /// Whether it is ticked.
    pub checked: bool,
    /// `data-testid` of the checkbox.
    pub testid: AttrValue,
    /// Called with the new state.
    pub on_toggle: Callback<bool>,
}

/// A checkbox for one lever setting.
#[component]
pub fn LeverCheck(props: &LeverCheckProps) -> Html {
    let on_change = {
        let on_toggle = props.on_toggle.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            on_toggle.emit(input.checked());
        })
    };
    html! {
        <label class="check lever-check">
            <input type="checkbox" checked={props.checked} data-testid={props.testid.clone()}
                onchange={on_change} />
            { " " }{ props.label.clone() }
        </label>
    }
}
