//! What a refresh does to the default course: the paper's course (the default scenario) priced at
//! the newest prices of its provider's default region, once with the previous price file's
//! figures and once with the new one's, so the summary says what the moves cost.

use crate::model::catalog::offer::SnapshotPrice;
use crate::model::catalog::Catalog;
use crate::model::engine::estimate::evaluate;
use crate::model::presets::paper_course;

use super::snapshot::SnapshotFile;

/// The default course's provider and its default region (`aws`, `us-east-1`).
pub fn default_region() -> Option<(String, String)> {
    let scenario = &paper_course().ok()?.scenario;
    let catalog = Catalog::builtin().ok()?;
    let provider = catalog.provider(&scenario.pricing.provider)?;
    Some((provider.id.to_string(), provider.region.to_string()))
}

/// What the default course pays (US dollars, the estimate's net total) at the newest prices with
/// `file`'s figures in place of the built-in ones of its provider's default region (`None`: the
/// built-in newest prices). `None` when the course cannot be priced.
pub fn total_with(file: Option<&SnapshotFile>) -> Option<f64> {
    let builtin = Catalog::builtin().ok()?;
    let mut scenario = paper_course().ok()?.scenario.clone();
    let newest = builtin.newest_snapshot()?.id;
    scenario.pricing.snapshot = newest.to_string();
    scenario.pricing.set_region("", builtin);
    let mut catalog = builtin.clone();
    if let Some(file) = file {
        let offers = builtin.offers.iter().map(|offer| {
            let mut offer = offer.clone();
            let figure = file
                .prices
                .iter()
                .find(|p| offer.provider == file.provider.as_str() && offer.sku == p.sku.as_str());
            if let Some(usd) = figure.and_then(|p| p.usd()) {
                let mut entries: Vec<SnapshotPrice> = offer
                    .snapshot_prices
                    .iter()
                    .filter(|e| e.snapshot != newest)
                    .cloned()
                    .collect();
                entries.push(SnapshotPrice {
                    snapshot: newest,
                    usd,
                    as_of: "",
                    source: "",
                    spot_usd: None,
                    spot_note: None,
                    no_spot: true,
                });
                // The command runs once and ends: the copy lives as long as the process.
                offer.snapshot_prices = Box::leak(entries.into_boxed_slice());
            }
            offer
        });
        catalog.offers = Box::leak(offers.collect::<Vec<_>>().into_boxed_slice());
    }
    let total = evaluate(&scenario, &catalog).ok()?.totals.net_usd;
    total.is_finite().then_some(total)
}
