//! The snapshot files the app bakes: `<provider>-<region>.json`, UTF-8, pretty-printed, keys in
//! this order, prices sorted by SKU (the contract in `price-snapshot-format.md`):
//!
//! ```json
//! { "provider": "aws", "region": "us-east-1",
//!   "catalog": { "title", "url", "version", "published", "derived" },
//!   "catalogs": [ ...every catalog read for this region, `catalog` first... ],
//!   "read_on": "2026-12-03",
//!   "prices": [ { "sku", "usd_per_hour", "usd_per_gb_month", "spot_usd_per_hour", "as_of",
//!                 "source", "spot_as_of", "spot_source" } ] }
//! ```
//!
//! `catalog` is the catalog most of the file's figures come from; each price's `source` (and
//! `spot_source`) is the `url` of one of `catalogs`. `as_of` is `null` when that catalog is
//! undated. A storage offer priced per GB-month (`unit = "gb_month"` in offers.toml) has its
//! figure in `usd_per_gb_month` and `usd_per_hour` `null`; every other figure is hourly.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::catalog::CatalogInfo;
use super::error::RefreshError;
use super::merge::RegionPrices;
use super::watch::SkuList;

/// A catalog as the file shows it, with its citation (id, title, publisher), which the build
/// bakes as the source its figures cite.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CatalogJson {
    /// Its citation's id ([`super::catalog::citation_id`] of its address).
    #[serde(default)]
    pub id: String,
    /// What it is.
    pub title: String,
    /// Who publishes it.
    #[serde(default)]
    pub publisher: String,
    /// Its address.
    pub url: String,
    /// Its own version, if any.
    pub version: Option<String>,
    /// The ISO date it says it was published, if any.
    pub published: Option<String>,
    /// Whether it is a third party's table derived from the provider's catalog.
    #[serde(default)]
    pub derived: bool,
}

/// One SKU's prices in the file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PriceJson {
    /// The SKU (`offers.toml`'s `sku`; the offer id is `<provider>/<sku>`).
    pub sku: String,
    /// On demand, US dollars per instance-hour.
    pub usd_per_hour: Option<f64>,
    /// US dollars per GB-month (block and object storage; `null` for everything priced hourly).
    pub usd_per_gb_month: Option<f64>,
    /// Spot, US dollars per instance-hour; `null` when no catalog gives one.
    pub spot_usd_per_hour: Option<f64>,
    /// The ISO date the on-demand figure holds at; `null` when its catalog is undated.
    pub as_of: Option<String>,
    /// The on-demand figure's catalog address.
    pub source: String,
    /// The spot figure's date (`null`: none, or undated).
    #[serde(default)]
    pub spot_as_of: Option<String>,
    /// The spot figure's catalog address (`null` when there is no spot figure).
    #[serde(default)]
    pub spot_source: Option<String>,
}

impl PriceJson {
    /// The on-demand figure in the offer's own unit: per hour, or per GB-month for storage.
    pub fn usd(&self) -> Option<f64> {
        self.usd_per_hour.or(self.usd_per_gb_month)
    }
}

/// A whole file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SnapshotFile {
    /// Provider id.
    pub provider: String,
    /// Region code, or "global".
    pub region: String,
    /// The catalog most figures come from.
    pub catalog: CatalogJson,
    /// Every catalog read for this region.
    #[serde(default)]
    pub catalogs: Vec<CatalogJson>,
    /// The ISO date the command read the catalogs.
    pub read_on: String,
    /// The prices, sorted by SKU.
    pub prices: Vec<PriceJson>,
}

fn catalog_json(info: &CatalogInfo) -> CatalogJson {
    CatalogJson {
        id: info.id.clone(),
        title: info.title.clone(),
        publisher: info.publisher.clone(),
        url: info.url.clone(),
        version: info.version.clone(),
        published: info.published.clone(),
        derived: info.derived,
    }
}

