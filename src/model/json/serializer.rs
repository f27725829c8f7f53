//! A `serde::Serializer` that writes compact JSON with [`write`](super::write)'s primitives, so
//! the model's `#[derive(Serialize)]` is what decides its JSON (keys, order, skipped and
//! flattened fields) and the bytes are `serde_json::to_string`'s (the same escapes, the same
//! `f64` digits). It takes only what the model holds: structs and tuple structs, maps (serde's
//! `flatten`) with string keys, sequences and tuples, unit variants and newtype variants,
//! `Option`, strings, `bool`, integers and `f64`; anything else is an [`Unsupported`] error.

use std::fmt::{self, Display, Write as _};

use serde::ser::{self, Impossible, Serialize};

use crate::model::json::write::{write_f64, write_str};

/// The value held something this writer does not write (bytes, `f32`, `char`, a tuple or
/// struct variant, a map key that is not a string, or an error a `Serialize` impl made). The
/// model's types never do, so on their data it is never produced; being of size zero, the
/// derives' error branches cost nothing to carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsupported;

impl Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a value the app's JSON writer does not support")
    }
}

impl std::error::Error for Unsupported {}

impl ser::Error for Unsupported {
    fn custom<T: Display>(_message: T) -> Self {
        Unsupported
    }
}

/// `value` as compact JSON, byte for byte as `serde_json::to_string` writes it.
pub fn to_json<T: Serialize + ?Sized>(value: &T) -> Result<String, Unsupported> {
    let mut out = String::new();
    value.serialize(Writer(&mut out))?;
    Ok(out)
}

/// Writes one value into the text it holds.
struct Writer<'a>(&'a mut String);

/// An array or object being written: commas between its items.
struct Compound<'a> {
    /// The text it is written into.
    out: &'a mut String,
    /// No item yet (so the next one needs no comma).
    empty: bool,
}

impl<'a> Compound<'a> {
    /// Opens the array or object with `open` (`[` or `{`).
    fn open(out: &'a mut String, open: char) -> Compound<'a> {
        out.push(open);
        Compound { out, empty: true }
    }

    /// The comma before an item, when it is not the first. Never inlined: every field of every
    /// type calls it, and one copy keeps them small.
    #[inline(never)]
    fn comma(&mut self) {
        if !self.empty {
            self.out.push(',');
        }
        self.empty = false;
    }

    /// Writes the comma before a member and `"key":`.
    #[inline(never)]
    fn key(&mut self, key: &str) {
        self.comma();
        write_str(self.out, key);
        self.out.push(':');
    }

    /// Writes an item.
    fn item<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsupported> {
        self.comma();
        value.serialize(Writer(self.out))
    }

    /// Closes the array or object with `close`.
    fn close(self, close: char) -> Result<(), Unsupported> {
        self.out.push(close);
        Ok(())
    }
}

/// Integers in decimal, all through one `u64` and one `i64` writer.
fn write_u64(out: &mut String, value: u64) -> Result<(), Unsupported> {
    let _ = write!(out, "{value}");
    Ok(())
}

fn write_i64(out: &mut String, value: i64) -> Result<(), Unsupported> {
    let _ = write!(out, "{value}");
    Ok(())
}

/// Serializer methods for named compounds: the compound opened with its bracket.
macro_rules! named_compounds {
    ($($method:ident => $bracket:literal),*) => {$(
        fn $method(self, _name: &'static str, _len: usize) -> Result<Compound<'a>, Unsupported> {
            Ok(Compound::open(self.0, $bracket))
        }
    )*};
}

/// Serializer methods for enum variants with fields, which the model has none of: refused.
macro_rules! refused_variants {
    ($($method:ident -> $compound:ident),*) => {$(
        fn $method(
            self,
            _name: &'static str,
            _index: u32,
            _variant: &'static str,
            _len: usize,
        ) -> Result<Self::$compound, Unsupported> {
            Err(Unsupported)
        }
    )*};
}

/// Integer methods of a serializer, each widened into the writer of its signedness.
macro_rules! integers {
    ($($method:ident: $ty:ty => $write:ident),*) => {$(
        fn $method(self, value: $ty) -> Result<(), Unsupported> {
            $write(self.0, value.into())
        }
    )*};
}

impl<'a> ser::Serializer for Writer<'a> {
    type Ok = ();
    type Error = Unsupported;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Impossible<(), Unsupported>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Impossible<(), Unsupported>;

    fn serialize_bool(self, value: bool) -> Result<(), Unsupported> {
        self.0.push_str(if value { "true" } else { "false" });
        Ok(())
    }

    // Every integer width as serde_json writes it: through the widest of its signedness.
    integers!(
        serialize_i8: i8 => write_i64,
        serialize_i16: i16 => write_i64,
        serialize_i32: i32 => write_i64,
        serialize_i64: i64 => write_i64,
        serialize_u8: u8 => write_u64,
        serialize_u16: u16 => write_u64,
        serialize_u32: u32 => write_u64,
        serialize_u64: u64 => write_u64
    );

    /// serde_json writes an `f32` with its own shortest digits; the model has none.
    fn serialize_f32(self, _value: f32) -> Result<(), Unsupported> {
        Err(Unsupported)
    }

    fn serialize_f64(self, value: f64) -> Result<(), Unsupported> {
        write_f64(self.0, value);
        Ok(())
    }

    fn serialize_char(self, _value: char) -> Result<(), Unsupported> {
        Err(Unsupported)
    }

    fn serialize_str(self, value: &str) -> Result<(), Unsupported> {
        write_str(self.0, value);
        Ok(())
    }

    fn serialize_bytes(self, _value: &[u8]) -> Result<(), Unsupported> {
        Err(Unsupported)
    }

    fn serialize_none(self) -> Result<(), Unsupported> {
        self.serialize_unit()
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Unsupported> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), Unsupported> {
        self.0.push_str("null");
        Ok(())
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Unsupported> {
        self.serialize_unit()
    }

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Unsupported> {
        self.serialize_str(variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        value.serialize(self)
    }

    /// `{"variant":value}`, as serde's externally tagged enums are written.
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        let mut object = Compound::open(self.0, '{');
        ser::SerializeStruct::serialize_field(&mut object, variant, value)?;
        object.close('}')
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'a>, Unsupported> {
        Ok(Compound::open(self.0, '['))
    }

    fn serialize_tuple(self, _len: usize) -> Result<Compound<'a>, Unsupported> {
        Ok(Compound::open(self.0, '['))
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'a>, Unsupported> {
        Ok(Compound::open(self.0, '{'))
    }

    // A named tuple or struct opens its brackets; a variant with fields is not in the model.
    named_compounds!(serialize_tuple_struct => '[', serialize_struct => '{');
    refused_variants!(
        serialize_tuple_variant -> SerializeTupleVariant,
        serialize_struct_variant -> SerializeStructVariant
    );
}

/// serde's three kinds of sequence (seq, tuple, tuple struct): each item written in turn, then `]`.
macro_rules! sequence_like {
    ($($trait:ident :: $method:ident),*) => {$(
        impl ser::$trait for Compound<'_> {
            type Ok = ();
            type Error = Unsupported;

            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsupported> {
                self.item(value)
            }

            fn end(self) -> Result<(), Unsupported> {
                self.close(']')
            }
        }
    )*};
}

sequence_like!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field
);

