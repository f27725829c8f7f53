//! Issue 44, item 1: storage and public addresses are watched and read like machines. Real rows
//! were found only for gp3 and S3 Standard in ap-southeast-1, as recorded Pricing API answers
//! (tests/refresh_get_products.rs); none for public IPv4 (AWS) or the E30/P4 disks, Hot LRS
//! blobs or static IPs (Azure) in the regions the app prices, nor for gp3 or S3 in eu-west-1 (see
//! tests/fixtures/catalogs/README.md), so these tests build rows in the providers' layouts (the
//! attribute names, usage types, units and meters of the AWS Price List and the Azure Retail
//! Prices API) to show what the readers keep and what they refuse; none of them is a fixture the
//! shipped prices come from.
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

use course_cost::refresh::aws::offer_json;
use course_cost::refresh::azure::{read_page, ItemPrice, Reject};
use course_cost::refresh::catalog::Provider;
use course_cost::refresh::source::Found;
use course_cost::refresh::storage::{aws_row, azure_meter, GB_PER_GIB};
use course_cost::refresh::watch::SkuList;

fn offers() -> SkuList {
    SkuList::load(std::path::Path::new("src/data/offers.toml")).unwrap()
}

/// The price a reader found for `sku` in `region` (dollars per unit), if it kept one.
fn price_in(found: &Found, region: &str, sku: &str) -> Option<f64> {
    found
        .figures
        .iter()
        .find(|f| f.region == region && f.sku == sku)
        .and_then(|f| f.usd_per_hour)
}

#[test]
fn every_storage_and_address_offer_of_aws_and_azure_is_watched_with_its_unit() {
    let skus = offers();
    for (provider, sku, monthly) in [
        (Provider::Aws, "ebs-gp3", true),
        (Provider::Aws, "s3-standard", true),
        (Provider::Aws, "public-ipv4", false),
        (Provider::Azure, "managed-disk-standard-ssd-E30", true),
        (Provider::Azure, "managed-disk-premium-ssd-P4", true),
        (Provider::Azure, "blob-hot-lrs", true),
        (Provider::Azure, "public-ip-static", false),
    ] {
        assert!(skus.contains(provider, sku), "{sku} watched");
        assert!(skus.is_storage(provider, sku), "{sku} is no machine");
        assert_eq!(skus.is_per_gb_month(provider, sku), monthly, "{sku}'s unit");
    }
    assert!(!skus.is_storage(Provider::Aws, "t3.medium"));
    assert!(!skus.is_per_gb_month(Provider::Aws, "t3.medium"));
}

#[test]
fn an_aws_usage_type_is_known_with_or_without_its_region_prefix_and_only_in_its_service() {
    let sku = |service: &str, usage: &str| aws_row(service, usage).map(|r| r.sku);
    assert_eq!(sku("AmazonEC2", "EBS:VolumeUsage.gp3"), Some("ebs-gp3"));
    assert_eq!(sku("AmazonEC2", "EU-EBS:VolumeUsage.gp3"), Some("ebs-gp3"));
    assert_eq!(
        sku("AmazonEC2", "APS1-EBS:VolumeUsage.gp3"),
        Some("ebs-gp3")
    );
    assert_eq!(sku("AmazonEC2", "EU-EBS:VolumeUsage.gp2"), None);
    assert_eq!(
        sku("AmazonS3", "EU-TimedStorage-ByteHrs"),
        Some("s3-standard")
    );
    // CloudWatch Logs, ECR and DynamoDB bill their own storage under the same usage type.
    assert_eq!(sku("AmazonCloudWatch", "EU-TimedStorage-ByteHrs"), None);
    assert_eq!(sku("AmazonS3", "EU-TimedStorage-SIA-ByteHrs"), None);
    assert_eq!(
        sku("AmazonVPC", "APS1-PublicIPv4:InUseAddress"),
        Some("public-ipv4")
    );
    assert_eq!(sku("AmazonVPC", "APS1-PublicIPv4:IdleAddress"), None);
}

