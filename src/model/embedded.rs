//! The data files the app embeds: `build.rs` turns each `src/data/*.toml` into JSON, and these
//! parse it, once.

use serde::de::DeserializeOwned;
use serde_json::Value;

/// Parses embedded JSON made from `src/data/{file}`; a failure names the file.
///
/// Through a [`Value`], as share links are read: each type's `Deserialize` is then compiled for
/// one deserializer, not two (about 10 kB less wasm for a millisecond more at start).
pub fn load_json<T: DeserializeOwned>(file: &str, json: &str) -> Result<T, String> {
    serde_json::from_slice::<Value>(json.as_bytes())
        .and_then(serde_json::from_value)
        .map_err(|e| format!("src/data/{file}: {e}"))
}

/// `embedded_json!("name.json")`: the text of `name.json`, which `build.rs` wrote into `OUT_DIR`.
macro_rules! embedded_json {
    ($name:literal) => {
        include_str!(concat!(env!("OUT_DIR"), "/", $name))
    };
}
pub(crate) use embedded_json;

/// `parsed_once!(Type, init)`: the `&'static Result<Type, String>` that `init` gives the first
/// time this place runs, kept for every later call.
macro_rules! parsed_once {
    ($ty:ty, $init:expr) => {{
        static PARSED: std::sync::OnceLock<Result<$ty, String>> = std::sync::OnceLock::new();
        PARSED.get_or_init(|| $init)
    }};
}
pub(crate) use parsed_once;

/// `embedded_list!(Item, key, "name.toml", "name.json")`: the `key` list of `src/data/name.toml`
/// (which `build.rs` wrote as `name.json`), parsed once; empty when it does not parse.
macro_rules! embedded_list {
    ($item:ty, $key:ident, $toml:literal, $json:literal) => {{
        #[derive(serde::Deserialize)]
        struct List {
            $key: Vec<$item>,
        }
        let json = $crate::model::embedded::embedded_json!($json);
        $crate::model::embedded::parsed_once!(List, $crate::model::embedded::load_json($toml, json))
            .as_ref()
            .map_or(&[], |list| list.$key.as_slice())
    }};
}
pub(crate) use embedded_list;
