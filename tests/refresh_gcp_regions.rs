//! Issue 44, item 1: Google Cloud's three regions priced from the catalogs. Two real excerpts
//! (tests/fixtures/catalogs/README.md): google-cloud-pricing-cost-calculator's `pricing.yml`
//! (the Billing Catalog's regional SKUs summed per machine type) and SkyPilot's GCP `vms.csv`
//! (an N1 host and its GPUs in separate rows). Expected figures are read from the excerpts' own
//! lines in the test, or added up by hand from them.
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

use std::fs;
use std::path::Path;
use std::process::Command;

use course_cost::refresh::catalog::{CatalogRead, Figure, Provider};
use course_cost::refresh::derived::cyclenerd::unit_prices;
use course_cost::refresh::manifest;
use course_cost::refresh::run::read_entry;
use course_cost::refresh::watch::SkuList;

const CATALOGS: &str = "tests/fixtures/catalogs";
const PRICING: &str = "cyclenerd-gcp-pricing-yml-fd66b26-excerpt-course.yml";
const SKYPILOT: &str = "skypilot-catalog-v7-gcp-vms-excerpt-course.csv";
const REGIONS: [&str; 3] = ["us-central1", "europe-west4", "asia-southeast1"];

fn skus() -> SkuList {
    SkuList::load(Path::new("src/data/offers.toml")).unwrap()
}

/// Reads `file` of a folder as its manifest entry says.
fn read_in(folder: &Path, file: &str) -> Result<CatalogRead, String> {
    let entries = manifest::load(folder).unwrap();
    let entry = entries.iter().find(|e| e.file == file).unwrap();
    read_entry(folder, entry, &skus()).map_err(|e| e.to_string())
}

fn read(file: &str) -> CatalogRead {
    read_in(Path::new(CATALOGS), file).unwrap()
}

fn figure<'a>(read: &'a CatalogRead, sku: &str, region: &str) -> Option<&'a Figure> {
    read.figures
        .iter()
        .find(|f| f.sku == sku && f.region == region)
}

/// The value on the `field:` line of `machine`'s `region` block in the pricing.yml excerpt, found
/// by its lines (four spaces before a machine type, eight before a region, ten before a field).
fn yml(text: &str, machine: &str, region: &str, field: &str) -> f64 {
    let lines: Vec<&str> = text.lines().collect();
    let at = |from: usize, wanted: &str| {
        lines[from..]
            .iter()
            .position(|l| *l == wanted)
            .map(|i| from + i)
    };
    let instance = at(0, "  instance:").unwrap();
    let machine_at = at(instance, &format!("    {machine}:")).unwrap();
    let region_at = at(machine_at, &format!("        {region}:")).unwrap();
    let prefix = format!("          {field}: ");
    let value = lines[region_at + 1..]
        .iter()
        .take_while(|l| l.starts_with("          "))
        .find_map(|l| l.strip_prefix(&prefix))
        .unwrap();
    value.parse().unwrap()
}

/// The SkyPilot excerpt's rows of `first` (instance type, or `,,,T4,1`-style accelerator key) in
/// `region`: their (Price, SpotPrice).
fn sky(text: &str, first: &str, region: &str) -> Vec<(f64, f64)> {
    text.lines()
        .skip(1)
        .filter(|l| l.starts_with(first))
        .map(|l| l.rsplitn(5, ',').collect::<Vec<_>>())
        .filter(|f| f[3] == region)
        .map(|f| (f[1].parse().unwrap(), f[0].parse().unwrap()))
        .collect()
}

