//! Issue 42, item 4: a refresh that hostile catalog files cannot half-write or fill with absurd
//! prices. Every file is written to a temporary name and renamed only when all are written (a
//! failing `--report` or `--out` leaves every file of `--out` byte-identical); a price outside
//! what any machine costs is refused even with `--accept`; a SKU listed twice at two prices, or
//! a JSON key written twice, is named; a manifest cannot name a file outside `--from`; a 1 GB
//! string is refused after its first 64 KiB, in the AWS offer file and in an Azure page alike;
//! and (issue 44) a Pricing API GetProducts response is named as what it is.
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use course_cost::refresh::aws::offer_json;
use course_cost::refresh::azure;
use course_cost::refresh::watch::SkuList;

const CATALOGS: &str = "tests/fixtures/catalogs";
const OFFER_FILE: &str = "aws-offer-file-ec2-us-east-1-p4d-excerpt.json";
const AZURE_PAGE: &str = "azure-retail-prices-eastus-Standard_D2s_v3-nofilter-preview.json";
const OFFER_URL: &str =
    "https://github.com/opencost/opencost/blob/3ffab9ff/pkg/cloud/aws/testdata/pricing-us-east-1.json";
const PAGE_URL: &str = "https://github.com/rshade/finfocus-plugin-azure-public/blob/0d26960a/internal/pricing/testdata/retail/savingsplan/eastus_standard_d2s_v3_nofilter_preview.json";

/// A folder with the real p4d offer file and D2s_v3 page, their manifest, and an offers file
/// watching both.
fn setup(name: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("refresh-safety-{name}"));
    let _ = fs::remove_dir_all(&root);
    let from = root.join("catalogs");
    fs::create_dir_all(&from).unwrap();
    for file in [OFFER_FILE, AZURE_PAGE] {
        fs::copy(Path::new(CATALOGS).join(file), from.join(file)).unwrap();
    }
    manifest(&root, &[OFFER_FILE, AZURE_PAGE]);
    fs::write(
        root.join("offers.toml"),
        "[[offers]]\nprovider = \"aws\"\nsku = \"p4d.24xlarge\"\nvcpu = 96\n\
         [[offers]]\nprovider = \"azure\"\nsku = \"Standard_D2s_v3\"\nvcpu = 2\n",
    )
    .unwrap();
    root
}

/// Writes the folder's manifest naming `files` (the first as the AWS offer file, the rest as
/// Azure pages).
fn manifest(root: &Path, files: &[&str]) {
    let mut text = String::new();
    for (i, file) in files.iter().enumerate() {
        let (format, url) = if i == 0 {
            ("aws-offer-json", OFFER_URL)
        } else {
            ("azure-retail-page", PAGE_URL)
        };
        text.push_str(&format!(
            "[[catalogs]]\nfile = {file:?}\nformat = \"{format}\"\ntitle = \"t\"\nurl = \"{url}\"\n\n"
        ));
    }
    fs::write(root.join("catalogs/catalogs.toml"), text).unwrap();
}

fn run(root: &Path, out: &Path, report: &Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_refresh-prices"))
        .arg("--from")
        .arg(root.join("catalogs"))
        .arg("--out")
        .arg(out)
        .arg("--report")
        .arg(report)
        .arg("--offers")
        .arg(root.join("offers.toml"))
        .args(["--read-on", "2026-12-03"])
        .args(extra)
        .output()
        .unwrap()
}

