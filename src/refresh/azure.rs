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
//!
//! Storage and public addresses (issue 44) are read by their product and meter names
//! ([`super::storage::AZURE`]): pay-as-you-go (`Consumption`), in their own unit, in US dollars,
//! above zero, and in their first tier (`tierMinimumUnits` 0: Blob Storage's volume discounts are
//! not the list price); a managed disk's disk-month price becomes a GB-month price.
//!
//! A page is streamed: one item at a time (each checked for keys written twice), strings capped
//! ([`super::json`]); a figure is dated by its item's `effectiveStartDate`, the day that price
//! took effect.

use std::fmt;
use std::io::Read;

use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use super::catalog::{add_figure, Figure, Provider};
use super::date::date_part;
use super::error::RefreshError;
use super::json::{CappedReader, Strict};
use super::source::{Found, Source};
use super::storage::{azure_meter, AzureMeter};
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
    /// Not the unit a storage or address offer is priced in (got, expected).
    NotUnit(String, &'static str),
    /// A price tier beyond the first (`tierMinimumUnits` above 0).
    LaterTier,
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
            Reject::NotUnit(u, want) => write!(f, "unit {u}, not {want}"),
            Reject::LaterTier => write!(f, "a price tier beyond the first"),
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
    /// The date its `effectiveStartDate` says the price took effect, if it says one.
    pub effective: Option<String>,
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
    let storage = azure_meter(text(item, "productName"), text(item, "meterName"));
    if text(item, "serviceName") != "Virtual Machines" && storage.is_none() {
        return Ok(None);
    }
    let sku_name = text(item, "skuName");
    let sku = storage.map_or(text(item, "armSkuName"), |m| m.sku);
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
    if let Some(meter) = storage {
        return Ok(Some(storage_item(item, meter, price)));
    }
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
        effective: date_part(text(item, "effectiveStartDate")),
    }))
}

/// Why a price type is not pay-as-you-go, if it is not.
fn price_type(item: &Map<String, Value>) -> Option<Reject> {
    match text(item, "type") {
        "Consumption" => None,
        "Reservation" => Some(Reject::ReservationTermTotal(
            text(item, "reservationTerm").to_string(),
        )),
        "DevTestConsumption" => Some(Reject::DevTest),
        other => Some(Reject::OtherType(other.to_string())),
    }
}

/// A storage or address item read: its offer's price in the offer's unit, or why not.
fn storage_item(item: &Map<String, Value>, meter: &AzureMeter, retail: f64) -> Item {
    let mut rejects: Vec<Reject> = price_type(item).into_iter().collect();
    let unit = text(item, "unitOfMeasure");
    if unit != meter.unit {
        rejects.push(Reject::NotUnit(unit.to_string(), meter.unit));
    }
    let currency = text(item, "currencyCode");
    if currency != "USD" {
        rejects.push(Reject::NotUsd(currency.to_string()));
    }
    if retail == 0.0 {
        rejects.push(Reject::ZeroPrice);
    }
    if item
        .get("tierMinimumUnits")
        .and_then(Value::as_f64)
        .is_some_and(|t| t != 0.0)
    {
        rejects.push(Reject::LaterTier);
    }
    Item {
        sku: meter.sku.to_string(),
        region: text(item, "armRegionName").to_string(),
        price: if rejects.is_empty() {
            ItemPrice::OnDemand(meter.price(retail))
        } else {
            ItemPrice::Rejected(rejects)
        },
        effective: date_part(text(item, "effectiveStartDate")),
    }
}

/// One page read: its items and the link to the next page.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Page {
    /// The watched SKUs' figures, regions met and items read.
    pub found: Found,
    /// Every virtual machine item, read (kept only by [`read_page`]; the refresh keeps none).
    pub items: Vec<Item>,
    /// `NextPageLink`, when there is a next page.
    pub next: Option<String>,
}

/// The page being read.
struct Reading<'a> {
    name: &'a str,
    skus: &'a SkuList,
    keep_items: bool,
    page: Page,
    has_items: bool,
    failure: Option<RefreshError>,
}

