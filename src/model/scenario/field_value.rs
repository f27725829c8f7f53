//! Reading and writing the number at a field path.

use crate::model::scenario::course::PlannedUse;
use crate::model::scenario::field::{
    CapacityField, FieldPath, LabField, OptionField, PoolField, UseField,
};
use crate::model::scenario::Scenario;

impl FieldPath {
    /// The number at this field of `scenario`; `None` for a field that is not a number, or when
    /// the indices point past the scenario's lists.
    pub fn number(self, scenario: &Scenario) -> Option<f64> {
        let course = &scenario.course;
        match self {
            FieldPath::Setting(setting) => Some(setting.get(scenario)),
            FieldPath::Lever(field) => field.get(&scenario.levers),
            FieldPath::Lab { lab, field } => {
                let lab = course.labs.get(lab)?;
                match field {
                    LabField::StartWeek => Some(lab.start_week),
                    LabField::DueWeek => Some(lab.due_week),
                    LabField::Name | LabField::Options => None,
                }
            }
            FieldPath::LabOption { lab, option, field } => {
                let option = course.labs.get(lab)?.options.get(option)?;
                (field == OptionField::SharePct).then_some(option.share_pct)
            }
            FieldPath::PoolMember {
                item,
                member,
                field,
            } => {
                let share = course.project.uses.get(item)?.pool.get(member)?;
                (field == PoolField::SharePct).then_some(share.share_pct)
            }
            FieldPath::Capacity { index, field } => {
                let capacity = scenario.capacity.get(index)?;
                match field {
                    CapacityField::Units => Some(capacity.units),
                    CapacityField::StartWeek => Some(capacity.start_week),
                    CapacityField::Weeks => Some(capacity.weeks),
                    CapacityField::Resource => None,
                }
            }
            FieldPath::Use { site, item, field } => {
                let (read, _) = use_number(field)?;
                Some(read(*site.uses(course)?.get(item)?))
            }
            FieldPath::ResourceFactor { index } => {
                Some(scenario.resource_factors.get(index)?.factor)
            }
            _ => None,
        }
    }

    /// Where a number lives in `scenario`; `None` for a field that is not a number, or when the
    /// indices point past the scenario's lists.
    pub fn number_slot(self, scenario: &mut Scenario) -> Option<&mut f64> {
        match self {
            FieldPath::Setting(setting) => Some(setting.slot(scenario)),
            FieldPath::Lab { lab, field } => {
                let lab = scenario.course.labs.get_mut(lab)?;
                match field {
                    LabField::StartWeek => Some(&mut lab.start_week),
                    LabField::DueWeek => Some(&mut lab.due_week),
                    LabField::Name | LabField::Options => None,
                }
            }
            FieldPath::LabOption {
                lab,
                option,
                field: OptionField::SharePct,
            } => Some(
                &mut scenario
                    .course
                    .labs
                    .get_mut(lab)?
                    .options
                    .get_mut(option)?
                    .share_pct,
            ),
            FieldPath::PoolMember {
                item,
                member,
                field: PoolField::SharePct,
            } => {
                let pool = &mut scenario.course.project.uses.get_mut(item)?.pool;
                Some(&mut pool.get_mut(member)?.share_pct)
            }
            FieldPath::Capacity { index, field } => {
                let capacity = scenario.capacity.get_mut(index)?;
                match field {
                    CapacityField::Units => Some(&mut capacity.units),
                    CapacityField::StartWeek => Some(&mut capacity.start_week),
                    CapacityField::Weeks => Some(&mut capacity.weeks),
                    CapacityField::Resource => None,
                }
            }
            FieldPath::Use { site, item, field } => {
                let (_, write) = use_number(field)?;
                Some(write(site.use_mut(&mut scenario.course, item)?))
            }
            FieldPath::ResourceFactor { index } => {
                Some(&mut scenario.resource_factors.get_mut(index)?.factor)
            }
            _ => None,
        }
    }
}

/// How a number of a use is read, and where it is written.
type UseNumber = (
    fn(&dyn PlannedUse) -> f64,
    fn(&mut dyn PlannedUse) -> &mut f64,
);

/// How a use's number field is read and written; `None` for its resource, which is no number.
fn use_number(field: UseField) -> Option<UseNumber> {
    match field {
        UseField::Count => Some((|u| u.count(), |u| u.count_mut())),
        UseField::Hours => Some((|u| u.hours(), |u| u.hours_mut())),
        UseField::FloatingIps => Some((|u| u.floating_ips(), |u| u.floating_ips_mut())),
        UseField::Resource => None,
    }
}
