//! `--fetch` (the `fetch` feature only): downloads each provider's catalog from its documented
//! address. AWS region offer files (EC2's several GB each; S3's and VPC's for storage and
//! addresses, issue 44) are streamed from the response straight into
//! the JSON reader and never stored; the smaller catalogs (Azure's pages, Google's SKU listing,
//! Lambda's and RunPod's responses) are saved in the catalog folder with a `catalogs.toml` saying
//! where each came from, so a refresh can be read again and reviewed. A provider that needs a key
//! is skipped, and said to be, when its key is not set: its files stay as they were.

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::aws::offer_json;
use super::azure;
use super::catalog::{CatalogRead, Provider};
use super::error::RefreshError;
use super::manifest::{Entry, Format, MANIFEST};
use super::source::Source;
use super::watch::SkuList;
use super::words::log_read;

/// Where each provider's catalog is, and the keys of those that need one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Endpoints {
    /// The AWS Price List's host.
    pub aws: String,
    /// The Azure Retail Prices API's host.
    pub azure: String,
    /// The Cloud Billing Catalog API's host.
    pub gcp: String,
    /// Lambda's API host.
    pub lambda: String,
    /// RunPod's API host.
    pub runpod: String,
    /// `GOOGLE_API_KEY`.
    pub gcp_key: Option<String>,
    /// `LAMBDA_API_KEY`.
    pub lambda_key: Option<String>,
    /// `RUNPOD_API_KEY`.
    pub runpod_key: Option<String>,
}

impl Endpoints {
    /// The documented addresses, with the keys from the environment.
    pub fn from_env() -> Endpoints {
        let key = |name: &str| std::env::var(name).ok().filter(|k| !k.trim().is_empty());
        Endpoints {
            aws: "https://pricing.us-east-1.amazonaws.com".into(),
            azure: "https://prices.azure.com".into(),
            gcp: "https://cloudbilling.googleapis.com".into(),
            lambda: "https://cloud.lambda.ai".into(),
            runpod: "https://api.runpod.io".into(),
            gcp_key: key("GOOGLE_API_KEY"),
            lambda_key: key("LAMBDA_API_KEY"),
            runpod_key: key("RUNPOD_API_KEY"),
        }
    }
}

/// Compute Engine's service id in the Cloud Billing Catalog.
const COMPUTE_ENGINE: &str = "services/6F81-5844-456A";
/// At most this many pages of one listing (a loop guard; Azure's VM listing of a region is tens).
const MAX_PAGES: usize = 10_000;
/// The largest small response read into memory.
const MAX_BODY: u64 = 512 * 1024 * 1024;

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .timeout_global(Some(Duration::from_secs(3600)))
        .build()
        .into()
}

fn failed(url: &str, error: ureq::Error) -> RefreshError {
    let message = match error {
        ureq::Error::StatusCode(code) => format!("the server answered HTTP {code}"),
        other => format!("could not be downloaded: {other}"),
    };
    RefreshError::file(url, message)
}

fn body_text(
    url: &str,
    response: &mut ureq::http::Response<ureq::Body>,
) -> Result<String, RefreshError> {
    response
        .body_mut()
        .with_config()
        .limit(MAX_BODY)
        .read_to_string()
        .map_err(|e| failed(url, e))
}

fn get(agent: &ureq::Agent, url: &str, bearer: Option<&str>) -> Result<String, RefreshError> {
    let mut request = agent.get(url);
    if let Some(key) = bearer {
        request = request.header("Authorization", format!("Bearer {key}"));
    }
    let mut response = request.call().map_err(|e| failed(url, e))?;
    body_text(url, &mut response)
}

fn json(url: &str, text: &str) -> Result<Value, RefreshError> {
    serde_json::from_str(text).map_err(|e| RefreshError::file(url, format!("is not JSON: {e}")))
}

/// The catalogs saved so far, and where.
struct Saved<'a> {
    folder: &'a Path,
    read_on: &'a str,
    entries: Vec<Entry>,
}

