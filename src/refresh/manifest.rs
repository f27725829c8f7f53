//! `catalogs.toml`: what each file of a catalog folder is and where it was published. A catalog
//! file rarely says its own address, and the derived tables rarely say their commit, so the folder
//! says it once per file; `--fetch` writes it for what it downloads.
//!
//! ```toml
//! [[catalogs]]
//! file = "aws-offer-file-ec2-us-east-1-p4d-excerpt.json"
//! format = "aws-offer-json"
//! title = "AWS Price List, AmazonEC2 offer file, us-east-1"
//! url = "https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/AmazonEC2/.../index.json"
//! version = "..."      # optional: when the file does not say its own
//! published = "..."    # optional: ISO date, when the file does not say its own
//! recorded = "..."     # optional: ISO date the file was read from its source
//! provider = "aws"     # only for skypilot-vms, which every cloud shares
//! publisher = "..."    # optional: who publishes it, when not the format's publisher
//! ```

use std::path::Path;

use serde::Deserialize;

use super::catalog::Provider;
use super::date::is_iso_date;
use super::error::RefreshError;

/// The manifest's file name inside a catalog folder.
pub const MANIFEST: &str = "catalogs.toml";

/// A catalog format the command reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// AWS Price List Bulk API region offer file, JSON (`.../AmazonEC2/<version>/<region>/index.json`).
    AwsOfferJson,
    /// The same offer file in its CSV form (`index.csv`).
    AwsOfferCsv,
    /// A recorded AWS Pricing API `GetProducts` response (a `PriceList` of products, each with
    /// its own terms).
    AwsPricingGetProducts,
    /// One page of the Azure Retail Prices API (`prices.azure.com/api/retail/prices`).
    AzureRetailPage,
    /// One page of the Cloud Billing Catalog API's Compute Engine SKUs.
    GcpSkusPage,
    /// Lambda's `GET /api/v1/instance-types` response.
    LambdaInstanceTypes,
    /// RunPod's GraphQL `gpuTypes` response.
    RunpodGpuTypes,
    /// Derived: Karpenter's generated us-east-1 on-demand map (AWS), one row per generation.
    KarpenterAwsHistory,
    /// Derived: Karpenter-Azure's generated Linux pay-as-you-go map, by region.
    KarpenterAzure,
    /// Derived: on-demand GPU prices by region from instances.vantage.sh (tsaol/aws-gpu).
    VantageGpuByRegion,
    /// Derived: SkyPilot's `vms.csv` catalog (AWS, Google Cloud, Lambda or RunPod).
    SkypilotVms,
    /// Derived: google-cloud-pricing-cost-calculator's `pricing.yml` (Google Cloud machine
    /// types by region, from the Cloud Billing Catalog's SKUs).
    CyclenerdGcpPricing,
}

impl Format {
    const NAMES: [(&'static str, Format); 12] = [
        ("aws-offer-json", Format::AwsOfferJson),
        ("aws-offer-csv", Format::AwsOfferCsv),
        ("aws-pricing-getproducts", Format::AwsPricingGetProducts),
        ("azure-retail-page", Format::AzureRetailPage),
        ("gcp-skus-page", Format::GcpSkusPage),
        ("lambda-instance-types", Format::LambdaInstanceTypes),
        ("runpod-gpu-types", Format::RunpodGpuTypes),
        ("karpenter-aws-history", Format::KarpenterAwsHistory),
        ("karpenter-azure", Format::KarpenterAzure),
        ("vantage-gpu-by-region", Format::VantageGpuByRegion),
        ("skypilot-vms", Format::SkypilotVms),
        ("cyclenerd-gcp-pricing", Format::CyclenerdGcpPricing),
    ];

    /// The format named in a manifest.
    pub fn from_name(name: &str) -> Option<Format> {
        Format::NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, f)| *f)
    }

    /// Its name in a manifest.
    pub fn name(self) -> &'static str {
        Format::NAMES
            .iter()
            .find(|(_, f)| *f == self)
            .map_or("?", |(n, _)| n)
    }

    /// Whose catalog a file of this format is; `None` for SkyPilot's, which every cloud shares
    /// (the manifest's `provider` says).
    pub fn provider(self) -> Option<Provider> {
        match self {
            Format::AwsOfferJson
            | Format::AwsOfferCsv
            | Format::AwsPricingGetProducts
            | Format::KarpenterAwsHistory
            | Format::VantageGpuByRegion => Some(Provider::Aws),
            Format::AzureRetailPage | Format::KarpenterAzure => Some(Provider::Azure),
            Format::GcpSkusPage | Format::CyclenerdGcpPricing => Some(Provider::Gcp),
            Format::LambdaInstanceTypes => Some(Provider::Lambda),
            Format::RunpodGpuTypes => Some(Provider::Runpod),
            Format::SkypilotVms => None,
        }
    }

    /// Who publishes a catalog of this format, as its citation names them: the provider for its
    /// own formats, the third party for a derived table.
    pub fn publisher(self) -> &'static str {
        match self {
            Format::AwsOfferJson | Format::AwsOfferCsv | Format::AwsPricingGetProducts => {
                "Amazon Web Services"
            }
            Format::AzureRetailPage => "Microsoft Azure",
            Format::GcpSkusPage => "Google Cloud",
            Format::LambdaInstanceTypes => "Lambda",
            Format::RunpodGpuTypes => "RunPod",
            Format::KarpenterAwsHistory => "Karpenter for AWS (aws/karpenter-provider-aws)",
            Format::KarpenterAzure => "Karpenter for Azure (Azure/karpenter-provider-azure)",
            Format::VantageGpuByRegion => "instances.vantage.sh, copied by tsaol/aws-gpu",
            Format::SkypilotVms => "SkyPilot (skypilot-org/skypilot-catalog)",
            Format::CyclenerdGcpPricing => "Cyclenerd/google-cloud-pricing-cost-calculator",
        }
    }

    /// Whether it is a third party's table derived from a provider's catalog.
    pub fn is_derived(self) -> bool {
        matches!(
            self,
            Format::KarpenterAwsHistory
                | Format::KarpenterAzure
                | Format::VantageGpuByRegion
                | Format::SkypilotVms
                | Format::CyclenerdGcpPricing
        )
    }
}

