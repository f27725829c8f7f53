//! The JSON offer file, streamed: serde visits `products` and `terms` one entry at a time, keeps
//! the products of watched instance types in priced regions (a few dozen), reads those products'
//! on-demand terms and skips everything else without keeping it (the other price rows, reserved
//! terms most of them, are only counted: a record is a product or a price row, as in the CSV). Memory stays the same for a 5 MB excerpt and a 5 GB region file.
//!
//! AWS writes `products` before `terms`; a file that does not is refused rather than read with
//! every on-demand term kept. A Pricing API `GetProducts` response (a `PriceList` of products
//! each with its own terms) is named as such. No string may run over [`crate::refresh::json::MAX_STRING`] bytes, and a
//! watched product, term or price dimension written twice is an error naming it.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::io::{BufReader, Read};

use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, Visitor};
use serde::Deserialize;
use serde_json::Value;

use super::filter::OfferRow;
use super::OfferScan;
use crate::refresh::date::date_part;
use crate::refresh::error::RefreshError;
use crate::refresh::json::{shown, unique_map, CappedReader};
use crate::refresh::source::{Found, Source};
use crate::refresh::storage::{aws_row, AwsRow};
use crate::refresh::watch::SkuList;

/// The product attributes the filters read (everything else is skipped unread).
#[derive(Clone, Debug, Default, Deserialize)]
pub(super) struct Attributes {
    #[serde(rename = "instanceType")]
    pub(super) instance_type: Option<String>,
    #[serde(rename = "regionCode")]
    pub(super) region_code: Option<String>,
    #[serde(rename = "operatingSystem")]
    operating_system: Option<String>,
    tenancy: Option<String>,
    #[serde(rename = "preInstalledSw")]
    pre_installed_sw: Option<String>,
    capacitystatus: Option<String>,
    marketoption: Option<String>,
    usagetype: Option<String>,
    servicecode: Option<String>,
    /// The storage or address offer a product without an instance type is (set on reading).
    #[serde(skip)]
    pub(super) storage: Option<&'static AwsRow>,
}

impl Attributes {
    /// Names a product without an instance type by the storage or address offer it is (its
    /// service and usage type), so the filters and the watch list see it as that SKU.
    pub(super) fn identify(&mut self) {
        if self.instance_type.is_none() {
            let service = self.servicecode.as_deref().unwrap_or("");
            let usage = self.usagetype.as_deref().unwrap_or("");
            self.storage = aws_row(service, usage);
            self.instance_type = self.storage.map(|r| r.sku.to_string());
        }
    }
}

#[derive(Deserialize)]
struct Product {
    #[serde(default)]
    attributes: Attributes,
}

#[derive(Deserialize)]
pub(super) struct Term {
    #[serde(rename = "priceDimensions", default, deserialize_with = "unique_map")]
    pub(super) price_dimensions: BTreeMap<String, Dimension>,
}

#[derive(Deserialize)]
pub(super) struct Dimension {
    #[serde(default)]
    pub(super) unit: String,
    #[serde(rename = "beginRange")]
    pub(super) begin_range: Option<String>,
    #[serde(rename = "pricePerUnit", default)]
    pub(super) price_per_unit: BTreeMap<String, Value>,
}

impl Dimension {
    /// The price's currency and text: USD where it is given, else the one currency written.
    pub(super) fn price(&self) -> (&str, Option<&Value>) {
        match self.price_per_unit.iter().next() {
            Some(_) if self.price_per_unit.contains_key("USD") => {
                ("USD", self.price_per_unit.get("USD"))
            }
            Some((currency, value)) => (currency.as_str(), Some(value)),
            None => ("", None),
        }
    }
}

/// The scan in progress.
struct Scan<'a> {
    name: &'a str,
    skus: Option<&'a SkuList>,
    /// Watched products by product SKU (their instance type and region are set).
    kept: HashMap<String, Attributes>,
    seen_products: bool,
    /// The file's top-level keys met so far (the first few), to name what the file is.
    top_keys: Vec<String>,
    /// The watched products whose on-demand terms were read.
    priced: std::collections::HashSet<String>,
    out: OfferScan,
    /// The structured error behind a serde error this scan raised.
    failure: Option<RefreshError>,
}