impl ser::SerializeStruct for Compound<'_> {
    type Ok = ();
    type Error = Unsupported;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        self.key(key);
        value.serialize(Writer(self.out))
    }

    fn end(self) -> Result<(), Unsupported> {
        self.close('}')
    }
}

impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = Unsupported;

    /// A key must be a string (the model's maps are keyed by field names and paths).
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Unsupported> {
        self.comma();
        key.serialize(KeyWriter(self.out))?;
        self.out.push(':');
        Ok(())
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsupported> {
        value.serialize(Writer(self.out))
    }

    fn end(self) -> Result<(), Unsupported> {
        self.close('}')
    }
}

/// Writes a map key: a string, or else [`Unsupported`].
struct KeyWriter<'a>(&'a mut String);

/// The methods of [`KeyWriter`] that refuse a key that is not a string.
macro_rules! not_a_key {
    ($($method:ident($($arg:ty),*)),* $(,)?) => {
        $(fn $method(self, $(_: $arg),*) -> Result<(), Unsupported> {
            Err(Unsupported)
        })*
    };
}

impl ser::Serializer for KeyWriter<'_> {
    type Ok = ();
    type Error = Unsupported;
    type SerializeSeq = Impossible<(), Unsupported>;
    type SerializeTuple = Impossible<(), Unsupported>;
    type SerializeTupleStruct = Impossible<(), Unsupported>;
    type SerializeTupleVariant = Impossible<(), Unsupported>;
    type SerializeMap = Impossible<(), Unsupported>;
    type SerializeStruct = Impossible<(), Unsupported>;
    type SerializeStructVariant = Impossible<(), Unsupported>;

    fn serialize_str(self, value: &str) -> Result<(), Unsupported> {
        write_str(self.0, value);
        Ok(())
    }

    not_a_key! {
        serialize_bool(bool), serialize_i8(i8), serialize_i16(i16), serialize_i32(i32),
        serialize_i64(i64), serialize_u8(u8), serialize_u16(u16), serialize_u32(u32),
        serialize_u64(u64), serialize_f32(f32), serialize_f64(f64), serialize_char(char),
        serialize_bytes(&[u8]), serialize_none(), serialize_unit(),
        serialize_unit_struct(&'static str),
        serialize_unit_variant(&'static str, u32, &'static str),
    }

    fn serialize_some<T: Serialize + ?Sized>(self, _value: &T) -> Result<(), Unsupported> {
        Err(Unsupported)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<(), Unsupported> {
        Err(Unsupported)
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, Unsupported> {
        Err(Unsupported)
    }

    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, Unsupported> {
        Err(Unsupported)
    }

    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct, Unsupported> {
        Err(Unsupported)
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, Unsupported> {
        Err(Unsupported)
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, Unsupported> {
        Err(Unsupported)
    }

    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStruct, Unsupported> {
        Err(Unsupported)
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, Unsupported> {
        Err(Unsupported)
    }
}
