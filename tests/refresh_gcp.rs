//! Issue 34, items 1-2: the Google Cloud Billing Catalog reader on opencost's recorded page
//! (tests/fixtures/catalogs/README.md): a machine's price assembled from its CPU, RAM and GPU
//! SKUs, units + nanos, and a page priced in IDR brought back to US dollars.
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

use std::fs;

use course_cost::refresh::catalog::{Figure, Provider};
use course_cost::refresh::gcp::{part_price, read_page, Part};
use course_cost::refresh::watch::SkuList;
use serde_json::Value;

const PAGE: &str = "tests/fixtures/catalogs/gcp-billing-catalog-skus-opencost.json";

fn gcp(skus: &[&str]) -> SkuList {
    let mut list = SkuList::default();
    for sku in skus {
        list.insert(Provider::Gcp, sku);
    }
    list
}

fn figure<'a>(figures: &'a [Figure], sku: &str, region: &str) -> &'a Figure {
    figures
        .iter()
        .find(|f| f.sku == sku && f.region == region)
        .unwrap_or_else(|| panic!("{sku} in {region}"))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[test]
fn an_a2_machine_is_its_cores_ram_and_gpu() {
    let text = fs::read_to_string(PAGE).unwrap();
    let skus = gcp(&["a2-highgpu-1g", "a2-highgpu-4g"]);
    let (found, next) = read_page(&text, PAGE, &skus).unwrap();
    // The page (USD): "A2 Instance Core running in Americas" units 0 nanos 31611000 per hour,
    // "A2 Instance Ram" 0 + 4237000 nanos per GiB-hour, "Nvidia Tesla A100 GPU" 2 + 933908000
    // nanos per hour; serviceRegions us-central1, us-east1, us-west1. An a2-highgpu-1g is 12 vCPUs,
    // 85 GiB and one A100; a2-highgpu-4g is 48 vCPUs, 340 GiB, four A100s.
    let core = 0.031_611;
    let ram = 0.004_237;
    let a100 = 2.0 + 0.933_908;
    let one = figure(&found.figures, "a2-highgpu-1g", "us-central1");
    assert!(close(
        one.usd_per_hour.unwrap(),
        12.0 * core + 85.0 * ram + a100
    ));
    assert_eq!(one.usd_per_hour, Some(3.673385));
    let four = figure(&found.figures, "a2-highgpu-4g", "us-central1");
    assert!(close(
        four.usd_per_hour.unwrap(),
        48.0 * core + 340.0 * ram + 4.0 * a100
    ));
    // No spot (Preemptible) SKU on the page: no spot price.
    assert_eq!(one.spot_usd_per_hour, None);
    // us-east1 and us-west1 are not priced regions; the page speaks for us-central1 and, with its
    // T2D SKUs, asia-southeast1.
    assert_eq!(found.figures.len(), 2);
    let regions: Vec<&str> = found.regions.iter().map(String::as_str).collect();
    assert_eq!(regions, ["asia-southeast1", "us-central1"]);
    assert!(next.unwrap().starts_with("APKCS1HVa0"));
}

#[test]
fn idr_prices_are_converted_to_dollars_not_read_as_dollars() {
    let text = fs::read_to_string(PAGE).unwrap();
    let skus = gcp(&["e2-standard-4", "e2-small"]);
    let (found, _) = read_page(&text, PAGE, &skus).unwrap();
    // "E2 Instance Core running in Americas": IDR, units "327", nanos 173848364;
    // "E2 Instance Ram": IDR 43 + 852949780 nanos per GiB-hour; currencyConversionRate
    // 14999.999925 IDR per USD. e2-standard-4 is 4 vCPUs and 16 GiB; e2-small is billed for half a
    // vCPU and 2 GiB.
    let rate = 14_999.999_925;
    let core = (327.0 + 0.173_848_364) / rate;
    let ram = (43.0 + 0.852_949_780) / rate;
    let four = figure(&found.figures, "e2-standard-4", "us-central1")
        .usd_per_hour
        .unwrap();
    assert!(close(four, 4.0 * core + 16.0 * ram), "{four}");
    // Read as dollars, one core-hour alone would be $327.17.
    assert!(four < 1.0);
    let small = figure(&found.figures, "e2-small", "us-central1")
        .usd_per_hour
        .unwrap();
    assert!(close(small, 0.5 * core + 2.0 * ram), "{small}");
}

fn skus_of_page() -> Vec<Value> {
    let page: Value = serde_json::from_str(&fs::read_to_string(PAGE).unwrap()).unwrap();
    page["skus"].as_array().unwrap().clone()
}

#[test]
fn only_on_demand_and_preemptible_usage_types_are_read() {
    // The page holds OnDemand SKUs only. The real A2 core SKU with its usage type changed:
    // Preemptible is the spot price, a committed-use type is not read.
    let core = skus_of_page()
        .into_iter()
        .find(|s| s["description"] == "A2 Instance Core running in Americas")
        .unwrap();
    let read = part_price(&core, PAGE).unwrap().unwrap();
    assert_eq!(
        (read.part, read.spot),
        (Part::Core("A2 Instance".into()), false)
    );
    let mut spot = core.clone();
    spot["category"]["usageType"] = Value::from("Preemptible");
    spot["description"] = Value::from("Spot Preemptible A2 Instance Core running in Americas");
    let read = part_price(&spot, PAGE).unwrap().unwrap();
    assert_eq!(
        (read.part, read.spot),
        (Part::Core("A2 Instance".into()), true)
    );
    let mut committed = core;
    committed["category"]["usageType"] = Value::from("Commit1Yr");
    assert_eq!(part_price(&committed, PAGE).unwrap(), None);
}

#[test]
fn an_unreadable_price_or_a_currency_without_its_rate_names_the_sku() {
    let mut core = skus_of_page()
        .into_iter()
        .find(|s| s["description"] == "E2 Instance Core running in Americas")
        .unwrap();
    core["pricingInfo"][0]["currencyConversionRate"] = Value::Null;
    let error = part_price(&core, "page.json").unwrap_err();
    assert!(
        error.record.as_deref().unwrap().contains("CF4E-A0C7-E3BF"),
        "{error}"
    );
    assert!(error.message.contains("IDR"), "{error}");
    let mut units = skus_of_page()
        .into_iter()
        .find(|s| s["description"] == "A2 Instance Ram running in Americas")
        .unwrap();
    units["pricingInfo"][0]["pricingExpression"]["tieredRates"][0]["unitPrice"]["units"] =
        Value::from("zero");
    let error = part_price(&units, "page.json").unwrap_err();
    assert!(error.to_string().contains("2390-DCAF-DA38"), "{error}");
    assert!(error.message.contains("zero"));
}
