//! What a catalog read yields: the providers and regions the app prices, one figure per SKU and
//! region, and the catalog it came from (title, address, version, date).

use std::collections::{BTreeMap, BTreeSet};

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
    /// On-demand (pay-as-you-go) price in the offer's own unit: US dollars per instance-hour
    /// (per address-hour for a public address), or per GB-month for a storage offer
    /// (`unit = "gb_month"`, written as `usd_per_gb_month`); `None` when this catalog gives only a
    /// spot price for the SKU.
    pub usd_per_hour: Option<f64>,
    /// Spot (preemptible) price, US dollars per instance-hour, when the catalog gives one.
    pub spot_usd_per_hour: Option<f64>,
}

/// Where a catalog was published, shown to readers of the snapshot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogInfo {
    /// Its citation's id (see [`citation_id`]).
    pub id: String,
    /// What it is, in words ("AWS Price List, AmazonEC2 offer file, us-east-1").
    pub title: String,
    /// Who publishes it ("Amazon Web Services", "SkyPilot (skypilot-org/skypilot-catalog)").
    pub publisher: String,
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
    /// Rows of watched SKUs refused, by reason ("a Capacity Block, a zero price": 1).
    pub refused: BTreeMap<String, u64>,
    /// The date a figure's own item states, by (region, SKU): Azure's `effectiveStartDate`. It
    /// dates that figure instead of [`CatalogRead::as_of`].
    pub figure_dates: BTreeMap<(String, String), String>,
}

impl CatalogRead {
    /// The date a figure of this read holds at: its item's own date, else the catalog's.
    pub fn figure_as_of(&self, region: &str, sku: &str) -> Option<&str> {
        self.figure_dates
            .get(&(region.to_string(), sku.to_string()))
            .or(self.as_of.as_ref())
            .map(String::as_str)
    }
}

/// Adds a figure. A catalog that lists a SKU twice in a region at one price gives one figure; at
/// two different prices it gives both, and [`check_figures`] names them (a duplicate is never
/// silently resolved to one of its prices).
pub fn add_figure(figures: &mut Vec<Figure>, figure: Figure) {
    let agrees = |a: Option<f64>, b: Option<f64>| a.is_none() || b.is_none() || a == b;
    let same = figures.iter_mut().find(|f| {
        f.provider == figure.provider
            && f.region == figure.region
            && f.sku == figure.sku
            && agrees(f.usd_per_hour, figure.usd_per_hour)
            && agrees(f.spot_usd_per_hour, figure.spot_usd_per_hour)
    });
    match same {
        Some(existing) => {
            existing.usd_per_hour = existing.usd_per_hour.or(figure.usd_per_hour);
            existing.spot_usd_per_hour = existing.spot_usd_per_hour.or(figure.spot_usd_per_hour);
        }
        None => figures.push(figure),
    }
}

/// The lowest price the command writes, US dollars per instance-hour: below the cheapest
/// machine any provider rents (AWS t4g.nano at $0.0042 on demand, about a third of that spot).
pub const LOWEST_PRICE: f64 = 0.0005;
/// The highest price the command writes, US dollars per instance-hour: above the dearest machine
/// any provider rents (AWS u7in-32tb.224xlarge, about $408 on demand).
pub const HIGHEST_PRICE: f64 = 1000.0;

/// Whether a price is one the command writes: finite and between [`LOWEST_PRICE`] and
/// [`HIGHEST_PRICE`]. `--accept` does not waive this: no catalog change makes 1e308 a price.
pub fn plausible(usd: f64) -> bool {
    usd.is_finite() && (LOWEST_PRICE..=HIGHEST_PRICE).contains(&usd)
}

/// The figures of one catalog checked: every price plausible, no SKU twice in a region at two
/// prices. The message names the SKU, the region and the prices.
pub fn check_figures(figures: &[Figure]) -> Result<(), (String, String)> {
    for (i, f) in figures.iter().enumerate() {
        let what = format!("{} in {}", f.sku, f.region);
        for (kind, price) in [("on demand", f.usd_per_hour), ("spot", f.spot_usd_per_hour)] {
            if let Some(usd) = price.filter(|p| !plausible(*p)) {
                return Err((
                    what,
                    format!(
                        "{kind} price ${usd:e} an hour is not a machine's price (the command \
                         writes ${LOWEST_PRICE} to ${HIGHEST_PRICE} an hour; --accept does not \
                         waive this)"
                    ),
                ));
            }
        }
        if let Some(other) = figures[..i]
            .iter()
            .find(|o| o.region == f.region && o.sku == f.sku)
        {
            let spot = other.usd_per_hour == f.usd_per_hour;
            let price = |g: &Figure| {
                let (kind, usd) = if spot {
                    ("spot", g.spot_usd_per_hour)
                } else {
                    ("on demand", g.usd_per_hour)
                };
                usd.map_or_else(|| format!("no {kind} price"), |u| format!("{kind} ${u}"))
            };
            return Err((
                what,
                format!(
                    "is listed twice, at {} and at {}: the catalog does not say which is the \
                     price, so none is kept",
                    price(other),
                    price(f)
                ),
            ));
        }
    }
    Ok(())
}

/// The id a catalog is cited by, made of its address so that every file citing it agrees:
/// `C` and eight decimal digits of the address's FNV-1a hash (`C40291733`): source ids are a
/// letter and digits. The build refuses two catalogs with one id.
pub fn citation_id(url: &str) -> String {
    let hash = url.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("C{:08}", (hash >> 32) % 100_000_000)
}

/// A price rounded to nine decimals (a billing catalog's finest unit is the nano-dollar), so a
/// price assembled from parts is written without binary noise (3.673385, not 3.6733850000000004).
pub fn round_price(usd: f64) -> f64 {
    (usd * 1e9).round() / 1e9
}
