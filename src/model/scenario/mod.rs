//! A scenario: everything a user sets, the input of the cost engine.

pub mod bound;
pub mod choice;
pub mod course;
pub mod field;
mod field_value;
pub mod levers;
pub mod limits;
pub mod planning;
pub mod price_change;
pub mod pricing;
pub mod provenance;
pub mod realism;
pub mod setting;
pub mod setting_field;
mod setting_words;
pub mod valid;
pub mod validate;

use serde::{Deserialize, Serialize};

use crate::model::catalog::offer::Offer;
use crate::model::scenario::course::Course;
use crate::model::scenario::levers::Levers;
use crate::model::scenario::planning::Planning;
use crate::model::scenario::pricing::Pricing;
use crate::model::scenario::realism::{BillNote, Realism, ResourceFactor};

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

/// How many units of a resource the course can use at once, and in which weeks: a reservation
/// such as the project's bare-metal pool. The engine warns when the scenario needs more
/// node-hours of the resource than the units can supply in the window.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Capacity {
    /// Chameleon resource id.
    pub resource: String,
    /// Units that exist (nodes, count).
    pub units: f64,
    /// Term week the window opens (week number; fractions are days: 12.5 = mid-week 12).
    pub start_week: f64,
    /// Length of the window (weeks).
    pub weeks: f64,
    /// Where the count and window come from, or what was assumed.
    #[serde(default)]
    pub note: String,
}

impl Capacity {
    /// Node-hours the units can supply in the window (hours).
    pub fn available_hours(&self) -> f64 {
        self.units * self.weeks * 168.0
    }
}

/// A complete, priceable course plan.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    /// What the user calls this scenario (shown in the tab title, print and exports); empty
    /// for none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub title: String,
    /// The user's notes on it (free text).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    /// The course.
    pub course: Course,
    /// Actual / planned usage factors (overrun).
    pub realism: Realism,
    /// How it is bought.
    pub pricing: Pricing,
    /// Offer choices that replace the catalog's mapping, for any resource (GPU or not). Drafts
    /// saved before the rename call it `gpu_choices`.
    #[serde(default, alias = "gpu_choices")]
    pub stand_in_choices: Vec<OfferChoice>,
    /// Offers the user entered (e.g. an institution's negotiated rate); provider `custom`.
    #[serde(default)]
    pub custom_offers: Vec<Offer>,
    /// How many units of a resource exist for the course, and when (e.g. a reserved node pool).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub capacity: Vec<Capacity>,
    /// Savings levers applied to the course (each off by default); the estimate includes them.
    #[serde(default, skip_serializing_if = "Levers::is_off")]
    pub levers: Levers,
    /// Spread, budget and quota planning settings.
    #[serde(default)]
    pub planning: Planning,
    /// Per-resource multipliers on the overrun factors (a bill's calibration sets them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resource_factors: Vec<ResourceFactor>,
    /// Where the numbers the last calibration from a bill set come from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bill_note: Option<BillNote>,
}

impl Scenario {
    /// The multiplier on the overrun factors of `resource` (1 when none is set).
    pub fn resource_factor(&self, resource: &str) -> f64 {
        self.resource_factors
            .iter()
            .find(|f| f.resource == resource)
            .map_or(1.0, |f| f.factor)
    }
}
