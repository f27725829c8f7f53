//! Chart-ready numbers, built from an estimate. Pure: no drawing, no browser.

use super::palette::{category_color, series_color, Rgb};
use crate::model::catalog::resource::Category;
use crate::model::engine::compare::ProviderEstimate;
use crate::model::engine::estimate::PhaseSummary;
use crate::model::format;
use crate::model::planners::diff::DiffRow;
use crate::model::planners::spread::SpreadResult;
use crate::model::planners::timeline::Timeline;
use crate::model::Estimate;

/// How the series of a bar chart share a bar position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// On top of each other (parts of a whole).
    Stacked,
    /// Side by side (to compare).
    Grouped,
}

/// What the values are.
#[derive(Clone, Debug, PartialEq)]
pub enum ValueUnit {
    /// Money in the given currency code.
    Money(String),
    /// Hours.
    Hours,
    /// A share, given as a percentage.
    Percent,
    /// A count (e.g. GPUs).
    Count,
}

impl ValueUnit {
    /// A value as the axis and table show it.
    pub fn format(&self, value: f64) -> String {
        match self {
            ValueUnit::Money(code) => format::money(value, code, 1.0),
            ValueUnit::Hours => format!("{} h", format::number(value, 0)),
            ValueUnit::Percent => format!("{}%", format::number(value, 1)),
            ValueUnit::Count => format::number(value, 0),
        }
    }
}

/// One coloured series of bars.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Legend name.
    pub name: String,
    /// Fill colour.
    pub color: Rgb,
    /// One value per bar position (in the chart's unit).
    pub values: Vec<f64>,
}

/// A bar chart: labelled positions, one or more series.
#[derive(Clone, Debug, PartialEq)]
pub struct BarChart {
    /// What the chart shows, also its accessible name.
    pub title: String,
    /// Short labels under the bars.
    pub labels: Vec<String>,
    /// Full names of the positions, for the table twin.
    pub full_labels: Vec<String>,
    /// The series.
    pub series: Vec<Series>,
    /// Stacked or grouped.
    pub layout: Layout,
    /// Unit of every value.
    pub unit: ValueUnit,
}

impl BarChart {
    /// Sum of the series at position `i`.
    pub fn total_at(&self, i: usize) -> f64 {
        self.series.iter().filter_map(|s| s.values.get(i)).sum()
    }

    /// The largest bar (a stack's total, or a single grouped bar), for the axis range.
    pub fn max_value(&self) -> f64 {
        let positions = 0..self.labels.len();
        let max = match self.layout {
            Layout::Stacked => positions.map(|i| self.total_at(i)).fold(0.0, f64::max),
            Layout::Grouped => self
                .series
                .iter()
                .flat_map(|s| s.values.iter().copied())
                .fold(0.0, f64::max),
        };
        if max.is_finite() {
            max
        } else {
            0.0
        }
    }

    /// A one-sentence summary for screen readers.
    pub fn summary(&self) -> String {
        let parts: Vec<String> = self
            .full_labels
            .iter()
            .enumerate()
            .map(|(i, label)| format!("{label}: {}", self.unit.format(self.total_at(i))))
            .collect();
        format!("{}. {}.", self.title, parts.join("; "))
    }
}

/// "Lab 3: MLOps pipeline" becomes "Lab 3"; other names are cut to 10 characters.
pub fn short_label(name: &str) -> String {
    match name.split_once(':') {
        Some((head, _)) if !head.trim().is_empty() => head.trim().to_string(),
        _ if name.chars().count() > 10 => {
            let cut: String = name.chars().take(9).collect();
            format!("{cut}…")
        }
        _ => name.to_string(),
    }
}

/// The labs and the project, in course order, with their short and full labels.
fn phases(estimate: &Estimate) -> (Vec<&PhaseSummary>, Vec<String>, Vec<String>) {
    let phases: Vec<&PhaseSummary> = estimate
        .labs
        .iter()
        .chain(std::iter::once(&estimate.project))
        .collect();
    let last = phases.len() - 1;
    let short = phases
        .iter()
        .enumerate()
        .map(|(i, p)| {
            if i == last {
                "Project".to_string()
            } else {
                short_label(&p.name)
            }
        })
        .collect();
    let full = phases.iter().map(|p| p.name.clone()).collect();
    (phases, short, full)
}

/// Cost of each lab and of the project, stacked by category, in the display currency.
pub fn cost_by_lab(estimate: &Estimate, currency: &str, usd_to_currency: f64) -> BarChart {
    let (phases, labels, full_labels) = phases(estimate);
    stacked_by_category(
        "Cost per lab and for the project, by category",
        (labels, full_labels),
        phases.iter().map(|p| p.cost_by_category).collect(),
        currency,
        usd_to_currency,
    )
}

