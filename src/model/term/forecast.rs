//! The rest of the term at the plan's schedule: each instance resource's remaining planned cost
//! times its observed ratio so far (billed / planned hours to date, where the plan to date is
//! enough of its term's; the plan's own factor, 1, where it is not), the rest of the plan
//! (storage, addresses, what the plan has no resource for) times the ratio of the rest so far.
//! The range: the remaining plan at the lowest and at the highest ratio seen so far (among the
//! resources, the labs by tag, the rest, and the plan's own 1). Beside it, the straight line a
//! cloud budget draws: the average daily spend so far carried to the term's end.

use super::place::{Placement, ENOUGH};
use super::plan::WeeklyPlan;

/// Where a part's ratio comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RatioFrom {
    /// Observed: billed / planned to date.
    Observed,
    /// The plan's own factor: the bill covers too little of it so far.
    Plan,
}

/// One part of the forecast: an instance resource, or the rest of the plan.
#[derive(Clone, Debug, PartialEq)]
pub struct PartForecast {
    /// Resource id ("" for the rest).
    pub id: String,
    /// What it is.
    pub label: String,
    /// The multiplier on its remaining plan.
    pub ratio: f64,
    /// Where the ratio comes from.
    pub from: RatioFrom,
    /// Its plan for the remaining weeks (US dollars).
    pub remaining_planned_usd: f64,
    /// Its forecast for the remaining weeks (US dollars).
    pub remaining_usd: f64,
}

/// One week of the forecast.
#[derive(Clone, Debug, PartialEq)]
pub struct WeekForecast {
    /// Week number.
    pub week: u32,
    /// Planned (US dollars).
    pub planned_usd: f64,
    /// Billed so far in the week (US dollars).
    pub spent_usd: f64,
    /// Forecast for the part of the week the bill does not cover (US dollars).
    pub forecast_usd: f64,
    /// Billed plus forecast, from week 1 to this one (US dollars).
    pub cumulative_usd: f64,
    /// The straight-line trend, from week 1 to this one (US dollars).
    pub trend_cumulative_usd: f64,
}

/// The forecast of the term.
#[derive(Clone, Debug, PartialEq)]
pub struct Forecast {
    /// Billed in the term to date (US dollars).
    pub spent_usd: f64,
    /// Planned to date (US dollars).
    pub planned_to_date_usd: f64,
    /// Planned for the term (US dollars, levers off).
    pub planned_term_usd: f64,
    /// Per instance resource, then the rest.
    pub parts: Vec<PartForecast>,
    /// The forecast for the term (US dollars).
    pub total_usd: f64,
    /// Its range (US dollars).
    pub low_usd: f64,
    /// Its range (US dollars).
    pub high_usd: f64,
    /// The ratios the range is drawn at (lowest, highest).
    pub ratios: (f64, f64),
    /// The straight-line trend for the term (US dollars).
    pub trend_usd: f64,
    /// Week by week.
    pub weeks: Vec<WeekForecast>,
}

impl Forecast {
    /// Planned for the remaining weeks (US dollars).
    pub fn remaining_planned_usd(&self) -> f64 {
        self.parts.iter().map(|p| p.remaining_planned_usd).sum()
    }

    /// Forecast for the remaining weeks (US dollars).
    pub fn remaining_usd(&self) -> f64 {
        self.parts.iter().map(|p| p.remaining_usd).sum()
    }
}

/// The ratio of a part: observed when `observed` gives one, else the plan's.
fn part(
    id: &str,
    label: &str,
    observed: Option<f64>,
    weekly: &[f64],
    left: &[f64],
) -> PartForecast {
    let remaining_planned_usd: f64 = weekly.iter().zip(left).map(|(v, l)| v * l).sum();
    let (ratio, from) = match observed.filter(|r| r.is_finite()) {
        Some(ratio) => (ratio, RatioFrom::Observed),
        None => (1.0, RatioFrom::Plan),
    };
    PartForecast {
        id: id.to_string(),
        label: label.to_string(),
        ratio,
        from,
        remaining_planned_usd,
        remaining_usd: ratio * remaining_planned_usd,
    }
}

/// The rest of the plan (all but the instance resources) per week, and its ratio to date.
fn rest(placement: &Placement, plan: &WeeklyPlan) -> (Vec<f64>, Option<f64>) {
    let weekly: Vec<f64> = (0..plan.weeks())
        .map(|w| plan.total[w] - plan.resources.iter().map(|r| r.cost[w]).sum::<f64>())
        .map(|v| v.max(0.0))
        .collect();
    let covered: Vec<f64> = placement.weeks.iter().map(|w| w.covered).collect();
    let planned: f64 = weekly.iter().zip(&covered).map(|(v, c)| v * c).sum();
    let term: f64 = weekly.iter().sum();
    let spent =
        placement.spent_usd() - placement.resources.iter().map(|r| r.spent_usd).sum::<f64>();
    let enough = planned > 0.0 && planned >= ENOUGH * term;
    (weekly, enough.then(|| spent.max(0.0) / planned))
}

/// The forecast of the term from `placement` of a bill on `plan`.
pub fn forecast(placement: &Placement, plan: &WeeklyPlan) -> Forecast {
    let left: Vec<f64> = placement.weeks.iter().map(|w| 1.0 - w.covered).collect();
    let mut parts: Vec<PartForecast> = plan
        .resources
        .iter()
        .zip(&placement.resources)
        .map(|(r, to_date)| part(&r.id, &r.label, to_date.ratio(), &r.cost, &left))
        .collect();
    let (rest_weekly, rest_ratio) = rest(placement, plan);
    parts.push(part(
        "",
        "Storage, addresses and the rest",
        rest_ratio,
        &rest_weekly,
        &left,
    ));
    let observed = parts
        .iter()
        .filter(|p| p.from == RatioFrom::Observed)
        .map(|p| p.ratio);
    let labs = placement.labs.iter().filter_map(|l| l.ratio());
    let (low, high) = observed
        .chain(labs)
        .fold((1.0_f64, 1.0_f64), |(lo, hi), r| (lo.min(r), hi.max(r)));
    let spent = placement.spent_usd();
    let remaining_planned: f64 = parts.iter().map(|p| p.remaining_planned_usd).sum();
    let remaining: f64 = parts.iter().map(|p| p.remaining_usd).sum();
    let term_days = 7.0 * plan.weeks() as f64;
    let daily = if placement.days > 0.0 {
        spent / placement.days
    } else {
        0.0
    };
    let mut cumulative = 0.0;
    let weeks = placement
        .weeks
        .iter()
        .enumerate()
        .map(|(w, row)| {
            let resources: f64 = plan
                .resources
                .iter()
                .zip(&parts)
                .map(|(r, p)| r.cost[w] * p.ratio)
                .sum();
            let rest = rest_weekly[w] * parts.last().map_or(1.0, |p| p.ratio);
            let forecast_usd = (resources + rest) * left[w];
            cumulative += row.spent_usd + forecast_usd;
            WeekForecast {
                week: row.week,
                planned_usd: row.planned_usd,
                spent_usd: row.spent_usd,
                forecast_usd,
                cumulative_usd: cumulative,
                trend_cumulative_usd: daily * (7.0 * (w + 1) as f64),
            }
        })
        .collect();
    Forecast {
        spent_usd: spent,
        planned_to_date_usd: placement.planned_usd(),
        planned_term_usd: plan.total.iter().sum(),
        parts,
        total_usd: spent + remaining,
        low_usd: spent + low * remaining_planned,
        high_usd: spent + high * remaining_planned,
        ratios: (low, high),
        trend_usd: daily * term_days,
        weeks,
    }
}
