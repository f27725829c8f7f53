//! A labelled number field that keeps whatever the user types and explains what is wrong with it.

use web_sys::{HtmlInputElement, KeyboardEvent};

use yew::prelude::*;

use crate::components::inputs::provenance_marker::{provenance_marker, ProvenanceMarkerProps};
use crate::model::decimal;
use crate::model::format;
use crate::model::presets::provenance_note::{bill_note_of, field_note};
use crate::model::scenario::field::FieldPath;
use crate::state::{use_scenario_if, when, Dispatch, TypedText};

/// Props of [`NumberInput`].
#[derive(Properties, PartialEq)]
pub struct NumberInputProps {
    /// Which scenario field it edits.
    pub field: FieldPath,
    /// The committed value, shown when the user is not editing.
    pub value: f64,
    /// Visible label.
    pub label: AttrValue,
    /// Unit shown after the field (e.g. "students", "h", "%").
    #[prop_or_default]
    pub unit: AttrValue,
    /// Arrow-key step.
    #[prop_or(1.0)]
    pub step: f64,
    /// Smallest value the arrow keys go to.
    #[prop_or(0.0)]
    pub min: f64,
    /// A hint under the field (e.g. where the default comes from).
    #[prop_or_default]
    pub hint: AttrValue,
    /// `data-testid` of the input.
    #[prop_or_default]
    pub testid: Option<AttrValue>,
    /// A slider beside the field over this range, where a range helps.
    #[prop_or_default]
    pub slider: Option<(f64, f64)>,
    /// Hide the label visually (it stays for screen readers), for fields in a table row.
    #[prop_or_default]
    pub compact: bool,
}

/// A number field bound to the scenario. It reads only its own draft from the state and hands
/// everything to [`NumberInputView`], which Yew skips re-rendering when nothing it shows changed:
/// an edit elsewhere costs this field a lookup, not a re-render.
#[component]
pub fn NumberInput(props: &NumberInputProps) -> Html {
    // Its value comes in its props; from the state it shows its draft, its provenance (the
    // preset, the currency and snapshot, a bill's note on it) and the exchange rate.
    let field = props.field;
    let state = use_scenario_if(when(move |before, now| {
        let (a, b) = (&before.scenario.pricing, &now.scenario.pricing);
        before.typed_text(&field) != now.typed_text(&field)
            || before.origin.id != now.origin.id
            || (&a.currency, &a.snapshot, a.usd_to_currency)
                != (&b.currency, &b.snapshot, b.usd_to_currency)
            || bill_note_of(field, &before.scenario) != bill_note_of(field, &now.scenario)
    }));
    let draft = state.typed_text(&props.field).cloned();
    // Where the number comes from depends only on the field, its value, the preset it started
    // from, (for the exchange rate) the currency and the prices' date, and the words of a bill's
    // note on it: worked out when one of those changes, not on every edit elsewhere.
    let provenance = {
        let (scenario, origin) = (state.scenario.clone(), state.origin);
        let pricing = &state.scenario.pricing;
        let rate_key = (pricing.currency.clone(), pricing.snapshot.clone());
        let bill_key = bill_note_of(props.field, &scenario).map(str::to_string);
        use_memo(
            (
                props.field,
                props.value.to_bits(),
                origin.id,
                rate_key,
                bill_key,
            ),
            move |(field, _, _, _, _)| {
                ProvenanceMarkerProps::of(&field_note(*field, &scenario, origin), field.dom_id())
            },
        )
    };
    // Money is kept in US dollars and shown in the scenario's currency.
    let pricing = &state.scenario.pricing;
    let shown = match props.field {
        FieldPath::Setting(setting) if setting.is_money() => props.value * pricing.usd_to_currency,
        _ => props.value,
    };
    // The props written out, not through the props builder: its code would ship for this one use.
    let view = NumberInputViewProps {
        field: props.field,
        value: shown,
        provenance: (*provenance).clone(),
        label: props.label.clone(),
        unit: props.unit.clone(),
        step: props.step,
        min: props.min,
        hint: props.hint.clone(),
        testid: props.testid.clone(),
        slider: props.slider,
        compact: props.compact,
        draft,
        dispatch: state.dispatch(),
    };
    html! { <NumberInputView ..view /> }
}

/// Props of [`NumberInputView`]: [`NumberInputProps`] plus the draft and the dispatch.
#[derive(Properties, PartialEq)]
struct NumberInputViewProps {
    /// Which scenario field it edits.
    field: FieldPath,
    /// The committed value, shown when the user is not editing.
    value: f64,
    /// Visible label.
    label: AttrValue,
    /// Unit shown after the field.
    unit: AttrValue,
    /// Arrow-key and slider step.
    step: f64,
    /// Smallest value the arrow keys go to.
    min: f64,
    /// A hint under the field.
    hint: AttrValue,
    /// `data-testid` of the input.
    testid: Option<AttrValue>,
    /// A slider beside the field over this range.
    slider: Option<(f64, f64)>,
    /// Hide the label visually.
    compact: bool,
    /// What the user typed and has not been committed, with its error if any.
    draft: Option<TypedText>,
    /// Where edits go.
    dispatch: Dispatch,
    /// Where the number comes from.
    provenance: ProvenanceMarkerProps,
}

