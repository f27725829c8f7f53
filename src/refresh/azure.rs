//! Azure Retail Prices API pages (`https://prices.azure.com/api/retail/prices`, no key):
//! `{BillingCurrency, Items[], NextPageLink, Count}`, followed page by page through
//! `NextPageLink` (the page size is the API's to choose). One item per meter and price type.
//!
//! The traps, as SkyPilot's `fetch_azure.py` and Karpenter-Azure's generator handle them: only
//! `type` `Consumption` is pay-as-you-go (`DevTestConsumption` is a dev/test subscription's price,
//! and a `Reservation` row's `retailPrice` is the total for its 1- or 3-year term although its unit
//! says "1 Hour"); Windows (the `productName` suffix " Windows") and Cloud Services are left out;
//! Spot and Low Priority are not types but `skuName` suffixes (" Spot" is the spot price, " Low
//! Priority" the retired promotional tier, left out); the Linux row may have
//! `isPrimaryMeterRegion: false`, so that flag is not a filter.

use std::fmt;

use serde_json::{Map, Value};

use super::catalog::{add_figure, Figure, Provider};
use super::error::RefreshError;
use super::source::{Found, Source};
use super::watch::SkuList;

/// How one item reads.
#[derive(Clone, Debug, PartialEq)]
pub enum ItemPrice {
    /// The Linux pay-as-you-go price, USD per hour.
    OnDemand(f64),
    /// The Linux spot price, USD per hour.
    Spot(f64),
    /// Not a price the app uses, and why.
    Rejected(Vec<Reject>),
}

/// Why an item is not a Linux pay-as-you-go or spot price.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reject {
    /// A reservation: `retailPrice` is the total for the term (`reservationTerm`), not hourly.
    ReservationTermTotal(String),
    /// A dev/test subscription's price.
    DevTest,
    /// Another price type.
    OtherType(String),
    /// A Windows meter.
    Windows,
    /// A Cloud Services meter.
    CloudServices,
    /// The Low Priority tier.
    LowPriority,
    /// Not per hour.
    NotHourly(String),
    /// Not in US dollars.
    NotUsd(String),
    /// A zero price.
    ZeroPrice,
}

impl fmt::Display for Reject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reject::ReservationTermTotal(t) => write!(f, "a reservation's total for {t}"),
            Reject::DevTest => write!(f, "a dev/test price"),
            Reject::OtherType(t) => write!(f, "price type {t}"),
            Reject::Windows => write!(f, "Windows"),
            Reject::CloudServices => write!(f, "Cloud Services"),
            Reject::LowPriority => write!(f, "Low Priority"),
            Reject::NotHourly(u) => write!(f, "unit {u}, not 1 Hour"),
            Reject::NotUsd(c) => write!(f, "currency {c}, not USD"),
            Reject::ZeroPrice => write!(f, "a zero price"),
        }
    }
}

/// One VM item of a page: whose SKU, where, and how it reads.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    /// `armSkuName` (`Standard_D2s_v3`).
    pub sku: String,
    /// `armRegionName` (`eastus`).
    pub region: String,
    /// The price it gives, or why none.
    pub price: ItemPrice,
}

fn text<'a>(item: &'a Map<String, Value>, key: &str) -> &'a str {
    item.get(key).and_then(Value::as_str).unwrap_or("")
}

