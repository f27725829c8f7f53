//! The stand-in of a resource on a provider: the user's choice of offer, else the catalog's
//! mapping.

use crate::model::catalog::offer::Offer;
use crate::model::catalog::Catalog;
use crate::model::scenario::OfferChoice;

/// The offer standing in for a resource, and how much of it.
#[derive(Clone, Debug, PartialEq)]
pub struct StandIn<'a> {
    /// The offer.
    pub offer: &'a Offer,
    /// How many of the offer one resource instance equals.
    pub fraction: f64,
    /// True when the user chose it, false when it is the catalog's mapping.
    pub chosen: bool,
    /// Why this offer (the catalog's note; empty for a user's choice).
    pub note: &'a str,
}

/// Which offer prices `resource` on `provider`: the user's choice (among `choices`, with the
/// user's `custom_offers`) if any, else the catalog's mapping.
pub fn stand_in_for<'a>(
    choices: &'a [OfferChoice],
    custom_offers: &'a [Offer],
    catalog: &'a Catalog,
    provider: &str,
    resource: &str,
) -> Option<StandIn<'a>> {
    let find_offer = |id: &str| {
        catalog
            .offer(id)
            .or_else(|| custom_offers.iter().find(|o| o.id == id))
    };
    if let Some(choice) = choices
        .iter()
        .find(|c| c.provider == provider && c.resource == resource)
    {
        if let Some(offer) = find_offer(&choice.offer) {
            return Some(StandIn {
                offer,
                fraction: choice.fraction,
                chosen: true,
                note: "",
            });
        }
    }
    let mapping = catalog.mapping(provider, resource)?;
    Some(StandIn {
        offer: find_offer(mapping.offer)?,
        fraction: mapping.fraction,
        chosen: false,
        note: mapping.note,
    })
}
