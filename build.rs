//! Turns the human-edited TOML data files in `src/data/` into JSON in `OUT_DIR`, so the app embeds
//! them and parses them with the serde_json it already carries instead of shipping a TOML parser.
// A build script reports broken data files by failing the build, with the file named.
#![allow(clippy::expect_used)]

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};
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

/// The civil date (`YYYY-MM-DD`, proleptic Gregorian) of `days` since 1970-01-01: Howard
/// Hinnant's `civil_from_days`.
fn civil_from_days(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// The build date (UTC) that price ages are counted at: `SOURCE_DATE_EPOCH` (seconds) when set,
/// for reproducible builds, else the day this script runs.
fn build_date() -> String {
    let seconds = env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.trim().parse::<i64>().ok())
        .unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0))
        });
    civil_from_days(seconds.div_euclid(86_400))
}

fn main() {
    let out_dir = env::var("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    println!("cargo:rerun-if-env-changed=SOURCE_DATE_EPOCH");
    println!("cargo:rustc-env=COURSE_COST_BUILD_DATE={}", build_date());
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
