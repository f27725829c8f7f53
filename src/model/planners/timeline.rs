//! The semester, week by week: what is spent, how many GPUs are busy at the peak, and where
//! deadlines collide.
//!
//! A lab's cost and GPU hours are spread evenly over its weeks (release to due), except that a
//! share of its GPU hours (the "deadline crunch", an assumption the user sets; the instructor
//! guide's advice to stagger students by ID parity shows such peaks happen) falls in the last
//! 48 hours before the deadline. The project's are spread evenly over its weeks.

use serde::Serialize;

use crate::model::catalog::Catalog;
use crate::model::engine::estimate::{CostLine, Estimate, Phase};
use crate::model::plural::plural;
use crate::model::scenario::Scenario;

/// Hours in a week.
const WEEK_HOURS: f64 = 168.0;
/// Hours before a deadline that the crunch falls in.
const CRUNCH_HOURS: f64 = 48.0;

/// One week of the term.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Week {
    /// Week number (1 = first week of term).
    pub week: u32,
    /// List cost spent this week (US dollars).
    pub spend_usd: f64,
    /// GPU device-hours used this week (hours).
    pub gpu_hours: f64,
    /// GPUs busy at the same time at the week's peak (count).
    pub peak_gpus: f64,
    /// Labs due this week (names).
    pub due: Vec<String>,
}

/// The whole term.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Timeline {
    /// Every week, first to last.
    pub weeks: Vec<Week>,
    /// Warnings: deadlines that collide, work outside the term.
    pub warnings: Vec<String>,
}

fn span(start: f64, end: f64) -> (usize, usize) {
    let first = start.max(1.0).round() as usize;
    let last = end.max(start).max(1.0).round() as usize;
    (first, last.max(first))
}

/// The last week with work in it: the term's, or a later due date or project end (at most two
/// years of weeks).
fn last_week(scenario: &Scenario) -> usize {
    let course = &scenario.course;
    let project = &course.project;
    let project_end = project.start_week + project.weeks - 1.0;
    course
        .labs
        .iter()
        .map(|l| l.due_week)
        .fold(course.term_weeks.max(project_end), f64::max)
        .clamp(1.0, 104.0) as usize
}

/// `amount` of each priced line of `estimate`, spread over the weeks as [`timeline`] spreads
/// cost: a lab's evenly over its weeks (release to due), the project's evenly over its weeks.
/// One figure per week, week 1 first (the testbed twin's SUs per week, for instance).
pub fn by_week(
    scenario: &Scenario,
    estimate: &Estimate,
    amount: &dyn Fn(&CostLine) -> f64,
) -> Vec<f64> {
    let course = &scenario.course;
    let project = &course.project;
    let last_week = last_week(scenario);
    let mut weeks = vec![0.0; last_week];
    let mut spread = |(first, last): (usize, usize), value: f64| {
        let share = value / (last - first + 1) as f64;
        for slot in weeks.iter_mut().take(last).skip(first - 1) {
            *slot += share;
        }
    };
    for line in &estimate.lines {
        let value = amount(line);
        match line.phase {
            Phase::Lab(i) => {
                if let Some(lab) = course.labs.get(i) {
                    spread(span(lab.start_week, lab.due_week), value);
                }
            }
            Phase::Project if project.weeks > 0.0 => spread(
                span(project.start_week, project.start_week + project.weeks - 1.0),
                value,
            ),
            Phase::Project => {}
        }
    }
    weeks
}

/// Builds the timeline of `scenario` from its `estimate`.
pub fn timeline(scenario: &Scenario, estimate: &Estimate, catalog: &Catalog) -> Timeline {
    let course = &scenario.course;
    let crunch = scenario.planning.deadline_crunch_pct / 100.0;
    let project = &course.project;
    let project_end = project.start_week + project.weeks - 1.0;
    let last_week = last_week(scenario);
    let mut weeks: Vec<Week> = (1..=last_week)
        .map(|w| Week {
            week: w as u32,
            ..Week::default()
        })
        .collect();

    // GPU device-hours per lab or project, from the priced lines.
    let gpu_devices = |resource: &str| {
        catalog
            .resource(resource)
            .map_or(0.0, |r| f64::from(r.specs.gpu_count))
    };
    let mut lab_gpu_hours = vec![0.0; course.labs.len()];
    let mut project_gpu_hours = 0.0;
    for line in &estimate.lines {
        let hours = line.gpu_hours * gpu_devices(&line.resource);
        match line.phase {
            Phase::Lab(i) => {
                if let Some(slot) = lab_gpu_hours.get_mut(i) {
                    *slot += hours;
                }
            }
            Phase::Project => project_gpu_hours += hours,
        }
    }

    for (i, (lab, summary)) in course.labs.iter().zip(&estimate.labs).enumerate() {
        let (first, last) = span(lab.start_week, lab.due_week);
        let count = (last - first + 1) as f64;
        let gpu = lab_gpu_hours[i];
        for w in first..=last.min(last_week) {
            let week = &mut weeks[w - 1];
            week.spend_usd += summary.cost_usd / count;
            week.gpu_hours += gpu / count;
            week.peak_gpus += gpu * (1.0 - crunch) / (count * WEEK_HOURS);
        }
        if let Some(week) = weeks.get_mut(last - 1) {
            week.peak_gpus += gpu * crunch / CRUNCH_HOURS;
            week.due.push(lab.name.clone());
        }
    }
    if project.weeks > 0.0 {
        let (first, last) = span(project.start_week, project_end);
        let count = (last - first + 1) as f64;
        for w in first..=last.min(last_week) {
            let week = &mut weeks[w - 1];
            week.spend_usd += estimate.project.cost_usd / count;
            week.gpu_hours += project_gpu_hours / count;
            week.peak_gpus += project_gpu_hours / (count * WEEK_HOURS);
        }
    }

    let mut warnings = Vec::new();
    for week in &weeks {
        if week.due.len() > 1 {
            warnings.push(format!(
                "Week {}: {} are due in the same week; stagger the deadlines, or expect a peak of about {} {} in use at once.",
                week.week,
                week.due.join(" and "),
                week.peak_gpus.ceil(),
                plural(week.peak_gpus.ceil(), "GPU", "GPUs")
            ));
        }
    }
    if last_week as f64 > course.term_weeks {
        warnings.push(format!(
            "Work runs to week {last_week}, past the {}-week term.",
            course.term_weeks
        ));
    }
    Timeline { weeks, warnings }
}
