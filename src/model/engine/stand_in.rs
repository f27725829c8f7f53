//! The stand-in of a resource on a provider: the user's choice of offer, else the catalog's
//! mapping.

use crate::model::catalog::fit::{fit_at, Fit};
use crate::model::catalog::offer::Offer;
use crate::model::catalog::resource::Resource;
use crate::model::catalog::Catalog;
use crate::model::format;
use crate::model::scenario::{OfferChoice, Scenario};

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

/// Each instance resource the course uses (once, in course order: labs, then the project's
/// pools), with the offer that prices it on the scenario's provider now and the fraction of it.
pub fn stand_ins_used(s: &Scenario, catalog: &Catalog) -> Vec<(Resource, Offer, f64)> {
    let labs = s.course.labs.iter().flat_map(|l| l.options.iter());
    let lab_ids = labs.flat_map(|o| o.uses.iter().map(|u| u.resource.as_str()));
    let pools = s.course.project.uses.iter().flat_map(|u| u.members());
    let mut ids: Vec<&str> = Vec::new();
    for id in lab_ids.chain(pools.map(|(id, _)| id)) {
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    let (choices, custom) = (&s.stand_in_choices, &s.custom_offers);
    let resources = ids.into_iter().filter_map(|id| catalog.resource(id));
    resources
        .filter(|r| r.kind.is_instance())
        .filter_map(|r| {
            let q = stand_in_for(choices, custom, catalog, &s.pricing.provider, r.id)?;
            Some((r.clone(), q.offer.clone(), q.fraction))
        })
        .collect()
}

/// A stand-in the scenario prices with that does not fit its resource.
#[derive(Clone, Debug, PartialEq)]
pub struct Misfit {
    /// The resource's id.
    pub resource: &'static str,
    /// What stands in, in words: "1/2 x p4d.24xlarge for the A100 GPU node (4x A100 80 GB)".
    pub stand_in: String,
    /// What it lacks.
    pub fit: Fit,
}

impl Misfit {
    /// In words: "0.5 x p4d.24xlarge for A100 GPU node (4x A100 80 GB): 40 GB per GPU, needs
    /// 80 GB".
    pub fn words(&self) -> String {
        format!("{}: {}", self.stand_in, self.fit.words())
    }
}

/// The stand-ins of the instance resources the course uses that do not fit them (the one rule,
/// [`crate::model::catalog::fit`]), in course order.
pub fn misfits(s: &Scenario, catalog: &Catalog) -> Vec<Misfit> {
    stand_ins_used(s, catalog)
        .into_iter()
        .filter_map(|(resource, offer, fraction)| {
            let fit = fit_at(&resource, &offer, fraction);
            (!fit.fits()).then(|| Misfit {
                resource: resource.id,
                stand_in: format!(
                    "{} x {} for {}",
                    format::exact(fraction),
                    offer.sku,
                    resource.label
                ),
                fit,
            })
        })
        .collect()
}
