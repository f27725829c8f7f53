//! `--report FILE`: one JSON entry per provider, region and SKU, flat, for reviewers and tools:
//! `{provider, region, sku, usd_per_hour, spot_usd_per_hour, as_of, source, spot_as_of,
//! spot_source}` (the snapshot's price entries with their provider and region).

use serde::Serialize;

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
                spot_usd_per_hour: p.spot_usd_per_hour,
                as_of: p.as_of.clone(),
                source: p.source.clone(),
                spot_as_of: p.spot_as_of.clone(),
                spot_source: p.spot_source.clone(),
            })
        })
        .collect()
}

/// The report's text: a pretty-printed JSON array with a final line break.
pub fn to_text(files: &[SnapshotFile]) -> String {
    let mut text = serde_json::to_string_pretty(&entries(files)).unwrap_or_default();
    text.push('\n');
    text
}
