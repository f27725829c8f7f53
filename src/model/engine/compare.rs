//! The same scenario priced on every provider, side by side.

use serde::Serialize;

use crate::model::catalog::region::{Region, EVERY_REGION};
use crate::model::catalog::regional::priced_in;
use crate::model::catalog::resource::Category;
use crate::model::catalog::Catalog;
use crate::model::engine::estimate::{price, CostLine, Totals};
use crate::model::scenario::valid::ValidScenario;

/// A figure of a provider's course that keeps another region's price: its offer has no figure
/// for the region the row stands for in the catalogs read.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KeptPrice {
    /// The offer's SKU (`ebs-gp3`).
    pub sku: String,
    /// The region whose price it keeps (`us-east-1`).
    pub region: String,
}

/// One provider's price for the scenario.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProviderEstimate {
    /// Provider id.
    pub provider: String,
    /// Display name.
    pub name: String,
    /// The region it is priced in, in words ("eu-west-1 (Europe, Ireland)", "one price in
    /// every region"); empty for a provider without regions.
    pub region: String,
    /// The course's totals on this provider (zero when `error` is set).
    pub totals: Totals,
    /// List cost per category (US dollars), in [`Category::ALL`] order.
    pub cost_by_category: [f64; 4],
    /// Lines priced on another provider's offer (what a GPU cloud does not sell).
    pub borrowed_lines: usize,
    /// The figures (each offer once, in line order) priced at another region's price than the
    /// one the row stands for: its region for this provider's offers, and for an offer borrowed
    /// from another provider, that provider's region in the scenario's part of the world. An
    /// offer with one price in every region, or of a provider with one price everywhere, keeps
    /// none.
    pub kept: Vec<KeptPrice>,
    /// Why this provider could not price the scenario, if it could not.
    pub error: Option<String>,
}

impl ProviderEstimate {
    /// Share of the list cost spent on GPUs (0 to 1).
    pub fn gpu_share(&self) -> f64 {
        let list: f64 = self.cost_by_category.iter().sum();
        if list > 0.0 {
            self.cost_by_category[Category::Gpu.index()] / list
        } else {
            0.0
        }
    }

    /// The row's flag in words, when some figure keeps another region's price ("At another
    /// region's price (...): ebs-gp3, s3-standard at us-east-1's."); empty when none does.
    pub fn kept_note(&self) -> String {
        let mut groups: Vec<(&str, Vec<&str>)> = Vec::new();
        for kept in &self.kept {
            match groups.iter_mut().find(|(r, _)| *r == kept.region) {
                Some((_, skus)) => skus.push(&kept.sku),
                None => groups.push((&kept.region, vec![&kept.sku])),
            }
        }
        if groups.is_empty() {
            return String::new();
        }
        let parts: Vec<String> = groups
            .iter()
            .map(|(region, skus)| format!("{} at {region}'s", skus.join(", ")))
            .collect();
        format!(
            "At another region's price (no figure for this region in the catalogs read): {}.",
            parts.join("; ")
        )
    }
}

/// The figures of `lines` (`variant` priced) that keep another region's price than the one its
/// row stands for; `scenario` gives the part of the world an offer borrowed from another
/// provider is expected in.
fn kept_prices(
    scenario: &ValidScenario,
    variant: &ValidScenario,
    catalog: &Catalog,
    lines: &[CostLine],
) -> Vec<KeptPrice> {
    let (provider, region) = (&variant.pricing.provider, &variant.pricing.region);
    let priced = priced_in(catalog, provider, region);
    let from = (&*scenario.pricing.provider, &*scenario.pricing.region);
    let mut kept: Vec<KeptPrice> = Vec::new();
    for line in lines {
        let Some(offer) = priced.offer(&line.offer_id) else {
            continue;
        };
        let Some(owner) = catalog.provider(&offer.provider) else {
            continue;
        };
        if offer.region == EVERY_REGION || owner.one_price_everywhere() {
            continue;
        }
        let stored = if owner.id == provider {
            region.clone()
        } else {
            catalog.region_like(from, owner.id)
        };
        let expected = owner.region(&stored).map_or(owner.region, |r| r.id);
        if offer.region != expected && !kept.iter().any(|k| k.sku == offer.sku) {
            kept.push(KeptPrice {
                sku: offer.sku.to_string(),
                region: offer.region.to_string(),
            });
        }
    }
    kept
}

/// Prices `scenario` on every provider of the catalog, keeping everything else the same (each
/// provider in its region of the same part of the world as the scenario's region); the
/// scenario was validated once, when it was committed.
pub fn compare_providers(scenario: &ValidScenario, catalog: &Catalog) -> Vec<ProviderEstimate> {
    catalog
        .providers
        .iter()
        .filter_map(|provider| {
            let variant = scenario.on_provider(provider.id, catalog)?;
            let region = provider.region(&variant.pricing.region);
            let own_prefix = format!("{}/", provider.id);
            let mut provider_estimate = ProviderEstimate {
                provider: provider.id.to_string(),
                name: provider.name.to_string(),
                region: region.map_or(String::new(), Region::label),
                totals: Totals::default(),
                cost_by_category: [0.0; 4],
                borrowed_lines: 0,
                kept: Vec::new(),
                error: None,
            };
            match price(&variant, catalog) {
                Ok(estimate) => {
                    provider_estimate.borrowed_lines = estimate
                        .lines
                        .iter()
                        .filter(|l| !l.offer_id.starts_with(&own_prefix))
                        .count();
                    provider_estimate.kept =
                        kept_prices(scenario, &variant, catalog, &estimate.lines);
                    provider_estimate.totals = estimate.totals;
                    provider_estimate.cost_by_category = estimate.cost_by_category;
                }
                Err(errors) => {
                    let all: Vec<String> = errors.iter().map(ToString::to_string).collect();
                    provider_estimate.error = Some(all.join("; "));
                }
            }
            Some(provider_estimate)
        })
        .collect()
}