impl SnapshotFile {
    /// The file for one region's chosen prices, read on `read_on` (`skus` says which are priced
    /// per GB-month); `None` when no catalog covers it (never the case for
    /// [`super::merge::merge`]'s output).
    pub fn new(prices: &RegionPrices, read_on: &str, skus: &SkuList) -> Option<SnapshotFile> {
        let catalogs: Vec<CatalogJson> = prices.catalogs.iter().map(catalog_json).collect();
        Some(SnapshotFile {
            provider: prices.provider.id().to_string(),
            region: prices.region.clone(),
            catalog: catalogs.first()?.clone(),
            catalogs,
            read_on: read_on.to_string(),
            prices: prices
                .prices
                .iter()
                .map(|c| {
                    let monthly = skus.is_per_gb_month(prices.provider, &c.sku);
                    PriceJson {
                        sku: c.sku.clone(),
                        usd_per_hour: (!monthly).then_some(c.usd_per_hour),
                        usd_per_gb_month: monthly.then_some(c.usd_per_hour),
                        spot_usd_per_hour: c.spot.as_ref().map(|s| s.0),
                        as_of: c.as_of.clone(),
                        source: c.source.clone(),
                        spot_as_of: c.spot.as_ref().and_then(|s| s.1.clone()),
                        spot_source: c.spot.as_ref().map(|s| s.2.clone()),
                    }
                })
                .collect(),
        })
    }

    /// The file's text: pretty-printed JSON with a final line break.
    pub fn to_text(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_default();
        text.push('\n');
        text
    }

    /// Reads a file written earlier, if there is one.
    pub fn read(path: &Path) -> Result<Option<SnapshotFile>, RefreshError> {
        let name = path.display().to_string();
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(RefreshError::file(name, format!("cannot be read: {e}"))),
        };
        serde_json::from_str(&text).map(Some).map_err(|e| {
            RefreshError::file(
                name,
                format!("is not a price snapshot ({e}); move it away to start afresh"),
            )
        })
    }

    /// Keeps, for each figure whose price equals `before`'s, `before`'s date and source (with
    /// its catalog) where that one is dated: a newer catalog that confirms a price does not
    /// re-date it, so the file's diff shows the moves only. Returns how many figures a newer
    /// catalog confirmed that way.
    pub fn keep_dates(&mut self, before: Option<&SnapshotFile>) -> usize {
        let Some(before) = before else {
            return 0;
        };
        let mut kept = 0;
        for p in &mut self.prices {
            let Some(q) = before.prices.iter().find(|q| q.sku == p.sku) else {
                continue;
            };
            let cited = |url: &str| before.catalogs.iter().find(|c| c.url == url);
            let same = q.usd() == p.usd() && q.as_of.is_some();
            if same && (q.as_of != p.as_of || q.source != p.source) {
                if let Some(catalog) = cited(&q.source) {
                    if !self.catalogs.iter().any(|c| c.url == catalog.url) {
                        self.catalogs.push(catalog.clone());
                    }
                    p.as_of.clone_from(&q.as_of);
                    p.source.clone_from(&q.source);
                    kept += 1;
                }
            }
            let same_spot = q.spot_usd_per_hour.is_some()
                && q.spot_usd_per_hour == p.spot_usd_per_hour
                && q.spot_as_of.is_some();
            if same_spot && (q.spot_as_of != p.spot_as_of || q.spot_source != p.spot_source) {
                if let Some(catalog) = q.spot_source.as_deref().and_then(cited) {
                    if !self.catalogs.iter().any(|c| c.url == catalog.url) {
                        self.catalogs.push(catalog.clone());
                    }
                    p.spot_as_of.clone_from(&q.spot_as_of);
                    p.spot_source.clone_from(&q.spot_source);
                }
            }
        }
        kept
    }

    /// The first figure that is no price the command writes (not finite, or outside
    /// [`super::catalog::plausible`]), named, if any: checked again just before writing.
    pub fn implausible(&self) -> Option<String> {
        self.prices.iter().find_map(|p| {
            [p.usd_per_hour, p.usd_per_gb_month, p.spot_usd_per_hour]
                .into_iter()
                .flatten()
                .find(|usd| !super::catalog::plausible(*usd))
                .map(|usd| {
                    format!(
                        "{} {} {}: ${usd:e} an hour",
                        self.provider, self.region, p.sku
                    )
                })
        })
    }

    /// Where it goes in the output folder.
    pub fn path(&self, out: &Path) -> PathBuf {
        out.join(format!("{}-{}.json", self.provider, self.region))
    }
}
