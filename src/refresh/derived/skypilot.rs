//! SkyPilot's `vms.csv` catalogs (skypilot-org/skypilot-catalog `catalogs/v7/<cloud>/vms.csv`),
//! rebuilt by SkyPilot's scheduled fetchers and undated (git history is their only date). Columns
//! are found by name: `InstanceType`, `Price` (on demand, per instance-hour), `SpotPrice` and
//! `Region`. AWS has one row per availability zone: the region's on-demand price is the same in
//! each, and its spot price is the midpoint of the zones' range (as offers.toml states its spot
//! figures). Google Cloud's rows are per zone too, with a machine's GPUs in rows of their own
//! ([`super::skypilot_gcp`] adds them up). Lambda and RunPod price alike everywhere (SkyPilot
//! copies one price to every region), so their figure is the one [`GLOBAL`] price.

use std::collections::BTreeMap;
use std::io::Read;

use super::price_cell;
use super::skypilot_gcp::{self as gcp, Part};
use crate::refresh::catalog::{add_figure, round_price, Figure, Provider, GLOBAL};
use crate::refresh::csv_rows::{columns, for_each_record};
use crate::refresh::error::RefreshError;
use crate::refresh::source::{Found, Source};

/// A SKU's prices in one region, over its rows.
#[derive(Default)]
struct Prices {
    on_demand: Option<f64>,
    spot_low: Option<f64>,
    spot_high: Option<f64>,
}

impl Prices {
    fn add(&mut self, on_demand: Option<f64>, spot: Option<f64>) {
        self.on_demand = match (self.on_demand, on_demand) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
        if let Some(spot) = spot {
            self.spot_low = Some(self.spot_low.map_or(spot, |l| l.min(spot)));
            self.spot_high = Some(self.spot_high.map_or(spot, |h| h.max(spot)));
        }
    }

    fn spot(&self) -> Option<f64> {
        Some(round_price((self.spot_low? + self.spot_high?) / 2.0))
    }
}

/// Reads a SkyPilot catalog of the manifest's provider.
pub fn read<R: Read>(reader: R, source: &Source<'_>) -> Result<Found, RefreshError> {
    let (name, provider) = (source.name, source.entry.provider);
    let global = matches!(provider, Provider::Lambda | Provider::Runpod);
    let is_gcp = provider == Provider::Gcp;
    let mut wanted: Vec<&[&str]> = vec![&["InstanceType"], &["Price"], &["SpotPrice"], &["Region"]];
    if is_gcp {
        wanted.extend([&["AcceleratorName"][..], &["AcceleratorCount"][..]]);
    }
    let watched_parts = gcp::watched_parts(source.skus);
    let mut cols: Option<Vec<usize>> = None;
    let mut prices: BTreeMap<(String, String), Prices> = BTreeMap::new();
    let mut parts: BTreeMap<(String, Part), Prices> = BTreeMap::new();
    let mut found = Found::default();
    for_each_record(reader, name, |line, fields| {
        let Some(cols) = &cols else {
            cols = Some(columns(fields, &wanted, name)?);
            return Ok(());
        };
        found.records += 1;
        let cell = |i: usize| fields.get(cols[i]).copied().unwrap_or("");
        let region = if global { GLOBAL } else { cell(3) };
        if !provider.prices_region(region) {
            return Ok(());
        }
        found.regions.insert(region.to_string());
        let sku = cell(0);
        let part = if is_gcp {
            match gcp::row_part(sku, cell(4), cell(5)) {
                Some(part) if gcp::wanted(&part, &watched_parts) => Some(part),
                _ => return Ok(()),
            }
        } else if source.skus.contains(provider, sku) {
            None
        } else {
            return Ok(());
        };
        let on_demand = price_cell(cell(1), name, line, "Price")?;
        let spot = price_cell(cell(2), name, line, "SpotPrice")?;
        let entry = match part {
            Some(part) => parts.entry((region.to_string(), part)).or_default(),
            None => prices
                .entry((region.to_string(), sku.to_string()))
                .or_default(),
        };
        entry.add(on_demand, spot);
        Ok(())
    })?;
    if cols.is_none() {
        return Err(RefreshError::file(name, "is empty"));
    }
    if is_gcp {
        prices = composed(&parts, source);
    }
    for ((region, sku), p) in prices {
        if p.on_demand.is_some() || p.spot().is_some() {
            let figure = Figure {
                provider,
                region,
                sku,
                usd_per_hour: p.on_demand,
                spot_usd_per_hour: p.spot(),
            };
            add_figure(&mut found.figures, figure);
        }
    }
    Ok(found)
}

/// Google Cloud's watched SKUs priced from their parts' rows, region by region: each SKU's
/// on-demand price from its parts' on-demand prices, its spot price from their spot prices.
fn composed(
    parts: &BTreeMap<(String, Part), Prices>,
    source: &Source<'_>,
) -> BTreeMap<(String, String), Prices> {
    let of = |spot: bool| -> BTreeMap<(String, Part), f64> {
        parts
            .iter()
            .filter_map(|(key, p)| {
                if spot { p.spot() } else { p.on_demand }.map(|usd| (key.clone(), usd))
            })
            .collect()
    };
    let (on_demand, spot) = (of(false), of(true));
    let mut out = BTreeMap::new();
    for region in Provider::Gcp.regions() {
        for sku in source.skus.skus(Provider::Gcp) {
            let price = Prices {
                on_demand: gcp::compose(&on_demand, region, sku),
                spot_low: gcp::compose(&spot, region, sku),
                spot_high: gcp::compose(&spot, region, sku),
            };
            if price.on_demand.is_some() || price.spot_low.is_some() {
                out.insert((region.to_string(), sku.to_string()), price);
            }
        }
    }
    out
}
