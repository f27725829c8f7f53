//! Cloud Billing Catalog API pages of Compute Engine's SKUs
//! (`cloudbilling.googleapis.com/v1/services/6F81-5844-456A/skus`, an API key; pages of up to
//! 5,000 SKUs joined by `nextPageToken`). A machine has no price of its own: it is its vCPUs times
//! its series' core SKU, plus its GiB times the RAM SKU, plus its GPUs times the GPU SKU, each
//! matched by description and `serviceRegions` (as SkyPilot's `fetch_gcp.py` does).
//!
//! The traps: only `usageType` `OnDemand` (the on-demand price) and `Preemptible` (spot) are read,
//! not committed-use or other types; a price is `units` + `nanos` x 10^-9 of `currencyCode`, and a
//! page asked for in another currency (the opencost sample is in IDR) is brought back to US dollars
//! through its `currencyConversionRate` (USD x rate = the currency), never read as dollars.

pub mod shapes;

use std::collections::HashMap;

use serde_json::Value;

use super::catalog::{add_figure, round_price, Figure, Provider};
use super::error::RefreshError;
use super::source::{Found, Source};
use super::watch::SkuList;

/// What a SKU prices.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// A vCPU-hour of a series ("E2 Instance").
    Core(String),
    /// A GiB-hour of a series' memory.
    Ram(String),
    /// A GPU-hour ("Nvidia Tesla A100 GPU").
    Gpu(String),
}

/// One SKU read: the part it prices, on demand or spot, in US dollars, and where.
#[derive(Clone, Debug, PartialEq)]
pub struct PartPrice {
    /// The part.
    pub part: Part,
    /// Whether it is the spot (`Preemptible`) price.
    pub spot: bool,
    /// US dollars per hour (per vCPU-hour, GiB-hour or GPU-hour).
    pub usd: f64,
    /// Its `serviceRegions`.
    pub regions: Vec<String>,
}

fn field<'a>(value: &'a Value, path: &[&str]) -> Option<&'a str> {
    path.iter().try_fold(value, |v, key| v.get(key))?.as_str()
}

/// The part a description names: "E2 Instance Core running in Americas" is `Core("E2 Instance")`;
/// spot SKUs say "Spot Preemptible E2 Instance Core running in ..." or "Nvidia L4 GPU attached to
/// Spot Preemptible VMs running in ...".
fn part(description: &str) -> Option<Part> {
    let plain = description
        .strip_prefix("Spot Preemptible ")
        .or_else(|| description.strip_prefix("Preemptible "))
        .unwrap_or(description)
        .replace(" attached to Spot Preemptible VMs", "");
    let (what, _where) = plain.split_once(" running in ")?;
    if let Some(series) = what.strip_suffix(" Core") {
        Some(Part::Core(series.to_string()))
    } else if let Some(series) = what.strip_suffix(" Ram") {
        Some(Part::Ram(series.to_string()))
    } else if what.ends_with(" GPU") {
        Some(Part::Gpu(what.to_string()))
    } else {
        None
    }
}

