//! Cyclenerd/google-cloud-pricing-cost-calculator's `pricing.yml`: Compute Engine prices per
//! machine type and region, regenerated weekly from the Cloud Billing Catalog API's SKUs (each
//! machine type's vCPU, memory and GPU SKUs of a region summed, as [`crate::refresh::gcp`] does
//! for one page), dated by its `about.timestamp` (seconds since 1970, UTC).
//!
//! Read: `compute.instance.<type>.cost.<region>.hour` (on demand, US dollars per instance-hour)
//! and `.hour_spot` (spot). Never read as a machine's price: the monthly figures (`month` is 730
//! hours; `month_1y` and `month_3y` are committed-use terms), and `compute.license.<type>`, the
//! OS licence fees (RHEL, SLES, Windows) billed on top of a machine under the same names.
//! [`unit_prices`] reads the storage and address prices the file also keeps per region; [`read`]
//! writes them as the watched storage and address SKUs' figures, in their offers' own units.
//!
//! The file is YAML written by one generator: mappings of `key: value` lines indented two spaces
//! a level, one block scalar (the licence text). It is read line by line as that; anything else
//! (a tab, a line with no key) is refused, named by line.

use std::collections::BTreeMap;

use crate::refresh::catalog::{add_figure, Figure, Provider};
use crate::refresh::date::civil_from_days;
use crate::refresh::error::{parse_price, RefreshError};
use crate::refresh::source::{Found, Source};

/// Calls `visit(line, path, value)` for every `key: value` line, `path` being the keys from the
/// top of the file down to this one.
fn walk(
    text: &str,
    name: &str,
    mut visit: impl FnMut(u64, &[&str], &str) -> Result<(), RefreshError>,
) -> Result<(), RefreshError> {
    let mut path: Vec<(usize, &str)> = Vec::new();
    let mut block: Option<usize> = None;
    for (index, line) in text.lines().enumerate() {
        let number = index as u64 + 1;
        let body = line.trim_start_matches(' ');
        let indent = line.len() - body.len();
        if let Some(level) = block {
            if body.trim().is_empty() || indent > level {
                continue;
            }
            block = None;
        }
        let body = body.trim_end();
        if body.is_empty() || body == "---" || body.starts_with('#') || body.starts_with("- ") {
            continue;
        }
        let bad = |message: &str| {
            RefreshError::record(
                name,
                format!("line {number}"),
                format!("{message}: not a google-cloud-pricing-cost-calculator pricing.yml"),
            )
        };
        if body.starts_with('\t') {
            return Err(bad("is indented with a tab"));
        }
        let Some((key, value)) = body.split_once(':') else {
            return Err(bad("is not a `key: value` line"));
        };
        if !(value.is_empty() || value.starts_with(' ')) || key.is_empty() {
            return Err(bad("is not a `key: value` line"));
        }
        while path.last().is_some_and(|(level, _)| *level >= indent) {
            path.pop();
        }
        path.push((indent, key));
        let value = value.trim();
        if value.starts_with('|') || value.starts_with('>') {
            block = Some(indent);
        } else if !value.is_empty() {
            let keys: Vec<&str> = path.iter().map(|(_, k)| *k).collect();
            visit(number, &keys, value)?;
        }
    }
    Ok(())
}

/// A price read from a line, named by line and what it prices when it cannot be read.
fn price(value: &str, name: &str, line: u64, what: &str) -> Result<f64, RefreshError> {
    parse_price(value).map_err(|m| RefreshError::record(name, format!("line {line}, {what}"), m))
}

/// Keeps one price for a key; the same key at another price is an error naming both lines.
fn keep<K: Ord + Clone + std::fmt::Debug>(
    prices: &mut BTreeMap<K, (f64, u64)>,
    key: K,
    usd: f64,
    line: u64,
    name: &str,
) -> Result<(), RefreshError> {
    match prices.get(&key) {
        Some((old, first)) if *old != usd => Err(RefreshError::record(
            name,
            format!("line {line}"),
            format!("{key:?} is priced {usd} here and {old} on line {first}"),
        )),
        Some(_) => Ok(()),
        None => {
            prices.insert(key, (usd, line));
            Ok(())
        }
    }
}

/// The figures' date: `about.timestamp`, seconds since 1970.
fn date_of(value: &str, name: &str, line: u64) -> Result<String, RefreshError> {
    let seconds: i64 = value.parse().ok().filter(|s| *s > 0).ok_or_else(|| {
        RefreshError::record(
            name,
            format!("line {line}, about.timestamp"),
            format!("{value:?} is not a time in seconds since 1970"),
        )
    })?;
    Ok(civil_from_days(seconds.div_euclid(86_400)))
}