#[test]
fn the_pricing_yml_gives_each_machine_its_regions_hourly_price_dated_by_its_timestamp() {
    let text = fs::read_to_string(Path::new(CATALOGS).join(PRICING)).unwrap();
    let read = read(PRICING);
    // "generated: Thu Jul 30 06:13:17 2026", "timestamp: 1785391997": 20,664 days after 1970.
    assert!(text.contains("  generated: Thu Jul 30 06:13:17 2026\n  timestamp: 1785391997\n"));
    assert_eq!(1_785_391_997 / 86_400, 20_664);
    assert_eq!(read.as_of.as_deref(), Some("2026-07-30"));
    assert!(read.catalog.derived);
    let list = skus();
    // The watched machines: the disk, bucket and address (read in their own units) apart.
    let units: Vec<&str> = unit_prices(&text, PRICING)
        .unwrap()
        .iter()
        .map(|u| u.sku)
        .collect();
    let gcp_machines: Vec<&str> = list
        .skus(Provider::Gcp)
        .filter(|sku| !units.contains(sku))
        .collect();
    let mut priced = 0;
    for machine in &gcp_machines {
        let header = format!("\n    {machine}:\n");
        for region in REGIONS {
            let got = figure(&read, machine, region);
            if !text.contains(&header) {
                assert!(got.is_none(), "{machine} is not in the excerpt");
                continue;
            }
            let got = got.unwrap_or_else(|| panic!("{machine} in {region}"));
            assert_eq!(got.usd_per_hour, Some(yml(&text, machine, region, "hour")));
            assert_eq!(
                got.spot_usd_per_hour,
                Some(yml(&text, machine, region, "hour_spot"))
            );
            priced += 1;
        }
    }
    // Nineteen machine types in each of the three regions (the N1 machines with GPUs attached
    // are not machine types of the file).
    assert_eq!(priced, 19 * 3);
    // The Billing Catalog page opencost recorded (tests/refresh_gcp.rs) sums a2-highgpu-1g in
    // us-central1 to 12 x 0.031611 + 85 x 0.004237 + 2.933908 = 3.673385: the same figure.
    let a2 = figure(&read, "a2-highgpu-1g", "us-central1").unwrap();
    assert!(
        (a2.usd_per_hour.unwrap() - (12.0 * 0.031_611 + 85.0 * 0.004_237 + 2.933_908)).abs() < 1e-9
    );
    // The regional steps, from the file: e2 about +10%, g2 +5%, a2 +2% in europe-west4.
    let step = |m: &str| {
        yml(&text, m, "europe-west4", "hour") / yml(&text, m, "us-central1", "hour") - 1.0
    };
    assert!(
        (0.09..0.11).contains(&step("e2-standard-2")),
        "{}",
        step("e2-standard-2")
    );
    assert!(
        (0.04..0.06).contains(&step("g2-standard-4")),
        "{}",
        step("g2-standard-4")
    );
    assert!(
        (0.01..0.03).contains(&step("a2-highgpu-1g")),
        "{}",
        step("a2-highgpu-1g")
    );
}

#[test]
fn licence_fees_committed_and_monthly_figures_are_never_a_machines_price() {
    let text = fs::read_to_string(Path::new(CATALOGS).join(PRICING)).unwrap();
    let read = read(PRICING);
    // The excerpt keeps compute.license.a2-highgpu-1g: Windows at 0.552 an hour on top of the
    // machine, under the same name. The machine's figure is its own `hour`, not that, nor that
    // added, nor its `month` / 730, nor a committed `month_1y`.
    assert!(text.contains("  license:\n    a2-highgpu-1g:\n"));
    assert!(text.contains("        windows:\n          hour: 0.552\n"));
    let a2 = figure(&read, "a2-highgpu-1g", "us-central1").unwrap();
    let hour = yml(&text, "a2-highgpu-1g", "us-central1", "hour");
    assert_eq!(a2.usd_per_hour, Some(hour));
    assert_ne!(Some(hour + 0.552), a2.usd_per_hour);
    let month_1y = yml(&text, "a2-highgpu-1g", "us-central1", "month_1y");
    assert_ne!(a2.usd_per_hour, Some(month_1y / 730.0));
    // One figure per machine and region, and one per disk, bucket and address price: the
    // licence block adds none.
    let units = unit_prices(&text, PRICING).unwrap().len();
    assert_eq!(units, 3 * 3);
    assert_eq!(read.figures.len(), 19 * 3 + units);
}

#[test]
fn disks_buckets_and_addresses_are_read_in_their_own_units() {
    let text = fs::read_to_string(Path::new(CATALOGS).join(PRICING)).unwrap();
    let prices = unit_prices(&text, PRICING).unwrap();
    let find = |sku: &str, region: &str| {
        prices
            .iter()
            .find(|p| p.sku == sku && p.region == region)
            .unwrap_or_else(|| panic!("{sku} in {region}"))
    };
    // compute.storage.balanced: 0.1 (us-central1), 0.11 (europe-west4, asia-southeast1) per
    // GB-month; storage.bucket.standard: 0.02 everywhere; compute.network.ip.vm: 0.005 an hour
    // (ip.unused, an address on no VM, is 0.01 and 0.011: not read).
    for (region, disk) in [
        ("us-central1", 0.1),
        ("europe-west4", 0.11),
        ("asia-southeast1", 0.11),
    ] {
        let d = find("pd-balanced", region);
        assert_eq!((d.usd, d.unit), (disk, "gb_month"));
        let b = find("gcs-standard", region);
        assert_eq!((b.usd, b.unit), (0.02, "gb_month"));
        let ip = find("external-ipv4-on-vm", region);
        assert_eq!((ip.usd, ip.unit), (0.005, "hour"));
    }
    assert!(text.contains(
        "      unused:\n        cost:\n          asia-southeast1:\n            hour: 0.011\n"
    ));
    assert_eq!(prices.len(), 9);
}

