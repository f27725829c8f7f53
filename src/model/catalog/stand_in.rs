//! Stand-ins: which commercial offers can replace a Chameleon resource, how much of one an
//! instance equals, and the offers a user enters (an institution's negotiated rate).

use crate::model::catalog::hardware::Hardware;
use crate::model::catalog::offer::{Offer, PriceUnit};
use crate::model::catalog::resource::{Resource, ResourceKind};
use crate::model::catalog::Catalog;
use crate::model::scenario::validate::limits;

/// Provider id of offers the user entered.
pub const CUSTOM_PROVIDER: &str = "custom";

/// The id of the user's `number`th custom offer (`custom/3`).
pub fn custom_offer_id(number: u32) -> String {
    format!("{CUSTOM_PROVIDER}/{number}")
}

/// The number in a custom offer's id, if `id` is one.
pub fn custom_offer_number(id: &str) -> Option<u32> {
    id.strip_prefix(CUSTOM_PROVIDER)?
        .strip_prefix('/')?
        .parse()
        .ok()
}

/// What the user enters for a custom offer.
#[derive(Clone, Debug, PartialEq)]
pub struct CustomOffer {
    /// Name shown in place of a SKU.
    pub name: String,
    /// Its hardware (the GPU model empty for none).
    pub specs: Hardware,
    /// Price (US dollars per hour).
    pub usd_per_hour: f64,
}

/// How many of `offer` one `resource` instance equals: GPUs needed over GPUs offered when both have
/// GPUs (4x A100 on an 8-GPU machine is 0.5), otherwise one.
pub fn default_fraction(resource: &Resource, offer: &Offer) -> f64 {
    if resource.specs.gpu_count > 0 && offer.specs.gpu_count > 0 {
        f64::from(resource.specs.gpu_count) / f64::from(offer.specs.gpu_count)
    } else {
        1.0
    }
}

/// Offers that can stand in for `resource`: storage for storage, hourly offers for the rest.
pub fn fitting_offers<'a>(
    resource: &Resource,
    catalog: &'a Catalog,
    custom_offers: &'a [Offer],
) -> Vec<&'a Offer> {
    let storage = resource.kind == ResourceKind::Storage;
    catalog
        .offers
        .iter()
        .chain(custom_offers.iter())
        .filter(|o| storage == (o.unit == PriceUnit::GbMonth))
        .collect()
}

/// What an offer (or a resource) is, for matching stand-ins: a GPU cannot stand in for storage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StandInClass {
    /// Storage priced per GB-month.
    Storage,
    /// A public IP address.
    Address,
    /// A machine without GPUs.
    Cpu,
    /// A machine with GPUs.
    Gpu,
}

impl StandInClass {
    /// The class of `offer`.
    pub fn of_offer(offer: &Offer) -> StandInClass {
        if offer.unit == PriceUnit::GbMonth {
            StandInClass::Storage
        } else if offer.specs.gpu_count > 0 {
            StandInClass::Gpu
        } else if offer.specs.vcpu == 0 && offer.specs.ram_gb == 0.0 {
            StandInClass::Address
        } else {
            StandInClass::Cpu
        }
    }

    /// The class of offers that stand in for `resource`.
    pub fn of_resource(resource: &Resource) -> StandInClass {
        match resource.kind {
            ResourceKind::Storage => StandInClass::Storage,
            ResourceKind::Network => StandInClass::Address,
            _ if resource.specs.gpu_count > 0 => StandInClass::Gpu,
            _ => StandInClass::Cpu,
        }
    }
}

/// Whether `offer` suits `resource`: the same class, and for GPUs at least half the memory per
/// GPU (a similar class of GPU or a better one; how many is the fraction's job).
pub fn suits(resource: &Resource, offer: &Offer) -> bool {
    let class = StandInClass::of_resource(resource);
    class == StandInClass::of_offer(offer)
        && (class != StandInClass::Gpu || offer.specs.gpu_mem_gb >= resource.specs.gpu_mem_gb / 2.0)
}

/// US dollars per hour of one `resource` instance on `offer` at the default fraction, in
/// `snapshot`: what the picker sorts by and shows.
pub fn hourly_for(resource: &Resource, offer: &Offer, snapshot: &str) -> f64 {
    offer.per_hour(offer.price_in(snapshot).usd) * default_fraction(resource, offer)
}

/// The offers a picker shows for `resource`: those that [`suits`] it (every offer of its price
/// unit when `all`), sold in `snapshot`, cheapest first.
pub fn picker_offers<'a>(
    resource: &Resource,
    catalog: &'a Catalog,
    custom_offers: &'a [Offer],
    snapshot: &str,
    all: bool,
) -> Vec<&'a Offer> {
    let mut offers: Vec<&Offer> = fitting_offers(resource, catalog, custom_offers)
        .into_iter()
        .filter(|o| all || suits(resource, o))
        .filter(|o| o.provider == CUSTOM_PROVIDER || catalog.offer_in(&o.id, snapshot).is_some())
        .collect();
    offers.sort_by(|a, b| {
        hourly_for(resource, a, snapshot).total_cmp(&hourly_for(resource, b, snapshot))
    });
    offers
}

/// The offer for what the user entered, under `id`; every custom offer is built here, so a shared
/// link rebuilds exactly the same one.
pub fn custom_offer(id: String, custom: &CustomOffer) -> Offer {
    Offer {
        id,
        provider: CUSTOM_PROVIDER.to_string(),
        sku: clip_name(custom.name.trim()),
        specs: Hardware {
            gpu_model: clip_name(custom.specs.gpu_model.trim()),
            ..custom.specs.clone()
        },
        unit: PriceUnit::Hour,
        usd: custom.usd_per_hour,
        spot_usd: None,
        spot_note: None,
        region: String::new(),
        as_of: "entered by you".to_string(),
        source: "your own figure".to_string(),
        note: None,
        snapshot_prices: Vec::new(),
    }
}

/// `name` cut to the longest name allowed.
pub fn clip_name(name: &str) -> String {
    name.chars().take(limits::NAME_CHARS).collect()
}
