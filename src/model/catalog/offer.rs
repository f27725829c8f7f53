//! The commercial side: an offer a provider sells, with its dated list prices.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

pub use crate::model::catalog::hardware::Hardware;

/// Hours in a billing month, the convention of every price dump the catalog cites.
pub const HOURS_PER_MONTH: f64 = 730.0;

/// What an offer's price is per.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PriceUnit {
    /// US dollars per instance-hour.
    Hour,
    /// US dollars per GB-month of stored data, billed by the hour.
    GbMonth,
}

/// Whether instances are bought on demand or as interruptible spot capacity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PriceModel {
    /// List price, never interrupted.
    #[default]
    OnDemand,
    /// Spot or preemptible price; interrupted work is re-run.
    Spot,
}

impl PriceModel {
    /// A short human name.
    pub fn label(self) -> &'static str {
        match self {
            PriceModel::OnDemand => "On demand",
            PriceModel::Spot => "Spot",
        }
    }
}

/// An offer's price in one named snapshot, where it differs from the offer's base price.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SnapshotPrice {
    /// The snapshot id (`spring-2025`, `latest`, `2026-12`).
    pub snapshot: &'static str,
    /// On-demand price (US dollars per the offer's unit).
    pub usd: f64,
    /// When the figure was seen (date or period).
    pub as_of: &'static str,
    /// Source ids (see the catalog's sources), comma-separated (`S2,S6`).
    pub source: &'static str,
    /// Spot price (US dollars per the offer's unit) in this snapshot; `None` carries the offer's
    /// base `spot_usd` (with its own date) into this snapshot.
    pub spot_usd: Option<f64>,
    /// Where and when this snapshot's spot figure was read (shown with it).
    pub spot_note: Option<&'static str>,
    /// True when no spot figure holds in this snapshot: the base `spot_usd` is older than this
    /// snapshot's price and would contradict it (a spot price at or above on demand).
    pub no_spot: bool,
}

/// A dated price, ready to show with its provenance.
#[derive(Clone, Debug, PartialEq)]
pub struct PricePoint<'a> {
    /// On-demand price (US dollars per the offer's unit).
    pub usd: f64,
    /// When the figure was seen.
    pub as_of: &'a str,
    /// Where it comes from.
    pub source: &'a str,
}

/// Something a provider sells: an instance type, a storage class or an address. The catalog's
/// are baked statics (borrowed text); the user's own offers (provider `custom`) own theirs, and
/// only they are ever read back by `Deserialize` (a scenario's `custom_offers`, in the tests).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Offer {
    /// Unique id, `provider/sku`.
    pub id: Cow<'static, str>,
    /// Provider id (`aws`, `gcp`, ...); `custom` for an offer the user entered.
    pub provider: Cow<'static, str>,
    /// The provider's name for it.
    pub sku: Cow<'static, str>,
    /// Its hardware (flattened: the fields stand beside the others in the data files).
    #[serde(flatten)]
    pub specs: Hardware,
    /// What the price is per.
    pub unit: PriceUnit,
    /// Base on-demand price (US dollars per `unit`), valid in every snapshot not overridden below.
    pub usd: f64,
    /// Spot price (US dollars per `unit`) when a source gives one.
    #[serde(default)]
    pub spot_usd: Option<f64>,
    /// Where the spot figure was read.
    #[serde(default)]
    pub spot_note: Option<Cow<'static, str>>,
    /// Region the price is for.
    #[serde(default)]
    pub region: Cow<'static, str>,
    /// When the base price was seen.
    pub as_of: Cow<'static, str>,
    /// Where the base price comes from.
    pub source: Cow<'static, str>,
    /// Caveat shown with the offer.
    #[serde(default)]
    pub note: Option<Cow<'static, str>>,
    /// Prices that differ in a given snapshot: the catalog's only (a custom offer has none, so
    /// they are written out but never read back).
    #[serde(skip_deserializing)]
    pub snapshot_prices: &'static [SnapshotPrice],
}

include!(concat!(env!("OUT_DIR"), "/newest.rs"));

impl Offer {
    /// This offer's own entry for `snapshot`; the newest snapshot holds the previous one's
    /// entry where it has none of its own (`build/prices.rs` bakes no copy of it).
    fn entry(&self, snapshot: &str) -> Option<&SnapshotPrice> {
        let own = |id: &str| self.snapshot_prices.iter().find(|p| p.snapshot == id);
        own(snapshot).or_else(|| own(NEWEST.1).filter(|_| snapshot == NEWEST.0))
    }

    /// The on-demand price that holds in `snapshot`, with its date and source.
    pub fn price_in(&self, snapshot: &str) -> PricePoint<'_> {
        match self.entry(snapshot) {
            Some(p) => PricePoint {
                usd: p.usd,
                as_of: p.as_of,
                source: p.source,
            },
            None => PricePoint {
                usd: self.usd,
                as_of: &self.as_of,
                source: &self.source,
            },
        }
    }

    /// The spot price that holds in `snapshot`, with its date and where it was read, if any: the
    /// snapshot's own spot figure, else the offer's base one. `None` when no source gives one.
    pub fn spot_in(&self, snapshot: &str) -> Option<PricePoint<'_>> {
        let own = self.entry(snapshot);
        if own.is_some_and(|p| p.no_spot) {
            return None;
        }
        let dated = own.and_then(|p| {
            p.spot_usd.map(|usd| PricePoint {
                usd,
                as_of: p.as_of,
                source: p.spot_note.unwrap_or(p.source),
            })
        });
        dated.or_else(|| {
            self.spot_usd.map(|usd| PricePoint {
                usd,
                as_of: &self.as_of,
                source: self.spot_note.as_deref().unwrap_or(&self.source),
            })
        })
    }

    /// Converts a price per `unit` into US dollars per hour of one unit (instance or GB).
    pub fn per_hour(&self, usd_per_unit: f64) -> f64 {
        match self.unit {
            PriceUnit::Hour => usd_per_unit,
            PriceUnit::GbMonth => usd_per_unit / HOURS_PER_MONTH,
        }
    }

    /// A one-line hardware summary, GPUs first, e.g. "1x T4 16 GB, 8 vCPU, 32 GB".
    pub fn hardware(&self) -> String {
        let mut parts = Vec::new();
        if self.specs.gpu_count > 0 {
            parts.push(format!(
                "{}x {} {} GB",
                self.specs.gpu_count, self.specs.gpu_model, self.specs.gpu_mem_gb
            ));
        }
        if self.specs.vcpu > 0 {
            parts.push(format!("{} vCPU", self.specs.vcpu));
        }
        if self.specs.ram_gb > 0.0 {
            parts.push(format!("{} GB", self.specs.ram_gb));
        }
        if parts.is_empty() {
            match self.unit {
                PriceUnit::GbMonth => "per GB stored".to_string(),
                PriceUnit::Hour => "not stated".to_string(),
            }
        } else {
            parts.join(", ")
        }
    }
}