impl Scan<'_> {
    fn fail<E: de::Error>(&mut self, record: Option<String>, message: String) -> E {
        let error = RefreshError {
            file: self.name.to_string(),
            record,
            message,
        };
        let text = error.to_string();
        self.failure = Some(error);
        E::custom(text)
    }

    fn product<E: de::Error>(&mut self, sku: String, mut attributes: Attributes) -> Result<(), E> {
        self.out.found.records += 1;
        if self.kept.contains_key(&sku) {
            let message = "is written twice in products: which is the product is not clear";
            return Err(self.fail(Some(format!("product {}", shown(&sku))), message.into()));
        }
        attributes.identify();
        let (Some(instance_type), Some(region)) =
            (&attributes.instance_type, &attributes.region_code)
        else {
            return Ok(());
        };
        if self.out.watches(self.skus, instance_type, region) {
            self.kept.insert(sku, attributes);
        }
        Ok(())
    }

    fn on_demand<E: de::Error>(
        &mut self,
        sku: &str,
        terms: BTreeMap<String, Term>,
    ) -> Result<(), E> {
        let Some(attributes) = self.kept.get(sku).cloned() else {
            return Ok(());
        };
        if !self.priced.insert(sku.to_string()) {
            let message = "has its on-demand terms written twice".to_string();
            return Err(self.fail(Some(format!("product {sku}")), message));
        }
        for (term_code, term) in terms {
            for (rate_code, dimension) in term.price_dimensions {
                let later_tier = dimension.begin_range.as_deref().is_some_and(|r| r != "0");
                if later_tier && attributes.storage.is_none() {
                    continue;
                }
                let record = || Some(format!("product {sku}, term {term_code}, rate {rate_code}"));
                let (currency, price) = dimension.price();
                let Some(Value::String(price)) = price else {
                    let message = format!("pricePerUnit has no price as text: {:?}", price);
                    return Err(self.fail(record(), message));
                };
                let mut row = row(&attributes, &dimension.unit, currency, price);
                row.later_tier = later_tier;
                if let Err(message) = self.out.judge_row(sku, &row) {
                    return Err(self.fail(record(), message));
                }
            }
        }
        Ok(())
    }
}

/// What a Pricing API `GetProducts` response is told.
const GET_PRODUCTS: &str = "is an AWS Pricing API GetProducts response (a PriceList of products, \
     each with its own terms), not an offer file: name it as format \"aws-pricing-getproducts\" \
     in catalogs.toml, or download the region's offer file \
     (offers/v1.0/aws/AmazonEC2/current/<region>/index.json) or its CSV form";

impl Scan<'_> {
    /// Whether the file is a `GetProducts` response (`PriceList`, `FormatVersion` "aws_v1") or
    /// one of its items (`product`, `serviceCode` and `terms`), met at `key`.
    fn is_get_products(&self, key: &str) -> bool {
        let has = |k: &str| self.top_keys.iter().any(|t| t == k);
        key == "PriceList" || (!self.seen_products && (has("product") || has("serviceCode")))
    }
}

/// A product's on-demand terms, each term code once.
#[derive(Deserialize)]
struct UniqueTerms(#[serde(deserialize_with = "unique_map")] BTreeMap<String, Term>);

pub(super) fn row<'a>(
    a: &'a Attributes,
    unit: &'a str,
    currency: &'a str,
    price: &'a str,
) -> OfferRow<'a> {
    OfferRow {
        term_type: "OnDemand",
        instance_type: a.instance_type.as_deref().unwrap_or(""),
        region_code: a.region_code.as_deref().unwrap_or(""),
        operating_system: a.operating_system.as_deref().unwrap_or(""),
        tenancy: a.tenancy.as_deref().unwrap_or(""),
        pre_installed_sw: a.pre_installed_sw.as_deref(),
        capacity_status: a.capacitystatus.as_deref(),
        market_option: a.marketoption.as_deref(),
        usage_type: a.usagetype.as_deref().unwrap_or(""),
        unit,
        currency,
        price,
        storage: a.storage,
        later_tier: false,
    }
}

/// Which part of the file a visitor reads.
#[derive(Clone, Copy)]
enum Part {
    File,
    Products,
    Terms,
    OnDemand,
    /// Another term type's products (reserved terms): their price rows are counted, never read.
    Counted,
    /// One product's terms of another type.
    CountedTerms,
    /// One term of another type.
    CountedTerm,
    /// A term's price dimensions: one record each.
    CountedDimensions,
}

struct PartSeed<'s, 'a> {
    scan: &'s mut Scan<'a>,
    part: Part,
}

