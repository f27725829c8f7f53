//! The exact number type of share links.

#[cfg(test)]
use serde::de::{self, Visitor};
#[cfg(test)]
use serde::{Deserialize, Deserializer};
use serde::{Serialize, Serializer};

use crate::model::decimal;
use crate::model::json::{Number, Value};

/// A number in a link: an integer when it is one ("3", not "3.0"), otherwise its shortest exact
/// decimal as a string ("12.5"), so reading it back with Rust's correctly rounded parser gives the
/// very same bits on every platform (JSON float parsing may differ in the last bit).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Num(
    /// The value.
    pub(super) f64,
);

impl Num {
    /// The number `value` holds: a JSON number, or a plain decimal in a string (no `inf`,
    /// `NaN` or padding); -0 reads as +0.
    pub(super) fn of_json(value: &Value) -> Option<Num> {
        match value {
            Value::Number(Number::PosInt(n)) => Some(Num(*n as f64 + 0.0)),
            Value::Number(Number::NegInt(n)) => Some(Num(*n as f64 + 0.0)),
            Value::Number(Number::Float(n)) => Some(Num(n + 0.0)),
            Value::String(text) => Num::of_text(text),
            _ => None,
        }
    }

    /// A plain decimal of at most 40 characters, finite.
    fn of_text(text: &str) -> Option<Num> {
        let plain = !text.is_empty()
            && text.len() <= 40
            && text
                .bytes()
                .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'e' | b'E' | b'+'));
        match decimal::parse(text) {
            Some(n) if plain && n.is_finite() => Some(Num(n + 0.0)),
            _ => None,
        }
    }
}

/// A number as the link writes it: an integer in decimal when it is one, else its shortest
/// exact decimal in a string.
impl Serialize for Num {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let value = self.0;
        if value.fract() == 0.0 && value.abs() < 9.0e15 {
            serializer.serialize_i64(value as i64)
        } else {
            serializer.collect_str(&value)
        }
    }
}

/// serde's reading of a number, for the tests (the independent implementation the app's reader
/// is checked against).
#[cfg(test)]
impl<'de> Deserialize<'de> for Num {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Num, D::Error> {
        deserializer.deserialize_any(NumVisitor)
    }
}

/// Accepts a JSON number, or a plain decimal in a string.
#[cfg(test)]
struct NumVisitor;

#[cfg(test)]
impl Visitor<'_> for NumVisitor {
    type Value = Num;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a number, or a number in a string")
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Num, E> {
        Ok(Num(v as f64 + 0.0))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Num, E> {
        Ok(Num(v as f64 + 0.0))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Num, E> {
        Ok(Num(v + 0.0))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Num, E> {
        // Only plain decimals: no "inf", "NaN" or padding sneaks in through a string.
        let plain = !v.is_empty()
            && v.len() <= 40
            && v.bytes()
                .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'e' | b'E' | b'+'));
        match decimal::parse(v) {
            Some(n) if plain && n.is_finite() => Ok(Num(n + 0.0)),
            _ => Err(E::custom("not a number")),
        }
    }
}
