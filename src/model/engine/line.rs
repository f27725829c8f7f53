//! One priced line of an estimate and the part of the course it belongs to: what the engine
//! makes, and what the summaries, checks and exports read.

use serde::Serialize;

use crate::model::catalog::offer::PriceModel;
use crate::model::catalog::resource::{Category, ResourceKind};

/// Which part of the course a line belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// A lab assignment, by index into the course's labs.
    Lab(usize),
    /// The group project.
    Project,
}

/// One priced line: one resource use of one lab option (or of the project), all takers together.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CostLine {
    /// Lab or project.
    pub phase: Phase,
    /// What the students were doing: the lab's name, or "Group project".
    pub activity: String,
    /// Lab option name (empty for the project).
    pub option: String,
    /// Chameleon resource id.
    pub resource: String,
    /// How the resource is provisioned.
    pub kind: ResourceKind,
    /// Cost category.
    pub category: Category,
    /// Who uses it: students on this option, or project groups (count).
    pub takers: f64,
    /// "students" or "groups".
    pub takers_unit: &'static str,
    /// Instances per taker (count); GB for storage, addresses for network.
    pub count: f64,
    /// "instance", "GB" or "address".
    pub count_unit: &'static str,
    /// Planned hours per instance per taker (hours).
    pub planned_hours: f64,
    /// Actual / planned (factor).
    pub overrun: f64,
    /// The use ends with a lease (bare-metal nodes, edge devices and their floating IPs), so no
    /// student can run it past its block; false for VMs, their addresses and volumes.
    pub lease_bounded: bool,
    /// Offer that stands in for the resource.
    pub offer_id: String,
    /// The offer's SKU.
    pub sku: String,
    /// How many of the offer one resource instance equals.
    pub fraction: f64,
    /// Price model actually used for this line.
    pub model: PriceModel,
    /// Spot was asked for but the offer has no spot price, so on-demand was used.
    pub spot_missing: bool,
    /// Price of the offer (US dollars per its unit, before `fraction`), after `price_change`.
    pub offer_usd: f64,
    /// What the list price was multiplied by: the scenario's change to its class's prices
    /// (factor; 1 for none and for the user's own offers).
    pub price_change: f64,
    /// Cost of one resource unit for one hour (US dollars per hour), after fraction and model.
    pub usd_per_hour: f64,
    /// Re-run multiplier for spot interruptions (factor; 1 when not on spot).
    pub rerun: f64,
    /// When the price was seen.
    pub as_of: String,
    /// Where the price comes from.
    pub source: String,
    /// takers x count x planned hours (unit-hours: instance-, GB- or address-hours).
    pub planned_total_hours: f64,
    /// planned total hours x overrun (unit-hours).
    pub actual_hours: f64,
    /// actual hours x rerun x US dollars per hour (US dollars, list price).
    pub cost_usd: f64,
    /// Actual node-hours of GPU instances (hours; 0 for others): one hour of a 4-GPU node is
    /// one node-hour. The paper's "GPU hours" are read as node-hours.
    pub gpu_hours: f64,
    /// Actual GPU-device-hours (hours): node-hours times GPUs per node.
    pub gpu_device_hours: f64,
}
