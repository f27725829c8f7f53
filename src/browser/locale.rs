//! The reader's number conventions, read once from the browser's `Intl.NumberFormat` for the
//! languages the reader prefers (`navigator.languages`): how it writes a sample number and a
//! sample amount in each currency the app ships rates for, handed to the pure core as parts
//! (`model::number_style`), which formats every figure with them.
//!
//! `navigator.languages` is read once, and each of its tags checked first with
//! `Intl.getCanonicalLocales` (which throws on a tag that is not BCP 47: `C`, `C.UTF-8`, `en_US`,
//! an empty string, as WebKitGTK reports under `LANG=C.UTF-8`): an invalid tag is left out, and
//! with none left the browser's own default locale is used. `Intl.NumberFormat` then only ever
//! sees valid tags, so the start never throws, whatever the browser reports.
//!
//! A reader whose first valid tag is `en-US` gets the core's own American style
//! ([`NumberStyle::en_us`], what `Intl.NumberFormat('en-US')` writes) without any formatter
//! made: the page's first `Intl.NumberFormat` would load the locale's number data before the
//! first figures.

use js_sys::{Array, Intl, Object, Reflect};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsValue;

use crate::model::catalog::currency::ExchangeRates;
use crate::model::format;
use crate::model::number_style::{CurrencyStyle, NumberStyle};

#[wasm_bindgen]
extern "C" {
    /// `Intl.getCanonicalLocales(tag)`, its `RangeError` (an invalid tag) caught.
    #[wasm_bindgen(catch, js_namespace = Intl, js_name = getCanonicalLocales)]
    fn canonical_locales(tag: &JsValue) -> Result<Array, JsValue>;
}

/// The reader's languages (`navigator.languages`, read once) that are valid BCP 47 tags, in
/// their canonical form and order; any other entry (not a string, or refused by
/// `Intl.getCanonicalLocales`) is left out. Empty means the browser's default locale.
fn valid_languages() -> Array {
    let navigator = gloo::utils::window().navigator();
    let valid = Array::new();
    // `languages` may be missing or not an array (older or embedded browsers).
    let listed = Reflect::get(&navigator, &"languages".into()).unwrap_or(JsValue::UNDEFINED);
    if !Array::is_array(&listed) {
        return valid;
    }
    for tag in Array::from(&listed).iter() {
        if !tag.is_string() {
            continue;
        }
        if let Ok(canonical) = canonical_locales(&tag) {
            for tag in canonical.iter() {
                valid.push(&tag);
            }
        }
    }
    valid
}

/// The tag whose style is the core's own ([`NumberStyle::en_us`]).
const AMERICAN: &str = "en-US";

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

/// The reader's number style: the first valid tag of `navigator.languages` the browser formats
/// for (its own default without any), and each currency with a built-in rate, the US dollar
/// first (an unlisted currency is written in its place).
pub fn reader_style() -> NumberStyle {
    let languages = valid_languages();
    // American English first (the language of most readers, and of a browser left at its
    // default): the core's own style, which is what `Intl.NumberFormat('en-US')` writes for
    // every currency with a rate (tests/e2e/locale.test.mjs compares the two in the browser).
    // No formatter is made: a page's first one loads the locale's number data, about 25 ms at
    // full speed and 100 ms at 4x CPU throttling, all before the first figures.
    if languages.get(0).as_string().as_deref() == Some(AMERICAN) {
        return NumberStyle::en_us();
    }
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
