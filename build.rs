//! Turns the human-edited TOML data files in `src/data/` into JSON in `OUT_DIR`, so the app embeds
//! them and parses them with the serde_json it already carries instead of shipping a TOML parser.
// A build script reports broken data files by failing the build, with the file named.
#![allow(clippy::expect_used)]

use std::path::Path;
use std::{env, fs};

const DATA_FILES: &[&str] = &[
    "resources.toml",
    "offers.toml",
    "mappings.toml",
    "provenance.toml",
    "glossary.toml",
    "exchange-rates.toml",
    "comparables.toml",
    "presets/paper-course.toml",
    "presets/cpu-only.toml",
    "presets/gpu-heavy.toml",
    "presets/archive/paper-course.toml",
    "presets/archive/cpu-only.toml",
    "presets/archive/gpu-heavy.toml",
];

fn main() {
    let out_dir = env::var("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    for relative in DATA_FILES {
        let source = Path::new("src/data").join(relative);
        println!("cargo:rerun-if-changed={}", source.display());
        let text = fs::read_to_string(&source)
            .unwrap_or_else(|error| panic!("cannot read {}: {error}", source.display()));
        let value: toml::Value = toml::from_str(&text)
            .unwrap_or_else(|error| panic!("{} is not valid TOML: {error}", source.display()));
        let json = serde_json::to_string(&value).expect("a TOML value always converts to JSON");
        let target = Path::new(&out_dir).join(relative.replace('/', "-").replace(".toml", ".json"));
        fs::write(&target, json)
            .unwrap_or_else(|error| panic!("cannot write {}: {error}", target.display()));
    }
}
