//! How an offer's price and sources read in the stand-in rows and the price catalog.

use crate::model::catalog::offer::{Offer, PriceUnit};
use crate::model::format;

/// The price of `fraction` of `offer` in `snapshot`, per hour or per GB-month.
pub(super) fn price_text(offer: &Offer, snapshot: &str, fraction: f64) -> String {
    let usd = offer.price_in(snapshot).usd * fraction;
    match offer.unit {
        PriceUnit::Hour => format!("{}/h", format::rate(usd)),
        PriceUnit::GbMonth => format!("{}/GB-month", format::rate(usd)),
    }
}
