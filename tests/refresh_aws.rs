//! Issue 34, items 1-2: the AWS offer-file readers (JSON and CSV) and the filters, each shown on a
//! real excerpt with its trap (tests/fixtures/catalogs/README.md gives their origin).
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

#[path = "bench/offer_file_gen.rs"]
mod offer_file_gen;

use std::fs;

use course_cost::refresh::aws::filter::Reject;
use course_cost::refresh::aws::{offer_csv, offer_json, Judged, OfferScan};
use course_cost::refresh::catalog::Provider;
use course_cost::refresh::watch::SkuList;

const JSON_EXCERPT: &str = "tests/fixtures/catalogs/aws-offer-file-ec2-us-east-1-p4d-excerpt.json";
const CSV_HEAD: &str = "tests/fixtures/catalogs/aws-offer-file-ec2-2025-09-12-head.csv";

fn aws(skus: &[&str]) -> SkuList {
    let mut list = SkuList::default();
    for sku in skus {
        list.insert(Provider::Aws, sku);
    }
    list
}

fn json_scan(text: &str, skus: Option<&SkuList>) -> OfferScan {
    offer_json::scan(text.as_bytes(), "excerpt.json", skus).expect("the excerpt reads")
}

fn judged<'a>(scan: &'a OfferScan, product: &str) -> Vec<&'a Judged> {
    scan.judged
        .iter()
        .filter(|j| j.product == product)
        .collect()
}

#[test]
fn the_p4d_price_is_the_on_demand_row_not_the_capacity_block_at_zero() {
    let text = fs::read_to_string(JSON_EXCERPT).unwrap();
    let scan = json_scan(&text, Some(&aws(&["p4d.24xlarge"])));
    // The excerpt: product H7NGEAC6UEHNTKSJ (marketoption OnDemand) is "$32.7726 per On Demand
    // Linux p4d.24xlarge Instance Hour"; YSXJGN78QTXNVGDQ (marketoption CapacityBlock) is "$0.00".
    assert_eq!(scan.found.figures.len(), 1);
    let figure = &scan.found.figures[0];
    assert_eq!(
        (figure.region.as_str(), figure.sku.as_str()),
        ("us-east-1", "p4d.24xlarge")
    );
    assert_eq!(figure.usd_per_hour, Some(32.7726));
    let block = judged(&scan, "YSXJGN78QTXNVGDQ");
    assert_eq!(block.len(), 1);
    assert_eq!(block[0].price, 0.0);
    assert_eq!(
        block[0].rejects,
        vec![Reject::CapacityBlock, Reject::ZeroPrice]
    );
    assert!(judged(&scan, "H7NGEAC6UEHNTKSJ")[0].rejects.is_empty());
    assert_eq!(scan.found.version.as_deref(), Some("20240528203522"));
    assert_eq!(scan.found.published.as_deref(), Some("2024-05-28"));
}

#[test]
fn a_parser_without_the_market_option_filter_would_still_drop_the_zero_row() {
    // ec2instances.info's rule alone ("no free lunch"): even with the CapacityBlock attribute
    // removed from the real row, its $0 price keeps it out.
    let text = fs::read_to_string(JSON_EXCERPT).unwrap().replace(
        "\"marketoption\": \"CapacityBlock\"",
        "\"marketoption\": \"OnDemand\"",
    );
    let scan = json_scan(&text, Some(&aws(&["p4d.24xlarge"])));
    assert_eq!(
        judged(&scan, "YSXJGN78QTXNVGDQ")[0].rejects,
        vec![Reject::ZeroPrice]
    );
    assert_eq!(scan.found.figures[0].usd_per_hour, Some(32.7726));
}

