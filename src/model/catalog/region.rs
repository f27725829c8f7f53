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

/// The region an offer names when its one price holds in every region (`aws/public-ipv4`): that
/// price is no other region's, so it is never a region's stand-in nor flagged as one.
pub const EVERY_REGION: &str = "all";

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
}

/// The figures of one provider's price file for one region that share a date and a source.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RegionPrices {
    /// Provider id.
    pub provider: &'static str,
    /// Region id (`global` for a provider with one price everywhere).
    pub region: &'static str,
    /// The figures' date as the catalog gives it (`YYYY-MM-DD`, or "undated").
    pub as_of: &'static str,
    /// The cited source of the catalog records (a source id).
    pub source: &'static str,
    /// The figures.
    pub prices: &'static [RegionalPrice],
}

/// An offer's price in a region as the catalogs read give it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RegionalFigure {
    /// On-demand price (US dollars per the offer's unit).
    pub usd: f64,
    /// Its date (`YYYY-MM-DD`, or "undated").
    pub as_of: &'static str,
    /// Its cited source (a source id).
    pub source: &'static str,
}
