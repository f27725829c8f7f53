//! Issue 34, item 1: `--fetch` against a loopback server serving recorded responses
//! (tests/fixtures/refresh-fetch/README.md and tests/fixtures/catalogs): the AWS index chain down to
//! each region's offer file, Azure's pages followed through `NextPageLink`, Google's SKU pages
//! through `nextPageToken` with the key sent but never saved, Lambda's and RunPod's responses with
//! their bearer keys; and a failing page stops the refresh naming its address.
//! Built with the `fetch` feature only: `cargo test --features fetch --test refresh_fetch`.
#![cfg(feature = "fetch")]
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

use std::collections::BTreeSet;
use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use course_cost::refresh::catalog::{Provider, GLOBAL};
use course_cost::refresh::fetch::{fetch_all, Endpoints};
use course_cost::refresh::run::{read_folder, refresh, Options, Outcome};
use course_cost::refresh::watch::SkuList;

const CATALOGS: &str = "tests/fixtures/catalogs";
const RECORDED: &str = "tests/fixtures/refresh-fetch";

/// One request the server saw: method, target, authorization header, body.
type Seen = (String, String, String, String);

/// What the server answers to a request: status and body.
type Routes = dyn Fn(&str, &str, &str) -> (u16, String) + Send + Sync;

/// Serves `routes` on a loopback port until the test ends; returns its base address.
fn serve(routes: Arc<Routes>, seen: Arc<Mutex<Vec<Seen>>>) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut line = String::new();
            reader.read_line(&mut line).unwrap();
            let mut parts = line.split_whitespace();
            let (method, target) = (
                parts.next().unwrap_or("").to_string(),
                parts.next().unwrap_or("").to_string(),
            );
            let (mut length, mut auth) = (0usize, String::new());
            loop {
                let mut header = String::new();
                reader.read_line(&mut header).unwrap();
                let header = header.trim_end();
                if header.is_empty() {
                    break;
                }
                let (name, value) = header.split_once(':').unwrap_or((header, ""));
                match name.to_ascii_lowercase().as_str() {
                    "content-length" => length = value.trim().parse().unwrap_or(0),
                    "authorization" => auth = value.trim().to_string(),
                    _ => {}
                }
            }
            let mut body = vec![0u8; length];
            reader.read_exact(&mut body).unwrap();
            let body = String::from_utf8_lossy(&body).into_owned();
            let (status, answer) = routes(&method, &target, &body);
            seen.lock().unwrap().push((method, target, auth, body));
            let head = format!(
                "HTTP/1.1 {status} X\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                answer.len()
            );
            let _ = stream.write_all(head.as_bytes());
            let _ = stream.write_all(answer.as_bytes());
        }
    });
    base
}

fn recorded(folder: &str, file: &str) -> String {
    fs::read_to_string(Path::new(folder).join(file)).unwrap()
}

/// The recorded responses by address; Azure's first eastus page links to a second one, whose
/// answer is `second_page`.
/// The AWS storage or address offer a target is under (`AmazonS3`, `AmazonVPC`), if any.
fn storage_offer(target: &str) -> Option<&'static str> {
    ["AmazonS3", "AmazonVPC"]
        .into_iter()
        .find(|o| target.starts_with(&format!("/offers/v1.0/aws/{o}/")))
}