impl Saved<'_> {
    /// Keeps a response for the record (an index, not a catalog to read).
    fn store(&self, file: &str, text: &str) -> Result<(), RefreshError> {
        let path = self.folder.join(file);
        std::fs::write(&path, text)
            .map_err(|e| RefreshError::file(path.display().to_string(), e.to_string()))
    }

    /// Keeps a catalog, with its manifest entry.
    fn save(
        &mut self,
        file: &str,
        text: &str,
        format: Format,
        title: String,
        url: &str,
    ) -> Result<(), RefreshError> {
        self.store(file, text)?;
        self.enter(file, format, title, url);
        Ok(())
    }

    /// Adds a saved catalog's manifest entry.
    fn enter(&mut self, file: &str, format: Format, title: String, url: &str) {
        self.entries.push(Entry {
            file: file.to_string(),
            format,
            // Every format --fetch saves names its provider (only SkyPilot's, never fetched, does not).
            provider: format.provider().unwrap_or(Provider::Aws),
            title,
            url: url.to_string(),
            version: None,
            published: None,
            recorded: Some(self.read_on.to_string()),
            publisher: None,
        });
    }

    fn write_manifest(&self) -> Result<(), RefreshError> {
        let mut text = String::from(
            "# Written by refresh-prices --fetch: what each file is and where it came from.\n",
        );
        for e in &self.entries {
            let quote = |s: &str| Value::from(s).to_string();
            text.push_str(&format!(
                "\n[[catalogs]]\nfile = {}\nformat = {}\ntitle = {}\nurl = {}\nrecorded = {}\n",
                quote(&e.file),
                quote(e.format.name()),
                quote(&e.title),
                quote(&e.url),
                quote(self.read_on)
            ));
        }
        let path = self.folder.join(MANIFEST);
        std::fs::write(&path, text)
            .map_err(|e| RefreshError::file(path.display().to_string(), e.to_string()))
    }
}

/// The AWS offers read in each priced region: EC2 (machines and gp3 volumes), S3 (S3 Standard)
/// and VPC (public IPv4 addresses), each with its region index (issue 44).
const AWS_OFFERS: [&str; 3] = ["AmazonEC2", "AmazonS3", "AmazonVPC"];

/// The AWS region offer files, streamed into the reader: the offer index, then each offer's
/// region index, then each priced region's current offer file.
fn aws(
    agent: &ureq::Agent,
    base: &str,
    saved: &mut Saved<'_>,
    skus: &SkuList,
    log: &mut dyn Write,
) -> Result<Vec<CatalogRead>, RefreshError> {
    let index_url = format!("{base}/offers/v1.0/aws/index.json");
    let index = get(agent, &index_url, None)?;
    saved.store("aws-index.json", &index)?;
    let index = json(&index_url, &index)?;
    let mut reads = Vec::new();
    for offer in AWS_OFFERS {
        let path = index["offers"][offer]["currentRegionIndexUrl"]
            .as_str()
            .ok_or_else(|| {
                RefreshError::file(
                    &index_url,
                    format!("has no offers.{offer}.currentRegionIndexUrl"),
                )
            })?;
        let regions_url = format!("{base}{path}");
        let regions_text = get(agent, &regions_url, None)?;
        let name = if offer == "AmazonEC2" {
            "aws-region-index.json".to_string()
        } else {
            format!("aws-region-index-{offer}.json")
        };
        saved.store(&name, &regions_text)?;
        let regions = json(&regions_url, &regions_text)?;
        for region in Provider::Aws.regions() {
            let path = regions["regions"][region]["currentVersionUrl"]
                .as_str()
                .ok_or_else(|| {
                    RefreshError::file(&regions_url, format!("lists no offer file for {region}"))
                })?;
            let url = format!("{base}{path}");
            let title = format!("AWS Price List, {offer} offer file for {region}");
            reads.push(aws_offer_file(agent, &url, title, saved, skus, log)?);
        }
    }
    Ok(reads)
}

