//! Issue 34, items 1 and 3: the readers of Lambda's and RunPod's API responses, and of the dated
//! derived tables the shipped regional figures come from (Karpenter's AWS and Azure maps, the
//! by-region GPU table from instances.vantage.sh, SkyPilot's catalogs). Expected figures are read
//! from the fixture files themselves, row by row, in the test.
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use std::fs;
use std::path::Path;

use course_cost::refresh::catalog::{CatalogRead, Figure, Provider, GLOBAL};
use course_cost::refresh::manifest;
use course_cost::refresh::run::read_entry;
use course_cost::refresh::watch::SkuList;
use course_cost::refresh::{lambda, runpod};

const CATALOGS: &str = "tests/fixtures/catalogs";

fn skus() -> SkuList {
    SkuList::load(Path::new("src/data/offers.toml")).unwrap()
}

fn read(file: &str) -> CatalogRead {
    let folder = Path::new(CATALOGS);
    let entries = manifest::load(folder).unwrap();
    let entry = entries.iter().find(|e| e.file == file).unwrap();
    read_entry(folder, entry, &skus()).unwrap()
}

fn figure<'a>(read: &'a CatalogRead, sku: &str, region: &str) -> Option<&'a Figure> {
    read.figures
        .iter()
        .find(|f| f.sku == sku && f.region == region)
}

/// The CSV's rows (after its header) as field lists, read by csv-core.
fn rows(file: &str) -> Vec<Vec<String>> {
    let text = fs::read_to_string(Path::new(CATALOGS).join(file)).unwrap();
    common::csv::records(&text).into_iter().skip(1).collect()
}

#[test]
fn the_karpenter_history_gives_its_newest_generation() {
    let history = rows("aws-ondemand-us-east-1-karpenter-history.csv");
    let newest = history.iter().map(|r| r[0].clone()).max().unwrap();
    let price_at = |generation: &str, sku: &str| -> f64 {
        let row = history
            .iter()
            .find(|r| r[0] == generation && r[2] == sku)
            .unwrap();
        row[4].parse().unwrap()
    };
    let read = read("aws-ondemand-us-east-1-karpenter-history.csv");
    let p4d = figure(&read, "p4d.24xlarge", "us-east-1").unwrap();
    assert_eq!(p4d.usd_per_hour, Some(price_at(&newest, "p4d.24xlarge")));
    // Before the June 2025 cut it was another price; the history's newest generation wins.
    assert_ne!(
        price_at("2025-04-28T13:22:31Z", "p4d.24xlarge"),
        p4d.usd_per_hour.unwrap()
    );
    assert_eq!(read.as_of.as_deref(), Some(&newest[..10]));
    let commit = &history.iter().find(|r| r[0] == newest).unwrap()[1];
    assert!(
        read.catalog.url.contains(&format!("/blob/{commit}/")),
        "{}",
        read.catalog.url
    );
    assert!(read.catalog.derived);
    // Every figure is from the newest generation.
    for f in &read.figures {
        assert_eq!(f.usd_per_hour, Some(price_at(&newest, &f.sku)), "{}", f.sku);
    }
}

#[test]
fn the_by_region_gpu_table_keeps_regions_apart_from_their_local_zones() {
    let table = rows("aws-gpu-ondemand-by-region-vantage-2026-01-21.csv");
    let price = |sku: &str, region: &str| -> Option<f64> {
        let row = table.iter().find(|r| r[1] == sku && r[2] == region)?;
        Some(row[3].parse().unwrap())
    };
    let read = read("aws-gpu-ondemand-by-region-vantage-2026-01-21.csv");
    for region in Provider::Aws.regions() {
        for sku in ["p4d.24xlarge", "g4dn.xlarge", "g5.xlarge", "p3.8xlarge"] {
            assert_eq!(
                figure(&read, sku, region).and_then(|f| f.usd_per_hour),
                price(sku, region),
                "{sku} in {region}"
            );
        }
    }
    // g4dn.2xlarge costs 1.015 in the us-east-1-atl-1 Local Zone, 0.752 in us-east-1.
    assert_eq!(price("g4dn.2xlarge", "us-east-1-atl-1"), Some(1.015));
    let g4dn = figure(&read, "g4dn.2xlarge", "us-east-1").unwrap();
    assert_eq!(g4dn.usd_per_hour, price("g4dn.2xlarge", "us-east-1"));
    // g5.xlarge is not in the table for ap-southeast-1: absent, not invented.
    assert_eq!(price("g5.xlarge", "ap-southeast-1"), None);
    assert!(figure(&read, "g5.xlarge", "ap-southeast-1").is_none());
    assert_eq!(read.as_of.as_deref(), Some("2026-01-21"));
}

#[test]
fn skypilot_aws_spot_is_the_midpoint_of_the_zones() {
    let table = rows("skypilot-catalog-v7-aws-vms-excerpt-t3.small.csv");
    let read = read("skypilot-catalog-v7-aws-vms-excerpt-t3.small.csv");
    for region in Provider::Aws.regions() {
        let zones: Vec<&Vec<String>> = table.iter().filter(|r| r[8] == *region).collect();
        let spots: Vec<f64> = zones.iter().map(|r| r[7].parse().unwrap()).collect();
        let low = spots.iter().copied().fold(f64::INFINITY, f64::min);
        let high = spots.iter().copied().fold(0.0, f64::max);
        let t3 = figure(&read, "t3.small", region).unwrap();
        assert_eq!(t3.usd_per_hour, Some(zones[0][6].parse().unwrap()));
        assert!((t3.spot_usd_per_hour.unwrap() - (low + high) / 2.0).abs() < 1e-12);
    }
    // SkyPilot's catalog is undated: so are its figures.
    assert_eq!(read.as_of, None);
}