/// Reads one SKU: `None` for SKUs that are not a Compute vCPU, RAM or GPU at an on-demand or spot
/// price. A price that cannot be read is an error naming the SKU.
pub fn part_price(sku: &Value, name: &str) -> Result<Option<PartPrice>, RefreshError> {
    if field(sku, &["category", "resourceFamily"]) != Some("Compute") {
        return Ok(None);
    }
    let spot = match field(sku, &["category", "usageType"]) {
        Some("OnDemand") => false,
        Some("Preemptible") => true,
        _ => return Ok(None),
    };
    let description = field(sku, &["description"]).unwrap_or("");
    let Some(part) = part(description) else {
        return Ok(None);
    };
    let record = format!(
        "SKU {} ({description})",
        field(sku, &["skuId"]).unwrap_or("?")
    );
    let bad = |message: String| RefreshError::record(name, &record, message);
    let info = sku
        .get("pricingInfo")
        .and_then(|p| p.get(0))
        .ok_or_else(|| bad("has no pricingInfo".into()))?;
    let expression = info
        .get("pricingExpression")
        .ok_or_else(|| bad("has no pricingExpression".into()))?;
    let unit = field(expression, &["usageUnit"]).unwrap_or("");
    let wanted_unit = if matches!(part, Part::Ram(_)) {
        "GiBy.h"
    } else {
        "h"
    };
    if unit != wanted_unit {
        return Err(bad(format!("usageUnit {unit:?}, not {wanted_unit:?}")));
    }
    let rate = expression
        .get("tieredRates")
        .and_then(Value::as_array)
        .and_then(|rates| {
            rates
                .iter()
                .find(|r| r.get("startUsageAmount").and_then(Value::as_f64) == Some(0.0))
        })
        .and_then(|r| r.get("unitPrice"))
        .ok_or_else(|| bad("has no tiered rate starting at 0".into()))?;
    let usd = unit_price_usd(rate, info).map_err(bad)?;
    let regions = sku
        .get("serviceRegions")
        .and_then(Value::as_array)
        .map(|r| {
            r.iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    Ok(Some(PartPrice {
        part,
        spot,
        usd,
        regions,
    }))
}

/// `units` + `nanos` x 10^-9 in `currencyCode`, in US dollars: a price in another currency is
/// divided by the pricing's `currencyConversionRate` (Google: "USD x rate = the currency").
fn unit_price_usd(price: &Value, info: &Value) -> Result<f64, String> {
    let units = match price.get("units") {
        Some(Value::String(s)) => s.parse::<i64>().ok(),
        Some(Value::Number(n)) => n.as_i64(),
        None => Some(0),
        _ => None,
    }
    .ok_or_else(|| format!("units {:?} is not a whole number", price.get("units")))?;
    let nanos = match price.get("nanos") {
        Some(v) => v
            .as_i64()
            .ok_or_else(|| format!("nanos {v} is not a whole number"))?,
        None => 0,
    };
    let amount = units as f64 + nanos as f64 * 1e-9;
    if !amount.is_finite() || amount < 0.0 {
        return Err(format!("price {units} units + {nanos} nanos is negative"));
    }
    match field(price, &["currencyCode"]) {
        Some("USD") => Ok(amount),
        Some(currency) => {
            let rate = info.get("currencyConversionRate").and_then(Value::as_f64);
            match rate {
                Some(rate) if rate.is_finite() && rate > 0.0 => Ok(amount / rate),
                _ => Err(format!(
                    "priced in {currency} without a usable currencyConversionRate ({rate:?})"
                )),
            }
        }
        None => Err("has no currencyCode".into()),
    }
}

/// The parts' prices by (part, region, spot).
type Rates = HashMap<(Part, String, bool), f64>;

/// Reads one page of SKUs: the watched machine types' prices wherever all their parts are priced.
pub fn read_page(
    text: &str,
    name: &str,
    skus: &SkuList,
) -> Result<(Found, Option<String>), RefreshError> {
    let page: Value = serde_json::from_str(text)
        .map_err(|e| RefreshError::file(name, format!("not a Catalog API page: {e}")))?;
    let Some(list) = page.get("skus").and_then(Value::as_array) else {
        return Err(RefreshError::file(
            name,
            "has no skus: not a Catalog API page",
        ));
    };
    let mut found = Found::default();
    let mut rates = Rates::new();
    for sku in list {
        found.records += 1;
        for region in sku
            .get("serviceRegions")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if let Some(region) = region.as_str().filter(|r| Provider::Gcp.prices_region(r)) {
                found.regions.insert(region.to_string());
            }
        }
        let Some(price) = part_price(sku, name)? else {
            continue;
        };
        if price.usd == 0.0 {
            continue;
        }
        for region in price
            .regions
            .iter()
            .filter(|r| Provider::Gcp.prices_region(r))
        {
            rates.insert((price.part.clone(), region.clone(), price.spot), price.usd);
        }
    }
    assemble(&rates, skus, &mut found);
    let next = field(&page, &["nextPageToken"])
        .filter(|t| !t.is_empty())
        .map(str::to_string);
    Ok((found, next))
}

/// A machine's price from its parts' prices, if every part is priced there.
fn machine_price(rates: &Rates, shape: &shapes::Shape, region: &str, spot: bool) -> Option<f64> {
    let rate = |part: Part| rates.get(&(part, region.to_string(), spot)).copied();
    let mut usd = rate(Part::Core(shape.series.into()))? * shape.vcpus
        + rate(Part::Ram(shape.series.into()))? * shape.ram_gib;
    if let Some((gpu, count)) = shape.gpu {
        usd += rate(Part::Gpu(gpu.into()))? * count;
    }
    Some(round_price(usd))
}

fn assemble(rates: &Rates, skus: &SkuList, found: &mut Found) {
    for sku in skus.skus(Provider::Gcp) {
        let Some(shape) = shapes::shape(sku) else {
            continue;
        };
        for region in Provider::Gcp.regions() {
            let on_demand = machine_price(rates, &shape, region, false);
            let spot = machine_price(rates, &shape, region, true);
            if on_demand.is_some() || spot.is_some() {
                add_figure(
                    &mut found.figures,
                    Figure {
                        provider: Provider::Gcp,
                        region: region.to_string(),
                        sku: sku.to_string(),
                        usd_per_hour: on_demand,
                        spot_usd_per_hour: spot,
                    },
                );
            }
        }
    }
}

/// Reads a saved page for the refresh. A machine whose parts are on different pages is priced
/// when the pages are read together: `--fetch` saves all pages of one listing as one file.
pub fn read(text: &str, source: &Source<'_>) -> Result<Found, RefreshError> {
    Ok(read_page(text, source.name, source.skus)?.0)
}