/// A committed value as the field shows it, in the reader's locale (which the field reads
/// back): up to two decimals, or four significant digits below 0.01 (a factor a bill set can be
/// that small), so no value shows as 0 that is not.
fn shown(value: f64) -> String {
    if value == 0.0 || value.abs() >= 0.01 {
        return format::typed(value);
    }
    format::trimmed(value, format::significant_decimals(value, 4))
}

/// Arrow up and down step the field's value by `step`, never below `min`.
fn step_with_arrows(
    dispatch: &Dispatch,
    field: FieldPath,
    value: f64,
    step: f64,
    min: f64,
) -> Callback<KeyboardEvent> {
    let dispatch = dispatch.clone();
    Callback::from(move |event: KeyboardEvent| {
        let next = match event.key().as_str() {
            "ArrowUp" => value + step,
            "ArrowDown" => (value - step).max(min),
            _ => return,
        };
        event.prevent_default();
        // In the reader's locale, as the field shows it: the field reads it back.
        dispatch.edit_number(field, format::editable(next));
    })
}

/// A range slider beside the number field of `field` (named by its `label`) from `low` to
/// `high` by `step`, at `value` (clamped); each move is committed at once.
fn number_slider(
    field: FieldPath,
    value: f64,
    label: &str,
    step: f64,
    (low, high): (f64, f64),
    dispatch: &Dispatch,
) -> Html {
    let on_slide = {
        let dispatch = dispatch.clone();
        Callback::from(move |event: InputEvent| {
            let input: HtmlInputElement = event.target_unchecked_into();
            // A range's value is machine text ("1.125"); the field reads the reader's locale,
            // where that could be 1125, so it is handed over written as the field shows it.
            let text = input.value();
            let text = decimal::parse(&text).map_or(text, format::editable);
            dispatch.edit_number(field, text);
            dispatch.finish_edit(field);
        })
    };
    html! {
        <input
            type="range"
            class="field-slider"
            min={low.to_string()}
            max={high.to_string()}
            step={step.to_string()}
            value={value.clamp(low, high).to_string()}
            aria-label={format!("{label} (slider)")}
            oninput={on_slide}
        />
    }
}

/// The field itself: label, input, unit, slider, hint and error.
#[component]
fn NumberInputView(props: &NumberInputViewProps) -> Html {
    let dispatch = &props.dispatch;
    let field = props.field;
    let id = field.dom_id();
    let error_id = format!("{id}-error");
    let hint_id = format!("{id}-hint");
    let draft = props.draft.clone();
    let text = draft
        .as_ref()
        .map(|d| d.text.clone())
        .unwrap_or_else(|| shown(props.value));
    let read_as = draft.as_ref().and_then(|d| d.read_as.clone());
    let results_use = draft.as_ref().and_then(|d| d.results_use);
    let error = draft.and_then(|d| d.error);

    let oninput = {
        let dispatch = dispatch.clone();
        Callback::from(move |event: InputEvent| {
            let input: HtmlInputElement = event.target_unchecked_into();
            dispatch.edit_number(field, input.value());
        })
    };
    let onblur = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: FocusEvent| dispatch.finish_edit(field))
    };
    let onkeydown = step_with_arrows(dispatch, field, props.value, props.step, props.min);

    let mut described_by = Vec::new();
    if !props.hint.is_empty() {
        described_by.push(hint_id.clone());
    }
    if error.is_some() {
        described_by.push(error_id.clone());
    }

    html! {
        <div class={classes!(
            "field",
            error.is_some().then_some("field-invalid"),
            props.compact.then_some("field-compact"),
        )} data-provenance={props.provenance.kind.word()}>
            <label for={id.clone()} class={classes!(props.compact.then_some("visually-hidden"))}>
                { props.label.clone() }
            </label>
            if !props.compact {
                { provenance_marker(&props.provenance) }
            }
            <div class="field-control">
                <input
                    id={id}
                    type="text"
                    inputmode="decimal"
                    autocomplete="off"
                    spellcheck="false"
                    value={text}
                    data-testid={props.testid.clone()}
                    aria-invalid={error.is_some().then_some("true")}
                    aria-describedby={(!described_by.is_empty()).then(|| described_by.join(" "))}
                    {oninput}
                    {onblur}
                    {onkeydown}
                />
                if !props.unit.is_empty() {
                    <span class="field-unit">{ props.unit.clone() }</span>
                }
                if let Some(range) = props.slider {
                    { number_slider(field, props.value, &props.label, props.step, range, dispatch) }
                }
                if props.compact {
                    { provenance_marker(&props.provenance) }
                }
            </div>
            if let Some(read_as) = read_as {
                <p class="field-hint" role="status">{ format!("Read as {read_as}.") }</p>
            }
            if !props.hint.is_empty() {
                <p class="field-hint" id={hint_id}>{ props.hint.clone() }</p>
            }
            if let Some(error) = error {
                <p class="field-error" id={error_id} data-testid="field-error" role="alert">
                    { match results_use {
                        Some(value) => format!(
                            "{error}. The results use {}{}, the value from before this edit.",
                            format::quantity(value),
                            if props.unit.is_empty() { String::new() } else { format!(" {}", props.unit) },
                        ),
                        None => format!("{error}. The results still show the last valid value."),
                    } }
                </p>
            }
        </div>
    }
}
