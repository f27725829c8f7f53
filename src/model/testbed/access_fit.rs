//! Which ACCESS tier holds the course on Jetstream2: the smallest whose credit limit is at least
//! the course's credits; whether the half issued before the progress report lasts until it;
//! whether the tier below with a one-time supplement would do; and the lifetime limit of one
//! funding award, beyond which only the tier requested in resource units is left.

use serde::Serialize;

use crate::model::testbed::data::AccessRules;

/// The tier below with a supplement that would hold the course.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Supplemented {
    /// Index of that tier in the rules' tiers.
    pub tier: usize,
    /// Supplement the course needs on it (credits).
    pub needed: f64,
    /// The largest supplement that tier allows (credits).
    pub allowed: f64,
}

/// The answer for one figure of credits.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct AccessFit {
    /// Credits the course needs (ACCESS credits = Jetstream2 SU).
    pub credits: f64,
    /// Index of the smallest tier that holds them; `None` beyond every credit tier.
    pub tier: Option<usize>,
    /// Credits issued before the progress report (credits).
    pub first_half: f64,
    /// The term week in which the course has used up the first half; `None` when it lasts the
    /// whole course.
    pub first_half_until: Option<u32>,
    /// The tier below with a supplement, when that would hold the course too.
    pub supplemented: Option<Supplemented>,
    /// More than one funding award can receive over its lifetime.
    pub over_lifetime: bool,
}

/// The largest supplement tier `limit` allows: a share of it, within the lifetime limit (credits).
fn supplement_allowed(rules: &AccessRules, limit: f64) -> f64 {
    (limit * rules.supplement_share)
        .min(rules.lifetime_credits - limit)
        .max(0.0)
}

/// How `weekly` credits (per term week, week 1 first) fit the tiers of `rules`.
pub fn access_fit(weekly: &[f64], rules: &AccessRules) -> AccessFit {
    let credits: f64 = weekly.iter().sum();
    let tier = rules.tiers.iter().position(|t| t.credits >= credits);
    let first_half = tier.map_or(0.0, |i| rules.tiers[i].credits * rules.before_report_share);
    let mut used = 0.0;
    let mut first_half_until = None;
    if tier.is_some() {
        for (index, week) in weekly.iter().enumerate() {
            used += week;
            if used > first_half {
                first_half_until = Some(index as u32 + 1);
                break;
            }
        }
    }
    let below = match tier {
        Some(0) => None,
        Some(i) => Some(i - 1),
        None => rules.tiers.len().checked_sub(1),
    };
    let supplemented = below.and_then(|i| {
        let limit = rules.tiers[i].credits;
        let allowed = supplement_allowed(rules, limit);
        let needed = credits - limit;
        (needed > 0.0 && needed <= allowed).then_some(Supplemented {
            tier: i,
            needed,
            allowed,
        })
    });
    AccessFit {
        credits,
        tier,
        first_half,
        first_half_until,
        supplemented,
        over_lifetime: credits > rules.lifetime_credits,
    }
}