/// A chart with a bar per item of `costs` (US dollars by category), stacked by category, in the
/// display currency; `labels` are the bars' short and full labels.
fn stacked_by_category(
    title: &str,
    labels: (Vec<String>, Vec<String>),
    costs: Vec<[f64; 4]>,
    currency: &str,
    usd_to_currency: f64,
) -> BarChart {
    BarChart {
        title: title.to_string(),
        labels: labels.0,
        full_labels: labels.1,
        series: Category::ALL
            .iter()
            .map(|&category| Series {
                name: category.label().to_string(),
                color: category_color(category),
                values: costs
                    .iter()
                    .map(|cost| cost[category.index()] * usd_to_currency)
                    .collect(),
            })
            .collect(),
        layout: Layout::Stacked,
        unit: ValueUnit::Money(currency.to_string()),
    }
}

/// Planned against actual instance-hours per lab and for the project.
pub fn hours_by_lab(estimate: &Estimate) -> BarChart {
    let (phases, labels, full_labels) = phases(estimate);
    let series = |name: &str, color, value: fn(&PhaseSummary) -> f64| Series {
        name: name.to_string(),
        color,
        values: phases.iter().map(|p| value(p)).collect(),
    };
    BarChart {
        title: "Planned and actual instance-hours per lab and for the project".to_string(),
        labels,
        full_labels,
        series: vec![
            series("Planned", series_color(4), |p| p.planned_instance_hours),
            series("Actual", series_color(5), |p| p.actual_instance_hours),
        ],
        layout: Layout::Grouped,
        unit: ValueUnit::Hours,
    }
}

/// Cost of the course on each provider, stacked by category, in the display currency.
pub fn providers(quotes: &[ProviderEstimate], currency: &str, usd_to_currency: f64) -> BarChart {
    let priced: Vec<&ProviderEstimate> = quotes.iter().filter(|q| q.error.is_none()).collect();
    let labels = priced
        .iter()
        .map(|q| q.name.split(' ').next().unwrap_or(&q.name).to_string())
        .collect();
    stacked_by_category(
        "The same course on every provider, by category",
        (labels, priced.iter().map(|q| q.name.clone()).collect()),
        priced.iter().map(|q| q.cost_by_category).collect(),
        currency,
        usd_to_currency,
    )
}

/// Cost per category, split into labs and project, in the display currency.
pub fn cost_by_category(estimate: &Estimate, currency: &str, usd_to_currency: f64) -> BarChart {
    let labs = |category: Category| -> f64 {
        estimate
            .labs
            .iter()
            .map(|l| l.cost_by_category[category.index()])
            .sum()
    };
    let project = |category: Category| estimate.project.cost_by_category[category.index()];
    BarChart {
        title: "Cost by category, labs and project".to_string(),
        labels: Category::ALL
            .iter()
            .map(|c| c.label().to_string())
            .collect(),
        full_labels: Category::ALL
            .iter()
            .map(|c| c.label().to_string())
            .collect(),
        series: vec![
            Series {
                name: "Labs".to_string(),
                color: series_color(4),
                values: Category::ALL
                    .iter()
                    .map(|&c| labs(c) * usd_to_currency)
                    .collect(),
            },
            Series {
                name: "Project".to_string(),
                color: series_color(5),
                values: Category::ALL
                    .iter()
                    .map(|&c| project(c) * usd_to_currency)
                    .collect(),
            },
        ],
        layout: Layout::Stacked,
        unit: ValueUnit::Money(currency.to_string()),
    }
}

/// Share of students per cost band, from the simulation's histogram.
pub fn student_spread(result: &SpreadResult, currency: &str, usd_to_currency: f64) -> BarChart {
    let label = |usd: f64| format::money(usd, currency, usd_to_currency);
    BarChart {
        title: "Cost per student: share of students in each band".to_string(),
        labels: result
            .histogram
            .iter()
            .map(|(low, _, _)| label(*low))
            .collect(),
        full_labels: result
            .histogram
            .iter()
            .map(|(low, high, _)| format!("{} to {}", label(*low), label(*high)))
            .collect(),
        series: vec![Series {
            name: "Students".to_string(),
            color: series_color(0),
            values: result.histogram.iter().map(|(_, _, s)| s * 100.0).collect(),
        }],
        layout: Layout::Stacked,
        unit: ValueUnit::Percent,
    }
}