fn said(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Every file of a folder with its bytes, sorted by name.
fn contents(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    files.sort();
    files
}

/// Rewrites the offer file's on-demand p4d price (as text, exactly as AWS writes it).
fn set_p4d_price(root: &Path, price: &str) {
    let path = root.join("catalogs").join(OFFER_FILE);
    let text = fs::read_to_string(Path::new(CATALOGS).join(OFFER_FILE))
        .unwrap()
        .replace(
            "\"USD\": \"32.7726000000\"",
            &format!("\"USD\": \"{price}\""),
        );
    assert!(text.contains(price));
    fs::write(path, text).unwrap();
}

#[test]
fn a_failing_report_path_leaves_every_file_of_out_byte_identical() {
    let root = setup("report-dir");
    let out = root.join("out");
    let report = root.join("report.json");
    assert!(run(&root, &out, &report, &[]).status.success());
    let before = contents(&out);
    assert_eq!(before.len(), 2, "aws-us-east-1.json and azure-eastus.json");
    // A move that would rewrite aws-us-east-1.json, with a folder given as the report.
    set_p4d_price(&root, "30.0000000000");
    let folder = root.join("a-folder");
    fs::create_dir_all(&folder).unwrap();
    let output = run(&root, &out, &folder, &[]);
    assert_eq!(output.status.code(), Some(1), "{}", said(&output));
    assert!(said(&output).contains("a-folder"), "{}", said(&output));
    assert_eq!(
        contents(&out),
        before,
        "no file of --out changed, no temporary left"
    );
    assert!(fs::read_dir(&folder).unwrap().next().is_none());
    // A report in a folder that cannot be made (under a file): the same.
    let output = run(&root, &out, &report.join("under-a-file.json"), &[]);
    assert_eq!(output.status.code(), Some(1), "{}", said(&output));
    assert_eq!(contents(&out), before);
    // With a writable report the move is written.
    assert!(run(&root, &out, &report, &[]).status.success());
    assert_ne!(contents(&out), before);
}

#[test]
fn a_bad_out_writes_neither_snapshots_nor_report() {
    let root = setup("out-file");
    let out = root.join("out-is-a-file");
    fs::write(&out, "not a folder").unwrap();
    let report = root.join("report.json");
    let output = run(&root, &out, &report, &[]);
    assert_eq!(output.status.code(), Some(1), "{}", said(&output));
    assert_eq!(fs::read_to_string(&out).unwrap(), "not a folder");
    assert!(
        !report.exists(),
        "the report is written only with every snapshot"
    );
}

#[test]
fn an_absurd_price_is_refused_even_with_accept() {
    for price in ["1e308", "1e-300", "180000000000000000000"] {
        let root = setup("absurd");
        let out = root.join("out");
        assert!(run(&root, &out, &root.join("r.json"), &[]).status.success());
        let before = contents(&out);
        set_p4d_price(&root, price);
        let output = run(&root, &out, &root.join("r.json"), &["--accept"]);
        let words = said(&output);
        assert_eq!(output.status.code(), Some(1), "{price}: {words}");
        assert!(
            words.contains("p4d.24xlarge in us-east-1")
                && words.contains("is not a machine's price")
                && words.contains("--accept does not waive this"),
            "{price}: {words}"
        );
        assert_eq!(contents(&out), before, "{price}");
    }
}

#[test]
fn two_on_demand_rows_for_one_sku_are_named() {
    let root = setup("two-rows");
    // The p4d product again under another product SKU, at a tenth of the price.
    let path = root.join("catalogs").join(OFFER_FILE);
    let mut offer: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    let mut product = offer["products"]["H7NGEAC6UEHNTKSJ"].clone();
    product["sku"] = "TWINTWINTWINTWIN".into();
    offer["products"]["TWINTWINTWINTWIN"] = product;
    let terms = offer["terms"]["OnDemand"]["H7NGEAC6UEHNTKSJ"]
        .to_string()
        .replace("H7NGEAC6UEHNTKSJ", "TWINTWINTWINTWIN")
        .replace("32.7726000000", "3.2772600000");
    offer["terms"]["OnDemand"]["TWINTWINTWINTWIN"] = serde_json::from_str(&terms).unwrap();
    fs::write(&path, offer.to_string()).unwrap();
    let output = run(
        &root,
        &root.join("out"),
        &root.join("r.json"),
        &["--accept"],
    );
    let words = said(&output);
    assert_eq!(output.status.code(), Some(1), "{words}");
    assert!(
        words.contains("p4d.24xlarge in us-east-1")
            && words.contains("listed twice")
            && words.contains("$32.7726")
            && words.contains("$3.27726"),
        "{words}"
    );
    assert!(!root.join("out").exists());
}

#[test]
fn a_json_key_written_twice_is_named() {
    // In the offer file: the p4d product's key written again, holding another product.
    let root = setup("twice-aws");
    let path = root.join("catalogs").join(OFFER_FILE);
    let text = fs::read_to_string(&path).unwrap().replacen(
        "\"products\": {",
        "\"products\": {\n\"H7NGEAC6UEHNTKSJ\": {\"sku\": \"H7NGEAC6UEHNTKSJ\", \"attributes\": \
         {\"instanceType\": \"p4d.24xlarge\", \"regionCode\": \"us-east-1\"}},",
        1,
    );
    fs::write(&path, text).unwrap();
    let output = run(&root, &root.join("out"), &root.join("r.json"), &[]);
    let words = said(&output);
    assert_eq!(output.status.code(), Some(1), "{words}");
    assert!(
        words.contains("H7NGEAC6UEHNTKSJ") && words.contains("written twice"),
        "{words}"
    );
    // In an Azure page: an item with its retailPrice written twice.
    let root = setup("twice-azure");
    let path = root.join("catalogs").join(AZURE_PAGE);
    let text = fs::read_to_string(&path).unwrap().replacen(
        "\"retailPrice\":0.096,",
        "\"retailPrice\":0.096,\"retailPrice\":9.6,",
        1,
    );
    assert!(text.contains("\"retailPrice\":9.6"));
    fs::write(&path, text).unwrap();
    let output = run(&root, &root.join("out"), &root.join("r.json"), &[]);
    let words = said(&output);
    assert_eq!(output.status.code(), Some(1), "{words}");
    assert!(
        words.contains(AZURE_PAGE) && words.contains("\"retailPrice\" is written twice"),
        "{words}"
    );
}

#[test]
fn a_manifest_cannot_name_a_file_outside_from() {
    let outside = Path::new(env!("CARGO_TARGET_TMPDIR")).join("refresh-safety-secret.json");
    fs::write(&outside, "{}").unwrap();
    for (case, file) in [
        ("climbs", "../../etc/passwd"),
        ("climbs-to-a-file", "../../refresh-safety-secret.json"),
        ("absolute", "/etc/passwd"),
        ("link", "link.json"),
    ] {
        let root = setup(case);
        if case == "link" {
            std::os::unix::fs::symlink(&outside, root.join("catalogs/link.json")).unwrap();
        }
        manifest(&root, &[OFFER_FILE, file]);
        let output = run(&root, &root.join("out"), &root.join("r.json"), &[]);
        let words = said(&output);
        assert_eq!(output.status.code(), Some(1), "{case}: {words}");
        assert!(
            words.contains("outside the catalog folder") && words.contains(file),
            "{case}: {words}"
        );
        assert!(!root.join("out").exists(), "{case}");
    }
}

/// A reader that counts the bytes taken from it.
struct Counted<R> {
    inner: R,
    taken: std::rc::Rc<std::cell::Cell<u64>>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.taken.set(self.taken.get() + n as u64);
        Ok(n)
    }
}

