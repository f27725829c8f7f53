//! What a catalog read yields: the providers and regions the app prices, one figure per SKU and
//! region, and the catalog it came from (title, address, version, date).

use std::collections::BTreeSet;

/// A provider whose prices the command refreshes (ids as in `offers.toml`'s `[[providers]]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Provider {
    /// Amazon Web Services (EC2).
    Aws,
    /// Microsoft Azure (Virtual Machines).
    Azure,
    /// Google Cloud (Compute Engine).
    Gcp,
    /// Lambda (GPU cloud): one price everywhere.
    Lambda,
    /// RunPod (GPU cloud): one price everywhere.
    Runpod,
}

/// The region name of a provider that prices alike everywhere.
pub const GLOBAL: &str = "global";

impl Provider {
    /// Every provider, in the order files and reports list them.
    pub const ALL: [Provider; 5] = [
        Provider::Aws,
        Provider::Azure,
        Provider::Gcp,
        Provider::Lambda,
        Provider::Runpod,
    ];

    /// The id used in `offers.toml`, file names and reports.
    pub fn id(self) -> &'static str {
        match self {
            Provider::Aws => "aws",
            Provider::Azure => "azure",
            Provider::Gcp => "gcp",
            Provider::Lambda => "lambda",
            Provider::Runpod => "runpod",
        }
    }

    /// The provider with this id, if it is one the command refreshes.
    pub fn from_id(id: &str) -> Option<Provider> {
        Provider::ALL.into_iter().find(|p| p.id() == id)
    }

    /// The regions the app prices (issue 34): three per hyperscaler, its home region first; the
    /// GPU clouds price alike everywhere, so they have one, [`GLOBAL`].
    pub fn regions(self) -> &'static [&'static str] {
        match self {
            Provider::Aws => &["us-east-1", "eu-west-1", "ap-southeast-1"],
            Provider::Azure => &["eastus", "westeurope", "southeastasia"],
            Provider::Gcp => &["us-central1", "europe-west4", "asia-southeast1"],
            Provider::Lambda | Provider::Runpod => &[GLOBAL],
        }
    }

    /// Whether the app prices this region of the provider.
    pub fn prices_region(self, region: &str) -> bool {
        self.regions().contains(&region)
    }
}

/// One SKU's prices in one region, as a catalog gives them.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// Whose SKU.
    pub provider: Provider,
    /// The provider's region code (`us-east-1`, `westeurope`, ...) or [`GLOBAL`].
    pub region: String,
    /// The SKU as `offers.toml` names it (`[[offers]].sku`).
    pub sku: String,
    /// On-demand (pay-as-you-go) price, US dollars per instance-hour; `None` when this catalog
    /// gives only a spot price for the SKU.
    pub usd_per_hour: Option<f64>,
    /// Spot (preemptible) price, US dollars per instance-hour, when the catalog gives one.
    pub spot_usd_per_hour: Option<f64>,
}

/// Where a catalog was published, shown to readers of the snapshot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogInfo {
    /// What it is, in words ("AWS Price List, AmazonEC2 offer file, us-east-1").
    pub title: String,
    /// Its public address (the record's file or page).
    pub url: String,
    /// The catalog's own version (AWS's offer version, a generator's commit), if it has one.
    pub version: Option<String>,
    /// The ISO date the catalog says it was published or generated, if it says one.
    pub published: Option<String>,
    /// Whether it is a secondary table derived from a provider's catalog by a third party
    /// (Karpenter's maps, SkyPilot's catalog, instances.vantage.sh) rather than the provider's
    /// own publication.
    pub derived: bool,
}

/// Everything one catalog file (or fetched catalog) gave.
#[derive(Clone, Debug, PartialEq)]
pub struct CatalogRead {
    /// The file it was read from (for messages).
    pub file: String,
    /// Whose catalog.
    pub provider: Provider,
    /// Title, address, version and date.
    pub catalog: CatalogInfo,
    /// The ISO date its figures hold at: the catalog's publication date, else the day it was read
    /// or recorded; `None` when neither is known (an undated catalog).
    pub as_of: Option<String>,
    /// The regions (of those the app prices) the catalog has any row for: the regions it speaks
    /// for, even where it has no figure for a watched SKU.
    pub regions: BTreeSet<String>,
    /// The watched SKUs' figures.
    pub figures: Vec<Figure>,
    /// How many records (products, terms, rows, items) it read, for the throughput figure.
    pub records: u64,
}

/// Keeps the highest on-demand and spot price when a catalog lists a SKU twice in a region (as
/// ec2instances.info keeps the highest on-demand price per platform): a duplicate is never
/// silently the cheaper one.
pub fn add_figure(figures: &mut Vec<Figure>, figure: Figure) {
    let same = figures.iter_mut().find(|f| {
        f.provider == figure.provider && f.region == figure.region && f.sku == figure.sku
    });
    match same {
        Some(existing) => {
            existing.usd_per_hour = max_price(existing.usd_per_hour, figure.usd_per_hour);
            existing.spot_usd_per_hour =
                max_price(existing.spot_usd_per_hour, figure.spot_usd_per_hour);
        }
        None => figures.push(figure),
    }
}

fn max_price(a: Option<f64>, b: Option<f64>) -> Option<f64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.max(b)),
        (a, b) => a.or(b),
    }
}

/// A price rounded to nine decimals (a billing catalog's finest unit is the nano-dollar), so a
/// price assembled from parts is written without binary noise (3.673385, not 3.6733850000000004).
pub fn round_price(usd: f64) -> f64 {
    (usd * 1e9).round() / 1e9
}
