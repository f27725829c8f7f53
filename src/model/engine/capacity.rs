//! Capacity: can the units that exist (a reserved node pool) supply the node-hours the scenario
//! needs of them in their window? Each node type is checked against its own capacity, so hours
//! moved onto one type of a pool warn even when the pool as a whole could supply them.

use serde::Serialize;

use crate::model::catalog::Catalog;
use crate::model::engine::line::{CostLine, Phase};
use crate::model::format;
use crate::model::plural::plural;
use crate::model::scenario::Scenario;

/// One capacity of the scenario against what the course needs of it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CapacityCheck {
    /// Chameleon resource id.
    pub resource: String,
    /// Units that exist (count).
    pub units: f64,
    /// Node-hours the units supply in their window (hours).
    pub available_hours: f64,
    /// Actual node-hours the course needs of the resource in phases that overlap the window
    /// (hours): a phase that uses the resource at all is counted whole, since the resource can
    /// only be used while it exists.
    pub needed_hours: f64,
}

impl CapacityCheck {
    /// Whether the course needs more than the units can supply.
    pub fn exceeded(&self) -> bool {
        self.needed_hours > self.available_hours
    }

    /// The fewest nodes of this type that could supply what the course needs of it in the
    /// window (count): needed node-hours over one node's hours in the window, rounded up.
    pub fn fewest_units(&self) -> f64 {
        if self.units <= 0.0 || self.available_hours <= 0.0 || self.needed_hours <= 0.0 {
            return 0.0;
        }
        (self.needed_hours / (self.available_hours / self.units) - 1e-9).ceil()
    }
}

/// The weeks `[start, end)` a phase runs, by term week number.
fn phase_weeks(scenario: &Scenario, phase: Phase) -> (f64, f64) {
    let course = &scenario.course;
    match phase {
        Phase::Lab(index) => course
            .labs
            .get(index)
            .map_or((0.0, 0.0), |lab| (lab.start_week, lab.due_week + 1.0)),
        Phase::Project => {
            let project = &course.project;
            (project.start_week, project.start_week + project.weeks)
        }
    }
}

/// Each capacity of `scenario` against the actual hours its `lines` put on that resource.
pub fn check_capacity(scenario: &Scenario, lines: &[CostLine]) -> Vec<CapacityCheck> {
    scenario
        .capacity
        .iter()
        .map(|capacity| {
            let window = (capacity.start_week, capacity.start_week + capacity.weeks);
            let needed_hours = lines
                .iter()
                .filter(|line| line.resource == capacity.resource)
                .filter(|line| {
                    let (start, end) = phase_weeks(scenario, line.phase);
                    start < window.1 && window.0 < end
                })
                .map(|line| line.actual_hours)
                .sum();
            CapacityCheck {
                resource: capacity.resource.clone(),
                units: capacity.units,
                available_hours: capacity.available_hours(),
                needed_hours,
            }
        })
        .collect()
}

/// A node type's name in course words, without its specs: "RTX 6000 GPU node".
pub fn node_name(catalog: &Catalog, resource: &str) -> String {
    catalog.resource(resource).map_or_else(
        || resource.to_string(),
        |r| r.label.split(" (").next().unwrap_or(r.label).to_string(),
    )
}

/// The capacity warning in one short line, for the checks that are exceeded: the type short of
/// the most nodes, what to do about it, and how many other types are short: "Too few nodes: add
/// 2 RTX 6000 GPU nodes or widen the window (+4 more)."
pub fn capacity_line(checks: &[&CapacityCheck], catalog: &Catalog) -> String {
    let short = |c: &CapacityCheck| (c.fewest_units() - c.units).max(1.0);
    let Some(worst) = checks.iter().max_by(|a, b| short(a).total_cmp(&short(b))) else {
        return String::new();
    };
    let add = short(worst);
    let name = node_name(catalog, &worst.resource);
    let mut text = format!(
        "Too few nodes: add {} {name}{} or widen the window",
        format::quantity(add),
        if add == 1.0 { "" } else { "s" },
    );
    let others = checks.len() - 1;
    if others > 0 {
        text.push_str(&format!(" (+{others} more)"));
    }
    text.push('.');
    text
}

/// The capacity warning in full, each type short: "RTX 6000 GPU node: needs 2,888 node-hours
/// in its reserved window, but 1 node supplies at most 456".
pub fn capacity_text(checks: &[&CapacityCheck], catalog: &Catalog) -> String {
    let parts: Vec<String> = checks
        .iter()
        .map(|check| {
            format!(
                "{}: needs {} node-hours in its reserved window, but {} {} at most {}",
                node_name(catalog, &check.resource),
                format::number(check.needed_hours, 0),
                format::quantity(check.units),
                plural(check.units, "node supplies", "nodes supply"),
                format::number(check.available_hours, 0),
            )
        })
        .collect();
    format!("Not enough reserved nodes. {}.", parts.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(resource: &str, units: f64, available: f64, needed: f64) -> CapacityCheck {
        CapacityCheck {
            resource: resource.to_string(),
            units,
            available_hours: available,
            needed_hours: needed,
        }
    }

    #[test]
    fn the_warning_is_short_in_course_words_and_the_details_count_right() {
        let catalog = Catalog::builtin().expect("catalog");
        // One RTX 6000 node supplies 456 node-hours in a 19-day window; 1,000 need 3 nodes: add 2.
        let one = check("gpu_rtx_6000", 1.0, 456.0, 1000.0);
        let two = check("gpu_mi100", 2.0, 912.0, 1000.0);
        let line = capacity_line(&[&one, &two], catalog);
        assert_eq!(
            line,
            "Too few nodes: add 2 RTX 6000 GPU nodes or widen the window (+1 more)."
        );
        assert!(!line.contains("gpu_"));
        let text = capacity_text(&[&one, &two], catalog);
        assert!(text.contains("but 1 node supplies at most 456"), "{text}");
        assert!(text.contains("but 2 nodes supply at most 912"), "{text}");
        // Short of one node: singular.
        let close = check("gpu_mi100", 2.0, 912.0, 1000.0);
        assert_eq!(
            capacity_line(&[&close], catalog),
            "Too few nodes: add 1 AMD GPU node or widen the window."
        );
    }
}
