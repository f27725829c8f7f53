//! Issue 34, item 3: what ships is what the command writes. `src/data/prices/*.json` must be
//! exactly `refresh-prices`'s output for the dated public excerpts in tests/fixtures/catalogs and
//! the SKU list of src/data/offers.toml, on the day the files say they were read; regenerate them
//! with the command in tests/fixtures/catalogs/README.md when either changes (never by hand).
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::Command;

use course_cost::refresh::catalog::Provider;
use course_cost::refresh::date::is_iso_date;
use course_cost::refresh::snapshot::SnapshotFile;

const SHIPPED: &str = "src/data/prices";

fn shipped() -> BTreeMap<String, String> {
    fs::read_dir(SHIPPED)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read_to_string(&p).unwrap())
        })
        .collect()
}

/// The addresses of the fixture folder's catalogs (a derived history's up to its `{commit}`).
fn fixture_urls() -> Vec<String> {
    let manifest: toml::Table = fs::read_to_string("tests/fixtures/catalogs/catalogs.toml")
        .unwrap()
        .parse()
        .unwrap();
    manifest["catalogs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            c["url"]
                .as_str()
                .unwrap()
                .split("{commit}")
                .next()
                .unwrap()
                .to_string()
        })
        .collect()
}

/// The command's output for the fixture folder, read on `read_on`.
fn regenerate(read_on: &str) -> BTreeMap<String, String> {
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("refresh-shipped-{read_on}"));
    let _ = fs::remove_dir_all(&out);
    let output = Command::new(env!("CARGO_BIN_EXE_refresh-prices"))
        .args([
            "--from",
            "tests/fixtures/catalogs",
            "--offers",
            "src/data/offers.toml",
        ])
        .arg("--out")
        .arg(&out)
        .args(["--read-on", read_on])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read_to_string(&p).unwrap())
        })
        .collect()
}

#[test]
fn the_shipped_snapshots_are_the_commands_output() {
    // Each file read from the fixture folder's catalogs must be exactly what the command writes
    // from them now. (A file the weekly --fetch wrote cites the providers' live catalogs, which
    // are not kept: the other test checks it.)
    let files = shipped();
    assert!(
        files.contains_key("aws-us-east-1.json"),
        "the snapshots ship"
    );
    let fixtures = fixture_urls();
    let mut generated: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for (name, text) in &files {
        let file: SnapshotFile = serde_json::from_str(text).unwrap();
        let from_fixtures = file
            .catalogs
            .iter()
            .all(|c| fixtures.iter().any(|f| c.url.starts_with(f.as_str())));
        if !from_fixtures {
            continue;
        }
        let written = generated
            .entry(file.read_on.clone())
            .or_insert_with(|| regenerate(&file.read_on));
        assert!(
            written.get(name) == Some(text),
            "{SHIPPED}/{name} differs from what refresh-prices writes from tests/fixtures/catalogs: \
             regenerate it (tests/fixtures/catalogs/README.md)"
        );
    }
}

#[test]
fn every_shipped_figure_is_dated_or_undated_and_cites_a_catalog_of_its_file() {
    for (name, text) in shipped() {
        let file: SnapshotFile = serde_json::from_str(&text).unwrap();
        let provider = Provider::from_id(&file.provider).unwrap();
        assert!(provider.prices_region(&file.region), "{name}");
        assert_eq!(name, format!("{}-{}.json", file.provider, file.region));
        assert_eq!(file.catalog, file.catalogs[0]);
        let urls: Vec<&str> = file.catalogs.iter().map(|c| c.url.as_str()).collect();
        let mut previous = "";
        for price in &file.prices {
            assert!(price.sku.as_str() > previous, "{name}: sorted by SKU");
            previous = &price.sku;
            // One figure each: per hour (machines, addresses) or per GB-month (storage).
            assert!(
                price.usd_per_hour.is_some() != price.usd_per_gb_month.is_some(),
                "{name} {}",
                price.sku
            );
            let usd = price.usd().unwrap();
            assert!(usd.is_finite() && usd > 0.0, "{name} {}", price.sku);
            assert!(price.spot_usd_per_hour.is_none_or(|s| s > 0.0 && s < usd));
            if price.usd_per_gb_month.is_some() {
                assert_eq!(price.spot_usd_per_hour, None, "{name} {}", price.sku);
            }
            assert!(
                urls.contains(&price.source.as_str()),
                "{name} {}",
                price.sku
            );
            assert_eq!(
                price.spot_source.is_some(),
                price.spot_usd_per_hour.is_some()
            );
            for date in [&price.as_of, &price.spot_as_of].into_iter().flatten() {
                assert!(is_iso_date(date), "{name} {}: {date}", price.sku);
            }
        }
    }
}