fn routes(base: Arc<Mutex<String>>, second_page: (u16, String)) -> Arc<Routes> {
    Arc::new(
        move |method: &str, target: &str, _body: &str| -> (u16, String) {
            let base = base.lock().unwrap().clone();
            let ok = |text: String| (200, text);
            match (method, target) {
                ("GET", "/offers/v1.0/aws/index.json") => ok(recorded(RECORDED, "aws-index.json")),
                ("GET", "/offers/v1.0/aws/AmazonEC2/current/region_index.json") => {
                    ok(recorded(RECORDED, "aws-region-index.json"))
                }
                ("GET", t) if t.starts_with("/offers/v1.0/aws/AmazonEC2/20240528203522/") => ok(
                    recorded(CATALOGS, "aws-offer-file-ec2-us-east-1-p4d-excerpt.json"),
                ),
                // S3's and VPC's region indexes and offer files (issue 44: storage and
                // addresses): the EC2 index's shape pointing at their own files, which are
                // offer files without products here (this test follows the addresses).
                ("GET", t) if storage_offer(t).is_some() && t.ends_with("/region_index.json") => {
                    let offer = storage_offer(t).unwrap_or_default();
                    ok(recorded(RECORDED, "aws-region-index.json").replace("AmazonEC2", offer))
                }
                ("GET", t) if storage_offer(t).is_some() => ok(format!(
                    "{{\"formatVersion\": \"v1.0\", \"offerCode\": \"{}\", \
                     \"products\": {{}}, \"terms\": {{\"OnDemand\": {{}}}}}}",
                    storage_offer(t).unwrap_or_default()
                )),
                // The storage and address meters' query: a page without items.
                ("GET", t) if t.starts_with("/api/retail/prices") && t.contains("meterName") => {
                    ok("{\"Items\": [], \"NextPageLink\": null}".into())
                }
                ("GET", t) if t.starts_with("/api/retail/prices") && t.contains("skip=1000") => {
                    second_page.clone()
                }
                ("GET", t) if t.starts_with("/api/retail/prices") && t.contains("%27eastus%27") => {
                    // The real first page, with a next page on this server, as the API links its pages.
                    let page = recorded(
                        CATALOGS,
                        "azure-retail-prices-eastus-Standard_D2s_v3-nofilter-preview.json",
                    );
                    let next = format!("\"NextPageLink\":\"{base}{t}&$skip=1000\"");
                    ok(page.replace("\"NextPageLink\":null", &next))
                }
                ("GET", t) if t.starts_with("/api/retail/prices") => ok(recorded(
                    CATALOGS,
                    "azure-retail-prices-northeurope-Standard_B1s.json",
                )),
                ("GET", t)
                    if t.starts_with("/v1/services/6F81-5844-456A/skus")
                        && t.contains("pageToken=") =>
                {
                    ok("{\"skus\": [], \"nextPageToken\": \"\"}".into())
                }
                ("GET", t) if t.starts_with("/v1/services/6F81-5844-456A/skus") => {
                    ok(recorded(CATALOGS, "gcp-billing-catalog-skus-opencost.json"))
                }
                ("GET", "/api/v1/instance-types") => {
                    ok(recorded(RECORDED, "lambda-instance-types.json"))
                }
                ("POST", "/graphql") => ok(recorded(RECORDED, "runpod-gpu-types.json")),
                _ => (404, "{}".into()),
            }
        },
    )
}

fn endpoints(base: &str) -> Endpoints {
    Endpoints {
        aws: base.into(),
        azure: base.into(),
        gcp: base.into(),
        lambda: base.into(),
        runpod: base.into(),
        gcp_key: Some("gcp-test-key".into()),
        lambda_key: Some("lambda-test-key".into()),
        runpod_key: Some("runpod-test-key".into()),
    }
}

fn watched() -> SkuList {
    let mut skus = SkuList::default();
    skus.insert(Provider::Aws, "p4d.24xlarge");
    skus.insert(Provider::Azure, "Standard_D2s_v3");
    skus.insert(Provider::Azure, "Standard_D2als_v7");
    skus.insert(Provider::Gcp, "a2-highgpu-1g");
    skus.insert(Provider::Lambda, "gpu_8x_a100");
    skus.insert(Provider::Runpod, "4x_A100-80GB_SECURE");
    skus
}

fn folder(name: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("fetch-{name}"));
    let _ = fs::remove_dir_all(&path);
    path
}

