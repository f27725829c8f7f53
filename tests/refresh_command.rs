//! Issue 34, items 1-3, end to end: `refresh-prices --from DIR --out DIR --report FILE` on a folder
//! of catalog files in the providers' own formats (the real excerpts of tests/fixtures/catalogs):
//! p4d.24xlarge in us-east-1 at its on-demand price, not the Capacity Block's $0; no Windows or
//! reserved price anywhere; Azure's spot price only as spot; and the refusal to write when a
//! watched SKU vanished or moved by more than half, unless `--accept`.
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

mod common;

const CATALOGS: &str = "tests/fixtures/catalogs";
const OFFER_FILE: &str = "aws-offer-file-ec2-us-east-1-p4d-excerpt.json";
const AZURE_PAGES: [&str; 2] = [
    "azure-retail-prices-eastus-Standard_D2s_v3-nofilter-preview.json",
    "azure-retail-prices-eastus-Standard_D2als_v7-nofilter-preview.json",
];

/// The machines the test watches (an offers file in offers.toml's shape).
const OFFERS: &str = r#"
[[offers]]
provider = "aws"
sku = "p4d.24xlarge"
vcpu = 96
[[offers]]
provider = "azure"
sku = "Standard_D2s_v3"
vcpu = 2
[[offers]]
provider = "azure"
sku = "Standard_D2als_v7"
vcpu = 2
[[offers]]
provider = "gcp"
sku = "a2-highgpu-1g"
vcpu = 12
"#;

/// A fresh folder with the primary-format catalogs of the fixture folder and their manifest
/// entries, and the test's offers file.
fn setup(name: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("refresh-{name}"));
    let _ = fs::remove_dir_all(&root);
    let from = root.join("catalogs");
    fs::create_dir_all(&from).unwrap();
    let manifest: toml::Table = fs::read_to_string(Path::new(CATALOGS).join("catalogs.toml"))
        .unwrap()
        .parse()
        .unwrap();
    let primary = ["aws-offer-json", "azure-retail-page", "gcp-skus-page"];
    let mut kept = toml::value::Array::new();
    for entry in manifest["catalogs"].as_array().unwrap() {
        if primary.contains(&entry["format"].as_str().unwrap()) {
            let file = entry["file"].as_str().unwrap();
            fs::copy(Path::new(CATALOGS).join(file), from.join(file)).unwrap();
            kept.push(entry.clone());
        }
    }
    let mut table = toml::Table::new();
    table.insert("catalogs".into(), toml::Value::Array(kept));
    fs::write(from.join("catalogs.toml"), toml::to_string(&table).unwrap()).unwrap();
    fs::write(root.join("offers.toml"), OFFERS).unwrap();
    root
}

fn run(root: &Path, extra: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_refresh-prices"));
    command
        .arg("--from")
        .arg(root.join("catalogs"))
        .arg("--out")
        .arg(root.join("out"))
        .arg("--report")
        .arg(root.join("report.json"))
        .arg("--offers")
        .arg(root.join("offers.toml"))
        .args(["--read-on", "2026-12-03"])
        .args(extra);
    command.output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn report(root: &Path) -> Vec<Value> {
    let text = fs::read_to_string(root.join("report.json")).unwrap();
    serde_json::from_str::<Value>(&text).unwrap()["prices"]
        .as_array()
        .unwrap()
        .clone()
}

fn entry<'a>(report: &'a [Value], region: &str, sku: &str) -> &'a Value {
    report
        .iter()
        .find(|e| e["region"] == region && e["sku"] == sku)
        .unwrap_or_else(|| panic!("{sku} in {region} is in the report"))
}

/// Every Azure item of the recorded pages: (price, is a Linux pay-as-you-go or spot price,
/// is spot).
fn azure_items() -> Vec<(f64, bool, bool)> {
    let mut out = Vec::new();
    for page in AZURE_PAGES {
        let page: Value =
            serde_json::from_str(&fs::read_to_string(Path::new(CATALOGS).join(page)).unwrap())
                .unwrap();
        for item in page["Items"].as_array().unwrap() {
            let sku_name = item["skuName"].as_str().unwrap();
            let linux = item["type"] == "Consumption"
                && !item["productName"].as_str().unwrap().ends_with(" Windows")
                && !sku_name.ends_with(" Low Priority");
            let price = item["retailPrice"].as_f64().unwrap();
            out.push((price, linux, sku_name.ends_with(" Spot")));
        }
    }
    out
}

