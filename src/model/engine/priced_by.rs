//! How an estimate was priced, in words: every provider its lines use and the price model they
//! were bought by, for the headline, the summary bar, the pricing panel and the exports.

use crate::model::catalog::offer::PriceModel;
use crate::model::catalog::stand_in::CUSTOM_PROVIDER;
use crate::model::catalog::Catalog;
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

/// The one line that says how the scenario is priced: the provider, the price model, the price
/// snapshot, and every other provider a line is priced on, e.g. "Lambda (GPU cloud), spot,
/// Spring 2025 prices ...; also AWS".
pub fn pricing_line(catalog: &Catalog, pricing: &Pricing, estimate: &Estimate) -> String {
    let providers = providers_used(estimate, catalog, &pricing.provider);
    let main = catalog.provider_name(&pricing.provider);
    let others: Vec<&str> = providers.into_iter().filter(|p| *p != main).collect();
    let mut line = format!(
        "{main}, {}, {}",
        model_words(pricing, estimate),
        catalog.snapshot_label(&pricing.snapshot),
    );
    if !others.is_empty() {
        line.push_str(&format!("; also {}", and_list(&others)));
    }
    if let Some(moved) = pricing.price_change.words() {
        line.push_str(&format!("; list prices moved: {moved}"));
    }
    line
}
