//! `build/prices.rs` on bad price files: a file the refresh command could not have written
//! fails the build with the file and the record named, and the real files fold into the newest
//! price set as the format says.
// Test code: a failed expectation is a failed test; the build module's items are used in part.
#![allow(clippy::expect_used, clippy::unwrap_used, dead_code, unreachable_pub)]

#[path = "../build/citations.rs"]
mod citations;
#[path = "../build/prices.rs"]
mod prices;
#[path = "../build/regional.rs"]
mod regional;

use std::fs;
use std::path::{Path, PathBuf};

/// `src/data/offers.toml` as the build reads it.
fn offers() -> toml::Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/data/offers.toml");
    toml::from_str(&fs::read_to_string(path).expect("offers.toml")).expect("valid TOML")
}

/// A fresh folder holding `files` (name, text).
fn folder(name: &str, files: &[(&str, String)]) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("course-cost-prices-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("a temp folder");
    for (file, text) in files {
        fs::write(dir.join(file), text).expect("written");
    }
    dir
}

/// A one-figure AWS eu-west-1 file with `record` as its price.
fn eu_file(record: &str) -> String {
    format!(
        r#"{{"provider": "aws", "region": "eu-west-1",
  "catalog": {{"title": "t", "url": "https://example.org/c", "version": null, "published": "2026-01-21"}},
  "read_on": "2026-12-03", "prices": [{record}]}}"#
    )
}

fn error_of(name: &str, files: &[(&str, String)]) -> String {
    let dir = folder(name, files);
    let result = prices::read_dir(&dir, &offers());
    let _ = fs::remove_dir_all(&dir);
    match result {
        Ok(_) => panic!("{name}: the files were accepted"),
        Err(error) => error,
    }
}

#[test]
fn a_bad_price_file_names_the_file_and_the_record() {
    let good = r#"{"sku": "p4d.24xlarge", "usd_per_hour": 23.71569, "usd_per_gb_month": null, "spot_usd_per_hour": null, "as_of": "2026-01-21", "source": "https://example.org/c"}"#;
    // Each case changes one part of the good record (from, to) and names what the error says.
    for (case, from, to, says) in [
        ("zero", "23.71569", "0", "not a price above zero"),
        ("text", "23.71569", "\"23.7\"", "should be a number"),
        (
            "unknown sku",
            "p4d.24xlarge",
            "p9.huge",
            "no offer of src/data/offers.toml",
        ),
        (
            "per GB",
            "\"usd_per_gb_month\": null",
            "\"usd_per_gb_month\": 1.0",
            "exactly `usd_per_hour`",
        ),
        (
            "spot above",
            "\"spot_usd_per_hour\": null",
            "\"spot_usd_per_hour\": 30.0",
            "spot price must be",
        ),
        (
            "no source",
            "\"source\": \"https://example.org/c\"",
            "\"source\": null",
            "`source`",
        ),
    ] {
        let file = "aws-eu-west-1.json";
        let error = error_of(case, &[(file, eu_file(&good.replace(from, to)))]);
        assert!(error.starts_with(file), "{case}: {error}");
        assert!(error.contains(says), "{case}: {error}");
        assert!(error.contains("prices[0]"), "{case}: {error}");
    }
    let misnamed = error_of("misnamed", &[("aws-us-east-1.json", eu_file(good))]);
    assert!(misnamed.starts_with("aws-us-east-1.json"), "{misnamed}");
    assert!(
        misnamed.contains("should be aws-eu-west-1.json"),
        "{misnamed}"
    );
    let twice = error_of(
        "twice",
        &[("aws-eu-west-1.json", eu_file(&format!("{good}, {good}")))],
    );
    assert!(twice.contains("priced twice"), "{twice}");
    let region = error_of(
        "region",
        &[(
            "aws-mars-1.json",
            eu_file(good).replace("eu-west-1", "mars-1"),
        )],
    );
    assert!(region.contains("not one of aws's regions"), "{region}");
    let broken = error_of("broken", &[("aws-eu-west-1.json", "{".to_string())]);
    assert!(broken.contains("not valid JSON"), "{broken}");
}

