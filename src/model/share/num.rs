//! The exact number type of share links.

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A number in a link: an integer when it is one ("3", not "3.0"), otherwise its shortest exact
/// decimal as a string ("12.5"), so reading it back with Rust's correctly rounded parser gives the
/// very same bits on every platform (JSON float parsing may differ in the last bit).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Num(
    /// The value.
    pub(super) f64,
);

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

impl<'de> Deserialize<'de> for Num {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Num, D::Error> {
        deserializer.deserialize_any(NumVisitor)
    }
}

/// Accepts a JSON number, or a plain decimal in a string.
struct NumVisitor;

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
        match v.parse::<f64>() {
            Ok(n) if plain && n.is_finite() => Ok(Num(n + 0.0)),
            _ => Err(E::custom("not a number")),
        }
    }
}