/// An offer file (the Price List's layout) with a gp3 volume and S3 Standard in eu-west-1: S3's
/// three price tiers, a gp2 volume beside gp3, and a gp3 row priced in CNY.
const OFFER_FILE: &str = r#"{
  "formatVersion": "v1.0", "offerCode": "AmazonEC2", "version": "20261201000000",
  "publicationDate": "2026-12-01T00:00:00Z",
  "products": {
    "GP3": { "sku": "GP3", "productFamily": "Storage", "attributes": {
      "servicecode": "AmazonEC2", "regionCode": "eu-west-1", "volumeApiName": "gp3",
      "usagetype": "EU-EBS:VolumeUsage.gp3" } },
    "GP2": { "sku": "GP2", "productFamily": "Storage", "attributes": {
      "servicecode": "AmazonEC2", "regionCode": "eu-west-1", "volumeApiName": "gp2",
      "usagetype": "EU-EBS:VolumeUsage.gp2" } },
    "S3": { "sku": "S3", "productFamily": "Storage", "attributes": {
      "servicecode": "AmazonS3", "regionCode": "eu-west-1", "storageClass": "General Purpose",
      "usagetype": "EU-TimedStorage-ByteHrs" } },
    "GP3CN": { "sku": "GP3CN", "productFamily": "Storage", "attributes": {
      "servicecode": "AmazonEC2", "regionCode": "ap-southeast-1",
      "usagetype": "APS1-EBS:VolumeUsage.gp3" } }
  },
  "terms": { "OnDemand": {
    "GP3": { "GP3.T": { "priceDimensions": { "GP3.T.R": {
      "unit": "GB-Mo", "beginRange": "0", "pricePerUnit": { "USD": "0.0880000000" } } } } },
    "GP2": { "GP2.T": { "priceDimensions": { "GP2.T.R": {
      "unit": "GB-Mo", "beginRange": "0", "pricePerUnit": { "USD": "0.1100000000" } } } } },
    "S3": { "S3.T": { "priceDimensions": {
      "S3.T.1": { "unit": "GB-Mo", "beginRange": "0", "pricePerUnit": { "USD": "0.0230000000" } },
      "S3.T.2": { "unit": "GB-Mo", "beginRange": "51200", "pricePerUnit": { "USD": "0.0220000000" } },
      "S3.T.3": { "unit": "GB-Mo", "beginRange": "512000", "pricePerUnit": { "USD": "0.0210000000" } }
    } } },
    "GP3CN": { "GP3CN.T": { "priceDimensions": { "GP3CN.T.R": {
      "unit": "GB-Mo", "beginRange": "0", "pricePerUnit": { "CNY": "0.5312000000" } } } } }
  } }
}"#;

#[test]
fn the_offer_file_gives_gp3_and_the_first_s3_tier_and_refuses_later_tiers_and_other_currencies() {
    let scan = offer_json::scan(OFFER_FILE.as_bytes(), "storage.json", Some(&offers())).unwrap();
    let price = |region: &str, sku: &str| price_in(&scan.found, region, sku);
    assert_eq!(price("eu-west-1", "ebs-gp3"), Some(0.088));
    assert_eq!(price("eu-west-1", "s3-standard"), Some(0.023));
    assert_eq!(price("ap-southeast-1", "ebs-gp3"), None);
    assert_eq!(
        scan.found.figures.len(),
        2,
        "gp2 is not the course's volume"
    );
    let refused = &scan.found.refused;
    assert_eq!(refused.get("a price tier beyond the first"), Some(&2));
    assert_eq!(refused.get("currency CNY, not USD"), Some(&1));
}

