//! Regions: where a provider sells, and each region's prices as the refresh command read them
//! from the provider's own catalog (`src/data/prices/`, baked by `build/prices.rs`).

use serde::Serialize;

/// The part of the world a region is in: the provider comparison prices every provider in the
/// same part as the scenario's region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Area {
    /// The United States.
    Us,
    /// Europe.
    Europe,
    /// Asia and the Pacific.
    AsiaPacific,
    /// One price in every region (Lambda, RunPod).
    Everywhere,
}

/// A region a provider sells in.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Region {
    /// The provider's own id for it (`eu-west-1`), used in links and the price files' names.
    pub id: &'static str,
    /// Where it is, in words (`Europe, Ireland`).
    pub name: &'static str,
    /// The part of the world.
    pub area: Area,
}

/// One figure of a region's price file.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RegionalPrice {
    /// The offer id (`aws/p4d.24xlarge`).
    pub offer: &'static str,
    /// On-demand price (US dollars per the offer's unit: hour or GB-month).
    pub usd: f64,
    /// Spot price (US dollars per hour), where the catalog gives one with the on-demand
    /// figure's date and source.
    pub spot_usd: Option<f64>,
    /// The figure's date as the catalog gives it (`YYYY-MM-DD`, or "undated").
    pub as_of: &'static str,
    /// The cited source of the catalog record (a source id).
    pub source: &'static str,
}

/// The prices of one provider in one region, as one price file holds them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RegionPrices {
    /// Provider id.
    pub provider: &'static str,
    /// Region id (`global` for a provider with one price everywhere).
    pub region: &'static str,
    /// The cited source of the catalog the file was read from (a source id).
    pub source: &'static str,
    /// The day the refresh command read the catalog (`YYYY-MM-DD`).
    pub read_on: &'static str,
    /// Its figures, by offer id.
    pub prices: &'static [RegionalPrice],
}

impl RegionPrices {
    /// The figure of `offer` (an offer id), if the catalog read gives one.
    pub fn price(&self, offer: &str) -> Option<&RegionalPrice> {
        self.prices.iter().find(|p| p.offer == offer)
    }
}