#[test]
fn karpenter_azure_gives_each_region_its_own_price() {
    let table = rows("azure-ondemand-by-region-karpenter-2026-06-18.csv");
    let read = read("azure-ondemand-by-region-karpenter-2026-06-18.csv");
    for region in Provider::Azure.regions() {
        for sku in [
            "Standard_B2s",
            "Standard_D4s_v5",
            "Standard_NC24ads_A100_v4",
        ] {
            let row = table
                .iter()
                .find(|r| r[1] == sku && r[2] == *region)
                .unwrap();
            let f = figure(&read, sku, region).unwrap();
            assert_eq!(
                f.usd_per_hour,
                Some(row[3].parse().unwrap()),
                "{sku} {region}"
            );
        }
    }
    assert_eq!(read.as_of.as_deref(), Some("2026-06-18"));
}

#[test]
fn lambda_and_runpod_price_alike_everywhere() {
    let lambda_rows = rows("skypilot-catalog-v7-lambda-vms-excerpt.csv");
    let read_lambda = read("skypilot-catalog-v7-lambda-vms-excerpt.csv");
    let a100: Vec<&Vec<String>> = lambda_rows
        .iter()
        .filter(|r| r[0] == "gpu_8x_a100")
        .collect();
    assert!(
        a100.len() > 1 && a100.iter().all(|r| r[5] == a100[0][5]),
        "one price per region"
    );
    let f = figure(&read_lambda, "gpu_8x_a100", GLOBAL).unwrap();
    assert_eq!(f.usd_per_hour, Some(a100[0][5].parse().unwrap()));
    assert_eq!(read_lambda.regions.iter().collect::<Vec<_>>(), [GLOBAL]);

    let read_runpod = read("skypilot-catalog-v7-runpod-vms-excerpt.csv");
    let runpod_rows = rows("skypilot-catalog-v7-runpod-vms-excerpt.csv");
    let four = runpod_rows
        .iter()
        .find(|r| r[0] == "4x_A100-80GB_SECURE")
        .unwrap();
    let f = figure(&read_runpod, "4x_A100-80GB_SECURE", GLOBAL).unwrap();
    assert_eq!(f.usd_per_hour, Some(four[8].parse().unwrap()));
    assert_eq!(f.spot_usd_per_hour, Some(four[7].parse().unwrap()));
}

#[test]
fn lambda_instance_types_are_priced_in_cents() {
    let mut watched = SkuList::default();
    watched.insert(Provider::Lambda, "gpu_8x_a100");
    watched.insert(Provider::Lambda, "gpu_1x_h100_pcie");
    let text =
        fs::read_to_string("tests/fixtures/refresh-fetch/lambda-instance-types.json").unwrap();
    let found = lambda::read_response(&text, "lambda.json", &watched).unwrap();
    // "price_cents_per_hour": 1032 is $10.32; gpu_1x_h100_pcie is not in the response: absent.
    assert_eq!(found.figures.len(), 1);
    assert_eq!(found.figures[0].usd_per_hour, Some(1032.0 / 100.0));
    assert_eq!(found.figures[0].region, GLOBAL);
    let broken = text.replace(
        "\"price_cents_per_hour\": 1032",
        "\"price_cents_per_hour\": \"1032\"",
    );
    let error = lambda::read_response(&broken, "lambda.json", &watched).unwrap_err();
    assert_eq!(error.record.as_deref(), Some("gpu_8x_a100"));
}

#[test]
fn runpod_offers_are_gpu_count_times_the_secure_cloud_price() {
    let mut watched = SkuList::default();
    for sku in [
        "1x_A100-80GB_SECURE",
        "4x_A100-80GB_SECURE",
        "1x_L4_SECURE",
        "1x_RTXA6000_SECURE",
    ] {
        watched.insert(Provider::Runpod, sku);
    }
    let text = fs::read_to_string("tests/fixtures/refresh-fetch/runpod-gpu-types.json").unwrap();
    let found = runpod::read_response(&text, "runpod.json", &watched).unwrap();
    let price = |sku: &str| {
        found
            .figures
            .iter()
            .find(|f| f.sku == sku)
            .map(|f| (f.usd_per_hour, f.spot_usd_per_hour))
    };
    // A100 80GB PCIe: securePrice 1.64, secureSpotPrice 1.19 per GPU (communityPrice 1.19 is
    // another product); L4 0.44 with no spot; the RTX A6000 is not in the response.
    assert_eq!(price("1x_A100-80GB_SECURE"), Some((Some(1.64), Some(1.19))));
    assert_eq!(
        price("4x_A100-80GB_SECURE"),
        Some((Some(4.0 * 1.64), Some(4.0 * 1.19)))
    );
    assert_eq!(price("1x_L4_SECURE"), Some((Some(0.44), None)));
    assert_eq!(price("1x_RTXA6000_SECURE"), None);
    assert_eq!(runpod::offer_gpus("2x_A100-80GB_COMMUNITY"), None);
}
