//! Compact JSON, written as `serde_json::to_string` writes the same data: strings with
//! serde_json's escapes, integers in decimal, every finite `f64` with the shortest digits that
//! read back to it (`1.0`, `0.1`, `1e+21`, `1.5e-7`; plain decimals for exponents -5 to 15) and
//! a non-finite one as `null`.

use std::borrow::Cow;
use std::fmt::Write as _;

use crate::model::decimal;

/// A type written as JSON.
pub trait ToJson {
    /// Appends `self` to `out` as compact JSON.
    fn write_json(&self, out: &mut String);

    /// `self` as compact JSON text.
    fn to_json(&self) -> String {
        let mut out = String::new();
        self.write_json(&mut out);
        out
    }
}

/// A JSON object being written: members are added in order, commas between them.
pub struct Object<'a> {
    /// The text the object is written into.
    out: &'a mut String,
    /// No member yet (so the next one needs no comma).
    empty: bool,
}

impl<'a> Object<'a> {
    /// Opens an object in `out`.
    pub fn new(out: &'a mut String) -> Object<'a> {
        out.push('{');
        Object { out, empty: true }
    }

    /// Adds `"key":value`.
    pub fn member<T: ToJson + ?Sized>(&mut self, key: &str, value: &T) {
        self.key(key);
        value.write_json(self.out);
    }

    /// Writes the comma before a member and `"key":`. Never inlined: the model's writers call
    /// it once per field, and one copy keeps them small.
    #[inline(never)]
    fn key(&mut self, key: &str) {
        if !self.empty {
            self.out.push(',');
        }
        self.empty = false;
        write_str(self.out, key);
        self.out.push(':');
    }

    /// Closes the object.
    pub fn end(self) {
        self.out.push('}');
    }
}

/// Appends `text` as a JSON string: `"` and `\` escaped, control characters as `\n`, `\t`,
/// `\r`, `\b`, `\f` or `\u00XX`, everything else as it is (serde_json's escapes).
pub fn write_str(out: &mut String, text: &str) {
    out.push('"');
    let mut plain = 0;
    for (at, byte) in text.bytes().enumerate() {
        let escape = match byte {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\t' => "\\t",
            b'\r' => "\\r",
            0x08 => "\\b",
            0x0c => "\\f",
            0..=0x1f => "",
            _ => continue,
        };
        // Only ASCII bytes are escaped, so `plain..at` never splits a character.
        out.push_str(text.get(plain..at).unwrap_or(""));
        if escape.is_empty() {
            let _ = write!(out, "\\u{byte:04x}");
        } else {
            out.push_str(escape);
        }
        plain = at + 1;
    }
    out.push_str(text.get(plain..).unwrap_or(""));
    out.push('"');
}

/// Appends `value` as serde_json writes an `f64`: `null` when not finite; otherwise its
/// shortest round-trip digits, as a plain decimal with at least one digit after the point when
/// the decimal exponent is from -5 to 15 (`100.0`, `0.00012`), else as `d.ddde+X` / `de-X`.
pub fn write_f64(out: &mut String, value: f64) {
    if !value.is_finite() {
        out.push_str("null");
        return;
    }
    // Rust's `Display` gives the same shortest digits, without exponent (`100`, `0.00012`); but
    // where two are equally close it may take the other, and serde_json's printer takes the even
    // one: the value rounded to as many digits (Rust rounds ties to even there). Equally close
    // candidates need at least 16 digits. (`Display` and fixed rounding are in the app anyway;
    // `{:e}` would add its own code.)
    let (mut digits, mut exponent) = digits_of(&value.to_string());
    let count = digits.len() as i32;
    if count >= 16 && count - 1 > exponent {
        let rounded = format!("{value:.*}", (count - 1 - exponent) as usize);
        if decimal::parse(&rounded) == Some(value) {
            (digits, exponent) = digits_of(&rounded);
        }
    }
    let sign = if value.is_sign_negative() { "-" } else { "" };
    out.push_str(sign);
    let count = digits.len() as i32;
    if (-5..=15).contains(&exponent) {
        if count - 1 <= exponent {
            // 1234e7 -> 12340000000.0
            out.push_str(&digits);
            out.extend(std::iter::repeat_n('0', (exponent + 1 - count) as usize));
            out.push_str(".0");
        } else if exponent >= 0 {
            // 1234e-2 -> 12.34
            let (whole, fraction) = digits.split_at(exponent as usize + 1);
            out.push_str(whole);
            out.push('.');
            out.push_str(fraction);
        } else {
            // 1234e-6 -> 0.001234
            out.push_str("0.");
            out.extend(std::iter::repeat_n('0', (-exponent - 1) as usize));
            out.push_str(&digits);
        }
    } else {
        // 1234e30 -> 1.234e+33
        let (first, rest) = digits.split_at(1);
        out.push_str(first);
        if !rest.is_empty() {
            out.push('.');
            out.push_str(rest);
        }
        out.push_str(if exponent >= 0 { "e+" } else { "e-" });
        let _ = write!(out, "{}", exponent.unsigned_abs());
    }
}

/// The significant digits of a plain decimal (`-0.00120`: `12`) and the decimal exponent of the
/// first (`-3`); zero is `0` with exponent 0.
fn digits_of(plain: &str) -> (String, i32) {
    let plain = plain.trim_start_matches('-');
    let (whole, fraction) = plain.split_once('.').unwrap_or((plain, ""));
    let all: String = [whole, fraction].concat();
    let Some(first) = all.bytes().position(|b| b != b'0') else {
        return ("0".to_string(), 0);
    };
    let digits = all[first..].trim_end_matches('0').to_string();
    (digits, whole.len() as i32 - 1 - first as i32)
}

impl ToJson for f64 {
    fn write_json(&self, out: &mut String) {
        write_f64(out, *self);
    }
}

/// Integers in decimal.
macro_rules! integers {
    ($($ty:ty),*) => {
        $(impl ToJson for $ty {
            fn write_json(&self, out: &mut String) {
                let _ = write!(out, "{self}");
            }
        })*
    };
}

integers!(u8, u32, u64, usize, i64);

impl ToJson for bool {
    fn write_json(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" });
    }
}

impl ToJson for str {
    fn write_json(&self, out: &mut String) {
        write_str(out, self);
    }
}

impl ToJson for String {
    fn write_json(&self, out: &mut String) {
        write_str(out, self);
    }
}

impl ToJson for Cow<'_, str> {
    fn write_json(&self, out: &mut String) {
        write_str(out, self);
    }
}