#[test]
fn the_files_fold_into_the_newest_price_set() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/data/prices");
    let mut catalog = offers();
    let files = prices::read_dir(&dir, &catalog).expect("the shipped files are valid");
    let (regional, previous) = prices::fold(&mut catalog, &files).expect("they fold");
    let snapshots = catalog["snapshots"].as_array().expect("snapshots");
    let newest = snapshots.last().expect("a newest snapshot");
    assert_eq!(newest["id"].as_str(), Some(prices::NEWEST));
    // It falls back to the snapshot before it, the last one offers.toml lists.
    let before = &snapshots[snapshots.len() - 2];
    assert_eq!(before["id"].as_str(), Some(previous.as_str()));
    let label = newest["label"].as_str().expect("a label");
    assert!(label.starts_with("Provider catalogs read "), "{label}");
    // A baked table per date and source of each file of a provider with several regions, whose
    // every figure's address is a cited source (tests/catalog.rs checks each source is cited).
    let groups = regional.as_array().expect("tables");
    let sources = catalog["sources"].as_array().expect("sources");
    for group in groups {
        let source = group["source"].as_str().expect("a source id");
        assert!(
            sources.iter().any(|s| s["id"].as_str() == Some(source)),
            "{source}"
        );
    }
    // Every figure a file adds is cited: a figure goes uncited only where it adds nothing, a
    // default-region figure that no other region's ratio reads and that does not replace the
    // newest price set's figure, which is dated and newer (the snapshot before it holds it).
    let offers = catalog["offers"].as_array().expect("offers");
    let mut cited = 0;
    for file in fs::read_dir(&dir)
        .expect("the folder")
        .filter_map(Result::ok)
    {
        let text = fs::read_to_string(file.path()).expect("read");
        let json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        if json["region"] == "global" {
            continue;
        }
        for record in json["prices"].as_array().expect("prices") {
            let url = record["source"].as_str().expect("a source");
            if sources.iter().any(|s| s["url"].as_str() == Some(url)) {
                cited += 1;
                continue;
            }
            let sku = record["sku"].as_str().expect("a sku");
            let id = format!("{}/{sku}", json["provider"].as_str().expect("a provider"));
            let offer = offers
                .iter()
                .find(|o| o["id"].as_str() == Some(&id))
                .unwrap_or_else(|| panic!("{url}: {id} is no offer"));
            let entries = offer["snapshot_prices"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let entry = |snapshot: &str| {
                entries
                    .iter()
                    .find(|e| e["snapshot"].as_str() == Some(snapshot))
                    .cloned()
            };
            assert!(
                entry(prices::NEWEST).is_none(),
                "{url}: {id} moved the newest prices"
            );
            let kept = entry(&previous).unwrap_or_else(|| offer.clone());
            let kept_as_of = kept["as_of"].as_str().unwrap_or_default();
            let read_as_of = record["as_of"].as_str().unwrap_or("undated");
            assert!(
                prices::is_day(kept_as_of)
                    && (!prices::is_day(read_as_of) || read_as_of < kept_as_of),
                "{url}: {id} read {read_as_of}, kept {kept_as_of}"
            );
            let in_groups = groups.iter().any(|g| {
                g["prices"]
                    .as_array()
                    .is_some_and(|p| p.iter().any(|f| f["offer"].as_str() == Some(&id)))
            });
            assert!(!in_groups, "{url}: {id} is baked uncited");
        }
    }
    assert!(cited > 0);
}

