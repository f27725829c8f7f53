//! The CSV offer file (`index.csv`), streamed: five metadata lines (`"FormatVersion"`,
//! `"Disclaimer"`, `"Publication Date"`, `"Version"`, `"OfferCode"`), a header, then one row per
//! price dimension of every term, the product's attributes repeated on each. Column sets differ
//! between files, so columns are found by name.

use std::io::Read;

use super::filter::OfferRow;
use super::OfferScan;
use crate::refresh::csv_rows::{columns, for_each_record, optional_column};
use crate::refresh::date::date_part;
use crate::refresh::error::RefreshError;
use crate::refresh::source::{Found, Source};
use crate::refresh::storage::aws_row;
use crate::refresh::watch::SkuList;

/// The columns the filters read, in [`Cols`] order, with the spellings files use.
const WANTED: [&[&str]; 10] = [
    &["SKU"],
    &["TermType"],
    &["Unit"],
    &["PricePerUnit"],
    &["Currency"],
    &["Instance Type"],
    &["Region Code"],
    &["Operating System"],
    &["Tenancy"],
    &["usageType", "Usage Type"],
];

/// Column indexes of the header.
struct Cols {
    wanted: Vec<usize>,
    pre_installed_sw: Option<usize>,
    capacity_status: Option<usize>,
    market_option: Option<usize>,
    starting_range: Option<usize>,
    service_code: Option<usize>,
}

impl Cols {
    fn new(header: &[&str], name: &str) -> Result<Cols, RefreshError> {
        Ok(Cols {
            wanted: columns(header, &WANTED, name)?,
            pre_installed_sw: optional_column(header, &["Pre Installed S/W"]),
            capacity_status: optional_column(header, &["CapacityStatus"]),
            market_option: optional_column(header, &["MarketOption", "Market Option"]),
            starting_range: optional_column(header, &["StartingRange"]),
            service_code: optional_column(header, &["serviceCode", "Service Code"]),
        })
    }

    fn field<'a>(&self, fields: &[&'a str], which: usize) -> &'a str {
        fields.get(self.wanted[which]).copied().unwrap_or("")
    }

    fn optional<'a>(fields: &[&'a str], column: Option<usize>) -> Option<&'a str> {
        column.and_then(|c| fields.get(c).copied())
    }

    fn row<'a>(&self, fields: &[&'a str]) -> OfferRow<'a> {
        OfferRow {
            term_type: self.field(fields, 1),
            unit: self.field(fields, 2),
            price: self.field(fields, 3),
            currency: self.field(fields, 4),
            instance_type: self.field(fields, 5),
            region_code: self.field(fields, 6),
            operating_system: self.field(fields, 7),
            tenancy: self.field(fields, 8),
            usage_type: self.field(fields, 9),
            pre_installed_sw: Cols::optional(fields, self.pre_installed_sw),
            capacity_status: Cols::optional(fields, self.capacity_status),
            market_option: Cols::optional(fields, self.market_option),
            storage: None,
            later_tier: false,
        }
    }

    /// The row, with a storage or address product (no instance type) named by its offer's SKU.
    fn storage_row<'a>(&self, fields: &[&'a str]) -> OfferRow<'a> {
        let mut row = self.row(fields);
        if row.instance_type.is_empty() {
            let service = Cols::optional(fields, self.service_code).unwrap_or("");
            row.storage = aws_row(service, row.usage_type);
            if let Some(storage) = row.storage {
                row.instance_type = storage.sku;
            }
        }
        row.later_tier =
            Cols::optional(fields, self.starting_range).is_some_and(|r| !r.is_empty() && r != "0");
        row
    }
}

/// Scans a CSV offer file: the figures, and every watched row's verdict (with no SKU list: every
/// row's, an audit of the whole file).
pub fn scan<R: Read>(
    reader: R,
    name: &str,
    skus: Option<&SkuList>,
) -> Result<OfferScan, RefreshError> {
    let mut out = OfferScan::default();
    let mut cols: Option<Cols> = None;
    for_each_record(reader, name, |line, fields| {
        let Some(cols) = &cols else {
            match fields.first().copied() {
                Some("Publication Date") => {
                    out.found.published = fields.get(1).and_then(|d| date_part(d));
                }
                Some("Version") => out.found.version = fields.get(1).map(|v| v.to_string()),
                Some("SKU") => cols = Some(Cols::new(fields, name)?),
                _ if line > 5 => {
                    return Err(RefreshError::file(
                        name,
                        "has no header row (\"SKU\",\"OfferTermCode\",...) after its five \
                         metadata lines: not an AWS offer file in CSV",
                    ))
                }
                _ => {}
            }
            return Ok(());
        };
        out.found.records += 1;
        let row = cols.storage_row(fields);
        if (row.later_tier && row.storage.is_none())
            || !out.watches(skus, row.instance_type, row.region_code)
        {
            return Ok(());
        }
        let product = cols.field(fields, 0);
        out.judge_row(product, &row)
            .map_err(|m| RefreshError::record(name, format!("line {line}, product {product}"), m))
    })?;
    if cols.is_none() {
        return Err(RefreshError::file(
            name,
            "is empty: not an AWS offer file in CSV",
        ));
    }
    Ok(out)
}

/// Reads a CSV offer file for the refresh.
pub fn read<R: Read>(reader: R, source: &Source<'_>) -> Result<Found, RefreshError> {
    scan(reader, source.name, Some(source.skus)).map(|s| s.found)
}
