//! The same scenario priced on every provider, side by side.

use serde::Serialize;

use crate::model::catalog::resource::Category;
use crate::model::catalog::Catalog;
use crate::model::engine::estimate::price_validated;
use crate::model::scenario::validate::validate;
use crate::model::scenario::Scenario;

/// One provider's price for the scenario.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProviderQuote {
    /// Provider id.
    pub provider: String,
    /// Display name.
    pub name: String,
    /// What the course pays (US dollars).
    pub net_usd: f64,
    /// Per student (US dollars per student).
    pub per_student_usd: f64,
    /// Labs at list price (US dollars).
    pub labs_usd: f64,
    /// Project at list price (US dollars).
    pub project_usd: f64,
    /// List cost per category (US dollars), in [`Category::ALL`] order.
    pub cost_by_category: [f64; 4],
    /// Lines priced on another provider's offer (what a GPU cloud does not sell).
    pub borrowed_lines: usize,
    /// Why this provider could not price the scenario, if it could not.
    pub error: Option<String>,
}

impl ProviderQuote {
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

/// Prices `scenario` on every provider of the catalog, keeping everything else the same.
pub fn compare_providers(scenario: &Scenario, catalog: &Catalog) -> Vec<ProviderQuote> {
    // Validated once: the variants differ only in a provider the catalog itself lists.
    let errors = validate(scenario, catalog);
    let mut variant = scenario.clone();
    catalog
        .providers
        .iter()
        .map(|provider| {
            variant.pricing.provider = provider.id.clone();
            let priced = if errors.is_empty() {
                price_validated(&variant, catalog)
            } else {
                Err(errors.clone())
            };
            match priced {
                Ok(estimate) => ProviderQuote {
                    provider: provider.id.clone(),
                    name: provider.name.clone(),
                    net_usd: estimate.totals.net_usd,
                    per_student_usd: estimate.totals.per_student_usd,
                    labs_usd: estimate.totals.labs_usd,
                    project_usd: estimate.totals.project_usd,
                    cost_by_category: estimate.cost_by_category,
                    borrowed_lines: estimate
                        .lines
                        .iter()
                        .filter(|l| !l.offer_id.starts_with(&format!("{}/", provider.id)))
                        .count(),
                    error: None,
                },
                Err(errors) => ProviderQuote {
                    provider: provider.id.clone(),
                    name: provider.name.clone(),
                    net_usd: 0.0,
                    per_student_usd: 0.0,
                    labs_usd: 0.0,
                    project_usd: 0.0,
                    cost_by_category: [0.0; 4],
                    borrowed_lines: 0,
                    error: Some(
                        errors
                            .iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>()
                            .join("; "),
                    ),
                },
            }
        })
        .collect()
}
