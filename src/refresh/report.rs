//! `--report FILE`: for reviewers and tools, `{"prices": [...], "refused": [...]}`: one flat
//! entry per provider, region and SKU, `{provider, region, sku, usd_per_hour, spot_usd_per_hour,
//! as_of, source, spot_as_of, spot_source}` (the snapshot's price entries with their provider
//! and region), and the rows of watched SKUs each catalog refused, counted by reason
//! `{file, provider, reason, rows}` (a Capacity Block's $0 row is one).

use serde::Serialize;

use super::catalog::CatalogRead;
use super::snapshot::SnapshotFile;

/// One entry of the report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReportEntry {
    /// Provider id.
    pub provider: String,
    /// Region code, or "global".
    pub region: String,
    /// The SKU.
    pub sku: String,
    /// On demand, US dollars per instance-hour.
    pub usd_per_hour: Option<f64>,
    /// On demand, US dollars per GB-month (storage; `null` for hourly figures).
    pub usd_per_gb_month: Option<f64>,
    /// Spot, US dollars per instance-hour (`null` when none).
    pub spot_usd_per_hour: Option<f64>,
    /// The ISO date the on-demand figure holds at (`null`: undated catalog).
    pub as_of: Option<String>,
    /// The on-demand figure's catalog address.
    pub source: String,
    /// The spot figure's date.
    pub spot_as_of: Option<String>,
    /// The spot figure's catalog address.
    pub spot_source: Option<String>,
}

/// The report of the files written (or that would have been).
pub fn entries(files: &[SnapshotFile]) -> Vec<ReportEntry> {
    files
        .iter()
        .flat_map(|file| {
            file.prices.iter().map(|p| ReportEntry {
                provider: file.provider.clone(),
                region: file.region.clone(),
                sku: p.sku.clone(),
                usd_per_hour: p.usd_per_hour,
                usd_per_gb_month: p.usd_per_gb_month,
                spot_usd_per_hour: p.spot_usd_per_hour,
                as_of: p.as_of.clone(),
                source: p.source.clone(),
                spot_as_of: p.spot_as_of.clone(),
                spot_source: p.spot_source.clone(),
            })
        })
        .collect()
}

/// Rows of a catalog refused for one reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Refused {
    /// The catalog file.
    pub file: String,
    /// Provider id.
    pub provider: String,
    /// Why ("a Capacity Block, a zero price").
    pub reason: String,
    /// How many rows.
    pub rows: u64,
}

/// Every catalog's refused rows, by reason.
pub fn refused(reads: &[CatalogRead]) -> Vec<Refused> {
    reads
        .iter()
        .flat_map(|read| {
            read.refused.iter().map(|(reason, rows)| Refused {
                file: read.file.clone(),
                provider: read.provider.id().to_string(),
                reason: reason.clone(),
                rows: *rows,
            })
        })
        .collect()
}

#[derive(Serialize)]
struct Report {
    prices: Vec<ReportEntry>,
    refused: Vec<Refused>,
}

/// The report's text: pretty-printed JSON with a final line break.
pub fn to_text(files: &[SnapshotFile], reads: &[CatalogRead]) -> String {
    let report = Report {
        prices: entries(files),
        refused: refused(reads),
    };
    let mut text = serde_json::to_string_pretty(&report).unwrap_or_default();
    text.push('\n');
    text
}