/// A Retail Prices page (the API's item layout) in westeurope: the E30 disk, its operations
/// meter, a reserved P4, the first and second Hot LRS tiers, and the static IP.
const AZURE_PAGE: &str = r#"{ "BillingCurrency": "USD", "Items": [
  { "currencyCode": "USD", "tierMinimumUnits": 0.0, "retailPrice": 81.92, "armRegionName": "westeurope",
    "effectiveStartDate": "2024-07-01T00:00:00Z", "meterName": "E30 LRS Disk", "productName": "Standard SSD Managed Disks",
    "skuName": "E30 LRS", "serviceName": "Storage", "unitOfMeasure": "1/Month", "type": "Consumption", "armSkuName": "" },
  { "currencyCode": "USD", "tierMinimumUnits": 0.0, "retailPrice": 0.002, "armRegionName": "westeurope",
    "meterName": "E30 LRS Disk Operations", "productName": "Standard SSD Managed Disks",
    "skuName": "E30 LRS", "serviceName": "Storage", "unitOfMeasure": "10K", "type": "Consumption", "armSkuName": "" },
  { "currencyCode": "USD", "tierMinimumUnits": 0.0, "retailPrice": 60.0, "armRegionName": "westeurope",
    "meterName": "P4 LRS Disk", "productName": "Premium SSD Managed Disks", "reservationTerm": "1 Year",
    "skuName": "P4 LRS", "serviceName": "Storage", "unitOfMeasure": "1/Month", "type": "Reservation", "armSkuName": "" },
  { "currencyCode": "USD", "tierMinimumUnits": 0.0, "retailPrice": 0.0196, "armRegionName": "westeurope",
    "meterName": "Hot LRS Data Stored", "productName": "Blob Storage",
    "skuName": "Hot LRS", "serviceName": "Storage", "unitOfMeasure": "1 GB/Month", "type": "Consumption", "armSkuName": "" },
  { "currencyCode": "USD", "tierMinimumUnits": 51200.0, "retailPrice": 0.0188, "armRegionName": "westeurope",
    "meterName": "Hot LRS Data Stored", "productName": "Blob Storage",
    "skuName": "Hot LRS", "serviceName": "Storage", "unitOfMeasure": "1 GB/Month", "type": "Consumption", "armSkuName": "" },
  { "currencyCode": "USD", "tierMinimumUnits": 0.0, "retailPrice": 0.005, "armRegionName": "westeurope",
    "meterName": "Standard IPv4 Static Public IP", "productName": "IP Addresses",
    "skuName": "Standard", "serviceName": "Virtual Network", "unitOfMeasure": "1 Hour", "type": "Consumption", "armSkuName": "" }
], "NextPageLink": null, "Count": 6 }"#;

#[test]
fn azure_storage_items_give_per_gb_month_prices_and_refuse_reservations_and_later_tiers() {
    let page = read_page(AZURE_PAGE, "storage-page.json", &offers()).unwrap();
    let figure = |sku: &str| price_in(&page.found, "westeurope", sku);
    // An E30 is 1,024 GiB for a month: $81.92 / 1,024 / 1.073741824 per GB-month.
    let e30 = 81.92 / 1024.0 / 1.073_741_824;
    assert!((figure("managed-disk-standard-ssd-E30").unwrap() - e30).abs() < 1e-9);
    assert_eq!(figure("blob-hot-lrs"), Some(0.0196));
    assert_eq!(figure("public-ip-static"), Some(0.005));
    assert_eq!(figure("managed-disk-premium-ssd-P4"), None);
    assert_eq!(
        page.found.figures.len(),
        3,
        "the operations meter is no offer"
    );
    let reserved = page
        .items
        .iter()
        .find(|i| i.sku == "managed-disk-premium-ssd-P4")
        .unwrap();
    assert_eq!(
        reserved.price,
        ItemPrice::Rejected(vec![Reject::ReservationTermTotal("1 Year".into())])
    );
    let refused = &page.found.refused;
    assert_eq!(refused.get("a price tier beyond the first"), Some(&1));
    assert_eq!(refused.get("a reservation's total for 1 Year"), Some(&1));
    let dated = page
        .found
        .figure_dates
        .get(&("westeurope".into(), "managed-disk-standard-ssd-E30".into()));
    assert_eq!(dated.map(String::as_str), Some("2024-07-01"));
}

#[test]
fn an_azure_disk_in_another_unit_is_refused_not_converted() {
    let page_text = AZURE_PAGE.replace(
        "\"1/Month\", \"type\": \"Consumption\"",
        "\"1 GiB/Month\", \"type\": \"Consumption\"",
    );
    let page = read_page(&page_text, "storage-page.json", &offers()).unwrap();
    assert!(page
        .found
        .figures
        .iter()
        .all(|f| f.sku != "managed-disk-standard-ssd-E30"));
    assert_eq!(
        page.found.refused.get("unit 1 GiB/Month, not 1/Month"),
        Some(&1)
    );
    let meter = azure_meter("Standard SSD Managed Disks", "E30 LRS Disk").unwrap();
    assert!((meter.price(76.8) - 76.8 / 1024.0 / GB_PER_GIB).abs() < 1e-9);
}

