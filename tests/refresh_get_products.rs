//! Issue 44, item 1: recorded AWS Pricing API `GetProducts` responses (format
//! `aws-pricing-getproducts`) are read with the offer files' filters, and the real ones in
//! tests/fixtures/catalogs (ap-southeast-1's gp3 volumes, S3 storage classes and t3.large,
//! recorded 2026-08-12 by con0097275/aws-cdc-lakehouse-data-platform) price ap-southeast-1's
//! storage. Every expected figure is read here from the excerpt's own text (the price
//! dimension's `description`, "$0.096 per GB-month ..."), not from the field the reader reads.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use std::path::Path;

use common::catalog;
use course_cost::model::catalog::regional::priced_in;
use course_cost::refresh::aws::get_products;
use course_cost::refresh::aws::OfferScan;
use course_cost::refresh::manifest::{self, Format};
use course_cost::refresh::run::read_entry;
use course_cost::refresh::watch::SkuList;
use serde_json::Value;

const FOLDER: &str = "tests/fixtures/catalogs";
const EBS: &str = "aws-pricing-getproducts-ap-southeast-1-ebs-gp3.json";
const S3: &str = "aws-pricing-getproducts-ap-southeast-1-s3-storage.json";
const T3: &str = "aws-pricing-getproducts-ap-southeast-1-t3.large.json";

fn offers() -> SkuList {
    SkuList::load(Path::new("src/data/offers.toml")).unwrap()
}

fn text(file: &str) -> String {
    std::fs::read_to_string(Path::new(FOLDER).join(file)).unwrap()
}

fn scan(file: &str) -> OfferScan {
    get_products::scan(&text(file), file, Some(&offers())).unwrap()
}

/// The response's products, each decoded from its JSON text.
fn products(file: &str) -> Vec<Value> {
    let root: Value = serde_json::from_str(&text(file)).unwrap();
    let list = root["PriceList"].as_array().unwrap();
    list.iter()
        .map(|t| serde_json::from_str(t.as_str().unwrap()).unwrap())
        .collect()
}

/// The product whose usage type is `usage`.
fn product(file: &str, usage: &str) -> Value {
    products(file)
        .into_iter()
        .find(|p| p["product"]["attributes"]["usagetype"] == usage)
        .unwrap_or_else(|| panic!("{usage} in {file}"))
}

/// Every price dimension of a product's terms of `term` ("OnDemand", "Reserved").
fn dimensions(product: &Value, term: &str) -> Vec<Value> {
    let Some(terms) = product["terms"][term].as_object() else {
        return Vec::new();
    };
    terms
        .values()
        .flat_map(|t| t["priceDimensions"].as_object().unwrap().values().cloned())
        .collect()
}

/// The dollar figure a description starts with: "$0.096 per GB-month of ..." is 0.096.
fn described(dimension: &Value) -> f64 {
    let words = dimension["description"].as_str().unwrap();
    let after = words.split_once('$').unwrap().1;
    after.split_whitespace().next().unwrap().parse().unwrap()
}

fn figure(scan: &OfferScan, sku: &str) -> Option<f64> {
    let f = scan.found.figures.iter().find(|f| f.sku == sku)?;
    assert_eq!(f.region, "ap-southeast-1");
    f.usd_per_hour
}

#[test]
fn the_recorded_gp3_response_gives_ap_southeast_1_its_own_gp3_price_dated_by_its_publication() {
    let gp3 = product(EBS, "APS1-EBS:VolumeUsage.gp3");
    let on_demand = dimensions(&gp3, "OnDemand");
    assert_eq!(on_demand.len(), 1);
    let expected = described(&on_demand[0]);
    assert_eq!(expected, 0.096, "the description's $0.096 per GB-month");
    let scan = scan(EBS);
    assert_eq!(figure(&scan, "ebs-gp3"), Some(expected));
    assert_eq!(scan.found.figures.len(), 1);
    // Its version and date are the product's: 20260810215758, published 2026-08-10.
    assert_eq!(scan.found.version.as_deref(), Some("20260810215758"));
    assert_eq!(scan.found.published.as_deref(), Some("2026-08-10"));
    assert!(scan.found.refused.is_empty());
}