impl<'de> DeserializeSeed<'de> for PartSeed<'_, '_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for PartSeed<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object of the AWS offer file")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let scan = self.scan;
        while let Some(key) = map.next_key::<String>()? {
            if matches!(self.part, Part::File) && scan.top_keys.len() < 32 {
                scan.top_keys.push(key.clone());
            }
            match (self.part, key.as_str()) {
                (Part::File, "version") => scan.out.found.version = Some(map.next_value()?),
                (Part::File, "publicationDate") => {
                    scan.out.found.published = date_part(&map.next_value::<String>()?);
                }
                (Part::File, "products") => {
                    map.next_value_seed(PartSeed {
                        scan: &mut *scan,
                        part: Part::Products,
                    })?;
                    scan.seen_products = true;
                }
                (Part::File, "terms" | "PriceList") if scan.is_get_products(&key) => {
                    return Err(scan.fail(None, GET_PRODUCTS.to_string()));
                }
                (Part::File, "terms") if !scan.seen_products => {
                    let message = "its terms come before its products; AWS writes products first, \
                                   and a streamed read needs them first"
                        .to_string();
                    return Err(scan.fail(None, message));
                }
                (Part::File, "terms") => {
                    map.next_value_seed(PartSeed {
                        scan: &mut *scan,
                        part: Part::Terms,
                    })?;
                }
                (Part::Products, _) => {
                    let product: Product = map.next_value()?;
                    scan.product(key, product.attributes)?;
                }
                (Part::Terms, "OnDemand") => {
                    map.next_value_seed(PartSeed {
                        scan: &mut *scan,
                        part: Part::OnDemand,
                    })?;
                }
                (Part::Terms, _) => {
                    map.next_value_seed(PartSeed {
                        scan: &mut *scan,
                        part: Part::Counted,
                    })?;
                }
                (Part::OnDemand, _) if scan.kept.contains_key(&key) => {
                    let terms: UniqueTerms = map.next_value()?;
                    let terms = terms.0;
                    let rows: usize = terms.values().map(|t| t.price_dimensions.len()).sum();
                    scan.out.found.records += rows as u64;
                    scan.on_demand(&key, terms)?;
                }
                (Part::OnDemand | Part::Counted, _) => {
                    map.next_value_seed(PartSeed {
                        scan: &mut *scan,
                        part: Part::CountedTerms,
                    })?;
                }
                (Part::CountedTerms, _) => {
                    map.next_value_seed(PartSeed {
                        scan: &mut *scan,
                        part: Part::CountedTerm,
                    })?;
                }
                (Part::CountedTerm, "priceDimensions") => {
                    let part = Part::CountedDimensions;
                    map.next_value_seed(PartSeed {
                        scan: &mut *scan,
                        part,
                    })?;
                }
                (Part::CountedDimensions, _) => {
                    scan.out.found.records += 1;
                    map.next_value::<IgnoredAny>()?;
                }
                (Part::File | Part::CountedTerm, _) => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }
}

/// Scans an offer file: the figures, and every watched row's verdict (with no SKU list: every
/// row's, an audit of the whole file).
pub fn scan<R: Read>(
    reader: R,
    name: &str,
    skus: Option<&SkuList>,
) -> Result<OfferScan, RefreshError> {
    let mut scan = Scan {
        name,
        skus,
        kept: HashMap::new(),
        seen_products: false,
        top_keys: Vec::new(),
        priced: std::collections::HashSet::new(),
        out: OfferScan::default(),
        failure: None,
    };
    let buffered = BufReader::with_capacity(1 << 16, CappedReader::new(reader));
    let mut deserializer = serde_json::Deserializer::from_reader(buffered);
    let result = PartSeed {
        scan: &mut scan,
        part: Part::File,
    }
    .deserialize(&mut deserializer)
    .and_then(|()| deserializer.end());
    if let Some(failure) = scan.failure.take() {
        return Err(failure);
    }
    result.map_err(|e| RefreshError::file(name, format!("not a readable AWS offer file: {e}")))?;
    if !scan.seen_products {
        if scan.is_get_products("") {
            return Err(RefreshError::file(name, GET_PRODUCTS));
        }
        return Err(RefreshError::file(
            name,
            "has no products: not an AWS offer file",
        ));
    }
    Ok(scan.out)
}

/// Reads an offer file for the refresh.
pub fn read<R: Read>(reader: R, source: &Source<'_>) -> Result<Found, RefreshError> {
    scan(reader, source.name, Some(source.skus)).map(|s| s.found)
}
