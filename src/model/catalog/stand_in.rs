//! Stand-ins: which commercial offers can replace a Chameleon resource, how much of one an
//! instance equals, and the offers a user enters (an institution's negotiated rate).

use std::borrow::Cow;

pub use crate::model::catalog::fit::{default_fraction, StandInClass};
use crate::model::catalog::fit::{fit, fits};
use crate::model::catalog::hardware::Hardware;
use crate::model::catalog::offer::{Offer, PriceModel, PriceUnit, HOURS_PER_MONTH};
use crate::model::catalog::resource::{Resource, ResourceKind};
use crate::model::catalog::Catalog;
use crate::model::format;

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

/// A GPU model's name without its memory or form factor, lower case, letters and digits only:
/// "A100 80GB PCIe" and "A100-SXM" are both "a100", "Quadro RTX 6000 24GB" "quadrortx6000".
fn gpu_family(model: &str) -> String {
    let mut family = String::new();
    for word in model.split([' ', '-', '_']) {
        let word = word.to_ascii_lowercase();
        let memory =
            word.ends_with("gb") && word[..word.len() - 2].chars().all(|c| c.is_ascii_digit());
        if word.is_empty() || memory || word == "pcie" || word == "sxm" {
            continue;
        }
        family.extend(word.chars().filter(char::is_ascii_alphanumeric));
    }
    family
}

/// Whether `offer` has the very GPU `resource` has: the same model (its name without memory or
/// form factor) with the same memory per GPU. Such an offer stands in first where a provider
/// rents it (the same hardware first).
pub fn same_gpu(resource: &Resource, offer: &Offer) -> bool {
    let (want, have) = (&resource.specs, &offer.specs);
    want.gpu_count > 0
        && have.gpu_count > 0
        && want.gpu_mem_gb == have.gpu_mem_gb
        && gpu_family(&want.gpu_model) == gpu_family(&have.gpu_model)
}

/// US dollars per hour of one `resource` instance on `offer` at the default fraction, in
/// `snapshot`, on demand.
pub fn hourly_for(resource: &Resource, offer: &Offer, snapshot: &str) -> f64 {
    offer.per_hour(offer.price_in(snapshot).usd) * default_fraction(resource, offer)
}

/// US dollars per hour of one `offer` (before the fraction; per GB-hour for storage) that a
/// scenario buying by `model` pays in `snapshot`: the spot price where the offer has one and
/// `resource` is an instance (storage and addresses are never spot), else the on-demand price.
pub fn paid_unit_price(
    resource: &Resource,
    offer: &Offer,
    snapshot: &str,
    model: PriceModel,
) -> f64 {
    let spot = (model == PriceModel::Spot && resource.kind.is_instance())
        .then(|| offer.spot_in(snapshot))
        .flatten();
    offer.per_hour(spot.map_or(offer.price_in(snapshot).usd, |p| p.usd))
}

/// US dollars per hour of one `resource` instance on `offer` at the default fraction, as a
/// scenario buying by `model` pays it in `snapshot`: what the picker sorts by.
pub fn paid_per_hour(resource: &Resource, offer: &Offer, snapshot: &str, model: PriceModel) -> f64 {
    paid_unit_price(resource, offer, snapshot, model) * default_fraction(resource, offer)
}

/// Which offers a stand-in list holds, and how it prices them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PickerScope<'a> {
    /// The scenario's provider (id): the list holds its offers and the user's own.
    pub provider: &'a str,
    /// The price snapshot (id): offers not sold then are left out.
    pub snapshot: &'a str,
    /// The price model the scenario buys by, which the list is sorted and priced by.
    pub model: PriceModel,
    /// Every provider's offers of the resource's price unit, suiting or not ("show all").
    pub all: bool,
}

/// The providers whose offers the list of `resource` on `provider` holds: the provider itself,
/// and the provider its default stand-in comes from when that is another (a GPU cloud prices
/// VMs, storage and addresses on AWS).
pub fn home_providers<'a>(catalog: &'a Catalog, provider: &'a str, resource: &str) -> Vec<&'a str> {
    let mut homes = vec![provider];
    if let Some(mapped) = catalog
        .mapping(provider, resource)
        .and_then(|m| catalog.offer(m.offer))
    {
        if mapped.provider != provider {
            homes.push(&mapped.provider);
        }
    }
    homes
}

/// The offers a picker shows for `resource`: the scope's provider's offers that [`fits`] it and
/// the user's own (with `all`, every provider's offers of its price unit), sold in the snapshot,
/// cheapest first by what the scenario pays per hour of one instance.
pub fn picker_offers<'a>(
    resource: &Resource,
    catalog: &'a Catalog,
    custom_offers: &'a [Offer],
    scope: PickerScope<'_>,
) -> Vec<&'a Offer> {
    let homes = home_providers(catalog, scope.provider, resource.id);
    let mut offers: Vec<&Offer> = fitting_offers(resource, catalog, custom_offers)
        .into_iter()
        .filter(|o| {
            scope.all
                || (fits(resource, o)
                    && (o.provider == CUSTOM_PROVIDER || homes.contains(&&*o.provider)))
        })
        .filter(|o| {
            o.provider == CUSTOM_PROVIDER || catalog.offer_in(&o.id, scope.snapshot).is_some()
        })
        .collect();
    let paid = |o: &Offer| paid_per_hour(resource, o, scope.snapshot, scope.model);
    crate::model::sort::sort_by(&mut offers, |a, b| paid(a).total_cmp(&paid(b)));
    offers
}