/// What is spent each week of the term, in the display currency.
pub fn weekly_spend(timeline: &Timeline, currency: &str, usd_to_currency: f64) -> BarChart {
    BarChart {
        title: "Spend per week of the term".to_string(),
        labels: timeline.weeks.iter().map(|w| w.week.to_string()).collect(),
        full_labels: timeline
            .weeks
            .iter()
            .map(|w| {
                if w.due.is_empty() {
                    format!("Week {}", w.week)
                } else {
                    format!("Week {} (due: {})", w.week, w.due.join(", "))
                }
            })
            .collect(),
        series: vec![Series {
            name: "Spend".to_string(),
            color: series_color(0),
            values: timeline
                .weeks
                .iter()
                .map(|w| w.spend_usd * usd_to_currency)
                .collect(),
        }],
        layout: Layout::Stacked,
        unit: ValueUnit::Money(currency.to_string()),
    }
}

/// GPUs busy at once at each week's peak.
pub fn peak_gpus(timeline: &Timeline) -> BarChart {
    BarChart {
        title: "GPUs in use at once, at each week's peak".to_string(),
        labels: timeline.weeks.iter().map(|w| w.week.to_string()).collect(),
        full_labels: timeline
            .weeks
            .iter()
            .map(|w| format!("Week {}", w.week))
            .collect(),
        series: vec![Series {
            name: "Peak GPUs".to_string(),
            color: series_color(1),
            values: timeline.weeks.iter().map(|w| w.peak_gpus).collect(),
        }],
        layout: Layout::Stacked,
        unit: ValueUnit::Count,
    }
}

/// Scenario A against B, per lab and for the project.
pub fn comparison(rows: &[DiffRow], labs: usize, currency: &str, usd_to_currency: f64) -> BarChart {
    // The lab and project rows come first; categories and totals are in the table only.
    let shown = &rows[..rows.len().min(labs + 1)];
    let values = |pick: fn(&DiffRow) -> Option<f64>| {
        shown
            .iter()
            .map(|r| pick(r).unwrap_or(0.0) * usd_to_currency)
            .collect()
    };
    BarChart {
        title: "Scenario A and scenario B, per lab and for the project".to_string(),
        labels: shown.iter().map(|r| short_label(&r.label)).collect(),
        full_labels: shown.iter().map(|r| r.label.clone()).collect(),
        series: vec![
            Series {
                name: "A (pinned)".to_string(),
                color: series_color(4),
                values: values(|r| r.a_usd),
            },
            Series {
                name: "B (current)".to_string(),
                color: series_color(5),
                values: values(|r| r.b_usd),
            },
        ],
        layout: Layout::Grouped,
        unit: ValueUnit::Money(currency.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::model::engine::compare::compare_providers;
    use crate::model::presets::paper_course;
    use crate::model::scenario::valid::ValidScenario;
    use crate::model::{evaluate, Catalog};

    fn paper_estimate() -> Estimate {
        let catalog = Catalog::builtin().expect("catalog");
        let preset = paper_course().expect("preset");
        evaluate(&preset.scenario, catalog).expect("valid")
    }

    #[test]
    fn every_chart_adds_up_to_the_estimate() {
        let estimate = paper_estimate();
        let list = estimate.totals.list_usd;
        for chart in [
            cost_by_lab(&estimate, "USD", 1.0),
            cost_by_category(&estimate, "USD", 1.0),
        ] {
            let sum: f64 = (0..chart.labels.len()).map(|i| chart.total_at(i)).sum();
            assert!((sum - list).abs() < 1e-6, "{}", chart.title);
            assert_eq!(chart.labels.len(), chart.full_labels.len());
            assert!(chart.max_value() > 0.0);
        }
        let hours = hours_by_lab(&estimate);
        let actual: f64 = hours.series[1].values.iter().sum();
        assert!((actual - estimate.totals.actual_instance_hours).abs() < 1e-6);
        // A currency rate scales money charts.
        let eur = cost_by_lab(&estimate, "EUR", 0.5);
        assert!(
            (eur.total_at(3) - 0.5 * cost_by_lab(&estimate, "USD", 1.0).total_at(3)).abs() < 1e-9
        );
    }

    #[test]
    fn provider_chart_has_a_bar_per_priced_provider() {
        let catalog = Catalog::builtin().expect("catalog");
        let preset = paper_course().expect("preset");
        let valid = ValidScenario::new(preset.scenario.clone(), catalog).expect("valid");
        let quotes = compare_providers(&valid, catalog);
        let chart = providers(&quotes, "USD", 1.0);
        assert_eq!(chart.labels.len(), catalog.providers.len());
        assert_eq!(chart.labels[0], "AWS");
        let aws = quotes.iter().find(|q| q.provider == "aws").expect("aws");
        assert!((chart.total_at(0) - aws.cost_by_category.iter().sum::<f64>()).abs() < 1e-6);
    }

    #[test]
    fn short_labels_keep_the_lab_number() {
        assert_eq!(short_label("Lab 3: MLOps pipeline"), "Lab 3");
        assert_eq!(short_label("Capstone"), "Capstone");
        assert_eq!(short_label("A very long lab name"), "A very lo…");
    }
}
