//! A scenario: everything a user sets, the input of the cost engine.

pub mod course;
pub mod field;
pub mod planning;
pub mod pricing;
pub mod realism;
pub mod setting;
pub mod valid;
pub mod validate;

use serde::{Deserialize, Serialize};

use crate::model::catalog::offer::Offer;
use crate::model::scenario::course::Course;
use crate::model::scenario::planning::Planning;
use crate::model::scenario::pricing::Pricing;
use crate::model::scenario::realism::Realism;

/// The user's choice of offer for one resource on one provider, replacing the catalog mapping.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OfferChoice {
    /// Provider id.
    pub provider: String,
    /// Chameleon resource id.
    pub resource: String,
    /// Offer id, from the catalog or the scenario's custom offers.
    pub offer: String,
    /// How many of the offer one resource instance equals.
    pub fraction: f64,
}

/// A complete, priceable course plan.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    /// The course.
    pub course: Course,
    /// Actual / expected usage factors.
    pub realism: Realism,
    /// How it is bought.
    pub pricing: Pricing,
    /// Offer choices that replace the catalog's mapping.
    #[serde(default)]
    pub gpu_choices: Vec<OfferChoice>,
    /// Offers the user entered (e.g. an institution's negotiated rate); provider `custom`.
    #[serde(default)]
    pub custom_offers: Vec<Offer>,
    /// Spread, budget and quota planning settings.
    #[serde(default)]
    pub planning: Planning,
}