#[test]
fn a_file_without_its_citations_fails_and_the_baked_sources_are_the_files_own() {
    let good = r#"{"sku": "p4d.24xlarge", "usd_per_hour": 23.71569, "usd_per_gb_month": null, "spot_usd_per_hour": null, "as_of": "2026-01-21", "source": "https://example.org/c"}"#;
    let cited = |catalog: &str| {
        eu_file(good).replace(
            "\"read_on\"",
            &format!("\"catalogs\": [{catalog}], \"read_on\""),
        )
    };
    // The refresh command writes each catalog's id, title and publisher; the build makes none.
    let file = "aws-eu-west-1.json";
    let error = error_of(
        "no-publisher",
        &[(
            file,
            cited(r#"{"id": "C1", "title": "t", "url": "https://example.org/c"}"#),
        )],
    );
    assert!(
        error.contains("`publisher`") && error.contains("refresh-prices"),
        "{error}"
    );
    // A figure citing an address that is none of its file's catalogs is refused.
    let other =
        r#"{"id": "C1", "title": "t", "publisher": "p", "url": "https://example.org/other"}"#;
    let error = error_of("uncited", &[(file, cited(other))]);
    assert!(
        error.contains("prices[0]") && error.contains("none of its file's catalogs"),
        "{error}"
    );
    // The shipped files: every baked source the price files add is one of their catalogs, with
    // the id, title and publisher the file wrote.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/data/prices");
    let mut catalog = offers();
    let files = prices::read_dir(&dir, &catalog).expect("valid");
    let hand_kept = catalog["sources"].as_array().expect("sources").len();
    prices::fold(&mut catalog, &files).expect("they fold");
    let baked = &catalog["sources"].as_array().expect("sources")[hand_kept..];
    assert!(!baked.is_empty());
    let written: Vec<serde_json::Value> = fs::read_dir(&dir)
        .expect("the folder")
        .filter_map(Result::ok)
        .flat_map(|f| {
            let json: serde_json::Value =
                serde_json::from_str(&fs::read_to_string(f.path()).expect("read")).expect("JSON");
            json["catalogs"].as_array().cloned().unwrap_or_default()
        })
        .collect();
    for source in baked {
        let id = source["id"].as_str().expect("an id");
        let from = written
            .iter()
            .find(|c| c["id"].as_str() == Some(id))
            .unwrap_or_else(|| panic!("{id} is no price file's catalog"));
        for key in ["title", "publisher", "url"] {
            assert_eq!(source[key].as_str(), from[key].as_str(), "{id} {key}");
        }
    }
}

/// `text` (a shipped price file) with one more price record, kept sorted by SKU as the command
/// writes them.
fn with_record(text: &str, record: serde_json::Value) -> String {
    let mut file: serde_json::Value = serde_json::from_str(text).expect("JSON");
    let prices = file["prices"].as_array_mut().expect("prices");
    prices.push(record);
    prices.sort_by(|a, b| a["sku"].as_str().cmp(&b["sku"].as_str()));
    serde_json::to_string_pretty(&file).expect("JSON")
}

#[test]
fn a_storage_figure_per_gb_month_bakes_as_its_regions_price_and_the_newest_one() {
    // Issue 44: the files as a refresh that read gp3 rows in us-east-1 and eu-west-1 would write
    // them (`usd_per_gb_month`, `usd_per_hour` null), cited by a catalog each file already has.
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/data/prices");
    let mut files: Vec<(String, String)> = fs::read_dir(&shipped)
        .expect("the folder")
        .filter_map(Result::ok)
        .map(|f| {
            let name = f.file_name().to_string_lossy().into_owned();
            (name, fs::read_to_string(f.path()).expect("read"))
        })
        .collect();
    for (name, usd) in [("aws-us-east-1.json", 0.08), ("aws-eu-west-1.json", 0.088)] {
        let (_, text) = files.iter_mut().find(|(n, _)| n == name).expect(name);
        let parsed: serde_json::Value = serde_json::from_str(text).expect("JSON");
        let source = parsed["catalog"]["url"]
            .as_str()
            .expect("a catalog")
            .to_string();
        let record = serde_json::json!({
            "sku": "ebs-gp3", "usd_per_hour": null, "usd_per_gb_month": usd,
            "spot_usd_per_hour": null, "as_of": "2026-12-01", "source": source,
            "spot_as_of": null, "spot_source": null
        });
        *text = with_record(text, record);
    }
    let named: Vec<(&str, String)> = files.iter().map(|(n, t)| (n.as_str(), t.clone())).collect();
    let dir = folder("storage", &named);
    let mut catalog = offers();
    let read = prices::read_dir(&dir, &catalog).expect("a storage figure per GB-month is valid");
    let (regional, _) = prices::fold(&mut catalog, &read).expect("they fold");
    let figure = |region: &str| {
        regional
            .as_array()
            .expect("tables")
            .iter()
            .filter(|t| {
                t["provider"].as_str() == Some("aws") && t["region"].as_str() == Some(region)
            })
            .flat_map(|t| t["prices"].as_array().cloned().unwrap_or_default())
            .find(|p| p["offer"].as_str() == Some("aws/ebs-gp3"))
            .and_then(|p| p["usd"].as_float())
    };
    assert_eq!(figure("eu-west-1"), Some(0.088));
    // The default region's figure is baked because another region's file prices the offer.
    assert_eq!(figure("us-east-1"), Some(0.08));
    // The default region's figure makes the newest price set's, dated by its file.
    let offer = catalog["offers"]
        .as_array()
        .expect("offers")
        .iter()
        .find(|o| o["id"].as_str() == Some("aws/ebs-gp3"))
        .expect("gp3");
    let newest = offer["snapshot_prices"]
        .as_array()
        .expect("entries")
        .iter()
        .find(|e| e["snapshot"].as_str() == Some(prices::NEWEST))
        .expect("a newest entry");
    assert_eq!(newest["usd"].as_float(), Some(0.08));
    assert_eq!(newest["as_of"].as_str(), Some("2026-12-01"));
}