/// `head`, then 1 GiB of `x`, then `tail`, generated as read, with the count of bytes taken.
fn gigabyte_string<'a>(
    head: &'a str,
    tail: &'a str,
) -> (impl Read + 'a, std::rc::Rc<std::cell::Cell<u64>>) {
    let taken = std::rc::Rc::new(std::cell::Cell::new(0));
    let inner = head
        .as_bytes()
        .chain(io::repeat(b'x').take(1 << 30))
        .chain(tail.as_bytes());
    let counted = Counted {
        inner,
        taken: taken.clone(),
    };
    (counted, taken)
}

fn skus() -> SkuList {
    let mut skus = SkuList::default();
    skus.insert(course_cost::refresh::catalog::Provider::Aws, "p4d.24xlarge");
    skus.insert(
        course_cost::refresh::catalog::Provider::Azure,
        "Standard_D2s_v3",
    );
    skus
}

#[test]
fn a_gigabyte_version_string_is_refused_after_its_first_kibibytes() {
    let (reader, taken) = gigabyte_string(
        "{\"formatVersion\": \"v1.0\", \"version\": \"",
        "\", \"products\": {}, \"terms\": {}}",
    );
    let error = offer_json::scan(reader, "huge.json", Some(&skus())).unwrap_err();
    assert!(error.message.contains("runs longer than 64 KiB"), "{error}");
    // Read in 64 KiB slices: the refusal comes within a few of them, not after 1 GiB.
    assert!(taken.get() < 1 << 20, "{} bytes read", taken.get());
}

#[test]
fn an_azure_page_is_streamed_and_a_gigabyte_string_in_it_refused_early() {
    let page = fs::read_to_string(Path::new(CATALOGS).join(AZURE_PAGE)).unwrap();
    let (start, rest) = page.split_at(page.find("\"Items\":[").unwrap() + "\"Items\":[".len());
    // The real items come first, then one whose productName is 1 GiB long.
    let head = format!(
        "{start}{}, {{\"productName\": \"",
        &rest[..rest.rfind(']').unwrap()]
    );
    let (reader, taken) = gigabyte_string(&head, "\"}]}");
    let error = azure::read_stream(reader, "page.json", &skus()).unwrap_err();
    assert!(error.message.contains("runs longer than 64 KiB"), "{error}");
    assert!(taken.get() < 1 << 20, "{} bytes read", taken.get());
    // The same page whole reads as before, streamed.
    let read = azure::read_stream(page.as_bytes(), "page.json", &skus()).unwrap();
    assert_eq!(read.found.records, 9);
    assert_eq!(read.found.figures[0].usd_per_hour, Some(0.096));
    // Its figure is dated by its item's effectiveStartDate.
    assert!(read.found.figure_dates.values().all(|d| d.len() == 10));
}

/// A reader that gives one byte at a time (every state of the string scan crosses a read).
struct Bytewise<'a>(&'a [u8]);