/// One catalog file, as the manifest describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The file name inside the folder.
    pub file: String,
    /// Its format.
    pub format: Format,
    /// Whose catalog.
    pub provider: Provider,
    /// Shown to readers.
    pub title: String,
    /// Its public address (`{commit}` in it is replaced by the generation a derived history
    /// file's figures come from).
    pub url: String,
    /// The catalog's version, when the file does not say its own.
    pub version: Option<String>,
    /// The ISO date it was published, when the file does not say its own.
    pub published: Option<String>,
    /// The ISO date the file was read from its source (a recorded response's day).
    pub recorded: Option<String>,
    /// Who publishes it, when not [`Format::publisher`].
    pub publisher: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ManifestFile {
    catalogs: Vec<RawEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    file: String,
    format: String,
    title: String,
    url: String,
    version: Option<String>,
    published: Option<String>,
    recorded: Option<String>,
    provider: Option<String>,
    publisher: Option<String>,
}

/// Why `file` (as a manifest names it) is not a file inside `folder`, if it is not: a path
/// that is absolute, climbs out (`..`), or is a link leading outside the folder is refused
/// before anything opens it.
pub fn outside(folder: &Path, file: &str) -> Option<String> {
    let path = Path::new(file);
    let plain = path
        .components()
        .all(|c| matches!(c, std::path::Component::Normal(_)));
    if file.is_empty() || !plain {
        return Some(
            "names a path outside the catalog folder (a manifest names its files by their names \
             in the folder, without `..` or a leading `/`)"
                .into(),
        );
    }
    let (Ok(root), Ok(real)) = (folder.canonicalize(), folder.join(path).canonicalize()) else {
        return Some("names a file that is not in the folder".into());
    };
    if !real.starts_with(&root) {
        return Some(format!(
            "is a link to {}, outside the catalog folder",
            real.display()
        ));
    }
    (!real.is_file()).then(|| "names a file that is not in the folder".into())
}

/// Reads a folder's manifest; every file it names must be a file inside the folder.
pub fn load(folder: &Path) -> Result<Vec<Entry>, RefreshError> {
    let path = folder.join(MANIFEST);
    let name = path.display().to_string();
    let text = std::fs::read_to_string(&path).map_err(|e| {
        RefreshError::file(
            &name,
            format!("cannot be read ({e}): a catalog folder says what each file is in {MANIFEST}"),
        )
    })?;
    let entries = parse(&text, &name)?;
    for entry in &entries {
        if let Some(message) = outside(folder, &entry.file) {
            return Err(RefreshError::record(&name, &entry.file, message));
        }
    }
    Ok(entries)
}

/// Reads a manifest's text (`name` names it in messages).
pub fn parse(text: &str, name: &str) -> Result<Vec<Entry>, RefreshError> {
    let parsed: ManifestFile =
        toml::from_str(text).map_err(|e| RefreshError::file(name, format!("{e}")))?;
    parsed
        .catalogs
        .into_iter()
        .map(|raw| entry(raw, name))
        .collect()
}

fn entry(raw: RawEntry, name: &str) -> Result<Entry, RefreshError> {
    let bad = |message: String| RefreshError::record(name, &raw.file, message);
    let format = Format::from_name(&raw.format)
        .ok_or_else(|| bad(format!("unknown format {:?}", raw.format)))?;
    let provider = match (format.provider(), raw.provider.as_deref()) {
        (Some(implied), None) => implied,
        (Some(implied), Some(given)) if given == implied.id() => implied,
        (None, Some(given)) => {
            Provider::from_id(given).ok_or_else(|| bad(format!("unknown provider {given:?}")))?
        }
        (None, None) => return Err(bad(format!("a {} file needs `provider`", format.name()))),
        (Some(implied), Some(given)) => {
            return Err(bad(format!(
                "a {} file is {}'s, not {given:?}",
                format.name(),
                implied.id()
            )))
        }
    };
    let fields = [
        ("title", Some(&raw.title), 400),
        ("url", Some(&raw.url), 2000),
        ("version", raw.version.as_ref(), 100),
        ("publisher", raw.publisher.as_ref(), 200),
    ];
    for (key, value, longest) in fields {
        if value.is_some_and(|v| v.chars().count() > longest) {
            return Err(bad(format!("`{key}` is longer than {longest} characters")));
        }
    }
    for date in [&raw.published, &raw.recorded].into_iter().flatten() {
        if !is_iso_date(date) {
            return Err(bad(format!("{date:?} is not an ISO date (YYYY-MM-DD)")));
        }
    }
    Ok(Entry {
        file: raw.file,
        format,
        provider,
        title: raw.title,
        url: raw.url,
        version: raw.version,
        published: raw.published,
        recorded: raw.recorded,
        publisher: raw.publisher,
    })
}