/// One region offer file, streamed from the response into the JSON reader.
fn aws_offer_file(
    agent: &ureq::Agent,
    url: &str,
    title: String,
    saved: &Saved<'_>,
    skus: &SkuList,
    log: &mut dyn Write,
) -> Result<CatalogRead, RefreshError> {
    let started = Instant::now();
    let mut response = agent.get(url).call().map_err(|e| failed(url, e))?;
    let entry = Entry {
        file: url.to_string(),
        format: Format::AwsOfferJson,
        provider: Provider::Aws,
        title,
        url: url.to_string(),
        version: None,
        published: None,
        recorded: Some(saved.read_on.to_string()),
        publisher: None,
    };
    let source = Source {
        name: url,
        entry: &entry,
        skus,
    };
    let found = offer_json::read(response.body_mut().as_reader(), &source)?;
    let read = found.into_read(&source)?;
    log_read(log, &read, started);
    Ok(read)
}

/// Azure's prices of each priced region, page by page through `NextPageLink`: its Virtual
/// Machines, then the meters of its storage and address offers ([`super::storage::AZURE`]).
fn azure(
    agent: &ureq::Agent,
    base: &str,
    saved: &mut Saved<'_>,
    skus: &SkuList,
) -> Result<(), RefreshError> {
    let meters: Vec<String> = super::storage::AZURE
        .iter()
        .map(|m| format!("meterName eq '{}'", m.meter))
        .collect();
    for &region in Provider::Azure.regions() {
        let scope = format!("priceType eq 'Consumption' and armRegionName eq '{region}'");
        let machines = format!("serviceName eq 'Virtual Machines' and {scope}");
        azure_pages(
            agent,
            base,
            saved,
            skus,
            (region, "", "Virtual Machines"),
            &machines,
        )?;
        let storage = format!("{scope} and ({})", meters.join(" or "));
        let what = (region, "-storage", "storage and addresses");
        azure_pages(agent, base, saved, skus, what, &storage)?;
    }
    Ok(())
}

/// One Azure query's pages, each saved as `azure-<region><part>-<n>.json` and read as it comes;
/// `what` is (region, file-name part, words for the title).
fn azure_pages(
    agent: &ureq::Agent,
    base: &str,
    saved: &mut Saved<'_>,
    skus: &SkuList,
    (region, part, words): (&str, &str, &str),
    filter: &str,
) -> Result<(), RefreshError> {
    let mut url = Some(format!(
        "{base}/api/retail/prices?api-version=2023-01-01-preview&$filter={}",
        filter.replace(' ', "%20").replace('\'', "%27")
    ));
    let mut seen = Vec::new();
    while let Some(page_url) = url.take() {
        if seen.contains(&page_url) || seen.len() >= MAX_PAGES {
            return Err(RefreshError::file(
                page_url,
                "the pages lead back to one already read",
            ));
        }
        let n = seen.len() + 1;
        let file = format!("azure-{region}{part}-{n:04}.json");
        let path = saved.folder.join(&file);
        let shown = path.display().to_string();
        // The page is streamed to its file, then streamed from it: never held whole.
        let mut response = agent
            .get(&page_url)
            .call()
            .map_err(|e| failed(&page_url, e))?;
        let mut body = response.body_mut().with_config().limit(MAX_BODY).reader();
        std::fs::File::create(&path)
            .and_then(|mut out| std::io::copy(&mut body, &mut out))
            .map_err(|e| RefreshError::file(&shown, e.to_string()))?;
        let page_file =
            std::fs::File::open(&path).map_err(|e| RefreshError::file(&shown, e.to_string()))?;
        let page = azure::read_stream(page_file, &shown, skus)?;
        let title = format!("Azure Retail Prices API, {words} in {region}, page {n}");
        saved.enter(&file, Format::AzureRetailPage, title, &page_url);
        url = page.next;
        seen.push(page_url);
    }
    Ok(())
}

