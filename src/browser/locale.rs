//! The reader's number conventions, read once from the browser's `Intl.NumberFormat` for the
//! languages the reader prefers (`navigator.languages`): how it writes a sample number and a
//! sample amount in each currency the app ships rates for, handed to the pure core as parts
//! (`model::number_style`), which formats every figure with them.

use js_sys::{Array, Intl, Object, Reflect};
use wasm_bindgen::JsValue;

use crate::model::catalog::currency::ExchangeRates;
use crate::model::format;
use crate::model::number_style::{CurrencyStyle, NumberStyle};

/// The sample every rendering is read from: seven integer digits (so two groups show how
/// digits are grouped) and a fraction.
const SAMPLE: f64 = 1_234_567.891;

/// An options object with these properties.
fn options(properties: &[(&str, JsValue)]) -> Object {
    let object = Object::new();
    // Latin digits: the core writes ASCII digits, so the separators must be theirs.
    let _ = Reflect::set(&object, &"numberingSystem".into(), &"latn".into());
    for (key, value) in properties {
        let _ = Reflect::set(&object, &(*key).into(), value);
    }
    object
}

/// `format.formatToParts(value)` as (type, value) pairs.
fn parts(format: &Intl::NumberFormat, value: f64) -> Vec<(String, String)> {
    let part_value = |part: &JsValue, name: &str| {
        Reflect::get(part, &name.into())
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default()
    };
    format
        .format_to_parts(value)
        .iter()
        .map(|part| (part_value(&part, "type"), part_value(&part, "value")))
        .collect()
}

/// How the reader's browser writes `code`.
fn currency(locales: &Array, code: &str) -> CurrencyStyle {
    let format = Intl::NumberFormat::new(
        locales,
        &options(&[("style", "currency".into()), ("currency", code.into())]),
    );
    let minor_digits = Reflect::get(&format.resolved_options(), &"maximumFractionDigits".into())
        .ok()
        .and_then(|v| v.as_f64())
        .map_or(2, |digits| digits as usize);
    CurrencyStyle::from_parts(
        code,
        &parts(&format, SAMPLE),
        &parts(&format, -SAMPLE),
        minor_digits,
    )
}

/// The reader's number style: the first of `navigator.languages` the browser formats for (its
/// own default without any), and each currency with a built-in rate, the US dollar first (an
/// unlisted currency is written in its place).
pub fn reader_style() -> NumberStyle {
    let languages = gloo::utils::window().navigator().languages();
    let plain =
        Intl::NumberFormat::new(&languages, &options(&[("maximumFractionDigits", 2.into())]));
    let locale = Reflect::get(&plain.resolved_options(), &"locale".into())
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default();
    let codes = ExchangeRates::builtin()
        .ok()
        .and_then(|rates| rates.tables.first())
        .map(|table| table.rates.iter().map(|r| r.currency).collect::<Vec<_>>())
        .unwrap_or_default();
    let currencies = codes
        .iter()
        .map(|code| currency(&languages, code))
        .collect();
    NumberStyle::from_parts(
        &locale,
        &parts(&plain, -SAMPLE),
        &parts(&plain, 1234.0),
        currencies,
    )
}

/// Makes the reader's style the one every figure is written in (before the first render).
pub fn use_reader_style() {
    format::use_style(reader_style());
}