/// Reads one item of the `Items` array; `None` for items that are not virtual machines. A
/// `retailPrice` that is not a number is an error naming the item.
pub fn classify(item: &Value, name: &str, index: usize) -> Result<Option<Item>, RefreshError> {
    let Some(item) = item.as_object() else {
        return Err(RefreshError::record(
            name,
            format!("item {index}"),
            "is not an object",
        ));
    };
    if text(item, "serviceName") != "Virtual Machines" {
        return Ok(None);
    }
    let (sku, sku_name) = (text(item, "armSkuName"), text(item, "skuName"));
    let record = || {
        format!(
            "item {index} ({sku}, {sku_name:?}, meter {})",
            text(item, "meterId")
        )
    };
    let price = match item.get("retailPrice") {
        Some(Value::Number(n)) => n.as_f64().filter(|p| p.is_finite() && *p >= 0.0),
        _ => None,
    }
    .ok_or_else(|| {
        let value = item
            .get("retailPrice")
            .map_or("nothing".into(), Value::to_string);
        RefreshError::record(
            name,
            record(),
            format!("retailPrice {value} is not a price"),
        )
    })?;
    let mut rejects = Vec::new();
    match text(item, "type") {
        "Consumption" => {}
        "Reservation" => rejects.push(Reject::ReservationTermTotal(
            text(item, "reservationTerm").to_string(),
        )),
        "DevTestConsumption" => rejects.push(Reject::DevTest),
        other => rejects.push(Reject::OtherType(other.to_string())),
    }
    let product = text(item, "productName");
    if product.ends_with(" Windows") || product.contains(" Windows ") {
        rejects.push(Reject::Windows);
    }
    if product.contains("Cloud Services") || product.contains("CloudServices") {
        rejects.push(Reject::CloudServices);
    }
    if sku_name.ends_with(" Low Priority") {
        rejects.push(Reject::LowPriority);
    }
    let unit = text(item, "unitOfMeasure");
    if unit != "1 Hour" {
        rejects.push(Reject::NotHourly(unit.to_string()));
    }
    let currency = text(item, "currencyCode");
    if currency != "USD" {
        rejects.push(Reject::NotUsd(currency.to_string()));
    }
    if price == 0.0 {
        rejects.push(Reject::ZeroPrice);
    }
    let price = if !rejects.is_empty() {
        ItemPrice::Rejected(rejects)
    } else if sku_name.ends_with(" Spot") {
        ItemPrice::Spot(price)
    } else {
        ItemPrice::OnDemand(price)
    };
    Ok(Some(Item {
        sku: sku.to_string(),
        region: text(item, "armRegionName").to_string(),
        price,
    }))
}

/// One page read: its items and the link to the next page.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Page {
    /// The watched SKUs' figures, regions met and items read.
    pub found: Found,
    /// Every virtual machine item, read.
    pub items: Vec<Item>,
    /// `NextPageLink`, when there is a next page.
    pub next: Option<String>,
}

/// Reads one page (`name` names it in messages).
pub fn read_page(text: &str, name: &str, skus: &SkuList) -> Result<Page, RefreshError> {
    let page: Value = serde_json::from_str(text)
        .map_err(|e| RefreshError::file(name, format!("not a Retail Prices page: {e}")))?;
    let Some(items) = page.get("Items").and_then(Value::as_array) else {
        return Err(RefreshError::file(
            name,
            "has no Items: not a Retail Prices page",
        ));
    };
    let mut out = Page {
        next: page
            .get("NextPageLink")
            .and_then(Value::as_str)
            .filter(|l| !l.is_empty())
            .map(str::to_string),
        ..Page::default()
    };
    for (index, value) in items.iter().enumerate() {
        out.found.records += 1;
        let Some(item) = classify(value, name, index)? else {
            continue;
        };
        if Provider::Azure.prices_region(&item.region) {
            out.found.regions.insert(item.region.clone());
            if skus.contains(Provider::Azure, &item.sku) {
                let (usd_per_hour, spot_usd_per_hour) = match item.price {
                    ItemPrice::OnDemand(p) => (Some(p), None),
                    ItemPrice::Spot(p) => (None, Some(p)),
                    ItemPrice::Rejected(_) => (None, None),
                };
                if usd_per_hour.is_some() || spot_usd_per_hour.is_some() {
                    add_figure(
                        &mut out.found.figures,
                        Figure {
                            provider: Provider::Azure,
                            region: item.region.clone(),
                            sku: item.sku.clone(),
                            usd_per_hour,
                            spot_usd_per_hour,
                        },
                    );
                }
            }
        }
        out.items.push(item);
    }
    Ok(out)
}

/// Reads a saved page for the refresh (each page, saved by `--fetch` or recorded, has its own
/// manifest entry).
pub fn read(text: &str, source: &Source<'_>) -> Result<Found, RefreshError> {
    Ok(read_page(text, source.name, source.skus)?.found)
}