impl Read for Bytewise<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match (self.0.split_first(), buf.first_mut()) {
            (Some((first, rest)), Some(slot)) => {
                *slot = *first;
                self.0 = rest;
                Ok(1)
            }
            _ => Ok(0),
        }
    }
}

#[test]
fn escaped_quotes_neither_end_a_string_nor_escape_the_cap() {
    use course_cost::refresh::json::{CappedReader, MAX_STRING};
    // Strings of escaped quotes and backslashes just under the cap read whole, one byte at a
    // time or at once; the same strings just over it are refused.
    let string = |len: usize| "\\\"\\\\".repeat(len / 4);
    for (len, fits) in [(MAX_STRING - 4, true), (MAX_STRING + 4, false)] {
        let text = format!("{{\"a\": \"{}\", \"b\": \"x\"}}", string(len));
        for bytewise in [false, true] {
            let mut read = String::new();
            let result = if bytewise {
                CappedReader::new(Bytewise(text.as_bytes())).read_to_string(&mut read)
            } else {
                CappedReader::new(text.as_bytes()).read_to_string(&mut read)
            };
            assert_eq!(result.is_ok(), fits, "{len} bytes, bytewise {bytewise}");
            if fits {
                let value: serde_json::Value = serde_json::from_str(&read).unwrap();
                assert_eq!(value["b"], "x");
            }
        }
    }
}

#[test]
fn a_get_products_response_is_named_not_read_as_an_offer_file() {
    // The Pricing API's GetProducts answer for the same p4d product: a PriceList of products,
    // each a JSON text with its own terms (the shape boto3's get_products returns).
    let offer: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(Path::new(CATALOGS).join(OFFER_FILE)).unwrap())
            .unwrap();
    let sku = "H7NGEAC6UEHNTKSJ";
    let item = serde_json::json!({
        "product": offer["products"][sku],
        "serviceCode": "AmazonEC2",
        "terms": {"OnDemand": offer["terms"]["OnDemand"][sku]},
        "version": offer["version"],
        "publicationDate": offer["publicationDate"],
    });
    let response = serde_json::json!({
        "FormatVersion": "aws_v1",
        "PriceList": [item.to_string()],
    });
    for (case, text) in [("response", response), ("one of its items", item)] {
        let root = setup("get-products");
        fs::write(root.join("catalogs").join(OFFER_FILE), text.to_string()).unwrap();
        let output = run(&root, &root.join("out"), &root.join("r.json"), &[]);
        assert_eq!(output.status.code(), Some(1), "{case}");
        let said = said(&output);
        assert!(
            said.contains(OFFER_FILE)
                && said.contains("GetProducts response")
                && said.contains("not an offer file")
                && !said.contains("terms come before"),
            "{case}: {said}"
        );
    }
}

#[test]
fn a_newer_catalog_that_confirms_a_price_does_not_re_date_it() {
    let root = setup("confirmed");
    let (out, report) = (root.join("out"), root.join("r.json"));
    assert!(run(&root, &out, &report, &[]).status.success());
    let before: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("aws-us-east-1.json")).unwrap()).unwrap();
    assert_eq!(before["prices"][0]["as_of"], "2024-05-28");
    // The same offer file published a month later, its p4d price unchanged.
    let path = root.join("catalogs").join(OFFER_FILE);
    let text = fs::read_to_string(&path)
        .unwrap()
        .replace(
            "\"publicationDate\": \"2024-05-28T20:35:22Z\"",
            "\"publicationDate\": \"2024-06-28T20:35:22Z\"",
        )
        .replace(
            "\"version\": \"20240528203522\"",
            "\"version\": \"20240628203522\"",
        );
    assert!(text.contains("2024-06-28T20:35:22Z") && text.contains("20240628203522"));
    fs::write(&path, text).unwrap();
    let summary = root.join("summary.md");
    let output = run(
        &root,
        &out,
        &report,
        &["--summary", summary.to_str().unwrap()],
    );
    assert!(output.status.success(), "{}", said(&output));
    let after: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("aws-us-east-1.json")).unwrap()).unwrap();
    // The figure keeps its date and source: the file's diff is its catalog's new version and
    // date, not a re-dated figure; the summary lists no move and counts the confirmation.
    assert_eq!(after["prices"], before["prices"]);
    assert_eq!(after["catalog"]["published"], "2024-06-28");
    assert_eq!(after["catalog"]["version"], "20240628203522");
    let written = fs::read_to_string(summary).unwrap();
    assert!(written.contains("No price moved."), "{written}");
    assert!(
        written.contains("1 figure confirmed by a newer catalog kept its earlier date"),
        "{written}"
    );
}
