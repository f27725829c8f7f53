//! A recorded AWS Pricing API `GetProducts` response (`aws pricing get-products`, boto3's
//! `get_products`): `{"FormatVersion": "aws_v1", "PriceList": [...]}`, each entry one product
//! with its own terms (`product`, `serviceCode`, `terms`, `version`, `publicationDate`), written
//! as a JSON text (as the API returns it) or as an object (as some tools save it). A file holding
//! one such product alone is read as a one-product response.
//!
//! A response is a page of at most 100 products, so it is read whole. Every product goes through
//! the offer files' filters ([`super::filter::judge`]): machines on the on-demand Linux shared
//! `BoxUsage` hourly USD row, storage and addresses on the on-demand first tier in their unit;
//! reserved terms and $0 rows are refused and counted. The file's version and date are its newest
//! product's (`version`, `publicationDate`); each figure is dated by its own product.

use std::collections::{BTreeMap, HashSet};

use serde::Deserialize;
use serde_json::Value;

use super::offer_json::{row, Attributes, Term};
use super::OfferScan;
use crate::refresh::date::date_part;
use crate::refresh::error::RefreshError;
use crate::refresh::json::{check, shown};
use crate::refresh::source::{Found, Source};
use crate::refresh::watch::SkuList;

/// One `PriceList` entry.
#[derive(Deserialize)]
struct Item {
    product: ItemProduct,
    #[serde(default)]
    terms: BTreeMap<String, BTreeMap<String, Term>>,
    version: Option<String>,
    #[serde(rename = "publicationDate")]
    publication_date: Option<String>,
}

#[derive(Deserialize)]
struct ItemProduct {
    #[serde(default)]
    sku: String,
    #[serde(default)]
    attributes: Attributes,
}

/// The response's entries: the `PriceList` array, or the file itself when it is one product.
fn entries<'v>(root: &'v Value, name: &str) -> Result<Vec<&'v Value>, RefreshError> {
    let not = |why: &str| RefreshError::file(name, format!("not a Pricing API GetProducts {why}"));
    let Some(object) = root.as_object() else {
        return Err(not("response: it is not a JSON object"));
    };
    if object.contains_key("products") {
        return Err(RefreshError::file(
            name,
            "is an AWS offer file (products, then terms), not a Pricing API GetProducts \
             response: name it as format \"aws-offer-json\" in catalogs.toml",
        ));
    }
    if let Some(version) = object.get("FormatVersion").filter(|v| *v != "aws_v1") {
        return Err(not(&format!(
            "response of FormatVersion \"aws_v1\": it states {version}"
        )));
    }
    match object.get("PriceList") {
        Some(Value::Array(list)) => Ok(list.iter().collect()),
        Some(_) => Err(not("response: its PriceList is not a list")),
        None if object.contains_key("product") && object.contains_key("terms") => Ok(vec![root]),
        None => Err(not("response: it has no PriceList")),
    }
}

/// The scan of a response.
struct Scan<'a> {
    name: &'a str,
    skus: Option<&'a SkuList>,
    out: OfferScan,
    products: HashSet<String>,
}

impl Scan<'_> {
    fn item(&mut self, entry: &Value, index: usize) -> Result<(), RefreshError> {
        let name = self.name;
        let fail =
            |message: String| RefreshError::record(name, format!("PriceList[{index}]"), message);
        let item: Item = match entry {
            Value::String(text) => {
                check(text, self.name).map_err(|e| fail(e.message))?;
                serde_json::from_str(text)
            }
            other => Item::deserialize(other),
        }
        .map_err(|e| fail(format!("is not a product with its terms: {e}")))?;
        self.out.found.records += 1;
        let sku = item.product.sku;
        if !sku.is_empty() && !self.products.insert(sku.clone()) {
            let message = format!(
                "repeats product {}: which is its price is not clear",
                shown(&sku)
            );
            return Err(fail(message));
        }
        let found = &mut self.out.found;
        if let Some(version) = item
            .version
            .filter(|v| found.version.as_deref() < Some(v.as_str()))
        {
            found.version = Some(version);
            found.published = item.publication_date.as_deref().and_then(date_part);
        }
        let mut attributes = item.product.attributes;
        attributes.identify();
        let (Some(instance_type), Some(region)) =
            (&attributes.instance_type, &attributes.region_code)
        else {
            return Ok(());
        };
        let (instance_type, region) = (instance_type.clone(), region.clone());
        if !self.out.watches(self.skus, &instance_type, &region) {
            return Ok(());
        }
        for (term_type, terms) in &item.terms {
            for (term_code, term) in terms {
                for (rate_code, dimension) in &term.price_dimensions {
                    self.out.found.records += 1;
                    let later_tier = dimension.begin_range.as_deref().is_some_and(|r| r != "0");
                    if later_tier && attributes.storage.is_none() {
                        continue;
                    }
                    let record =
                        || format!("PriceList[{index}], term {term_code}, rate {rate_code}");
                    let (currency, price) = dimension.price();
                    let Some(Value::String(price)) = price else {
                        let message = format!("pricePerUnit has no price as text: {price:?}");
                        return Err(RefreshError::record(self.name, record(), message));
                    };
                    let mut row = row(&attributes, &dimension.unit, currency, price);
                    row.term_type = term_type;
                    row.later_tier = later_tier;
                    self.out
                        .judge_row(&sku, &row)
                        .map_err(|m| RefreshError::record(self.name, record(), m))?;
                    let kept = self.out.judged.last().is_some_and(|j| j.rejects.is_empty());
                    let date = item.publication_date.as_deref().and_then(date_part);
                    if let (Some(date), true) = (date, kept) {
                        let key = (region.clone(), instance_type.clone());
                        self.out.found.figure_dates.insert(key, date);
                    }
                }
            }
        }
        Ok(())
    }
}

/// Scans a response: the figures, and every watched row's verdict (with no SKU list: every row's).
pub fn scan(text: &str, name: &str, skus: Option<&SkuList>) -> Result<OfferScan, RefreshError> {
    let root: Value = serde_json::from_str(text).map_err(|e| {
        RefreshError::file(name, format!("not a readable GetProducts response: {e}"))
    })?;
    let mut scan = Scan {
        name,
        skus,
        out: OfferScan::default(),
        products: HashSet::new(),
    };
    for (index, entry) in entries(&root, name)?.into_iter().enumerate() {
        scan.item(entry, index)?;
    }
    Ok(scan.out)
}

/// Reads a response for the refresh.
pub fn read(text: &str, source: &Source<'_>) -> Result<Found, RefreshError> {
    scan(text, source.name, Some(source.skus)).map(|s| s.found)
}
