//! One figure per SKU and region from every catalog read: the newest. A dated catalog is newer
//! than an undated one; between catalogs of the same date, the provider's own is preferred to a
//! derived table, then the one listed first. On-demand and spot prices are chosen apart (a
//! generated on-demand map and a spot catalog are different publications), each keeping its own
//! date and source. A SKU with no on-demand price in a region is absent from that region.

use std::collections::{BTreeMap, BTreeSet};

use super::catalog::{CatalogInfo, CatalogRead, Provider};

/// The prices chosen for one SKU in one region.
#[derive(Clone, Debug, PartialEq)]
pub struct Chosen {
    /// The SKU (`offers.toml`'s `sku`).
    pub sku: String,
    /// On-demand US dollars per instance-hour.
    pub usd_per_hour: f64,
    /// The date it holds at (`None`: its catalog is undated).
    pub as_of: Option<String>,
    /// Its catalog's address.
    pub source: String,
    /// Spot US dollars per instance-hour, with its own date and catalog, when a catalog gives one.
    pub spot: Option<(f64, Option<String>, String)>,
}

/// Everything chosen for one provider and region.
#[derive(Clone, Debug, PartialEq)]
pub struct RegionPrices {
    /// Whose.
    pub provider: Provider,
    /// Which region.
    pub region: String,
    /// The catalogs read that cover this region: the one most figures come from first.
    pub catalogs: Vec<CatalogInfo>,
    /// The chosen prices, sorted by SKU.
    pub prices: Vec<Chosen>,
}

/// Which candidate wins: later date, then the provider's own catalog, then the earlier read.
fn rank<'a>(
    read: &'a CatalogRead,
    date: Option<&'a str>,
    index: usize,
) -> (Option<&'a str>, bool, std::cmp::Reverse<usize>) {
    (date, !read.catalog.derived, std::cmp::Reverse(index))
}

/// The newest price of one kind (on demand or spot) for a SKU in a region, with its date (the
/// figure's own, else its catalog's: spot figures take their catalog's), read and index.
fn newest<'a>(
    reads: &'a [CatalogRead],
    provider: Provider,
    region: &str,
    sku: &str,
    spot: bool,
) -> Option<(f64, Option<&'a str>, &'a CatalogRead, usize)> {
    reads
        .iter()
        .enumerate()
        .filter(|(_, r)| r.provider == provider)
        .filter_map(|(i, r)| {
            let figure = r
                .figures
                .iter()
                .find(|f| f.region == region && f.sku == sku)?;
            let price = if spot {
                figure.spot_usd_per_hour
            } else {
                figure.usd_per_hour
            };
            let date = if spot {
                r.as_of.as_deref()
            } else {
                r.figure_as_of(region, sku)
            };
            price.map(|p| (p, date, r, i))
        })
        .max_by(|(_, d, a, i), (_, e, b, j)| rank(a, *d, *i).cmp(&rank(b, *e, *j)))
}

/// Chooses every region's prices. Only regions some read covers are returned: a region no
/// catalog speaks for keeps its previous file.
pub fn merge(reads: &[CatalogRead]) -> Vec<RegionPrices> {
    let mut out = Vec::new();
    for provider in Provider::ALL {
        for region in provider.regions() {
            let covering: Vec<usize> = (0..reads.len())
                .filter(|&i| reads[i].provider == provider && reads[i].regions.contains(*region))
                .collect();
            if covering.is_empty() {
                continue;
            }
            out.push(region_prices(reads, provider, region, &covering));
        }
    }
    out
}

fn region_prices(
    reads: &[CatalogRead],
    provider: Provider,
    region: &str,
    covering: &[usize],
) -> RegionPrices {
    let skus: BTreeSet<&str> = covering
        .iter()
        .flat_map(|&i| reads[i].figures.iter())
        .filter(|f| f.region == region)
        .map(|f| f.sku.as_str())
        .collect();
    let mut used: BTreeMap<usize, usize> = BTreeMap::new();
    let mut prices = Vec::new();
    for sku in skus {
        let Some((usd, as_of, read, index)) = newest(reads, provider, region, sku, false) else {
            continue;
        };
        *used.entry(index).or_default() += 1;
        let spot = newest(reads, provider, region, sku, true)
            .map(|(p, d, r, _)| (p, d.map(str::to_string), r.catalog.url.clone()));
        prices.push(Chosen {
            sku: sku.to_string(),
            usd_per_hour: usd,
            as_of: as_of.map(str::to_string),
            source: read.catalog.url.clone(),
            spot,
        });
    }
    let mut order: Vec<usize> = covering.to_vec();
    order.sort_by_key(|&i| {
        let count = used.get(&i).copied().unwrap_or(0);
        (
            std::cmp::Reverse(count),
            std::cmp::Reverse(reads[i].as_of.clone()),
            i,
        )
    });
    let mut catalogs: Vec<CatalogInfo> = Vec::new();
    for i in order {
        if !catalogs.contains(&reads[i].catalog) {
            catalogs.push(reads[i].catalog.clone());
        }
    }
    RegionPrices {
        provider,
        region: region.to_string(),
        catalogs,
        prices,
    }
}

/// The watched SKUs a region has no price for that a derived table read for that region prices
/// in another region: not sold there, as far as the catalogs read tell (a derived table, and each
/// excerpt of one, keeps every region a SKU is offered in; a provider's catalog page may be one
/// page of several, so it tells nothing of what is missing). Sorted.
pub fn not_sold_in(
    reads: &[CatalogRead],
    provider: Provider,
    region: &str,
    priced: &BTreeSet<&str>,
) -> Vec<String> {
    let mut out = BTreeSet::new();
    for read in reads
        .iter()
        .filter(|r| r.provider == provider && r.catalog.derived && r.regions.contains(region))
    {
        let here: BTreeSet<&str> = read
            .figures
            .iter()
            .filter(|f| f.region == region)
            .map(|f| f.sku.as_str())
            .collect();
        for figure in read.figures.iter().filter(|f| f.region != region) {
            let sku = figure.sku.as_str();
            if !here.contains(sku) && !priced.contains(sku) {
                out.insert(sku.to_string());
            }
        }
    }
    out.into_iter().collect()
}
