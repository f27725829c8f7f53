//! The course being planned: enrollment, labs with their options, and the group project.

use serde::{Deserialize, Serialize};

/// One resource a lab option or project uses, as planned.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ResourceUse {
    /// Chameleon resource id (see the catalog).
    pub resource: String,
    /// Instances held at once (count); for storage, gigabytes (GB).
    pub count: f64,
    /// Expected hours each instance is held, per student (hours).
    pub hours: f64,
    /// Floating IPs attached to these instances while they run (count).
    #[serde(default)]
    pub floating_ips: f64,
}

/// One way of doing a lab (e.g. on A100 or on V100 nodes), taken by a share of the students.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LabOption {
    /// What this option is.
    pub name: String,
    /// Students taking this option (percent of enrollment); a lab's options sum to 100.
    pub share_pct: f64,
    /// What a student on this option uses.
    pub uses: Vec<ResourceUse>,
}

/// A lab assignment.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Lab {
    /// Display name.
    pub name: String,
    /// Where its figures come from, or what was assumed.
    #[serde(default)]
    pub note: String,
    /// Alternative ways of doing it; at least one.
    pub options: Vec<LabOption>,
    /// Term week the lab is released (week number, 1 = first week).
    #[serde(default = "first_week")]
    pub start_week: f64,
    /// Term week the lab is due (week number, at least `start_week`).
    #[serde(default = "first_week")]
    pub due_week: f64,
}

fn first_week() -> f64 {
    1.0
}

/// What one project group uses, per week of the project.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProjectUse {
    /// Chameleon resource id.
    pub resource: String,
    /// Instances held at once (count); for storage, gigabytes (GB).
    pub count: f64,
    /// Expected hours each instance is held per week (hours/week; 168 = the whole week).
    pub hours_per_week: f64,
    /// Floating IPs attached to these instances while they run (count).
    #[serde(default)]
    pub floating_ips: f64,
    /// Where the figure comes from, or what was assumed.
    #[serde(default)]
    pub note: String,
    /// A pool of resource types that share this use's hours, with the share on each (like a
    /// lab's options); empty when every hour is on `resource`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pool: Vec<PoolShare>,
}

/// One resource type of a project pool and the share of the pool's hours it takes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PoolShare {
    /// Chameleon resource id.
    pub resource: String,
    /// Share of the use's hours on this resource (percent); a pool's shares sum to 100.
    pub share_pct: f64,
}

impl ProjectUse {
    /// The resources this use's hours fall on, each with its share of them (0 to 1): the pool's
    /// members, or `resource` alone.
    pub fn members(&self) -> Vec<(&str, f64)> {
        if self.pool.is_empty() {
            vec![(self.resource.as_str(), 1.0)]
        } else {
            self.pool
                .iter()
                .map(|m| (m.resource.as_str(), m.share_pct / 100.0))
                .collect()
        }
    }
}

/// The group project that follows the labs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Project {
    /// Average students per group (students); groups = ceil(students / group size).
    pub group_size: f64,
    /// Length of the project phase (weeks).
    pub weeks: f64,
    /// Term week the project starts (week number).
    #[serde(default = "first_week")]
    pub start_week: f64,
    /// What each group uses.
    pub uses: Vec<ProjectUse>,
}

/// A whole course.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Course {
    /// Enrollment (students, a whole number).
    pub students: f64,
    /// Length of the term (weeks).
    pub term_weeks: f64,
    /// Lab assignments in course order.
    pub labs: Vec<Lab>,
    /// The group project.
    pub project: Project,
}

impl Course {
    /// Planned unit-hours: every lab use (students on the option x count x hours, floating
    /// IPs counted like instances) and every project use (groups x count x hours per week x
    /// weeks).
    pub fn planned_unit_hours(&self) -> f64 {
        let labs: f64 = self
            .labs
            .iter()
            .flat_map(|lab| &lab.options)
            .map(|option| {
                let takers = self.students * option.share_pct / 100.0;
                let per_taker: f64 = option
                    .uses
                    .iter()
                    .map(|u| (u.count + u.floating_ips) * u.hours)
                    .sum();
                takers * per_taker
            })
            .sum();
        let groups = self.project_groups();
        let project: f64 = self
            .project
            .uses
            .iter()
            .map(|u| groups * (u.count + u.floating_ips) * u.hours_per_week * self.project.weeks)
            .sum();
        labs + project
    }

    /// Project groups: every group needs its own set-up, so a partial group counts as one.
    pub fn project_groups(&self) -> f64 {
        if self.project.group_size > 0.0 {
            (self.students / self.project.group_size).ceil()
        } else {
            0.0
        }
    }
}

/// What lab uses and project uses share, so one editor, one check and one change serve both.
pub trait PlannedUse {
    /// Chameleon resource id.
    fn resource(&self) -> &str;
    /// Instances held at once (count); GB for storage.
    fn count(&self) -> f64;
    /// Planned hours: per student for a lab use, per week for a project use (hours).
    fn hours(&self) -> f64;
    /// Floating IPs attached (count).
    fn floating_ips(&self) -> f64;
    /// The resource id, to change it.
    fn resource_mut(&mut self) -> &mut String;
    /// The count, to change it.
    fn count_mut(&mut self) -> &mut f64;
    /// The planned hours, to change them.
    fn hours_mut(&mut self) -> &mut f64;
    /// The floating IPs, to change them.
    fn floating_ips_mut(&mut self) -> &mut f64;
    /// Called when the resource changes: a project use's note described the old one.
    fn forget_note(&mut self);
}

/// Implements [`PlannedUse`] for a struct whose planned-hours field is `$hours` (and whose note,
/// if it has one, is `$note`).
macro_rules! planned_use {
    ($type:ty, $hours:ident $(, $note:ident)?) => {
        impl PlannedUse for $type {
            fn resource(&self) -> &str {
                &self.resource
            }
            fn count(&self) -> f64 {
                self.count
            }
            fn hours(&self) -> f64 {
                self.$hours
            }
            fn floating_ips(&self) -> f64 {
                self.floating_ips
            }
            fn resource_mut(&mut self) -> &mut String {
                &mut self.resource
            }
            fn count_mut(&mut self) -> &mut f64 {
                &mut self.count
            }
            fn hours_mut(&mut self) -> &mut f64 {
                &mut self.$hours
            }
            fn floating_ips_mut(&mut self) -> &mut f64 {
                &mut self.floating_ips
            }
            fn forget_note(&mut self) {
                $( self.$note.clear(); )?
            }
        }
    };
}

planned_use!(ResourceUse, hours);
planned_use!(ProjectUse, hours_per_week, note);