fn start(second_page: (u16, String)) -> (String, Arc<Mutex<Vec<Seen>>>) {
    let shared_base = Arc::new(Mutex::new(String::new()));
    let seen = Arc::new(Mutex::new(Vec::new()));
    let base = serve(routes(shared_base.clone(), second_page), seen.clone());
    *shared_base.lock().unwrap() = base.clone();
    (base, seen)
}

/// The date of the Linux pay-as-you-go item of `sku_name` in the recorded page
/// `azure-retail-prices-{page}-nofilter-preview.json`: its `effectiveStartDate`.
fn effective(page: &str, sku_name: &str) -> Option<String> {
    let file = format!("azure-retail-prices-{page}-nofilter-preview.json");
    let page: serde_json::Value = serde_json::from_str(&recorded(CATALOGS, &file)).unwrap();
    let item = page["Items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| {
            i["skuName"] == sku_name
                && i["type"] == "Consumption"
                && !i["productName"].as_str().unwrap().contains("Windows")
        })
        .unwrap()
        .clone();
    Some(item["effectiveStartDate"].as_str().unwrap()[..10].to_string())
}

/// The figures a fetched refresh chose, each as its catalog served it.
fn the_prices_read_are_the_catalogs(outcome: &Outcome) {
    let price = |provider: &str, region: &str, sku: &str| {
        let file = outcome
            .files
            .iter()
            .find(|f| f.provider == provider && f.region == region)
            .unwrap();
        let p = file.prices.iter().find(|p| p.sku == sku).unwrap();
        (p.usd_per_hour, p.spot_usd_per_hour, p.as_of.clone())
    };
    assert_eq!(
        price("aws", "us-east-1", "p4d.24xlarge"),
        (Some(32.7726), None, Some("2024-05-28".into()))
    );
    // Both eastus pages were read: D2s_v3 from the first, D2als_v7 from the second; an Azure
    // figure is dated by its Linux pay-as-you-go item's effectiveStartDate (the day that price
    // took effect), read here from the pages served.
    let today = Some("2026-12-03".to_string());
    for (sku, page, name, on_demand, spot) in [
        (
            "Standard_D2s_v3",
            "eastus-Standard_D2s_v3",
            "D2s v3",
            0.096,
            0.018816,
        ),
        (
            "Standard_D2als_v7",
            "eastus-Standard_D2als_v7",
            "D2als v7",
            0.0804,
            0.015598,
        ),
    ] {
        let dated = effective(page, name);
        let wanted = (Some(on_demand), Some(spot), dated);
        assert_eq!(price("azure", "eastus", sku), wanted);
    }
    assert_eq!(
        price("gcp", "us-central1", "a2-highgpu-1g").0,
        Some(3.673385)
    );
    assert_eq!(
        price("lambda", GLOBAL, "gpu_8x_a100"),
        (Some(10.32), None, today)
    );
    assert_eq!(
        price("runpod", GLOBAL, "4x_A100-80GB_SECURE").0,
        Some(4.0 * 1.64)
    );
}

