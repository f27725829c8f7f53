//! The same scenario priced on every provider, side by side.

use serde::Serialize;

use crate::model::catalog::region::{Region, EVERY_REGION};
use crate::model::catalog::regional::priced_in;
use crate::model::catalog::resource::Category;
use crate::model::catalog::Catalog;
use crate::model::engine::estimate::{price, CostLine, Totals};
use crate::model::scenario::valid::ValidScenario;

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
    /// The figures priced at another region's price than the one the row stands for (no figure
    /// for it in the catalogs read): its region for this provider's offers, and for an offer
    /// borrowed from another provider, that provider's region in the scenario's part of the
    /// world. One entry per region whose price is kept, in line order: (that region, the SKUs
    /// keeping its price, each once, joined by ", "). An offer with one price in every region,
    /// or of a provider with one price everywhere, keeps none.
    pub kept: Vec<(String, String)>,
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
        let mut text = String::new();
        for (region, skus) in &self.kept {
            text.push_str(if text.is_empty() {
                "At another region's price (no figure for this region in the catalogs read): "
            } else {
                "; "
            });
            text.push_str(skus);
            text.push_str(" at ");
            text.push_str(region);
            text.push_str("'s");
        }
        if !text.is_empty() {
            text.push('.');
        }
        text
    }
}

/// The figures of `lines` (`variant` priced) that keep another region's price than the one its
/// row stands for (`ProviderEstimate::kept`); `scenario` gives the part of the world.
fn kept_prices(
    scenario: &ValidScenario,
    variant: &ValidScenario,
    catalog: &Catalog,
    lines: &[CostLine],
) -> Vec<(String, String)> {
    let pricing = &variant.pricing;
    let priced = priced_in(catalog, &pricing.provider, &pricing.region);
    let from = (&*scenario.pricing.provider, &*scenario.pricing.region);
    let mut kept: Vec<(String, String)> = Vec::new();
    for line in lines {
        let Some(offer) = priced.offer(&line.offer_id) else {
            continue;
        };
        let Some(owner) = catalog.provider(&offer.provider) else {
            continue;
        };
        // The region the row stands for, for this offer's provider: the variant's own region
        // is this same `region_like` (`ValidScenario::on_provider`).
        let stored = catalog.region_like(from, owner.id);
        let expected = owner.region(&stored).map_or(owner.region, |r| r.id);
        let (sku, at) = (&*offer.sku, &*offer.region);
        if at == EVERY_REGION || owner.one_price_everywhere() || at == expected {
            continue;
        }
        match kept.iter_mut().find(|(r, _)| r == at) {
            Some((_, skus)) if skus.split(", ").any(|s| s == sku) => {}
            Some((_, skus)) => {
                skus.push_str(", ");
                skus.push_str(sku);
            }
            None => kept.push((at.to_string(), sku.to_string())),
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
