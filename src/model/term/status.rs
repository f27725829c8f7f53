//! The status paragraph: where the term stands, in one paragraph to paste into an email or a
//! report, with the scenario's link.

use super::forecast::Forecast;
use super::place::Placement;
use super::runway::Runway;

/// "As of week 6: $X spent of $Y planned to date; forecast for the term $Z ($A-$B); the budget
/// of $C lasts to week N." (`money` writes an amount of US dollars), then the link.
pub fn status(
    placement: &Placement,
    forecast: &Forecast,
    runway: &Runway,
    money: &dyn Fn(f64) -> String,
    link: &str,
) -> String {
    let weeks = placement.weeks.len();
    let budget = money(runway.budget_usd);
    let lasts = match runway.runs_out_week {
        Some(week) => format!("the budget of {budget} lasts to week {week} of {weeks}"),
        None => format!("the budget of {budget} lasts the whole term ({weeks} weeks)"),
    };
    let mut text = format!(
        "As of week {}: {} spent of {} planned to date; forecast for the term {} ({}-{}); {lasts}.",
        placement.as_of_week(),
        money(forecast.spent_usd),
        money(forecast.planned_to_date_usd),
        money(forecast.total_usd),
        money(forecast.low_usd),
        money(forecast.high_usd),
    );
    text.push_str(&format!(
        " A straight-line trend of the spend so far would say {}.",
        money(forecast.trend_usd)
    ));
    if !link.is_empty() {
        text.push_str(&format!(" Scenario: {link}"));
    }
    text
}
