//! How the course is bought: provider, price snapshot, price model and adjustments.

use serde::{Deserialize, Serialize};

use crate::model::catalog::offer::PriceModel;
use crate::model::catalog::Catalog;
use crate::model::format;
use crate::model::scenario::price_change::PriceChange;

/// Pricing settings of a scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pricing {
    /// Provider id (see the catalog).
    pub provider: String,
    /// Region id of the provider (see the catalog's providers); empty for the provider's
    /// default region, which is what links made before regions existed mean.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub region: String,
    /// Price snapshot id (see the catalog).
    pub snapshot: String,
    /// On-demand or spot.
    #[serde(default)]
    pub model: PriceModel,
    /// Extra instance-hours spent re-running work that spot interruptions killed (percent); by
    /// default the one spot assumption, [`SPOT_RERUN_SHARE_PCT`].
    #[serde(default = "default_rerun_share")]
    pub rerun_overhead_pct: f64,
    /// Negotiated discount off every list price (percent).
    #[serde(default)]
    pub discount_pct: f64,
    /// Institutional overhead added after the discount (percent).
    #[serde(default)]
    pub overhead_pct: f64,
    /// Education credit each student brings (US dollars per student).
    #[serde(default)]
    pub credit_per_student_usd: f64,
    /// Currency results are shown in (ISO code).
    #[serde(default = "default_currency")]
    pub currency: String,
    /// Units of `currency` per US dollar (rate); 1 for USD.
    #[serde(default = "default_rate")]
    pub usd_to_currency: f64,
    /// How the provider's list prices move, per class of resource (percent each).
    #[serde(default)]
    pub price_change: PriceChange,
}

impl Pricing {
    /// A total of `usd` US dollars, written in the scenario's currency and the reader's locale
    /// (whole units).
    pub fn money(&self, usd: f64) -> String {
        format::money(usd, &self.currency, self.usd_to_currency)
    }

    /// An amount per student of `usd` US dollars, written in the scenario's currency and the
    /// reader's locale (to the cent).
    pub fn per_student(&self, usd: f64) -> String {
        format::per_student(usd, &self.currency, self.usd_to_currency)
    }

    /// A price per hour of `usd` US dollars, written in the scenario's currency and the
    /// reader's locale (four significant digits).
    pub fn hourly(&self, usd: f64) -> String {
        format::hourly(usd, &self.currency, self.usd_to_currency)
    }

    /// Prices on `provider`, in its region in the same part of the world as the current one
    /// (eu-west-1 on AWS becomes westeurope on Azure; the default region where it has none).
    pub fn move_to(&mut self, provider: String, catalog: &Catalog) {
        self.region = catalog.region_like((&self.provider, &self.region), &provider);
        self.provider = provider;
    }

    /// Prices in the provider's region `id` (stored empty for the default region, which links
    /// without a region mean).
    pub fn set_region(&mut self, id: &str, catalog: &Catalog) {
        self.region = catalog.stored_region(&self.provider, id);
    }
}

/// Share of spot GPU work re-run after interruptions (percent): the one spot assumption, used by
/// the spot price model (each preset's `rerun_overhead_pct`) and by the spot lever. Assumed, as no
/// course measured it: a provider may reclaim a spot instance at short notice (two minutes on AWS,
/// 30 seconds on Google Cloud) and the work since the last checkpoint is lost; labs and projects that checkpoint every
/// few minutes to an hour lose a small part of each interrupted block, and 15% is a cautious
/// allowance for that and the restart.
pub const SPOT_RERUN_SHARE_PCT: f64 = 15.0;

fn default_rerun_share() -> f64 {
    SPOT_RERUN_SHARE_PCT
}

/// The currency every price in the catalog is in (ISO code).
pub const BASE_CURRENCY: &str = "USD";

fn default_currency() -> String {
    BASE_CURRENCY.to_string()
}

fn default_rate() -> f64 {
    1.0
}