/// When an offer's price was seen, as an option reads it: "as of 2026-08-20", "undated", or the
/// note itself when it is no date ("entered by you").
pub fn as_of_words(as_of: &str) -> String {
    let as_of = as_of.trim();
    if as_of.is_empty() || as_of.starts_with("undated") {
        "undated".to_string()
    } else if as_of.starts_with(|c: char| c.is_ascii_digit()) || as_of.starts_with("about") {
        format!("as of {as_of}")
    } else {
        as_of.to_string()
    }
}

/// An option of a stand-in list: how many of the offer one instance takes, its hardware, its
/// price and what one instance costs per hour, and when the price was seen: "4 x a2-highgpu-1g
/// (12 vCPU, 85 GB, 1x A100 40 GB) at $3.67 = $14.69/h, as of 2025-03-14"; an offer with the
/// testbed's own GPU says so, and one that does not [`fit`] says so at the end (" · does not
/// fit: 24 GB per GPU, needs 40 GB").
pub fn option_text(resource: &Resource, offer: &Offer, scope: PickerScope<'_>) -> String {
    let fit = fit(resource, offer);
    let text = offer_words(resource, offer, scope);
    if fit.fits() {
        text
    } else {
        format!("{text} \u{b7} does not fit: {}", fit.words())
    }
}

/// [`option_text`] without the fit.
fn offer_words(resource: &Resource, offer: &Offer, scope: PickerScope<'_>) -> String {
    let fraction = default_fraction(resource, offer);
    let unit = paid_unit_price(resource, offer, scope.snapshot, scope.model);
    let mut as_of = as_of_words(offer.price_in(scope.snapshot).as_of);
    if same_gpu(resource, offer) {
        as_of.push_str("; the testbed's own GPU model and memory");
    }
    let hardware = offer.hardware();
    if offer.unit == PriceUnit::GbMonth {
        let month = format::rate(unit * HOURS_PER_MONTH);
        return format!("{} ({hardware}) at {month}/GB-month, {as_of}", offer.sku);
    }
    if (fraction - 1.0).abs() < 1e-9 {
        return format!(
            "{} ({hardware}) at {}/h, {as_of}",
            offer.sku,
            format::rate(unit)
        );
    }
    format!(
        "{} x {} ({hardware}) at {} = {}/h, {as_of}",
        format::share(fraction),
        offer.sku,
        format::rate(unit),
        format::rate(unit * fraction),
    )
}

/// The offer for what the user entered, under `id`; every custom offer is built here, so a shared
/// link rebuilds exactly the same one.
pub fn custom_offer(id: String, custom: &CustomOffer) -> Offer {
    Offer {
        id: id.into(),
        provider: Cow::Borrowed(CUSTOM_PROVIDER),
        sku: clip_name(custom.name.trim()).into(),
        specs: Hardware {
            gpu_model: clip_name(custom.specs.gpu_model.trim()).into(),
            ..custom.specs.clone()
        },
        unit: PriceUnit::Hour,
        usd: custom.usd_per_hour,
        spot_usd: None,
        spot_note: None,
        region: Cow::Borrowed(""),
        as_of: Cow::Borrowed("entered by you"),
        source: Cow::Borrowed("your own figure"),
        note: None,
        snapshot_prices: &[],
    }
}

/// Characters in a name: a custom offer's, a scenario's title (`scenario::limits` says it too).
pub const NAME_CHARS: usize = 120;

/// `name` cut to the longest name allowed.
pub fn clip_name(name: &str) -> String {
    clip_chars(name, NAME_CHARS)
}

/// The first `max` characters of `text` (all of it when shorter), cut at a character boundary:
/// a slice copied once, where collecting the characters would re-encode each one.
pub fn clip_chars(text: &str, max: usize) -> String {
    let end = text
        .char_indices()
        .nth(max)
        .map_or(text.len(), |(at, _)| at);
    text.get(..end).unwrap_or(text).to_string()
}

#[cfg(test)]
mod tests {
    use super::clip_chars;

    #[test]
    fn clips_at_a_character_count_not_a_byte_count() {
        // "é" is two bytes and "€" three: five characters, nine bytes.
        assert_eq!(clip_chars("aé€bc", 3), "aé€");
        assert_eq!(clip_chars("aé€bc", 5), "aé€bc");
        assert_eq!(clip_chars("aé€bc", 50), "aé€bc");
        assert_eq!(clip_chars("aé€bc", 0), "");
        assert_eq!(clip_chars("", 4), "");
    }
}
