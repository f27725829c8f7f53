//! The term's weeks as a chart (pure: no drawing): planned, billed and forecast per week, in
//! the scenario's currency; the bar chart draws it ([`super::bars`]) beside its table twin.

use super::data::{BarChart, Layout, Series, ValueUnit};
use super::palette::series_color;
use crate::model::term::forecast::Forecast;

/// Planned, billed so far and forecast per week of the term.
pub fn weeks_chart(forecast: &Forecast, currency: &str, usd_to_currency: f64) -> BarChart {
    let values = |of: fn(&crate::model::term::forecast::WeekForecast) -> f64| -> Vec<f64> {
        forecast
            .weeks
            .iter()
            .map(|w| of(w) * usd_to_currency)
            .collect()
    };
    let series = [
        ("Planned", values(|w| w.planned_usd)),
        ("Billed so far", values(|w| w.spent_usd)),
        ("Forecast", values(|w| w.forecast_usd)),
    ];
    BarChart {
        title: "Spend per week of the term: planned, billed so far and forecast".to_string(),
        labels: forecast.weeks.iter().map(|w| w.week.to_string()).collect(),
        full_labels: forecast
            .weeks
            .iter()
            .map(|w| format!("Week {}", w.week))
            .collect(),
        series: series
            .into_iter()
            .enumerate()
            .map(|(i, (name, values))| Series {
                name: name.to_string(),
                color: series_color(i),
                values,
            })
            .collect(),
        layout: Layout::Grouped,
        unit: ValueUnit::Money(currency.to_string()),
    }
}
