//! Changes to stand-in offers: choosing one for a resource, how much of it one instance is,
//! and the user's own offers.

use crate::model::catalog::stand_in::{
    custom_offer, custom_offer_id, custom_offer_number, default_fraction, CustomOffer,
};
use crate::model::catalog::Catalog;
use crate::model::edit::{next_number, room_for};
use crate::model::scenario::limits;
use crate::model::scenario::{OfferChoice, Scenario};

pub(super) fn choose_offer(
    scenario: &mut Scenario,
    catalog: &Catalog,
    provider: String,
    resource: String,
    offer: String,
) -> Result<(), String> {
    let resource_data = catalog
        .resource(&resource)
        .ok_or_else(|| format!("unknown resource {resource}"))?;
    let offer_data = catalog
        .offer(&offer)
        .or_else(|| scenario.custom_offers.iter().find(|o| o.id == offer))
        .ok_or_else(|| format!("unknown offer {offer}"))?;
    let fraction = default_fraction(resource_data, offer_data);
    scenario
        .stand_in_choices
        .retain(|c| !(c.provider == provider && c.resource == resource));
    let is_default = catalog
        .mapping(&provider, &resource)
        .is_some_and(|m| m.offer == offer && m.fraction == fraction);
    if !is_default {
        scenario.stand_in_choices.push(OfferChoice {
            provider,
            resource,
            offer,
            fraction,
        });
    }
    Ok(())
}

pub(super) fn set_fraction(
    scenario: &mut Scenario,
    catalog: &Catalog,
    provider: String,
    resource: String,
    fraction: f64,
) -> Result<(), String> {
    let existing = scenario
        .stand_in_choices
        .iter_mut()
        .find(|c| c.provider == provider && c.resource == resource);
    if let Some(choice) = existing {
        choice.fraction = fraction;
        return Ok(());
    }
    let mapping = catalog
        .mapping(&provider, &resource)
        .ok_or_else(|| format!("no stand-in for {resource} on {provider}"))?;
    scenario.stand_in_choices.push(OfferChoice {
        provider,
        resource,
        offer: mapping.offer.to_string(),
        fraction,
    });
    Ok(())
}

pub(super) fn add_custom_offer(
    scenario: &mut Scenario,
    custom: &CustomOffer,
) -> Result<(), String> {
    room_for(
        scenario.custom_offers.len(),
        limits::CHOICES,
        "custom offers",
    )?;
    if custom.name.trim().is_empty() {
        return Err("give the offer a name".to_string());
    }
    let number = next_number(
        scenario
            .custom_offers
            .iter()
            .filter_map(|o| custom_offer_number(&o.id)),
        0,
    );
    let offer = custom_offer(custom_offer_id(number), custom);
    scenario.custom_offers.push(offer);
    Ok(())
}