#[test]
fn the_recorded_s3_response_gives_the_standard_class_first_tier_only() {
    let standard = product(S3, "APS1-TimedStorage-ByteHrs");
    assert_eq!(standard["product"]["attributes"]["servicecode"], "AmazonS3");
    let tiers = dimensions(&standard, "OnDemand");
    let first: Vec<&Value> = tiers.iter().filter(|d| d["beginRange"] == "0").collect();
    assert_eq!(first.len(), 1);
    let expected = described(first[0]);
    assert_eq!(
        expected, 0.025,
        "the description's $0.025 for the first 50 TB"
    );
    let later = tiers.len() as u64 - 1;
    assert_eq!(later, 2, "next 450 TB and over 500 TB");
    let scan = scan(S3);
    assert_eq!(figure(&scan, "s3-standard"), Some(expected));
    // Intelligent-Tiering's frequent tier, Annotations and Files cost the same or more under
    // other usage types: none of them is S3 Standard.
    assert_eq!(scan.found.figures.len(), 1);
    let refused = &scan.found.refused;
    assert_eq!(refused.get("a price tier beyond the first"), Some(&later));
    assert_eq!(refused.values().sum::<u64>(), later);
    assert_eq!(products(S3).len(), 16);
}

#[test]
fn the_recorded_t3_large_response_keeps_its_on_demand_hour_and_refuses_every_reserved_row() {
    let t3 = product(T3, "APS1-BoxUsage:t3.large");
    let on_demand = dimensions(&t3, "OnDemand");
    assert_eq!(on_demand.len(), 1);
    let expected = described(&on_demand[0]);
    assert_eq!(expected, 0.1056);
    let reserved = dimensions(&t3, "Reserved");
    let zero = reserved
        .iter()
        .filter(|d| {
            d["pricePerUnit"]["USD"]
                .as_str()
                .unwrap()
                .parse::<f64>()
                .unwrap()
                == 0.0
        })
        .count() as u64;
    let fees = reserved.iter().filter(|d| d["unit"] == "Quantity").count() as u64;
    assert_eq!((reserved.len(), zero, fees), (20, 4, 8));
    let scan = scan(T3);
    assert_eq!(figure(&scan, "t3.large"), Some(expected));
    assert_eq!(scan.found.figures.len(), 1);
    let refused = &scan.found.refused;
    assert_eq!(refused.values().sum::<u64>(), reserved.len() as u64);
    assert_eq!(
        refused.get("term Reserved, not OnDemand, a zero price"),
        Some(&zero)
    );
    assert_eq!(
        refused.get("term Reserved, not OnDemand, unit Quantity, not Hrs"),
        Some(&fees)
    );
    assert!(scan.judged.iter().all(|j| j.instance_type == "t3.large"));
}

#[test]
fn a_product_alone_or_written_as_an_object_reads_as_the_response_does() {
    let root: Value = serde_json::from_str(&text(EBS)).unwrap();
    let item = root["PriceList"][0].as_str().unwrap();
    let alone = get_products::scan(item, "one.json", Some(&offers())).unwrap();
    let decoded: Value = serde_json::from_str(item).unwrap();
    let objects = serde_json::json!({"FormatVersion": "aws_v1", "PriceList": [decoded]});
    let objects =
        get_products::scan(&objects.to_string(), "objects.json", Some(&offers())).unwrap();
    let whole = scan(EBS);
    assert_eq!(alone.found.figures, whole.found.figures);
    assert_eq!(objects.found.figures, whole.found.figures);
}

