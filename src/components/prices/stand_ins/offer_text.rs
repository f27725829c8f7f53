//! How an offer's price and sources read in the stand-in rows and the price catalog.

use crate::model::catalog::offer::{Offer, PriceUnit};
use crate::model::format;
use crate::model::Catalog;

/// The price of `fraction` of `offer` in `snapshot`, per hour or per GB-month.
pub(super) fn price_text(offer: &Offer, snapshot: &str, fraction: f64) -> String {
    let usd = offer.price_in(snapshot).usd * fraction;
    match offer.unit {
        PriceUnit::Hour => format!("{}/h", format::rate(usd)),
        PriceUnit::GbMonth => format!("{}/GB-month", format::rate(usd)),
    }
}

/// A price's source ids, followed by the title and date of each source the catalog knows.
pub(super) fn source_text(source: &str) -> String {
    let catalog = Catalog::builtin().ok();
    let titles: Vec<String> = source
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter_map(|id| catalog.and_then(|c| c.source(id)))
        .map(|s| format!("{}: {} ({})", s.id, s.title, s.as_of))
        .collect();
    if titles.is_empty() {
        source.to_string()
    } else {
        format!("{source}. {}", titles.join("; "))
    }
}
