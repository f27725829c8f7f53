//! The data `build.rs` bakes into statics: a bad data file fails the build with the key named
//! (what parsing the JSON at startup used to catch), numbers are written back bit for bit, and
//! the baked presets and offers are what serde reads from the same files.
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used, dead_code)]

#[path = "../build/bake.rs"]
mod bake;
#[path = "../build/schema.rs"]
mod schema;

use std::fs;
use std::path::{Path, PathBuf};

use course_cost::model::catalog::offer::Offer;
use course_cost::model::presets::builtin_presets;
use course_cost::model::{Catalog, Scenario};

/// A one-offer `offers.toml` with `extra` lines added to the offer and `drop` taken out.
fn offer_file(drop: &str, extra: &str) -> toml::Value {
    let lines = [
        "id = \"aws/x1\"",
        "provider = \"aws\"",
        "sku = \"x1\"",
        "unit = \"hour\"",
        "usd = 0.5",
        "as_of = \"2026-01-01\"",
        "source = \"S1\"",
        "vcpu = 2",
    ];
    let kept: Vec<&str> = lines.into_iter().filter(|l| !l.starts_with(drop)).collect();
    let text = format!("[[offers]]\n{}\n{extra}\n", kept.join("\n"));
    toml::from_str(&text).expect("valid TOML")
}

fn bake_offers(file: &toml::Value) -> Result<String, String> {
    bake::lists(file, &[("offers", "OFFERS", &schema::OFFER)])
}

#[test]
fn a_good_offer_bakes_into_a_struct_literal() {
    let code = bake_offers(&offer_file("none", "")).expect("bakes");
    assert!(code.contains("static OFFERS: &[Offer]"), "{code}");
    assert!(code.contains("id: Cow::Borrowed(\"aws/x1\")"), "{code}");
    assert!(code.contains("usd: 0.5_f64"), "{code}");
    assert!(code.contains("unit: PriceUnit::Hour"), "{code}");
    // Left out: no spot price, no snapshot prices, no GPU.
    assert!(code.contains("spot_usd: None"), "{code}");
    assert!(code.contains("snapshot_prices: &[]"), "{code}");
    assert!(code.contains("gpu_count: 0"), "{code}");
}

#[test]
fn bad_data_is_reported_with_its_key() {
    let at = "offers[0] (id \"aws/x1\")";
    let cases = [
        (offer_file("usd", ""), format!("{at}: missing key `usd`")),
        (
            offer_file("none", "usd_per_hour = 1.0"),
            format!("{at}: unknown key `usd_per_hour`"),
        ),
        (
            offer_file("usd", "usd = \"cheap\""),
            format!("{at}.usd: expected a number, found string"),
        ),
        (
            offer_file("unit", "unit = \"day\""),
            format!("{at}.unit: \"day\" is not one of [\"hour\", \"gb_month\"]"),
        ),
        (
            offer_file("vcpu", "vcpu = -2"),
            format!("{at}.vcpu: -2 is not a u32"),
        ),
        (
            offer_file("usd", "usd = nan"),
            format!("{at}.usd: NaN is not a finite number"),
        ),
    ];
    for (file, expected) in cases {
        let error = bake_offers(&file).expect_err("bad data fails");
        assert!(
            error.starts_with(&expected),
            "{error}\nexpected: {expected}"
        );
    }
    let other: toml::Value = toml::from_str("[[offer]]\nid = \"a\"").expect("TOML");
    let error = bake_offers(&other).expect_err("an unknown list fails");
    assert!(error.starts_with("unknown key `offer`"), "{error}");
}

#[test]
fn numbers_are_written_back_bit_for_bit() {
    const ONE: bake::Shape = bake::Shape {
        rust: "One",
        fields: &[bake::Field {
            key: "n",
            ty: bake::Ty::Num,
            or: None,
        }],
    };
    // Shortest digits, many digits, tiny, huge, and integers written without a point.
    for text in [
        "0.1",
        "12.966577377328626",
        "0.4371754360180286",
        "21.957642",
        "1e-7",
        "5e-324",
        "1.7976931348623157e308",
        "191",
        "0",
    ] {
        let file: toml::Value = toml::from_str(&format!("n = {text}")).expect("TOML");
        let code = bake::whole(&file, "ONE", &ONE).expect("bakes");
        let literal = code
            .split("n: ")
            .nth(1)
            .and_then(|rest| rest.split("_f64").next())
            .expect("a literal");
        let back: f64 = literal.parse().expect("a Rust float literal parses");
        let exact: f64 = text.parse().expect("the number parses");
        assert_eq!(back.to_bits(), exact.to_bits(), "{text} became {literal}");
    }
}

fn toml_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("the data folder reads") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            toml_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "toml") {
            found.push(path);
        }
    }
}

fn read(path: &Path) -> toml::Value {
    toml::from_str(&fs::read_to_string(path).expect("reads")).expect("valid TOML")
}

#[test]
fn every_baked_preset_is_what_serde_reads_from_its_file() {
    let mut files = Vec::new();
    toml_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/data/presets"),
        &mut files,
    );
    let presets = builtin_presets().expect("presets");
    assert_eq!(files.len(), presets.len(), "one preset per file");
    for file in files {
        let value = read(&file);
        let id = value["id"].as_str().expect("an id");
        let preset = presets.iter().find(|p| p.id == id).expect("baked");
        let read: Scenario = value["scenario"].clone().try_into().expect("a scenario");
        assert_eq!(preset.scenario, read, "{}", file.display());
        assert_eq!(Some(preset.name), value["name"].as_str());
        let archived = value.get("archived").and_then(toml::Value::as_bool);
        assert_eq!(preset.archived, archived.unwrap_or(false));
        let provenance = value.get("provenance").and_then(toml::Value::as_array);
        assert_eq!(preset.provenance.len(), provenance.map_or(0, Vec::len));
    }
}

#[test]
fn every_baked_offer_is_what_serde_reads_from_the_file() {
    let file = read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/data/offers.toml"));
    let offers = file["offers"].as_array().expect("offers");
    let catalog = Catalog::builtin().expect("catalog");
    assert_eq!(offers.len(), catalog.offers.len());
    for (table, baked) in offers.iter().zip(catalog.offers) {
        // Serde leaves snapshot prices out (only the catalog's offers have them).
        let read: Offer = table.clone().try_into().expect("an offer");
        let without = Offer {
            snapshot_prices: &[],
            ..baked.clone()
        };
        assert_eq!(without, read, "{}", baked.id);
        let prices = table.get("snapshot_prices").and_then(toml::Value::as_array);
        let prices = prices.map_or(&[][..], Vec::as_slice);
        // The newest price set is made from the price files (build/prices.rs, tests/regions.rs).
        let newest = catalog.newest_snapshot().expect("snapshots").id;
        let from_file: Vec<_> = baked
            .snapshot_prices
            .iter()
            .filter(|p| p.snapshot != newest)
            .collect();
        assert_eq!(prices.len(), from_file.len(), "{}", baked.id);
        for (price, baked) in prices.iter().zip(from_file) {
            assert_eq!(price["snapshot"].as_str(), Some(baked.snapshot));
            assert_eq!(price["usd"].as_float(), Some(baked.usd));
            assert_eq!(price["as_of"].as_str(), Some(baked.as_of));
            assert_eq!(price["source"].as_str(), Some(baked.source));
            let spot = price.get("spot_usd").and_then(toml::Value::as_float);
            assert_eq!(spot, baked.spot_usd);
        }
    }
}
