//! The data files the app embeds: `build.rs` turns each `src/data/*.toml` into JSON, and these
//! parse it, once.

use serde::de::DeserializeOwned;

/// Parses embedded JSON made from `src/data/{file}`; a failure names the file.
pub fn load_json<T: DeserializeOwned>(file: &str, json: &str) -> Result<T, String> {
    serde_json::from_str(json).map_err(|e| format!("src/data/{file}: {e}"))
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