#[test]
fn the_price_file_holds_storage_per_gb_month_and_addresses_per_hour() {
    use course_cost::refresh::manifest::{Entry, Format};
    use course_cost::refresh::merge::merge;
    use course_cost::refresh::snapshot::SnapshotFile;
    use course_cost::refresh::source::Source;
    let skus = offers();
    let page = read_page(AZURE_PAGE, "storage-page.json", &skus).unwrap();
    let entry = Entry {
        file: "storage-page.json".into(),
        format: Format::AzureRetailPage,
        provider: Provider::Azure,
        title: "a test page".into(),
        url: "https://example.org/storage-page.json".into(),
        version: None,
        published: None,
        recorded: Some("2026-12-01".into()),
        publisher: None,
    };
    let source = Source {
        name: "storage-page.json",
        entry: &entry,
        skus: &skus,
    };
    let read = page.found.into_read(&source).unwrap();
    let regions = merge(&[read]);
    let westeurope = regions.iter().find(|r| r.region == "westeurope").unwrap();
    let file = SnapshotFile::new(westeurope, "2026-12-03", &skus).unwrap();
    let price = |sku: &str| file.prices.iter().find(|p| p.sku == sku).unwrap();
    let blob = price("blob-hot-lrs");
    assert_eq!(
        (blob.usd_per_hour, blob.usd_per_gb_month),
        (None, Some(0.0196))
    );
    let ip = price("public-ip-static");
    assert_eq!((ip.usd_per_hour, ip.usd_per_gb_month), (Some(0.005), None));
    assert_eq!(blob.usd(), Some(0.0196));
}

/// The real CSV offer file's metadata and header (tests/fixtures/catalogs), then rows built on
/// that header: gp3 in eu-west-1 on demand and as a reserved term, S3 Standard's first and second
/// tiers in ap-southeast-1.
fn csv_file() -> String {
    let head =
        std::fs::read_to_string("tests/fixtures/catalogs/aws-offer-file-ec2-2025-09-12-head.csv")
            .unwrap();
    let lines: Vec<&str> = head.lines().take(6).collect();
    let header: Vec<String> = lines[5]
        .split(',')
        .map(|c| c.trim_matches('"').to_string())
        .collect();
    let row = |cells: &[(&str, &str)]| {
        let mut row = vec![String::new(); header.len()];
        for (name, value) in cells {
            let at = header.iter().position(|h| h == name).unwrap();
            row[at] = (*value).to_string();
        }
        row.iter()
            .map(|c| format!("\"{c}\""))
            .collect::<Vec<_>>()
            .join(",")
    };
    let gp3 = |term: &str, price: &str| {
        row(&[
            ("SKU", "GP3"),
            ("TermType", term),
            ("Unit", "GB-Mo"),
            ("PricePerUnit", price),
            ("Currency", "USD"),
            ("serviceCode", "AmazonEC2"),
            ("Region Code", "eu-west-1"),
            ("usageType", "EU-EBS:VolumeUsage.gp3"),
        ])
    };
    let s3 = |from: &str, price: &str| {
        row(&[
            ("SKU", "S3"),
            ("TermType", "OnDemand"),
            ("StartingRange", from),
            ("Unit", "GB-Mo"),
            ("PricePerUnit", price),
            ("Currency", "USD"),
            ("serviceCode", "AmazonS3"),
            ("Region Code", "ap-southeast-1"),
            ("usageType", "APS1-TimedStorage-ByteHrs"),
        ])
    };
    let mut text = lines.join("\n");
    for line in [
        gp3("OnDemand", "0.0880000000"),
        gp3("Reserved", "0.0500000000"),
        s3("0", "0.0250000000"),
        s3("51200", "0.0240000000"),
    ] {
        text.push('\n');
        text.push_str(&line);
    }
    text.push('\n');
    text
}

#[test]
fn the_csv_offer_file_gives_storage_on_its_on_demand_first_tier() {
    use course_cost::refresh::aws::offer_csv;
    let text = csv_file();
    let scan = offer_csv::scan(text.as_bytes(), "storage.csv", Some(&offers())).unwrap();
    let price = |region: &str, sku: &str| price_in(&scan.found, region, sku);
    assert_eq!(price("eu-west-1", "ebs-gp3"), Some(0.088));
    assert_eq!(price("ap-southeast-1", "s3-standard"), Some(0.025));
    assert_eq!(scan.found.figures.len(), 2);
    let refused = &scan.found.refused;
    assert_eq!(refused.get("term Reserved, not OnDemand"), Some(&1));
    assert_eq!(refused.get("a price tier beyond the first"), Some(&1));
}