/// Reads a `pricing.yml` (or an excerpt of its lines): the watched machine types' on-demand and
/// spot prices in the app's three Google Cloud regions, dated by the file's timestamp.
pub fn read(text: &str, source: &Source<'_>) -> Result<Found, RefreshError> {
    let name = source.name;
    let mut found = Found::default();
    let mut prices: BTreeMap<(String, String, bool), (f64, u64)> = BTreeMap::new();
    walk(text, name, |line, path, value| {
        match path {
            ["about", "timestamp"] => found.published = Some(date_of(value, name, line)?),
            ["compute", "instance", machine, "cost", region, field @ ("hour" | "hour_spot")] => {
                found.records += 1;
                if !Provider::Gcp.prices_region(region) {
                    return Ok(());
                }
                found.regions.insert(region.to_string());
                if !source.skus.contains(Provider::Gcp, machine) {
                    return Ok(());
                }
                let what = format!("{machine} in {region}, {field}");
                let usd = price(value, name, line, &what)?;
                if usd == 0.0 {
                    found.refuse(&["priced $0 (no price)"]);
                    return Ok(());
                }
                let key = (
                    region.to_string(),
                    machine.to_string(),
                    *field == "hour_spot",
                );
                keep(&mut prices, key, usd, line, name)?;
            }
            _ => {}
        }
        Ok(())
    })?;
    if found.records == 0 {
        return Err(RefreshError::file(
            name,
            "has no compute.instance hourly prices: not a google-cloud-pricing-cost-calculator \
             pricing.yml",
        ));
    }
    let mut machines: BTreeMap<(String, String), Figure> = BTreeMap::new();
    for ((region, sku, spot), (usd, _)) in prices {
        let figure = machines
            .entry((region.clone(), sku.clone()))
            .or_insert(Figure {
                provider: Provider::Gcp,
                region,
                sku,
                usd_per_hour: None,
                spot_usd_per_hour: None,
            });
        if spot {
            figure.spot_usd_per_hour = Some(usd);
        } else {
            figure.usd_per_hour = Some(usd);
        }
    }
    for figure in machines.into_values() {
        add_figure(&mut found.figures, figure);
    }
    // The disk, bucket and address prices, each in its offer's own unit.
    for unit in unit_prices(text, name)? {
        if source.skus.contains(Provider::Gcp, unit.sku) {
            add_figure(
                &mut found.figures,
                Figure {
                    provider: Provider::Gcp,
                    region: unit.region,
                    sku: unit.sku.to_string(),
                    usd_per_hour: Some(unit.usd),
                    spot_usd_per_hour: None,
                },
            );
        }
    }
    Ok(found)
}

/// A regional price of a storage or address SKU (an offer without vCPUs), in its offer's unit.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitPrice {
    /// The SKU as `offers.toml` names it (`pd-balanced`).
    pub sku: &'static str,
    /// The region.
    pub region: String,
    /// US dollars per [`UnitPrice::unit`].
    pub usd: f64,
    /// The offer's unit: `gb_month` (per GB-month) or `hour` (per address-hour).
    pub unit: &'static str,
}

/// Where `pricing.yml` keeps the course's storage and address prices: the keys above `cost`, the
/// field read under each region, the SKU as offers.toml names it, and its unit. A disk's and a
/// bucket's `month` is per GB-month; an address's `hour` is per address-hour (`ip.unused`, an
/// address reserved but on no machine, is priced apart and not read).
const UNIT_SKUS: [(&[&str], &str, &str, &str); 3] = [
    (
        &["compute", "storage", "balanced"],
        "month",
        "pd-balanced",
        "gb_month",
    ),
    (
        &["storage", "bucket", "standard"],
        "month",
        "gcs-standard",
        "gb_month",
    ),
    (
        &["compute", "network", "ip", "vm"],
        "hour",
        "external-ipv4-on-vm",
        "hour",
    ),
];

/// The storage and address prices of a `pricing.yml` in the app's three Google Cloud regions
/// (balanced persistent disk, Standard Cloud Storage, an external IPv4 address on a VM), sorted
/// by SKU and region.
pub fn unit_prices(text: &str, name: &str) -> Result<Vec<UnitPrice>, RefreshError> {
    // (SKU, its unit, region) -> (price, line).
    let mut prices: BTreeMap<(&'static str, &'static str, String), (f64, u64)> = BTreeMap::new();
    walk(text, name, |line, path, value| {
        for (keys, field, sku, unit) in UNIT_SKUS {
            let n = keys.len();
            let matches = path.len() == n + 3
                && path[..n] == *keys
                && path[n] == "cost"
                && path[n + 2] == field;
            if !matches || !Provider::Gcp.prices_region(path[n + 1]) {
                continue;
            }
            let what = format!("{sku} in {}, {field}", path[n + 1]);
            let usd = price(value, name, line, &what)?;
            if usd > 0.0 {
                let key = (sku, unit, path[n + 1].to_string());
                keep(&mut prices, key, usd, line, name)?;
            }
        }
        Ok(())
    })?;
    Ok(prices
        .into_iter()
        .map(|((sku, unit, region), (usd, _))| UnitPrice {
            sku,
            region,
            usd,
            unit,
        })
        .collect())
}
