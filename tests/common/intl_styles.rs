//! Number styles built from what Node's full ICU writes (`tests/fixtures/intl-parts.json`,
//! written by `node tests/fixtures/intl-parts.mjs`), as `browser::locale` builds them from
//! `Intl.NumberFormat`'s parts.

use course_cost::model::format::NumberStyle;
use course_cost::model::number_style::CurrencyStyle;
use serde_json::Value;

/// The fixture: per locale, the parts of its number, four-digit and currency formats, and the
/// strings `Intl` writes.
pub fn fixture() -> Value {
    serde_json::from_str(include_str!("../fixtures/intl-parts.json")).expect("the fixture parses")
}

/// `[[type, value], ...]` as pairs.
fn parts(value: &Value) -> Vec<(String, String)> {
    value
        .as_array()
        .expect("a list of parts")
        .iter()
        .map(|part| {
            (
                part[0].as_str().unwrap().to_string(),
                part[1].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// The style of `locale` built from the fixture's parts.
pub fn style_of(fixture: &Value, locale: &str) -> NumberStyle {
    let entry = &fixture["locales"][locale];
    assert!(entry.is_object(), "{locale} in the fixture");
    let currencies = entry["currencies"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(code, c)| {
            CurrencyStyle::from_parts(
                code,
                &parts(&c["positive"]),
                &parts(&c["negative"]),
                c["minor_digits"].as_u64().unwrap() as usize,
            )
        })
        .collect();
    NumberStyle::from_parts(
        locale,
        &parts(&entry["number"]),
        &parts(&entry["four_digits"]),
        currencies,
    )
}
