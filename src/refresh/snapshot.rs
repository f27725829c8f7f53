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
//! undated. `usd_per_gb_month` is always `null`: storage stays in offers.toml.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::catalog::CatalogInfo;
use super::error::RefreshError;
use super::merge::RegionPrices;

/// A catalog as the file shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CatalogJson {
    /// What it is.
    pub title: String,
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
    /// US dollars per GB-month (storage; always `null` here).
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
        title: info.title.clone(),
        url: info.url.clone(),
        version: info.version.clone(),
        published: info.published.clone(),
        derived: info.derived,
    }
}

impl SnapshotFile {
    /// The file for one region's chosen prices, read on `read_on`; `None` when no catalog covers
    /// it (never the case for [`super::merge::merge`]'s output).
    pub fn new(prices: &RegionPrices, read_on: &str) -> Option<SnapshotFile> {
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
                .map(|c| PriceJson {
                    sku: c.sku.clone(),
                    usd_per_hour: Some(c.usd_per_hour),
                    usd_per_gb_month: None,
                    spot_usd_per_hour: c.spot.as_ref().map(|s| s.0),
                    as_of: c.as_of.clone(),
                    source: c.source.clone(),
                    spot_as_of: c.spot.as_ref().and_then(|s| s.1.clone()),
                    spot_source: c.spot.as_ref().map(|s| s.2.clone()),
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

    /// Where it goes in the output folder.
    pub fn path(&self, out: &Path) -> PathBuf {
        out.join(format!("{}-{}.json", self.provider, self.region))
    }
}