impl<T: ToJson + ?Sized> ToJson for &T {
    fn write_json(&self, out: &mut String) {
        (**self).write_json(out);
    }
}

impl<T: ToJson + ?Sized> ToJson for Box<T> {
    fn write_json(&self, out: &mut String) {
        (**self).write_json(out);
    }
}

impl<T: ToJson> ToJson for Option<T> {
    fn write_json(&self, out: &mut String) {
        match self {
            Some(value) => value.write_json(out),
            None => out.push_str("null"),
        }
    }
}

impl<T: ToJson> ToJson for [T] {
    fn write_json(&self, out: &mut String) {
        out.push('[');
        for (i, item) in self.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            item.write_json(out);
        }
        out.push(']');
    }
}

impl<T: ToJson> ToJson for Vec<T> {
    fn write_json(&self, out: &mut String) {
        self.as_slice().write_json(out);
    }
}

impl<T: ToJson, const N: usize> ToJson for [T; N] {
    fn write_json(&self, out: &mut String) {
        self.as_slice().write_json(out);
    }
}

/// Tuples as arrays, as serde writes them.
macro_rules! tuples {
    ($(($($name:ident),+))*) => {
        $(impl<$($name: ToJson),+> ToJson for ($($name,)+) {
            #[allow(non_snake_case)]
            fn write_json(&self, out: &mut String) {
                let ($($name,)+) = self;
                out.push('[');
                let mut first = true;
                $(
                    if !first {
                        out.push(',');
                    }
                    first = false;
                    $name.write_json(out);
                )+
                let _ = first;
                out.push(']');
            }
        })*
    };
}

tuples!((A, B)(A, B, C, D));

#[cfg(test)]
mod tests {
    use super::*;

    fn f64_text(value: f64) -> String {
        let mut out = String::new();
        write_f64(&mut out, value);
        out
    }

    #[test]
    fn numbers_are_laid_out_by_their_exponent() {
        // (value, as written): worked out by hand from the rule above.
        let cases = [
            (1.0, "1.0"),
            (0.1, "0.1"),
            (-0.0, "-0.0"),
            (100.0, "100.0"),
            (12.5, "12.5"),
            (1e15, "1000000000000000.0"),
            (1e16, "1e+16"),
            (1.5e16, "1.5e+16"),
            (1e-5, "0.00001"),
            (1.2e-4, "0.00012"),
            (1e-6, "1e-6"),
            (-1.5e-7, "-1.5e-7"),
            (5e-324, "5e-324"),
            (f64::MAX, "1.7976931348623157e+308"),
            (f64::NAN, "null"),
            (f64::NEG_INFINITY, "null"),
        ];
        for (value, written) in cases {
            assert_eq!(f64_text(value), written, "{value:e}");
        }
    }

    #[test]
    fn strings_escape_quotes_backslashes_and_control_characters_only() {
        let mut out = String::new();
        write_str(&mut out, "a\"b\\c\n\t\r\u{8}\u{c}\u{1}\u{1f}\u{7f}é€😀/");
        assert_eq!(
            out,
            "\"a\\\"b\\\\c\\n\\t\\r\\b\\f\\u0001\\u001f\u{7f}é€😀/\""
        );
    }
}