#[test]
fn an_unreadable_price_names_the_file_and_the_record() {
    let text = fs::read_to_string(JSON_EXCERPT)
        .unwrap()
        .replace("\"USD\": \"32.7726000000\"", "\"USD\": \"32,7726\"");
    let error = offer_json::scan(
        text.as_bytes(),
        "excerpt.json",
        Some(&aws(&["p4d.24xlarge"])),
    )
    .unwrap_err();
    assert_eq!(error.file, "excerpt.json");
    let record = error.record.as_deref().unwrap();
    assert!(record.contains("H7NGEAC6UEHNTKSJ"), "{error}");
    assert!(error.message.contains("\"32,7726\""), "{error}");
    // A price given as a number instead of text is refused too, never read as 0.
    let text = fs::read_to_string(JSON_EXCERPT)
        .unwrap()
        .replace("\"USD\": \"32.7726000000\"", "\"USD\": 32.7726");
    let error = offer_json::scan(
        text.as_bytes(),
        "excerpt.json",
        Some(&aws(&["p4d.24xlarge"])),
    )
    .unwrap_err();
    assert!(error.record.unwrap().contains("H7NGEAC6UEHNTKSJ"));
}

#[test]
fn unwatched_types_and_other_regions_are_skipped() {
    let text = fs::read_to_string(JSON_EXCERPT).unwrap();
    let scan = json_scan(&text, Some(&aws(&["t3.small"])));
    assert!(scan.found.figures.is_empty() && scan.judged.is_empty());
    // The file still speaks for us-east-1 (its products are there).
    assert!(scan.found.regions.contains("us-east-1"));
    assert_eq!(scan.found.regions.len(), 1);
}

#[test]
fn a_file_with_terms_before_products_is_refused() {
    let text = r#"{"version": "1", "terms": {"OnDemand": {}}, "products": {}}"#;
    let error = offer_json::scan(text.as_bytes(), "odd.json", None).unwrap_err();
    assert!(error.message.contains("before its products"), "{error}");
}

fn csv_audit() -> OfferScan {
    let file = fs::File::open(CSV_HEAD).unwrap();
    offer_csv::scan(file, CSV_HEAD, None).expect("the real CSV head reads")
}

/// The rejects of a product's on-demand row (its one row that is not a reserved term).
fn rejects_of(scan: &OfferScan, product: &str) -> Vec<Reject> {
    let rows: Vec<&Judged> = judged(scan, product)
        .into_iter()
        .filter(|j| {
            !j.rejects
                .iter()
                .any(|r| matches!(r, Reject::NotOnDemand(_)))
        })
        .collect();
    assert_eq!(rows.len(), 1, "{product} has one on-demand row");
    rows[0].rejects.clone()
}

#[test]
fn the_real_csv_head_has_no_on_demand_linux_row_and_each_trap_is_named() {
    let scan = csv_audit();
    // 50 lines: five metadata lines, the header, 44 rows; none is an on-demand Linux price.
    assert_eq!(scan.found.records, 44);
    assert_eq!(scan.judged.len(), 44);
    assert!(scan.judged.iter().all(|j| !j.rejects.is_empty()));
    assert!(scan.found.figures.is_empty());
    assert_eq!(scan.found.version.as_deref(), Some("20250912225308"));
    assert_eq!(scan.found.published.as_deref(), Some("2025-09-12"));

    // Reserved terms: every row of c6i.large's 2223B6PCG6QAUYY6 but one is `Reserved`.
    let rows = judged(&scan, "2223B6PCG6QAUYY6");
    let reserved = rows
        .iter()
        .filter(|j| j.rejects.contains(&Reject::NotOnDemand("Reserved".into())))
        .count();
    assert_eq!(
        reserved,
        rows.len() - 1,
        "all rows but one are reserved terms"
    );
    // Its on-demand row: "$0.2773 per Dedicated Windows with SQL Web c6i.large Instance Hour".
    let on_demand = rows.iter().find(|j| j.price == 0.2773).unwrap();
    assert_eq!(
        on_demand.rejects,
        vec![
            Reject::NotLinux("Windows".into()),
            Reject::NotShared("Dedicated".into()),
            Reject::PreInstalledSoftware("SQL Web".into()),
            Reject::NotBoxUsage("APN1-DedicatedUsage:c6i.large".into()),
        ]
    );
    // "$0.634 per On Demand RHEL with SQL Web c5d.2xlarge", shared, BoxUsage, Used: only the
    // operating system and the software are wrong.
    assert_eq!(
        rejects_of(&scan, "2223RRAP6Z3VBN3N"),
        vec![
            Reject::NotLinux("RHEL".into()),
            Reject::PreInstalledSoftware("SQL Web".into()),
        ]
    );
    // "$0.00 per Linux c6g.4xlarge Dedicated Host Instance hour": Linux, but a host, a host's
    // usage type, and $0.
    assert_eq!(
        rejects_of(&scan, "2227U2PX8M4F95R6"),
        vec![
            Reject::NotShared("Host".into()),
            Reject::NotBoxUsage("USW2-HostBoxUsage:c6g.4xlarge".into()),
            Reject::ZeroPrice,
        ]
    );
    // Capacity reservations: unused ($2.661, i4i.4xlarge) and allocated ($0.00, i3en.xlarge).
    assert!(rejects_of(&scan, "2224S3ZTPZZQY93N")
        .contains(&Reject::CapacityNotUsed("UnusedCapacityReservation".into())));
    let allocated = rejects_of(&scan, "22268AJAWBNJXMSB");
    assert!(allocated.contains(&Reject::CapacityNotUsed(
        "AllocatedCapacityReservation".into()
    )));
    assert!(allocated.contains(&Reject::ZeroPrice));
}