/// A copy of the catalog folder holding only `file`, written as `text`.
fn folder_with(file: &str, text: &str, name: &str) -> std::path::PathBuf {
    let root = std::env::temp_dir().join(format!("gcp-regions-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    fs::create_dir_all(&root).unwrap();
    fs::write(root.join(file), text).unwrap();
    let manifest = fs::read_to_string(Path::new(CATALOGS).join("catalogs.toml")).unwrap();
    fs::write(root.join("catalogs.toml"), only(&manifest, file)).unwrap();
    root
}

/// The manifest with only `file`'s entry.
fn only(manifest: &str, file: &str) -> String {
    let table: toml::Table = toml::from_str(manifest).unwrap();
    let kept: Vec<toml::Value> = table["catalogs"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["file"].as_str() == Some(file))
        .cloned()
        .collect();
    let mut out = toml::Table::new();
    out.insert("catalogs".into(), toml::Value::Array(kept));
    toml::to_string(&out).unwrap()
}

#[test]
fn a_bad_pricing_yml_is_refused_naming_its_line() {
    let text = fs::read_to_string(Path::new(CATALOGS).join(PRICING)).unwrap();
    let line_of = |needle: &str| text.lines().position(|l| l == needle).unwrap() + 1;
    // e2-small's first hour (asia-southeast1) made unreadable.
    let e2 = text.find("    e2-small:\n").unwrap();
    let hour = e2 + text[e2..].find("          hour: ").unwrap();
    let number = text[..hour].lines().count() + 1;
    let mut bad = text.clone();
    bad.insert(hour + "          hour: ".len(), 'x');
    let err = read_in(&folder_with(PRICING, &bad, "price"), PRICING).unwrap_err();
    assert!(
        err.contains(&format!("line {number}, e2-small in asia-southeast1, hour")),
        "{err}"
    );
    assert!(err.contains("is not a number"), "{err}");
    // The same machine and region at two prices: refused, both lines named.
    let first = line_of("    a2-highgpu-1g:");
    let block: Vec<&str> = text.lines().skip(first - 1).take(26).collect();
    let copy = format!("{}\n", block.join("\n").replace("3.673385", "3.9"));
    let next = text.find("    a2-highgpu-2g:\n").unwrap();
    let twice = format!("{}{copy}{}", &text[..next], &text[next..]);
    let err = read_in(&folder_with(PRICING, &twice, "twice"), PRICING).unwrap_err();
    assert!(
        err.contains("a2-highgpu-1g") && err.contains("3.673385"),
        "{err}"
    );
    // A tab, a line with no key, and a JSON page: not this file.
    let tab = text.replacen("      cpu: 12", "\tcpu: 12", 1);
    let err = read_in(&folder_with(PRICING, &tab, "tab"), PRICING).unwrap_err();
    assert!(
        err.contains(&format!("line {}", line_of("      cpu: 12"))),
        "{err}"
    );
    assert!(
        err.contains("not a google-cloud-pricing-cost-calculator pricing.yml"),
        "{err}"
    );
    let json =
        fs::read_to_string(Path::new(CATALOGS).join("gcp-billing-catalog-skus-opencost.json"))
            .unwrap();
    let err = read_in(&folder_with(PRICING, &json, "json"), PRICING).unwrap_err();
    assert!(
        err.contains("not a google-cloud-pricing-cost-calculator pricing.yml"),
        "{err}"
    );
}

#[test]
fn an_n1_machine_with_gpus_is_its_host_row_plus_its_gpu_row() {
    let text = fs::read_to_string(Path::new(CATALOGS).join(SKYPILOT)).unwrap();
    let read = read(SKYPILOT);
    for (sku, host, gpus) in [
        ("n1-standard-4+1xT4", "n1-standard-4,", ",,,T4,1,"),
        ("n1-standard-8+1xT4", "n1-standard-8,", ",,,T4,1,"),
        ("n1-standard-32+4xV100", "n1-standard-32,", ",,,V100,4,"),
    ] {
        for region in REGIONS {
            let (h, g) = (sky(&text, host, region), sky(&text, gpus, region));
            let got = figure(&read, sku, region);
            if g.is_empty() {
                // No V100 in asia-southeast1: no price (never the host alone).
                assert!(!h.is_empty() && got.is_none(), "{sku} in {region}");
                continue;
            }
            // Every zone's row of a region has one price; the sum by hand.
            let got = got.unwrap_or_else(|| panic!("{sku} in {region}"));
            let on_demand = h[0].0 + g[0].0;
            assert!(
                (got.usd_per_hour.unwrap() - on_demand).abs() < 1e-9,
                "{sku} {region}"
            );
            let spot = h[0].1 + g[0].1;
            assert!(
                (got.spot_usd_per_hour.unwrap() - spot).abs() < 1e-9,
                "{sku} {region}"
            );
        }
    }
    // 0.20917 + 0.3675 in europe-west4, against 0.19 + 0.35 in us-central1.
    let eu = figure(&read, "n1-standard-4+1xT4", "europe-west4").unwrap();
    assert!((eu.usd_per_hour.unwrap() - 0.576_67).abs() < 1e-9);
    assert_eq!(read.as_of, None, "SkyPilot's tables are undated");
    assert!(read.regions.contains("asia-southeast1"));
}

#[test]
fn a_gpu_machines_host_row_alone_is_no_price() {
    // A real row of the same catalog and commit (catalogs/v7/gcp/vms.csv at 017e2502, its first
    // a2 row in us-central1): a2-highgpu-1g's host, without its A100, which SkyPilot prices in a
    // row of its own that this text lacks.
    let text = fs::read_to_string(Path::new(CATALOGS).join(SKYPILOT)).unwrap();
    let row = "a2-highgpu-1g,12.0,85.0,,,,us-central1,us-central1-a,0.73948,0.29576";
    let with = format!("{text}{row}\n");
    let read = read_in(&folder_with(SKYPILOT, &with, "host"), SKYPILOT).unwrap();
    assert!(figure(&read, "a2-highgpu-1g", "us-central1").is_none());
    assert!(figure(&read, "n1-standard-4+1xT4", "us-central1").is_some());
}

#[test]
fn the_command_covers_every_gcp_region_whole() {
    let out = std::env::temp_dir().join(format!("gcp-regions-out-{}", std::process::id()));
    let _ = fs::remove_dir_all(&out);
    let output = Command::new(env!("CARGO_BIN_EXE_refresh-prices"))
        .args(["--from", CATALOGS, "--offers", "src/data/offers.toml"])
        .arg("--out")
        .arg(&out)
        .args(["--read-on", "2026-12-03"])
        .output()
        .unwrap();
    let log = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.status.success(), "{log}");
    // The watched machines: the coverage line counts the disk, bucket and address apart.
    let text = fs::read_to_string(Path::new(CATALOGS).join(PRICING)).unwrap();
    let units: Vec<&str> = unit_prices(&text, PRICING)
        .unwrap()
        .iter()
        .map(|u| u.sku)
        .collect();
    let watched = skus()
        .skus(Provider::Gcp)
        .filter(|sku| !units.contains(sku))
        .count();
    for region in REGIONS {
        let line = log
            .lines()
            .find(|l| l.starts_with(&format!("gcp {region}: ")))
            .unwrap_or_else(|| panic!("{log}"));
        let words: Vec<&str> = line.split_whitespace().collect();
        let (priced, sold): (usize, usize) = (words[2].parse().unwrap(), words[4].parse().unwrap());
        assert!(priced * 10 >= sold * 9, "{line}");
        assert!(
            !line.contains("left as it was") && !line.contains("no catalog"),
            "{line}"
        );
        // What is not sold there is named: in asia-southeast1, the N1 with four V100s (SkyPilot's
        // table has no V100 row there).
        let absent = watched - sold;
        if region == "asia-southeast1" {
            assert_eq!(absent, 1, "{line}");
            assert!(line.contains("not sold there in the catalogs read: n1-standard-32+4xV100;"));
        } else {
            assert_eq!(absent, 0, "{line}");
        }
        // The disk, bucket and address are priced in every region.
        assert!(
            line.ends_with("storage and addresses: 3 of 3 priced"),
            "{line}"
        );
    }
    assert!(out.join("gcp-europe-west4.json").is_file());
}