#[test]
fn a_product_listed_twice_an_offer_file_or_another_format_version_is_named() {
    let root: Value = serde_json::from_str(&text(EBS)).unwrap();
    let item = root["PriceList"][0].clone();
    let twice = serde_json::json!({"FormatVersion": "aws_v1", "PriceList": [item, item]});
    let error = get_products::scan(&twice.to_string(), "twice.json", None).unwrap_err();
    assert!(
        error.to_string().contains("repeats product")
            && error.to_string().contains("X8SY8CJFS8WV7VQN"),
        "{error}"
    );
    let offer_file = "aws-offer-file-ec2-us-east-1-p4d-excerpt.json";
    let error = get_products::scan(&text(offer_file), offer_file, None).unwrap_err();
    let said = error.to_string();
    assert!(
        said.contains("is an AWS offer file") && said.contains("aws-offer-json"),
        "{said}"
    );
    let other = serde_json::json!({"FormatVersion": "aws_v2", "PriceList": []});
    let error = get_products::scan(&other.to_string(), "v2.json", None).unwrap_err();
    assert!(error.to_string().contains("aws_v1"), "{error}");
    let error = get_products::scan("[1, 2]", "list.json", None).unwrap_err();
    assert!(error.to_string().contains("not a JSON object"), "{error}");
}

#[test]
fn the_manifest_reads_each_recorded_response_with_its_address_and_date() {
    let folder = Path::new(FOLDER);
    let skus = offers();
    let entries: Vec<_> = manifest::load(folder)
        .unwrap()
        .into_iter()
        .filter(|e| e.format == Format::AwsPricingGetProducts)
        .collect();
    assert_eq!(entries.len(), 3);
    for entry in &entries {
        let read = read_entry(folder, entry, &skus).unwrap();
        assert!(read
            .catalog
            .url
            .contains("con0097275/aws-cdc-lakehouse-data-platform"));
        assert!(!read.catalog.derived);
        assert_eq!(read.catalog.publisher, "Amazon Web Services");
        assert_eq!(read.figures.len(), 1, "{}", entry.file);
        // Dated by the products' publication (before the 2026-08-12 recording).
        let as_of = read.as_of.as_deref().unwrap();
        assert!(
            as_of.starts_with("2026-08-") && as_of <= "2026-08-12",
            "{as_of}"
        );
    }
}

#[test]
fn ap_southeast_1_storage_takes_its_catalog_figure_over_the_home_price_in_every_snapshot() {
    // No catalog read prices gp3 or S3 Standard in us-east-1: the default region's figure is the
    // offer's own newest price, and ap-southeast-1's ratio to it moves every snapshot's price.
    let c = catalog();
    let newest = c.newest_snapshot().unwrap().id;
    let asia = priced_in(c, "aws", "ap-southeast-1");
    for (sku, file, usage) in [
        ("aws/ebs-gp3", EBS, "APS1-EBS:VolumeUsage.gp3"),
        ("aws/s3-standard", S3, "APS1-TimedStorage-ByteHrs"),
    ] {
        let first = dimensions(&product(file, usage), "OnDemand")
            .into_iter()
            .find(|d| d["beginRange"] == "0")
            .unwrap();
        let here = described(&first);
        let home = c.offers.iter().find(|o| o.id == sku).unwrap();
        let there = asia.offers.iter().find(|o| o.id == sku).unwrap();
        let ratio = here / home.price_in(newest).usd;
        assert!(ratio > 1.0, "{sku}: Singapore costs more");
        assert_eq!(there.region, "ap-southeast-1");
        for snapshot in c.snapshots {
            let price = there.price_in(snapshot.id);
            if snapshot.id == newest {
                assert_eq!(price.usd, here, "{sku}");
            } else {
                let usd = home.price_in(snapshot.id).usd * ratio;
                assert!((price.usd - usd).abs() < 1e-12, "{sku} {}", snapshot.id);
                assert!(
                    price
                        .source
                        .contains("catalog figure over the us-east-1 price"),
                    "{}",
                    price.source
                );
            }
        }
    }
}
