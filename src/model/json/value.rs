//! A JSON value as read: numbers keep whether they were whole (as serde_json's `Value` does),
//! objects keep their members in the order read.

use crate::model::json::write::{write_str, Object, ToJson};
use crate::model::sort::sort_by;

/// A JSON number, as serde_json's `Value` holds it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Number {
    /// A whole number from 0 to `u64::MAX`, written without fraction or exponent.
    PosInt(u64),
    /// A negative whole number down to `i64::MIN`, written without fraction or exponent.
    NegInt(i64),
    /// Any other number (finite): with a fraction or an exponent, or too large for the above.
    Float(f64),
}

impl Number {
    /// The number as a `u64`, when it is a whole number written as one and not negative.
    pub fn as_u64(self) -> Option<u64> {
        match self {
            Number::PosInt(n) => Some(n),
            _ => None,
        }
    }

    /// The number as an `f64` (a whole number rounded to the nearest one).
    pub fn as_f64(self) -> f64 {
        match self {
            Number::PosInt(n) => n as f64,
            Number::NegInt(n) => n as f64,
            Number::Float(n) => n,
        }
    }

    /// Whether the number is neither [`Number::PosInt`] nor [`Number::NegInt`].
    pub fn is_f64(self) -> bool {
        matches!(self, Number::Float(_))
    }
}

/// A JSON value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number.
    Number(Number),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Value>),
    /// An object.
    Object(Map),
}

impl Value {
    /// The string, if this is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(text) => Some(text),
            _ => None,
        }
    }

    /// The number as a `u64`, if this is a whole number written as one and not negative.
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Value::Number(n) => n.as_u64(),
            _ => None,
        }
    }

    /// The number as an `f64`, if this is a number.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Number(n) => Some(n.as_f64()),
            _ => None,
        }
    }

    /// The flag, if this is `true` or `false`.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(flag) => Some(*flag),
            _ => None,
        }
    }

    /// The items, if this is an array.
    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    /// The member `key`, if this is an object that has one.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(object) => object.get(key),
            _ => None,
        }
    }
}

impl From<u64> for Value {
    fn from(n: u64) -> Value {
        Value::Number(Number::PosInt(n))
    }
}

/// A JSON object's members in the order read or added. A key may appear more than once (as
/// read); the last one counts, for [`Map::get`] and for readers that go through the members in
/// order and keep what they find.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Map(
    /// (key, value), in order.
    Vec<(String, Value)>,
);

impl Map {
    /// An empty object.
    pub fn new() -> Map {
        Map(Vec::new())
    }

    /// The value of the last member named `key`.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.0.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// The value of the last member named `key`, to change it.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        self.0
            .iter_mut()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    }

    /// Sets `key` to `value`: the last member of that name changes, or a member is added.
    pub fn insert(&mut self, key: String, value: Value) {
        match self.get_mut(&key) {
            Some(slot) => *slot = value,
            None => self.0.push((key, value)),
        }
    }

    /// Adds a member at the end, even when the key is already there (it then counts, being
    /// last); cheaper than [`Map::insert`] for a reader that copies members over.
    pub fn push(&mut self, key: String, value: Value) {
        self.0.push((key, value));
    }

    /// Whether the object has no member.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The members, in order.
    pub fn iter(&self) -> impl Iterator<Item = &(String, Value)> {
        self.0.iter()
    }

    /// The members with each key once (its last value), sorted by key: the order serde_json's
    /// map gives.
    pub fn sorted(&self) -> Vec<(&str, &Value)> {
        // By key; the sort is stable, so the last of a key stays last among its kind.
        let mut members: Vec<(usize, &(String, Value))> = self.0.iter().enumerate().collect();
        sort_by(&mut members, |a, b| a.1 .0.cmp(&b.1 .0));
        let mut unique: Vec<(&str, &Value)> = Vec::with_capacity(members.len());
        for (_, (key, value)) in members {
            match unique.last_mut() {
                Some(last) if last.0 == key => last.1 = value,
                _ => unique.push((key, value)),
            }
        }
        unique
    }
}

impl IntoIterator for Map {
    type Item = (String, Value);
    type IntoIter = std::vec::IntoIter<(String, Value)>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl ToJson for Number {
    fn write_json(&self, out: &mut String) {
        match self {
            Number::PosInt(n) => n.write_json(out),
            Number::NegInt(n) => n.write_json(out),
            Number::Float(n) => n.write_json(out),
        }
    }
}

impl ToJson for Value {
    fn write_json(&self, out: &mut String) {
        match self {
            Value::Null => out.push_str("null"),
            Value::Bool(flag) => flag.write_json(out),
            Value::Number(n) => n.write_json(out),
            Value::String(text) => write_str(out, text),
            Value::Array(items) => items.write_json(out),
            Value::Object(object) => {
                let mut writer = Object::new(out);
                for (key, value) in object.iter() {
                    writer.member(key, value);
                }
                writer.end();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sorted_object_has_each_key_once_with_its_last_value() {
        let mut object = Map::new();
        for (i, key) in ["c", "a", "b", "a", "c", "d", "a"].iter().enumerate() {
            object.push(key.to_string(), Value::from(i as u64));
        }
        let sorted: Vec<(String, u64)> = object
            .sorted()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.as_u64().unwrap_or(99)))
            .collect();
        let expected = [("a", 6), ("b", 2), ("c", 4), ("d", 5)];
        assert_eq!(sorted, expected.map(|(k, v)| (k.to_string(), v)));
    }
}
