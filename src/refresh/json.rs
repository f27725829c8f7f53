//! JSON read as a hostile file may write it: no string longer than [`MAX_STRING`] bytes (a
//! `version` of 1 GB is refused when its first 64 KiB are read, not after it fills memory twice),
//! no object with a key twice (serde keeps the last silently: a duplicate key could give one SKU
//! another's price), and no whole file over [`MAX_TEXT`] for the formats read whole.

use std::collections::BTreeMap;
use std::fmt;
use std::io::{self, Read};
use std::marker::PhantomData;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use super::error::RefreshError;

/// The longest string a catalog's JSON may hold, in bytes (the longest real ones, an Azure
/// `NextPageLink` or a product description, are under 1 KiB).
pub const MAX_STRING: usize = 64 * 1024;
/// The largest catalog file read whole (Google's Compute Engine listing is tens of MB; AWS offer
/// files and Azure pages are streamed and have no such limit).
pub const MAX_TEXT: u64 = 256 * 1024 * 1024;

/// Where a [`CappedReader`] is in the JSON text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum At {
    Outside,
    /// In a string, this many bytes into it.
    String(usize),
    /// Just after a backslash in a string.
    Escape(usize),
}

/// A reader of JSON text that fails (an `InvalidData` error naming the byte offset) as soon as a
/// string runs longer than `limit` bytes, before a parser buffers it.
pub struct CappedReader<R> {
    inner: R,
    at: At,
    offset: u64,
    limit: usize,
}

impl<R: Read> CappedReader<R> {
    /// Wraps `inner` with the [`MAX_STRING`] limit.
    pub fn new(inner: R) -> Self {
        CappedReader {
            inner,
            at: At::Outside,
            offset: 0,
            limit: MAX_STRING,
        }
    }
}

impl<R: Read> CappedReader<R> {
    fn too_long(&self, start: u64) -> io::Error {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "a string at byte {start} runs longer than {} KiB: not a catalog's",
                self.limit / 1024
            ),
        )
    }
}

impl<R: Read> Read for CappedReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        let bytes = &buf[..n];
        let mut i = 0;
        // Jumps from quote to quote (and backslash): a scan as fast as a search for one byte.
        while i < n {
            match self.at {
                At::Outside => match bytes[i..].iter().position(|&b| b == b'"') {
                    Some(p) => {
                        self.at = At::String(0);
                        i += p + 1;
                    }
                    None => break,
                },
                At::String(len) => {
                    let stop = bytes[i..].iter().position(|&b| b == b'"' || b == b'\\');
                    let run = stop.unwrap_or(n - i);
                    if len + run > self.limit {
                        let at = self.offset + i as u64;
                        return Err(self.too_long(at.saturating_sub(len as u64)));
                    }
                    self.at = match stop.map(|p| bytes[i + p]) {
                        Some(b'"') => At::Outside,
                        Some(_) => At::Escape(len + run + 1),
                        None => At::String(len + run),
                    };
                    i += run + usize::from(stop.is_some());
                }
                At::Escape(len) => {
                    self.at = At::String(len + 1);
                    i += 1;
                }
            }
        }
        self.offset += n as u64;
        Ok(n)
    }
}

/// A JSON value read with every object's keys checked: a key twice is an error naming it.
#[derive(Clone, Debug, PartialEq)]
pub struct Strict(pub Value);

struct StrictVisitor;

impl<'de> Visitor<'de> for StrictVisitor {
    type Value = Strict;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Strict, E> {
        Ok(Strict(Value::Bool(v)))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Strict, E> {
        Ok(Strict(Value::from(v)))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Strict, E> {
        Ok(Strict(Value::from(v)))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Strict, E> {
        Ok(Strict(Value::from(v)))
    }
    fn visit_str<E>(self, v: &str) -> Result<Strict, E> {
        Ok(Strict(Value::String(v.to_string())))
    }
    fn visit_string<E>(self, v: String) -> Result<Strict, E> {
        Ok(Strict(Value::String(v)))
    }
    fn visit_unit<E>(self) -> Result<Strict, E> {
        Ok(Strict(Value::Null))
    }
    fn visit_none<E>(self) -> Result<Strict, E> {
        Ok(Strict(Value::Null))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Strict, A::Error> {
        let mut items = Vec::new();
        while let Some(Strict(item)) = seq.next_element()? {
            items.push(item);
        }
        Ok(Strict(Value::Array(items)))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Strict, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let Strict(value) = map.next_value()?;
            if object.contains_key(&key) {
                return Err(de::Error::custom(format!(
                    "the key {:?} is written twice in one object",
                    shown(&key)
                )));
            }
            object.insert(key, value);
        }
        Ok(Strict(Value::Object(object)))
    }
}

impl<'de> Deserialize<'de> for Strict {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Strict, D::Error> {
        deserializer.deserialize_any(StrictVisitor)
    }
}

/// A key or value quoted in a message, cut to 80 characters.
pub fn shown(text: &str) -> String {
    match text.char_indices().nth(80) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_string(),
    }
}

/// A map whose keys must differ, for `#[serde(deserialize_with = "unique_map")]`.
pub fn unique_map<'de, D, T>(deserializer: D) -> Result<BTreeMap<String, T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    struct Unique<T>(PhantomData<T>);
    impl<'de, T: Deserialize<'de>> Visitor<'de> for Unique<T> {
        type Value = BTreeMap<String, T>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("an object")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut out = BTreeMap::new();
            while let Some(key) = map.next_key::<String>()? {
                let value = map.next_value()?;
                if out.contains_key(&key) {
                    return Err(de::Error::custom(format!(
                        "the key {:?} is written twice in one object",
                        shown(&key)
                    )));
                }
                out.insert(key, value);
            }
            Ok(out)
        }
    }
    deserializer.deserialize_map(Unique(PhantomData))
}

/// A catalog file read whole: at most [`MAX_TEXT`] bytes, every string under [`MAX_STRING`],
/// no key twice in an object (checked here, so each reader's own parse may keep serde's maps).
pub fn read_checked(path: &std::path::Path, name: &str) -> Result<String, RefreshError> {
    let cannot = |e: io::Error| RefreshError::file(name, format!("cannot be read: {e}"));
    let file = std::fs::File::open(path).map_err(cannot)?;
    let mut text = String::new();
    CappedReader::new(file)
        .take(MAX_TEXT + 1)
        .read_to_string(&mut text)
        .map_err(cannot)?;
    if text.len() as u64 > MAX_TEXT {
        return Err(RefreshError::file(
            name,
            format!("is over {} MiB: not a catalog page", MAX_TEXT >> 20),
        ));
    }
    check(&text, name)?;
    Ok(text)
}

/// Checks JSON text for keys written twice (a text that is not JSON is left to its reader,
/// whose message names the format it expected).
pub fn check(text: &str, name: &str) -> Result<(), RefreshError> {
    match serde_json::from_str::<Strict>(text) {
        Err(e) if e.is_data() => Err(RefreshError::file(name, e.to_string())),
        _ => Ok(()),
    }
}
