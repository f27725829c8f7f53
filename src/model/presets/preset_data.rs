//! The presets as `build.rs` bakes them from `src/data/presets/`: borrowed statics in the shape
//! of the files, each turned into the owned [`Scenario`] a user edits when the presets are first
//! asked for. Only what the files hold is here; the rest of a scenario starts at its default.

use crate::model::catalog::offer::PriceModel;
use crate::model::engine::calibrate::ReportedHours;
use crate::model::presets::paper_figures::PaperFigures;
use crate::model::scenario::course::{
    Course, Lab, LabOption, PoolShare, Project, ProjectUse, ResourceUse,
};
use crate::model::scenario::pricing::Pricing;
use crate::model::scenario::provenance::{ProvenanceEntry, ProvenanceKind};
use crate::model::scenario::realism::{OverrunFactors, Realism};
use crate::model::scenario::{Capacity, Scenario};

/// The preset files' structs, from the table `build/schema.rs` reads too (`preset_shape.rs`):
/// each entry is a struct of borrowed statics, its fields as the baker writes them.
macro_rules! preset_shapes {
    ($( $(#[doc = $doc:literal])* $shape:ident = $name:ident {
        $( $(#[doc = $field_doc:literal])* $key:ident : $rust:ty = $ty:expr $(=> $or:expr)? ),* $(,)?
    } )*) => {
        $(
            $(#[doc = $doc])*
            pub(super) struct $name {
                $( $(#[doc = $field_doc])* pub(super) $key: $rust, )*
            }
        )*
    };
}

include!("preset_shape.rs");

include!(concat!(env!("OUT_DIR"), "/presets.rs"));

/// Every preset file's data, in the order of `build.rs`'s list: the current presets first.
pub(super) fn preset_files() -> &'static [PresetData] {
    PRESETS
}

/// Each of the baked `items`, made into what a scenario owns by `own`.
fn owned<T, U>(items: &[T], own: impl Fn(&T) -> U) -> Vec<U> {
    items.iter().map(own).collect()
}

impl ScenarioData {
    /// The owned scenario a user starts from.
    pub(super) fn scenario(&self) -> Scenario {
        let p = &self.pricing;
        Scenario {
            title: String::new(),
            notes: String::new(),
            course: self.course.course(),
            realism: self.realism,
            pricing: Pricing {
                provider: p.provider.to_string(),
                // Every preset is priced in its provider's default region.
                region: String::new(),
                snapshot: p.snapshot.to_string(),
                model: p.model,
                rerun_overhead_pct: p.rerun_overhead_pct,
                discount_pct: p.discount_pct,
                overhead_pct: p.overhead_pct,
                credit_per_student_usd: p.credit_per_student_usd,
                currency: p.currency.to_string(),
                usd_to_currency: p.usd_to_currency,
                // Presets price at the list prices as published.
                price_change: Default::default(),
            },
            stand_in_choices: Vec::new(),
            custom_offers: Vec::new(),
            capacity: owned(self.capacity, CapacityData::capacity),
            levers: Default::default(),
            planning: Default::default(),
            resource_factors: Vec::new(),
            bill_note: None,
        }
    }
}

impl CourseData {
    fn course(&self) -> Course {
        let project = &self.project;
        Course {
            students: self.students,
            term_weeks: self.term_weeks,
            labs: owned(self.labs, LabData::lab),
            project: Project {
                group_size: project.group_size,
                weeks: project.weeks,
                start_week: project.start_week,
                uses: owned(project.uses, ProjectUseData::project_use),
            },
        }
    }
}

impl LabData {
    fn lab(&self) -> Lab {
        Lab {
            name: self.name.to_string(),
            note: self.note.to_string(),
            options: owned(self.options, LabOptionData::option),
            start_week: self.start_week,
            due_week: self.due_week,
        }
    }
}

impl LabOptionData {
    fn option(&self) -> LabOption {
        LabOption {
            name: self.name.to_string(),
            share_pct: self.share_pct,
            uses: owned(self.uses, ResourceUseData::resource_use),
        }
    }
}

impl ResourceUseData {
    fn resource_use(&self) -> ResourceUse {
        ResourceUse {
            resource: self.resource.to_string(),
            count: self.count,
            hours: self.hours,
            floating_ips: self.floating_ips,
        }
    }
}

impl ProjectUseData {
    fn project_use(&self) -> ProjectUse {
        ProjectUse {
            resource: self.resource.to_string(),
            count: self.count,
            hours_per_week: self.hours_per_week,
            floating_ips: self.floating_ips,
            note: self.note.to_string(),
            pool: owned(self.pool, |m| PoolShare {
                resource: m.resource.to_string(),
                share_pct: m.share_pct,
            }),
        }
    }
}

impl CapacityData {
    fn capacity(&self) -> Capacity {
        Capacity {
            resource: self.resource.to_string(),
            units: self.units,
            start_week: self.start_week,
            weeks: self.weeks,
            note: self.note.to_string(),
        }
    }
}
