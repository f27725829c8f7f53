//! A scenario that validation has accepted: the engine prices it without checking it again.

use std::ops::Deref;

use crate::model::catalog::Catalog;
use crate::model::scenario::validate::{validate, FieldError};
use crate::model::scenario::Scenario;

/// A scenario with no validation errors. The only ways to get one are [`ValidScenario::new`],
/// which validates, and [`ValidScenario::on_provider`], which changes only the provider to one
/// the catalog lists, so holding one proves the scenario passed validation and the engine need
/// not check it again. A scenario the engine derives from it (the levered copy) is a new
/// scenario and is validated on its own.
#[derive(Clone, Debug, PartialEq)]
pub struct ValidScenario(Scenario);

impl ValidScenario {
    /// Validates `scenario`; every problem when it is not valid.
    pub fn new(scenario: Scenario, catalog: &Catalog) -> Result<ValidScenario, Vec<FieldError>> {
        let errors = validate(&scenario, catalog);
        if errors.is_empty() {
            Ok(ValidScenario(scenario))
        } else {
            Err(errors)
        }
    }

    /// The same scenario priced on `provider`, if the catalog lists it.
    pub fn on_provider(&self, provider: &str, catalog: &Catalog) -> Option<ValidScenario> {
        catalog.provider(provider)?;
        let mut variant = self.0.clone();
        // The same part of the world as the scenario's region.
        let pricing = &variant.pricing;
        variant.pricing.region =
            catalog.region_like((&pricing.provider, &pricing.region), provider);
        variant.pricing.provider = provider.to_string();
        Some(ValidScenario(variant))
    }

    /// The scenario, to keep or edit.
    pub fn into_scenario(self) -> Scenario {
        self.0
    }
}

impl Deref for ValidScenario {
    type Target = Scenario;

    fn deref(&self) -> &Scenario {
        &self.0
    }
}
