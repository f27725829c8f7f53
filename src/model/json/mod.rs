//! The app's own JSON, so the shipped wasm carries no serde_json (with serde's generic code it
//! took about 16 kB gzip): the model's `#[derive(Serialize)]` writes through a small serializer
//! of our own, and JSON read back (links, the kept list) becomes a small tree of values.
//!
//! - `value`: a JSON value (objects keep their keys in the order read, duplicates included;
//!   the last of a key counts, as in serde_json).
//! - `read`: text to a value, bounded (nesting depth, number range) with clear error messages;
//!   never panics.
//! - `write`: compact JSON byte for byte as `serde_json::to_string` writes the same data
//!   (numbers with the shortest digits that read back, the same escapes), and [`ToJson`] for
//!   plain types.
//! - `indent`: compact JSON laid out for people, without parsing it.
//! - `serializer`: a `serde::Serializer` writing through `write`, so the scenario, the priced
//!   estimate, the export and the link wire are written by their own `#[derive(Serialize)]`
//!   (checked against serde_json in the tests).

mod indent;
mod read;
mod serializer;
mod value;
mod write;

pub use indent::indent_json;
pub use read::{parse, JsonError, MAX_DEPTH};
pub use serializer::{to_json, Unsupported};
pub use value::{Map, Number, Value};
pub use write::{write_f64, write_str, Object, ToJson};

/// [`ToJson`] for a plain struct that has no serde derive (the kept list's entries), listing its
/// fields once, in declaration order (the order they are written). The struct is destructured
/// whole, so a field added to it and not to the list does not compile.
macro_rules! json_struct {
    ($ty:ident { $($field:ident),* $(,)? }) => {
        impl $crate::model::json::ToJson for $ty {
            fn write_json(&self, out: &mut String) {
                let $ty { $($field),* } = self;
                let mut object = $crate::model::json::Object::new(out);
                $(object.member(stringify!($field), $field);)*
                object.end();
            }
        }
    };
}

pub(crate) use json_struct;
