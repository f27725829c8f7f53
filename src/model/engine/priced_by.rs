//! How an estimate was priced, in words: every provider its lines use and the price model they
//! were bought by, for the headline, the summary bar, the pricing panel and the exports.

use crate::model::catalog::offer::PriceModel;
use crate::model::catalog::stand_in::CUSTOM_PROVIDER;
use crate::model::catalog::{Catalog, Snapshot};
use crate::model::engine::estimate::Estimate;
use crate::model::scenario::pricing::Pricing;

/// The name of every provider whose offers price a line of `estimate`, the scenario's own
/// provider first, then the others in catalog order, then "your own offers" if one is used.
pub fn providers_used<'a>(
    estimate: &Estimate,
    catalog: &'a Catalog,
    provider: &str,
) -> Vec<&'a str> {
    let used = |id: &str| {
        estimate
            .lines
            .iter()
            .any(|line| line.offer_id.split('/').next() == Some(id))
    };
    let mut names: Vec<&str> = catalog
        .providers
        .iter()
        .filter(|p| p.id == provider)
        .map(|p| p.name)
        .collect();
    names.extend(
        catalog
            .providers
            .iter()
            .filter(|p| p.id != provider && used(p.id))
            .map(|p| p.name),
    );
    if used(CUSTOM_PROVIDER) {
        names.push("your own offers");
    }
    names
}

/// `items` joined as a sentence lists them: "A", "A and B", "A, B and C".
pub fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The price model the lines were bought by: "on demand", "spot", "spot where known (on demand
/// for 3 of 9 instance lines)"; "and your own prices" when an offer of the user's prices a line.
pub fn model_words(pricing: &Pricing, estimate: &Estimate) -> String {
    let instance_lines = estimate.lines.iter().filter(|l| l.kind.is_instance());
    let (spot, total) = instance_lines.fold((0, 0), |(spot, total), line| {
        (
            spot + usize::from(line.model == PriceModel::Spot),
            total + 1,
        )
    });
    let mut words = match pricing.model {
        PriceModel::OnDemand => "on demand".to_string(),
        PriceModel::Spot if spot == total => "spot".to_string(),
        PriceModel::Spot if spot == 0 => {
            "spot chosen, but no offer used has a spot price: on demand".to_string()
        }
        PriceModel::Spot => format!(
            "spot where known (on demand for {} of {total} instance lines)",
            total - spot
        ),
    };
    if estimate
        .lines
        .iter()
        .any(|l| l.offer_id.starts_with(&format!("{CUSTOM_PROVIDER}/")))
    {
        words.push_str(" and your own prices");
    }
    words
}

/// The one line that says how the scenario is priced: the provider and its region, the price
/// model, the price snapshot, and every other provider a line is priced on (in its default
/// region), e.g. "Lambda (GPU cloud), one price in every region, spot, Spring 2025 prices ...;
/// also AWS us-east-1 (US East, N. Virginia)".
pub fn pricing_line(catalog: &Catalog, pricing: &Pricing, estimate: &Estimate) -> String {
    let providers = providers_used(estimate, catalog, &pricing.provider);
    let main = catalog.provider_name(&pricing.provider);
    // The others in their default regions (what a GPU cloud borrows is priced there).
    let mut others = Vec::new();
    for name in providers.iter().filter(|name| **name != main) {
        others.push(match catalog.providers.iter().find(|p| p.name == *name) {
            Some(p) => catalog.provider_in_region(p.id, ""),
            None => (*name).to_string(),
        });
    }
    let others: Vec<&str> = others.iter().map(String::as_str).collect();
    let mut line = format!(
        "{}, {}, {}",
        catalog.provider_in_region(&pricing.provider, &pricing.region),
        model_words(pricing, estimate),
        catalog.price_set_words(&pricing.snapshot),
    );
    if !others.is_empty() {
        line.push_str(&format!("; also {}", and_list(&others)));
    }
    if let Some(moved) = pricing.price_change.words() {
        line.push_str(&format!("; list prices moved: {moved}"));
    }
    line
}

/// The scenario's provider with its region, short ("AWS eu-west-1"; a provider with one price
/// everywhere by its name alone), for the summary bar.
pub fn provider_short(catalog: &Catalog, pricing: &Pricing) -> String {
    let name = catalog.provider_name(&pricing.provider);
    match catalog.provider(&pricing.provider) {
        Some(p) if !p.one_price_everywhere() => {
            let region = if pricing.region.is_empty() {
                p.region
            } else {
                &pricing.region
            };
            format!("{name} {region}")
        }
        _ => name.to_string(),
    }
}

/// The newest price set when `pricing` is on an older one (a past semester's, or dated history):
/// what the headline offers to move to in one undoable click; `None` on the newest.
pub fn newer_prices<'a>(catalog: &'a Catalog, pricing: &Pricing) -> Option<&'a Snapshot> {
    catalog
        .newest_snapshot()
        .filter(|newest| newest.id != pricing.snapshot)
}