#[test]
fn the_report_has_on_demand_prices_without_windows_reserved_or_spot_mixed_in() {
    let root = setup("done-when");
    let output = run(&root, &[]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let report = report(&root);

    // p4d.24xlarge: the excerpt's on-demand row, "$32.7726 per On Demand Linux p4d.24xlarge
    // Instance Hour"; the Capacity Block row beside it is $0.00.
    let p4d = entry(&report, "us-east-1", "p4d.24xlarge");
    assert_eq!(p4d["usd_per_hour"], 32.7726);
    assert_eq!(p4d["as_of"], "2024-05-28");
    assert_eq!(p4d["provider"], "aws");
    assert!(p4d["source"].as_str().unwrap().contains("opencost"));

    // Azure: the pay-as-you-go and spot prices of the Linux items, each in its own field.
    let items = azure_items();
    for (sku, on_demand, spot) in [
        ("Standard_D2s_v3", 0.096, 0.018816),
        ("Standard_D2als_v7", 0.0804, 0.015598),
    ] {
        let e = entry(&report, "eastus", sku);
        assert_eq!(
            (e["usd_per_hour"].as_f64(), e["spot_usd_per_hour"].as_f64()),
            (Some(on_demand), Some(spot))
        );
        assert!(items.contains(&(on_demand, true, false)) && items.contains(&(spot, true, true)));
    }
    // No price in the report is one only a Windows, dev/test, Low Priority or Reservation item
    // has (416.0 and 803.0 are term totals), and no on-demand price is a spot item's.
    let excluded: Vec<f64> = items
        .iter()
        .filter(|(p, linux, _)| {
            !linux && !items.contains(&(*p, true, false)) && !items.contains(&(*p, true, true))
        })
        .map(|(p, _, _)| *p)
        .collect();
    assert!(excluded.contains(&416.0) && excluded.contains(&0.188));
    let spots: Vec<f64> = items.iter().filter(|i| i.2).map(|i| i.0).collect();
    for e in &report {
        for field in ["usd_per_hour", "spot_usd_per_hour"] {
            if let Some(price) = e[field].as_f64() {
                assert!(!excluded.contains(&price), "{e}");
                assert!(price > 0.0);
            }
        }
        if let Some(price) = e["usd_per_hour"].as_f64() {
            assert!(!spots.contains(&price) || e["provider"] != "azure", "{e}");
        }
    }
    // The GCP page prices a2-highgpu-1g in us-central1.
    assert!(
        entry(&report, "us-central1", "a2-highgpu-1g")["usd_per_hour"]
            .as_f64()
            .unwrap()
            > 3.0
    );
    // The snapshot files: one per region a catalog covers.
    let mut written: Vec<String> = fs::read_dir(root.join("out"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    written.sort();
    assert_eq!(
        written,
        [
            "aws-us-east-1.json",
            "azure-eastus.json",
            "gcp-asia-southeast1.json",
            "gcp-us-central1.json"
        ]
    );
}

fn snapshot(root: &Path, file: &str) -> Value {
    serde_json::from_str(&fs::read_to_string(root.join("out").join(file)).unwrap()).unwrap()
}

/// Rewrites the folder's offer file with the on-demand p4d price written as `price`.
fn set_p4d_price(root: &Path, price: &str) {
    let text = fs::read_to_string(Path::new(CATALOGS).join(OFFER_FILE))
        .unwrap()
        .replace(
            "\"USD\": \"32.7726000000\"",
            &format!("\"USD\": \"{price}\""),
        );
    assert!(text.contains(price));
    fs::write(root.join("catalogs").join(OFFER_FILE), text).unwrap();
}

#[test]
fn a_move_of_more_than_half_is_refused_unless_accepted() {
    let root = setup("refuse-move");
    assert!(run(&root, &[]).status.success());
    let before = fs::read_to_string(root.join("out/aws-us-east-1.json")).unwrap();

    // 32.7726 -> 10: -69.5%, more than half.
    set_p4d_price(&root, "10.0000000000");
    let output = run(&root, &[]);
    assert_eq!(output.status.code(), Some(1));
    let said = text(&output.stdout);
    let change = (10.0 - 32.7726) / 32.7726 * 100.0;
    assert!(said.contains(&format!("{change:+.1}%")), "{said}");
    assert!(
        said.contains("needs --accept") && said.contains("Refused"),
        "{said}"
    );
    assert_eq!(
        fs::read_to_string(root.join("out/aws-us-east-1.json")).unwrap(),
        before
    );

    let output = run(&root, &["--accept"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(
        snapshot(&root, "aws-us-east-1.json")["prices"][0]["usd_per_hour"],
        10.0
    );
}

#[test]
fn a_smaller_move_is_written_and_summarised_by_how_much() {
    let root = setup("small-move");
    assert!(run(&root, &[]).status.success());
    set_p4d_price(&root, "30.0000000000");
    let summary = root.join("summary.md");
    let output = run(&root, &["--summary", summary.to_str().unwrap()]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let written = fs::read_to_string(summary).unwrap();
    let change = (30.0 - 32.7726) / 32.7726 * 100.0;
    assert!(
        written.contains(&format!(
            "aws us-east-1 p4d.24xlarge: on demand $32.7726 -> $30 ({change:+.1}%)"
        )),
        "{written}"
    );
    assert!(written.contains("## Moved (1)") && !written.contains("needs --accept"));
    assert_eq!(
        snapshot(&root, "aws-us-east-1.json")["prices"][0]["usd_per_hour"],
        30.0
    );
}

#[test]
fn a_watched_sku_that_vanished_is_refused() {
    let root = setup("vanished");
    assert!(run(&root, &[]).status.success());
    // The offer file now lists no p4d.24xlarge (the region is still covered by it).
    let path = root.join("catalogs").join(OFFER_FILE);
    let text_now = fs::read_to_string(&path)
        .unwrap()
        .replace("p4d.24xlarge", "p4x.24xlarge");
    fs::write(&path, text_now).unwrap();
    let output = run(&root, &[]);
    assert_eq!(output.status.code(), Some(1));
    let said = text(&output.stdout);
    assert!(
        said.contains("## Vanished (1)")
            && said.contains("p4d.24xlarge: on demand $32.7726, now absent"),
        "{said}"
    );
}

#[test]
fn an_unreadable_price_stops_the_refresh_naming_file_and_record() {
    let root = setup("unreadable");
    set_p4d_price(&root, "thirty-two");
    let output = run(&root, &[]);
    assert_eq!(output.status.code(), Some(1));
    let said = text(&output.stderr);
    assert!(
        said.contains(OFFER_FILE)
            && said.contains("H7NGEAC6UEHNTKSJ")
            && said.contains("\"thirty-two\""),
        "{said}"
    );
    assert!(!root.join("out").exists(), "nothing written");
}

#[test]
fn a_folder_without_its_manifest_is_a_clear_error() {
    let root = setup("no-manifest");
    fs::remove_file(root.join("catalogs/catalogs.toml")).unwrap();
    let output = run(&root, &[]);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("catalogs.toml"));
}

#[cfg(not(feature = "fetch"))]
#[test]
fn fetch_needs_the_fetch_feature() {
    let root = setup("no-fetch-feature");
    let output = run(&root, &["--fetch"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stderr).contains("--features fetch"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn bad_arguments_say_how_to_run_it() {
    let output = Command::new(env!("CARGO_BIN_EXE_refresh-prices"))
        .args(["--from", "x", "--read-on", "03/12/2026"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let said = text(&output.stderr);
    assert!(
        said.contains("--read-on") && said.contains("--from DIR"),
        "{said}"
    );
}

/// The catalog's on-demand hours of `offer` that the default course uses, walked by hand: every
/// use whose stand-in on AWS is that offer, users x actual hours x instances x the stand-in's
/// fraction of it.
fn course_hours_of(offer: &str) -> f64 {
    let scenario = &common::paper().scenario;
    common::by_hand::uses(scenario)
        .iter()
        .filter_map(|u| {
            let mapping = common::catalog().mapping("aws", &u.resource)?;
            (mapping.offer == offer).then(|| u.users * u.actual() * u.count * mapping.fraction)
        })
        .sum()
}

/// "$43,990.19" as a number.
fn dollars(text: &str) -> f64 {
    text.trim_start_matches('$')
        .replace(',', "")
        .parse()
        .unwrap()
}

#[test]
fn the_summary_lists_the_one_move_with_the_default_course_total_before_and_after() {
    let root = setup("course-total");
    assert!(run(&root, &[]).status.success());
    set_p4d_price(&root, "30.0000000000");
    let summary = root.join("summary.md");
    let output = run(&root, &["--summary", summary.to_str().unwrap()]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let written = fs::read_to_string(summary).unwrap();
    // The move, with its price before and after, its date (the offer file's publicationDate,
    // 2024-05-28) and its source; nothing else is listed.
    let change = (30.0 - 32.7726) / 32.7726 * 100.0;
    let manifest = fs::read_to_string(root.join("catalogs/catalogs.toml")).unwrap();
    let url = "https://github.com/opencost/opencost/blob/3ffab9ff/pkg/cloud/aws/testdata/pricing-us-east-1.json";
    assert!(manifest.contains(url));
    assert!(
        written.contains(&format!(
            "- aws us-east-1 p4d.24xlarge: on demand $32.7726 -> $30 ({change:+.1}%); dated \
             2024-05-28, <{url}>"
        )),
        "{written}"
    );
    assert_eq!(written.matches("\n- aws ").count(), 1, "{written}");
    assert!(!written.contains("## New") && !written.contains("## Vanished"));
    // The default course's total before and after: it moves by the p4d hours the course buys
    // at the new price less the old.
    let line = written
        .lines()
        .find(|l| l.starts_with("The default course"))
        .expect("the default course's line");
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = |word: &str| words.iter().position(|w| *w == word).unwrap() - 1;
    let (before, after) = (dollars(words[at("before,")]), dollars(words[at("after")]));
    let hours = course_hours_of("aws/p4d.24xlarge");
    assert!(hours > 0.0, "the default course uses p4d.24xlarge hours");
    let by_hand = hours * (30.0 - 32.7726);
    assert!(
        (after - before - by_hand).abs() < 0.02,
        "{line}: {after} - {before} against {by_hand} by hand"
    );
    assert!(before > 0.0 && line.contains("aws us-east-1"), "{line}");
}

#[test]
fn the_report_counts_a_refused_zero_dollar_capacity_block_row() {
    let root = setup("refused-count");
    let output = run(&root, &[]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    // The offer file's products of p4d.24xlarge with marketoption CapacityBlock, priced $0: one.
    let offer: Value =
        serde_json::from_str(&fs::read_to_string(Path::new(CATALOGS).join(OFFER_FILE)).unwrap())
            .unwrap();
    let blocks: Vec<&String> = offer["products"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, p)| p["attributes"]["marketoption"] == "CapacityBlock")
        .map(|(sku, _)| sku)
        .collect();
    assert_eq!(blocks.len(), 1);
    let terms = offer["terms"]["OnDemand"][blocks[0]].to_string();
    assert!(terms.contains("\"USD\":\"0.0000000000\""), "{terms}");
    let report: Value =
        serde_json::from_str(&fs::read_to_string(root.join("report.json")).unwrap()).unwrap();
    let refused = report["refused"].as_array().unwrap();
    let row = refused
        .iter()
        .find(|r| r["reason"].as_str().unwrap().contains("Capacity Block"))
        .unwrap_or_else(|| panic!("no Capacity Block row counted: {refused:?}"));
    assert_eq!(row["provider"], "aws");
    assert_eq!(row["rows"], 1);
    assert!(row["reason"].as_str().unwrap().contains("zero price"));
    assert!(row["file"].as_str().unwrap().ends_with(OFFER_FILE));
    // The log says it too, in the summary's count of refused rows.
    let said = text(&output.stdout);
    assert!(
        said.contains("- aws: 1 row: a Capacity Block, a zero price"),
        "{said}"
    );
}

#[test]
fn the_log_counts_in_the_right_number() {
    let root = setup("plural");
    let output = run(&root, &[]);
    assert!(output.status.success());
    let said = text(&output.stdout);
    // The offer file gives p4d.24xlarge alone: one figure (and its Capacity Block row refused);
    // an Azure page states no date of its own but its items do; the northeurope page dates no
    // figure: "undated", never "dated undated".
    let offer_line = said
        .lines()
        .find(|l| l.starts_with("read") && l.contains(OFFER_FILE))
        .unwrap();
    assert!(
        offer_line.ends_with("; 1 figure, 1 row refused"),
        "{offer_line}"
    );
    assert!(offer_line.contains("dated 2024-05-28"), "{offer_line}");
    // No "1" before a plural noun anywhere in the log.
    let words: Vec<&str> = said.split_whitespace().collect();
    let plural = ["figures", "records", "rows", "catalogs", "files", "SKUs"];
    for pair in words.windows(2) {
        let noun = pair[1].trim_end_matches(|c: char| !c.is_alphabetic());
        assert!(
            !(pair[0] == "1" && plural.contains(&noun)),
            "{} {}: {said}",
            pair[0],
            pair[1]
        );
    }
    assert!(!said.contains("dated undated"), "{said}");
    assert!(
        said.contains("(azure, its figures dated by their items)")
            && said.contains("(azure, undated)"),
        "{said}"
    );
}