#[test]
fn fetch_follows_every_providers_documented_addresses() {
    let second = recorded(
        CATALOGS,
        "azure-retail-prices-eastus-Standard_D2als_v7-nofilter-preview.json",
    );
    let (base, seen) = start((200, second));
    let from = folder("all");
    let skus = watched();
    let mut log = Vec::new();
    let aws_reads = fetch_all(&endpoints(&base), &from, "2026-12-03", &skus, &mut log).unwrap();
    let mut reads = aws_reads;
    reads.extend(read_folder(&from, &skus, &mut log).unwrap());

    let requests = seen.lock().unwrap().clone();
    let targets: Vec<&str> = requests.iter().map(|r| r.1.as_str()).collect();
    // AWS: the index, then EC2's, S3's and VPC's region indexes, one offer file of each per
    // priced region.
    for offer in ["AmazonEC2", "AmazonS3", "AmazonVPC"] {
        let files = format!("/{offer}/20240528203522/");
        assert_eq!(targets.iter().filter(|t| t.contains(&files)).count(), 3);
    }
    // Azure: three regions' machines, and eastus's second page through NextPageLink; then each
    // region's storage and address meters.
    let azure = |t: &&&str| t.starts_with("/api/retail/prices");
    assert_eq!(targets.iter().filter(azure).count(), 7);
    let meters = targets
        .iter()
        .filter(azure)
        .filter(|t| t.contains("E30%20LRS%20Disk") && t.contains("Standard%20IPv4"))
        .count();
    assert_eq!(meters, 3);
    // Google: the key is sent, the token followed, the key never saved.
    assert!(targets
        .iter()
        .any(|t| t.contains("key=gcp-test-key") && t.contains("pageToken=APKCS1HVa0")));
    let saved: String = fs::read_dir(&from)
        .unwrap()
        .map(|e| fs::read_to_string(e.unwrap().path()).unwrap_or_default())
        .collect();
    assert!(!saved.contains("gcp-test-key"));
    // Lambda and RunPod: their keys as bearer tokens; RunPod's query asks for the Secure Cloud prices.
    let auth = |path: &str| requests.iter().find(|r| r.1 == path).map(|r| r.2.clone());
    assert_eq!(
        auth("/api/v1/instance-types").as_deref(),
        Some("Bearer lambda-test-key")
    );
    assert_eq!(auth("/graphql").as_deref(), Some("Bearer runpod-test-key"));
    let query = &requests.iter().find(|r| r.1 == "/graphql").unwrap().3;
    assert!(
        query.contains("gpuTypes")
            && query.contains("securePrice")
            && query.contains("secureSpotPrice")
    );

    // What was fetched reads as the recorded files say.
    let out = from.join("out");
    let options = Options {
        from: from.clone(),
        out: out.clone(),
        report: None,
        summary: None,
        offers: PathBuf::new(),
        read_on: "2026-12-03".into(),
        accept: false,
        fetch: true,
    };
    let outcome = refresh(&options, reads, &skus, &mut log).unwrap();
    the_prices_read_are_the_catalogs(&outcome);
    let written: BTreeSet<String> = fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(written.contains("azure-eastus.json") && written.contains("lambda-global.json"));
}

#[test]
fn a_failing_page_stops_the_fetch_naming_its_address() {
    let (base, _seen) = start((500, "{\"error\": \"internal\"}".into()));
    let from = folder("failing");
    let error = fetch_all(
        &endpoints(&base),
        &from,
        "2026-12-03",
        &watched(),
        &mut Vec::new(),
    )
    .unwrap_err();
    assert!(
        error.file.contains("/api/retail/prices") && error.file.contains("skip=1000"),
        "{error}"
    );
    assert!(error.message.contains("HTTP 500"), "{error}");
    assert!(
        !from.join("catalogs.toml").exists(),
        "no manifest for a partial fetch"
    );
}

#[test]
fn a_provider_without_its_key_is_skipped_and_said_to_be() {
    let second = recorded(
        CATALOGS,
        "azure-retail-prices-eastus-Standard_D2als_v7-nofilter-preview.json",
    );
    let (base, seen) = start((200, second));
    let from = folder("no-keys");
    let mut keyless = endpoints(&base);
    keyless.gcp_key = None;
    keyless.lambda_key = None;
    keyless.runpod_key = None;
    let mut log = Vec::new();
    fetch_all(&keyless, &from, "2026-12-03", &watched(), &mut log).unwrap();
    let said = String::from_utf8(log).unwrap();
    for key in ["GOOGLE_API_KEY", "LAMBDA_API_KEY", "RUNPOD_API_KEY"] {
        assert!(said.contains(&format!("{key} is not set")), "{said}");
    }
    assert!(!seen
        .lock()
        .unwrap()
        .iter()
        .any(|r| r.1.contains("/graphql") || r.1.contains("/skus")));
}
