//! During the term: a bill so far (one or several FOCUS files read together) placed on the
//! course's weeks, set against the plan to date, and a forecast of the rest of the term that
//! knows which labs are still to come.
//!
//! - [`plan`]: the plan by week (the semester timeline's spread), in all, per lab, per resource;
//! - [`place`]: the bill's charges placed on the weeks from the term's start date;
//! - [`forecast`]: the remaining weeks at the observed ratios, a range, and the straight-line
//!   trend a cloud budget draws;
//! - [`runway`]: the week the forecast crosses the budget, and the levers' savings;
//! - [`apply`]: the observed factors as one bill calibration (the same guards and Undo);
//! - [`status`]: the status paragraph.

pub mod apply;
pub mod forecast;
pub mod place;
pub mod plan;
pub mod runway;
pub mod status;

use crate::model::catalog::Catalog;
use crate::model::scenario::Scenario;

/// Everything the term view shows.
#[derive(Clone, Debug, PartialEq)]
pub struct TermView {
    /// The bill placed on the weeks.
    pub placement: place::Placement,
    /// The forecast.
    pub forecast: forecast::Forecast,
    /// When the money runs out.
    pub runway: runway::Runway,
    /// The tag keys of the bill, each with how many of its values name a lab.
    pub tags: Vec<(String, usize)>,
}

/// The term view of `bill` for `scenario`, the labs read from `tag` (or the tag naming the
/// most labs). Fails, in words, when the scenario cannot be priced or the bill not placed.
pub fn during_term(
    bill: &place::TermBill,
    scenario: &Scenario,
    catalog: &Catalog,
    tag: Option<&str>,
) -> Result<TermView, String> {
    let plan = plan::weekly_plan(scenario, catalog)?;
    let start = scenario.planning.term_start_day.round() as i64;
    let snapshot = &scenario.pricing.snapshot;
    let placement = place::place(bill, &plan, start, snapshot, tag)?;
    let forecast = forecast::forecast(&placement, &plan);
    let budget = scenario.planning.budget_usd;
    let runway = runway::runway(&forecast, &placement, scenario, catalog, budget);
    Ok(TermView {
        tags: place::lab_tags(&bill.dated, &plan),
        placement,
        forecast,
        runway,
    })
}
