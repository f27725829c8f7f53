//! Bakes the human-edited TOML data files in `src/data/` into Rust statics in `OUT_DIR`
//! (`build/schema.rs` says what each table becomes), which the app `include!`s: no data is
//! parsed at startup and no `Deserialize` code for it ships. A data file that does not fit its
//! schema fails the build with the file and key named. The JSON copies beside them are for the
//! tests that read every displayed string (`tests/catalog.rs`); the app does not embed them.
// A build script reports broken data files by failing the build, with the file named.
#![allow(clippy::expect_used)]

#[path = "build/bake.rs"]
mod bake;
#[path = "build/citations.rs"]
mod citations;
// The refresh command's ISO dates (`civil_from_days`, `today`); the script uses part of them.
#[allow(dead_code, unreachable_pub)]
#[path = "src/refresh/date.rs"]
mod date;
#[path = "build/prices.rs"]
mod prices;
#[path = "build/regional.rs"]
mod regional;
#[path = "build/schema.rs"]
mod schema;

use std::path::Path;
use std::{env, fs};

use toml::Value;

use crate::bake::Shape;

/// The current presets first (the paper's course is the default), then the frozen ones.
const PRESET_FILES: &[&str] = &[
    "presets/paper-course.toml",
    "presets/cpu-only.toml",
    "presets/gpu-heavy.toml",
    "presets/archive/paper-course.toml",
    "presets/archive/paper-course-v2.toml",
    "presets/archive/cpu-only.toml",
    "presets/archive/cpu-only-v2.toml",
    "presets/archive/gpu-heavy.toml",
    "presets/archive/gpu-heavy-v2.toml",
];

/// The build date (UTC) that price ages are counted at: `SOURCE_DATE_EPOCH` (seconds) when set,
/// for reproducible builds, else the day this script runs.
fn build_date() -> String {
    match env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.trim().parse::<i64>().ok())
    {
        Some(seconds) => date::civil_from_days(seconds.div_euclid(86_400)),
        None => date::today(),
    }
}

/// `src/data/{relative}` read as TOML, with its JSON copy written for the tests.
fn read(out_dir: &Path, relative: &str) -> Value {
    let source = Path::new("src/data").join(relative);
    println!("cargo:rerun-if-changed={}", source.display());
    let text = fs::read_to_string(&source)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", source.display()));
    let value: Value = toml::from_str(&text)
        .unwrap_or_else(|error| panic!("{} is not valid TOML: {error}", source.display()));
    let json = serde_json::to_string(&value).expect("a TOML value always converts to JSON");
    write(
        out_dir,
        &relative.replace('/', "-").replace(".toml", ".json"),
        &json,
    );
    value
}

fn write(out_dir: &Path, name: &str, text: &str) {
    let target = out_dir.join(name);
    fs::write(&target, text)
        .unwrap_or_else(|error| panic!("cannot write {}: {error}", target.display()));
}

/// The statics `code` made of `src/data/{file}`, or a failed build naming the file and key.
fn baked(file: &str, code: Result<String, String>) -> String {
    code.unwrap_or_else(|error| panic!("src/data/{file}: {error}"))
}

fn main() {
    let out_dir = env::var("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    let out = Path::new(&out_dir);
    println!("cargo:rerun-if-env-changed=SOURCE_DATE_EPOCH");
    println!("cargo:rustc-env=COURSE_COST_BUILD_DATE={}", build_date());

    // The catalog: one generated file of three data files' lists, for `model/catalog/mod.rs`.
    let catalog: [(&str, &[bake::List]); 3] = [
        (
            "resources.toml",
            &[("resources", "RESOURCES", &schema::RESOURCE)],
        ),
        (
            "offers.toml",
            &[
                ("providers", "PROVIDERS", &schema::PROVIDER),
                ("snapshots", "SNAPSHOTS", &schema::SNAPSHOT),
                ("sources", "SOURCES", &schema::SOURCE),
                ("offers", "OFFERS", &schema::OFFER),
            ],
        ),
        (
            "mappings.toml",
            &[("mappings", "MAPPINGS", &schema::MAPPING)],
        ),
    ];
    let mut code = String::new();
    for (file, lists) in catalog {
        let mut data = read(out, file);
        if file == "offers.toml" {
            // The refresh command's price files: the newest snapshot and every region's prices.
            let (regional, previous) = prices::read_dir(Path::new("src/data/prices"), &data)
                .and_then(|files| prices::fold(&mut data, &files))
                .unwrap_or_else(|error| panic!("src/data/prices: {error}"));
            // An offer without a figure of its own in the newest snapshot has the previous one's.
            let newest = format!(
                "/// The newest snapshot and the one whose figures it falls back to.\n\
                 pub(crate) const NEWEST: (&str, &str) = ({:?}, {previous:?});\n",
                prices::NEWEST
            );
            write(out, "newest.rs", &newest);
            let json = serde_json::to_string(&data).expect("a TOML value always converts to JSON");
            write(out, "offers.json", &json);
            let mut top = toml::Table::new();
            top.insert("files".into(), regional);
            let lists = [("files", "REGION_PRICES", &schema::REGION_PRICES)];
            code.push_str(&baked("prices/", bake::lists(&Value::Table(top), &lists)));
        }
        code.push_str(&baked(file, bake::lists(&data, lists)));
    }
    write(out, "catalog.rs", &code);

    // One list per file, each for the module that reads it.
    let single: [(&str, &str, &str, &str, &'static Shape); 3] = [
        (
            "glossary.toml",
            "glossary.rs",
            "terms",
            "TERMS",
            &schema::TERM,
        ),
        (
            "provenance.toml",
            "provenance.rs",
            "entries",
            "DEFAULT_ENTRIES",
            &schema::PROVENANCE_ENTRY,
        ),
        (
            "comparables.toml",
            "comparables.rs",
            "comparables",
            "COMPARABLES",
            &schema::COMPARABLE,
        ),
    ];
    for (file, name, key, static_name, shape) in single {
        let code = bake::lists(&read(out, file), &[(key, static_name, shape)]);
        write(out, name, &baked(file, code));
    }
    let file = "exchange-rates.toml";
    let code = bake::whole(&read(out, file), "EXCHANGE_RATES", &schema::EXCHANGE_RATES);
    write(out, "exchange-rates.rs", &baked(file, code));
    let file = "testbeds.toml";
    let code = bake::whole(&read(out, file), "TESTBEDS", &schema::TESTBEDS);
    write(out, "testbeds.rs", &baked(file, code));

    let presets: Vec<(String, Value)> = PRESET_FILES
        .iter()
        .map(|file| ((*file).to_string(), read(out, file)))
        .collect();
    let code = bake::one_per_file(&presets, "PRESETS", &schema::PRESET);
    write(
        out,
        "presets.rs",
        &code.unwrap_or_else(|error| panic!("{error}")),
    );
}