#[test]
fn a_local_zone_is_not_its_parent_region() {
    // "$6.92717 per Dedicated RHEL c7i.metal-24xl", Region Code us-east-1-nyc-1 (a Local Zone).
    let file = fs::File::open(CSV_HEAD).unwrap();
    let scan = offer_csv::scan(
        file,
        CSV_HEAD,
        Some(&aws(&["c7i.metal-24xl", "c5d.2xlarge"])),
    )
    .unwrap();
    assert!(scan.judged.iter().all(|j| j.region != "us-east-1-nyc-1"));
    // us-east-1's own c5d.2xlarge row is judged (and refused: RHEL with SQL Web).
    assert_eq!(judged(&scan, "2223RRAP6Z3VBN3N").len(), 1);
    assert!(scan.found.figures.is_empty());
}

#[test]
fn an_unreadable_csv_price_names_the_line_and_the_product() {
    let text = fs::read_to_string(CSV_HEAD)
        .unwrap()
        .replace("\"0.6340000000\"", "\"n/a\"");
    let error = offer_csv::scan(text.as_bytes(), "head.csv", None).unwrap_err();
    assert_eq!(error.file, "head.csv");
    let record = error.record.unwrap();
    assert!(
        record.contains("2223RRAP6Z3VBN3N") && record.contains("line "),
        "{record}"
    );
    assert!(error.message.contains("\"n/a\""));
}

#[test]
fn the_json_and_csv_forms_of_one_offer_give_the_same_figures() {
    // A synthetic offer in both forms (tests/bench/offer_file_gen.rs): 6 types, 73 products each,
    // one on-demand Linux product per type at price_of(i).
    let watched = ["p4d.24xlarge", "t3.small"];
    let mut json = Vec::new();
    offer_file_gen::write_json(&mut json, &watched, 4).unwrap();
    let mut csv = Vec::new();
    offer_file_gen::write_csv(&mut csv, &watched, 4).unwrap();
    let skus = aws(&watched);
    let a = offer_json::scan(json.as_slice(), "gen.json", Some(&skus)).unwrap();
    let b = offer_csv::scan(csv.as_slice(), "gen.csv", Some(&skus)).unwrap();
    assert_eq!(a.found.figures, b.found.figures);
    let prices: Vec<(String, Option<f64>)> = a
        .found
        .figures
        .iter()
        .map(|f| (f.sku.clone(), f.usd_per_hour))
        .collect();
    assert_eq!(
        prices,
        vec![
            (
                "p4d.24xlarge".to_string(),
                Some(offer_file_gen::price_of(0))
            ),
            ("t3.small".to_string(), Some(offer_file_gen::price_of(1))),
        ]
    );
    // 6 types x 73 products, each product with 1 on-demand and 12 reserved rows plus 8 upfront
    // fees: the CSV has one row per price, the JSON reader counts products and price rows.
    let products = 6 * 73;
    assert_eq!(b.found.records, products * 21);
    assert_eq!(a.found.records, products * 22);
}
