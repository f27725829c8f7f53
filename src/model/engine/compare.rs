//! The same scenario priced on every provider, side by side.

use serde::Serialize;

use crate::model::catalog::region::Region;
use crate::model::catalog::resource::Category;
use crate::model::catalog::Catalog;
use crate::model::engine::estimate::{price, Totals};
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
                error: None,
            };
            match price(&variant, catalog) {
                Ok(estimate) => {
                    provider_estimate.borrowed_lines = estimate
                        .lines
                        .iter()
                        .filter(|l| !l.offer_id.starts_with(&own_prefix))
                        .count();
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
