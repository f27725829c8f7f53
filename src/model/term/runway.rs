//! When the money runs out: the week the forecast (billed so far, then the forecast week by
//! week) crosses the budget of the budget planner, the week the straight-line trend would say,
//! and what each savings lever would save on the remaining weeks (its saving on the plan of
//! each remaining week, times the forecast's own scale of the remaining plan) and whether the
//! term would then stay within the budget.

use super::forecast::Forecast;
use super::place::Placement;
use super::plan::weekly_plan_of;
use crate::model::catalog::Catalog;
use crate::model::engine::estimate::evaluate;
use crate::model::focus::compare::levers_off;
use crate::model::planners::levers::{Lever, Levers};
use crate::model::scenario::Scenario;

/// One lever on the remaining weeks.
#[derive(Clone, Debug, PartialEq)]
pub struct LeverSaving {
    /// The lever (`None`: every lever together).
    pub lever: Option<Lever>,
    /// Its name.
    pub label: String,
    /// What it saves on the remaining weeks (US dollars).
    pub saving_usd: f64,
    /// The term's forecast with it (US dollars).
    pub term_usd: f64,
    /// The term then stays within the budget.
    pub within: bool,
}

/// When the money runs out.
#[derive(Clone, Debug, PartialEq)]
pub struct Runway {
    /// The budget (US dollars).
    pub budget_usd: f64,
    /// The week the forecast crosses it (`None`: it lasts the term).
    pub runs_out_week: Option<u32>,
    /// The week the straight-line trend crosses it.
    pub trend_runs_out_week: Option<u32>,
    /// The week the range's high end crosses it.
    pub high_runs_out_week: Option<u32>,
    /// Each lever, then all of them together.
    pub levers: Vec<LeverSaving>,
}

/// The first week whose running sum of `weekly` passes `budget`.
pub fn crossing(weekly: impl IntoIterator<Item = f64>, budget: f64) -> Option<u32> {
    let mut sum = 0.0;
    for (w, amount) in weekly.into_iter().enumerate() {
        sum += amount;
        if sum > budget {
            return Some(w as u32 + 1);
        }
    }
    None
}

/// The levers to price: the scenario's own where it has them on, else the suggested setting
/// of every lever.
fn candidates(scenario: &Scenario) -> Levers {
    if scenario.levers.is_off() {
        Levers::suggested()
    } else {
        scenario.levers.clone()
    }
}

/// What `levers` save on the plan of the weeks the bill does not cover (US dollars); `None`
/// when the levered plan cannot be priced.
fn saving_left(
    scenario: &Scenario,
    levers: Levers,
    placement: &Placement,
    planned: &[f64],
    catalog: &Catalog,
) -> Option<f64> {
    let mut levered = levers_off(scenario);
    levered.levers = levers;
    let estimate = evaluate(&levered, catalog).ok()?;
    let plan = weekly_plan_of(&levered, &estimate, catalog);
    let saved = placement
        .weeks
        .iter()
        .enumerate()
        .map(|(w, row)| {
            let after = plan.total.get(w).copied().unwrap_or(0.0);
            (planned[w] - after) * (1.0 - row.covered)
        })
        .sum();
    Some(saved)
}

/// When `forecast` crosses `budget_usd`, and what the levers would save.
pub fn runway(
    forecast: &Forecast,
    placement: &Placement,
    scenario: &Scenario,
    catalog: &Catalog,
    budget_usd: f64,
) -> Runway {
    let weekly = forecast.weeks.iter().map(|w| w.spent_usd + w.forecast_usd);
    let runs_out_week = crossing(weekly, budget_usd);
    let trend_weekly = forecast.weeks.iter().scan(0.0, |before, w| {
        let step = w.trend_cumulative_usd - *before;
        *before = w.trend_cumulative_usd;
        Some(step)
    });
    let trend_runs_out_week = crossing(trend_weekly, budget_usd);
    // The high end: every remaining week at the highest ratio seen.
    let high = forecast.ratios.1;
    let planned: Vec<f64> = placement.weeks.iter().map(|w| w.planned_usd).collect();
    let high_weekly = placement
        .weeks
        .iter()
        .map(|w| w.spent_usd + high * w.planned_usd * (1.0 - w.covered));
    let high_runs_out_week = crossing(high_weekly, budget_usd);
    let remaining_planned = forecast.remaining_planned_usd();
    let scale = if remaining_planned > 0.0 {
        forecast.remaining_usd() / remaining_planned
    } else {
        0.0
    };
    let all = candidates(scenario);
    let each = all.enabled().into_iter().map(|l| (Some(l), all.only(l)));
    let together = std::iter::once((None, all.clone()));
    let levers = each
        .chain(together)
        .filter_map(|(lever, levers)| {
            let saved = saving_left(scenario, levers, placement, &planned, catalog)? * scale;
            let term_usd = forecast.total_usd - saved;
            Some(LeverSaving {
                lever,
                label: lever
                    .map_or("All of them together", Lever::label)
                    .to_string(),
                saving_usd: saved,
                term_usd,
                within: term_usd <= budget_usd,
            })
        })
        .collect();
    Runway {
        budget_usd,
        runs_out_week,
        trend_runs_out_week,
        high_runs_out_week,
        levers,
    }
}
