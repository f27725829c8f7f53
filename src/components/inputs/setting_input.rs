//! The fields of scalar settings, built from the settings table: each panel names a section and
//! gets one [`NumberInput`] per setting in it, with the table's label, unit, test id, step,
//! slider, hint and the minimum of the setting's bound.

use yew::prelude::*;

use crate::components::inputs::number_input::{NumberInput, NumberInputProps};
use crate::model::scenario::field::{FieldPath, Setting};
use crate::model::scenario::pricing::Pricing;
use crate::model::scenario::setting_field::{Section, SettingField};
use crate::model::scenario::Scenario;

/// The props of setting `setting`'s field, from its table line, at `value` (the scenario's, in
/// US dollars for money) with amounts in `pricing`'s currency; `hint` replaces the table's hint
/// where the panel has a live one.
fn setting_props(
    setting: Setting,
    value: f64,
    pricing: &Pricing,
    hint: Option<String>,
) -> NumberInputProps {
    let field = setting.field();
    let currency = &pricing.currency;
    // A source's round figure ("about $50") stays whole in the scenario's currency.
    let table_hint = || SettingField::with_money(field.hint, |usd| pricing.money(usd));
    NumberInputProps {
        field: FieldPath::from(setting),
        value,
        label: SettingField::in_currency(field.label, currency).into(),
        unit: SettingField::in_currency(field.unit, currency).into(),
        step: field.step,
        min: setting.bound().lowest(field.step),
        hint: AttrValue::from(hint.unwrap_or_else(table_hint)),
        testid: Some(AttrValue::from(field.testid)),
        slider: field.slider,
        compact: false,
    }
}

/// No live hint: every field shows its table's hint.
pub fn no_hint(_: Setting) -> Option<String> {
    None
}

/// The fields of every setting in `section`, in the table's order; `hint` gives a live hint for
/// a setting (or `None` for the table's). A `dyn` hint, so the fields' code ships once, not once
/// per panel's hint.
pub fn setting_inputs(
    section: Section,
    scenario: &Scenario,
    hint: &dyn Fn(Setting) -> Option<String>,
) -> Html {
    Setting::in_section(section)
        .map(|setting| {
            let value = setting.get(scenario);
            let props = setting_props(setting, value, &scenario.pricing, hint(setting));
            html! { <NumberInput ..props /> }
        })
        .collect()
}
