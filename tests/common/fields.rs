//! The fields a user edits, as the tests walk them.

use course_cost::model::scenario::field::{
    CapacityField, FieldPath, LabField, OptionField, PoolField, Setting, UseField, UseSite,
};
use course_cost::model::Scenario;

/// Every numeric field of `scenario` that the page lets a user edit: the settings, each lab's
/// weeks, each option's share of the students where its lab has more than one option (the page
/// shows no share for a lab's only option), each use's count, hours and floating IPs, each pool
/// member's share, each capacity reservation's units and weeks, and each per-resource factor.
pub fn numeric_fields(scenario: &Scenario) -> Vec<FieldPath> {
    let mut fields: Vec<FieldPath> = Setting::ALL.iter().map(|&s| s.into()).collect();
    let uses = [UseField::Count, UseField::Hours, UseField::FloatingIps];
    for (lab, entry) in scenario.course.labs.iter().enumerate() {
        for field in [LabField::StartWeek, LabField::DueWeek] {
            fields.push(FieldPath::Lab { lab, field });
        }
        for (option, choice) in entry.options.iter().enumerate() {
            if entry.options.len() > 1 {
                let field = OptionField::SharePct;
                fields.push(FieldPath::LabOption { lab, option, field });
            }
            for item in 0..choice.uses.len() {
                let site = UseSite::Lab { lab, option };
                fields.extend(uses.map(|field| FieldPath::Use { site, item, field }));
            }
        }
    }
    for (item, project_use) in scenario.course.project.uses.iter().enumerate() {
        let site = UseSite::Project;
        fields.extend(uses.map(|field| FieldPath::Use { site, item, field }));
        for member in 0..project_use.pool.len() {
            let field = PoolField::SharePct;
            fields.push(FieldPath::PoolMember {
                item,
                member,
                field,
            });
        }
    }
    for index in 0..scenario.capacity.len() {
        for field in [
            CapacityField::Units,
            CapacityField::StartWeek,
            CapacityField::Weeks,
        ] {
            fields.push(FieldPath::Capacity { index, field });
        }
    }
    for index in 0..scenario.resource_factors.len() {
        fields.push(FieldPath::ResourceFactor { index });
    }
    fields
}