/// Compute Engine's SKUs, every page joined into one listing (a machine's parts may be on
/// different pages). The key is not written into the saved address.
fn gcp(
    agent: &ureq::Agent,
    base: &str,
    key: &str,
    saved: &mut Saved<'_>,
) -> Result<(), RefreshError> {
    let listing = format!("{base}/v1/{COMPUTE_ENGINE}/skus?currencyCode=USD&pageSize=5000");
    let mut skus = Vec::new();
    let mut token: Option<String> = None;
    for page in 1..=MAX_PAGES {
        let mut url = format!("{listing}&key={key}");
        if let Some(token) = &token {
            url.push_str(&format!("&pageToken={token}"));
        }
        let shown = format!("{listing} (page {page})");
        let text = get(agent, &url, None).map_err(|e| RefreshError {
            file: shown.clone(),
            ..e
        })?;
        let body = json(&shown, &text)?;
        skus.extend(body["skus"].as_array().cloned().unwrap_or_default());
        token = body["nextPageToken"]
            .as_str()
            .filter(|t| !t.is_empty())
            .map(str::to_string);
        if token.is_none() {
            let text = serde_json::json!({ "skus": skus }).to_string();
            let title =
                format!("Google Cloud Billing Catalog API, Compute Engine SKUs ({page} pages)");
            return saved.save(
                "gcp-compute-skus.json",
                &text,
                Format::GcpSkusPage,
                title,
                &listing,
            );
        }
    }
    Err(RefreshError::file(
        listing,
        format!("more than {MAX_PAGES} pages"),
    ))
}

/// RunPod's GPU types and prices (GraphQL).
const RUNPOD_QUERY: &str = "query GpuTypes { gpuTypes { id displayName memoryInGb securePrice \
                            secureSpotPrice communityPrice communitySpotPrice } }";

fn runpod(
    agent: &ureq::Agent,
    base: &str,
    key: &str,
    saved: &mut Saved<'_>,
) -> Result<(), RefreshError> {
    let url = format!("{base}/graphql");
    let body = serde_json::json!({ "query": RUNPOD_QUERY }).to_string();
    let mut response = agent
        .post(&url)
        .header("Authorization", format!("Bearer {key}"))
        .header("Content-Type", "application/json")
        .send(body.as_bytes())
        .map_err(|e| failed(&url, e))?;
    let text = body_text(&url, &mut response)?;
    saved.save(
        "runpod-gpu-types.json",
        &text,
        Format::RunpodGpuTypes,
        "RunPod GraphQL gpuTypes".into(),
        &url,
    )
}

/// Downloads every catalog into `folder` (AWS's streamed into the reader), writes the folder's
/// manifest, and returns what the AWS offer files gave; the saved catalogs are read with the
/// folder.
pub fn fetch_all(
    endpoints: &Endpoints,
    folder: &Path,
    read_on: &str,
    skus: &SkuList,
    log: &mut dyn Write,
) -> Result<Vec<CatalogRead>, RefreshError> {
    std::fs::create_dir_all(folder)
        .map_err(|e| RefreshError::file(folder.display().to_string(), e.to_string()))?;
    let agent = agent();
    let mut saved = Saved {
        folder,
        read_on,
        entries: Vec::new(),
    };
    let reads = aws(&agent, &endpoints.aws, &mut saved, skus, log)?;
    azure(&agent, &endpoints.azure, &mut saved, skus)?;
    let skipped = |log: &mut dyn Write, provider: &str, key: &str| {
        let _ = writeln!(
            log,
            "{provider}: {key} is not set; not fetched, its files are left as they were"
        );
    };
    match &endpoints.gcp_key {
        Some(key) => gcp(&agent, &endpoints.gcp, key, &mut saved)?,
        None => skipped(log, "gcp", "GOOGLE_API_KEY"),
    }
    match &endpoints.lambda_key {
        Some(key) => {
            let url = format!("{}/api/v1/instance-types", endpoints.lambda);
            let text = get(&agent, &url, Some(key))?;
            let title = "Lambda API, instance types".to_string();
            saved.save(
                "lambda-instance-types.json",
                &text,
                Format::LambdaInstanceTypes,
                title,
                &url,
            )?;
        }
        None => skipped(log, "lambda", "LAMBDA_API_KEY"),
    }
    match &endpoints.runpod_key {
        Some(key) => runpod(&agent, &endpoints.runpod, key, &mut saved)?,
        None => skipped(log, "runpod", "RUNPOD_API_KEY"),
    }
    saved.write_manifest()?;
    Ok(reads)
}