impl Reading<'_> {
    fn item(&mut self, value: &Value, index: usize) -> Result<(), RefreshError> {
        self.page.found.records += 1;
        let Some(item) = classify(value, self.name, index)? else {
            return Ok(());
        };
        let found = &mut self.page.found;
        if Provider::Azure.prices_region(&item.region) {
            found.regions.insert(item.region.clone());
            if self.skus.contains(Provider::Azure, &item.sku) {
                let (usd_per_hour, spot_usd_per_hour) = match &item.price {
                    ItemPrice::OnDemand(p) => (Some(*p), None),
                    ItemPrice::Spot(p) => (None, Some(*p)),
                    ItemPrice::Rejected(rejects) => {
                        found.refuse(rejects);
                        (None, None)
                    }
                };
                if usd_per_hour.is_some() {
                    if let Some(date) = &item.effective {
                        let key = (item.region.clone(), item.sku.clone());
                        found.figure_dates.insert(key, date.clone());
                    }
                }
                if usd_per_hour.is_some() || spot_usd_per_hour.is_some() {
                    add_figure(
                        &mut found.figures,
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
        if self.keep_items {
            self.page.items.push(item);
        }
        Ok(())
    }

    fn fail<E: de::Error>(&mut self, error: RefreshError) -> E {
        let text = error.to_string();
        self.failure = Some(error);
        E::custom(text)
    }
}

/// Which part of the page a visitor reads.
struct PageSeed<'r, 'a> {
    reading: &'r mut Reading<'a>,
    items: bool,
}

impl<'de> DeserializeSeed<'de> for PageSeed<'_, '_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        if self.items {
            deserializer.deserialize_seq(self)
        } else {
            deserializer.deserialize_map(self)
        }
    }
}

impl<'de> Visitor<'de> for PageSeed<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.items {
            "the Items array"
        } else {
            "a Retail Prices page (an object)"
        })
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut seen: Vec<String> = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            if seen.contains(&key) {
                let message = format!("the key {key:?} is written twice");
                let error = RefreshError::file(self.reading.name, message);
                return Err(self.reading.fail(error));
            }
            match key.as_str() {
                "Items" => {
                    self.reading.has_items = true;
                    map.next_value_seed(PageSeed {
                        reading: &mut *self.reading,
                        items: true,
                    })?;
                }
                "NextPageLink" => {
                    let link: Option<String> = map.next_value()?;
                    self.reading.page.next = link.filter(|l| !l.is_empty());
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
            if seen.len() < 64 {
                seen.push(key);
            }
        }
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut index = 0;
        while let Some(Strict(value)) = seq.next_element()? {
            if let Err(error) = self.reading.item(&value, index) {
                return Err(self.reading.fail(error));
            }
            index += 1;
        }
        Ok(())
    }
}

fn stream<R: Read>(
    reader: R,
    name: &str,
    skus: &SkuList,
    keep_items: bool,
) -> Result<Page, RefreshError> {
    let mut reading = Reading {
        name,
        skus,
        keep_items,
        page: Page::default(),
        has_items: false,
        failure: None,
    };
    let buffered = std::io::BufReader::with_capacity(1 << 16, CappedReader::new(reader));
    let mut deserializer = serde_json::Deserializer::from_reader(buffered);
    let result = PageSeed {
        reading: &mut reading,
        items: false,
    }
    .deserialize(&mut deserializer)
    .and_then(|()| deserializer.end());
    if let Some(failure) = reading.failure.take() {
        return Err(failure);
    }
    result.map_err(|e| RefreshError::file(name, format!("not a Retail Prices page: {e}")))?;
    if !reading.has_items {
        return Err(RefreshError::file(
            name,
            "has no Items: not a Retail Prices page",
        ));
    }
    Ok(reading.page)
}

/// Reads one page from a stream, keeping no item (`--fetch` reads its `NextPageLink` so).
pub fn read_stream<R: Read>(reader: R, name: &str, skus: &SkuList) -> Result<Page, RefreshError> {
    stream(reader, name, skus, false)
}

/// Reads one page (`name` names it in messages), keeping every VM item read.
pub fn read_page(text: &str, name: &str, skus: &SkuList) -> Result<Page, RefreshError> {
    stream(text.as_bytes(), name, skus, true)
}

/// Reads a saved page for the refresh, streamed (each page, saved by `--fetch` or recorded, has
/// its own manifest entry).
pub fn read<R: Read>(reader: R, source: &Source<'_>) -> Result<Found, RefreshError> {
    Ok(stream(reader, source.name, source.skus, false)?.found)
}
