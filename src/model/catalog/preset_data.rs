//! The presets as `build.rs` bakes them from `src/data/presets/`: borrowed statics in the shape
//! of the files, each turned into the owned [`Scenario`] a user edits when the presets are first
//! asked for. Only what the files hold is here; the rest of a scenario starts at its default.

use crate::model::catalog::offer::PriceModel;
use crate::model::catalog::paper_figures::PaperFigures;
use crate::model::engine::calibrate::ReportedHours;
use crate::model::scenario::course::{
    Course, Lab, LabOption, PoolShare, Project, ProjectUse, ResourceUse,
};
use crate::model::scenario::pricing::Pricing;
use crate::model::scenario::provenance::{ProvenanceEntry, ProvenanceKind};
use crate::model::scenario::realism::{OverrunFactors, Realism};
use crate::model::scenario::{Capacity, Scenario};

/// A preset file: what [`crate::model::catalog::presets::Preset`] holds, its scenario as data.
pub(super) struct PresetData {
    /// Short id used in links.
    pub(super) id: &'static str,
    /// Which version of the preset this is (1 = the first one published).
    pub(super) version: u32,
    /// Display name.
    pub(super) name: &'static str,
    /// What it is and where it comes from.
    pub(super) summary: &'static str,
    /// The scenario.
    pub(super) scenario: ScenarioData,
    /// Published figures, for a preset built from a real course.
    pub(super) paper: Option<PaperFigures>,
    /// Where this preset's numbers come from, where it differs from the defaults.
    pub(super) provenance: &'static [ProvenanceEntry],
    /// A frozen earlier version, kept so old share links decode exactly.
    pub(super) archived: bool,
    /// For an archived version: the id of the preset that replaced it.
    pub(super) superseded_by: Option<&'static str>,
}

/// A preset's scenario: the parts a preset file sets.
pub(super) struct ScenarioData {
    /// The course.
    course: CourseData,
    /// Actual / planned usage factors.
    realism: Realism,
    /// How it is bought.
    pricing: PricingData,
    /// Reserved units of a resource.
    capacity: &'static [CapacityData],
}

/// [`Course`] as data.
struct CourseData {
    /// Enrolled students (count).
    students: f64,
    /// Length of the term (weeks).
    term_weeks: f64,
    /// The labs.
    labs: &'static [LabData],
    /// The group project.
    project: ProjectData,
}

/// [`Lab`] as data.
struct LabData {
    /// Name.
    name: &'static str,
    /// Where its figures come from.
    note: &'static str,
    /// Its options.
    options: &'static [LabOptionData],
    /// Release week (term week).
    start_week: f64,
    /// Due week (term week).
    due_week: f64,
}

/// [`LabOption`] as data.
struct LabOptionData {
    /// Name.
    name: &'static str,
    /// Share of students taking it (percent).
    share_pct: f64,
    /// What one student uses.
    uses: &'static [ResourceUseData],
}

/// [`ResourceUse`] as data.
struct ResourceUseData {
    /// Chameleon resource id.
    resource: &'static str,
    /// Instances at once (count; GB for storage).
    count: f64,
    /// Hours each instance is held (hours).
    hours: f64,
    /// Floating IPs held for those hours (count).
    floating_ips: f64,
}

/// [`Project`] as data.
struct ProjectData {
    /// Students per group (students).
    group_size: f64,
    /// Length (weeks).
    weeks: f64,
    /// First week (term week).
    start_week: f64,
    /// What each group uses.
    uses: &'static [ProjectUseData],
}

/// [`ProjectUse`] as data.
struct ProjectUseData {
    /// Chameleon resource id.
    resource: &'static str,
    /// Instances held at once (count; GB for storage).
    count: f64,
    /// Hours each instance is held per week (hours per week).
    hours_per_week: f64,
    /// Floating IPs (count).
    floating_ips: f64,
    /// Where the figures come from.
    note: &'static str,
    /// A pool's members, when the use is one.
    pool: &'static [PoolShareData],
}

/// [`PoolShare`] as data.
struct PoolShareData {
    /// Chameleon resource id.
    resource: &'static str,
    /// Share of the use's hours (percent).
    share_pct: f64,
}

/// [`Pricing`] as data.
struct PricingData {
    /// Provider id.
    provider: &'static str,
    /// Price snapshot id.
    snapshot: &'static str,
    /// On demand or spot.
    model: PriceModel,
    /// Spot work re-run after interruptions (percent).
    rerun_overhead_pct: f64,
    /// Discount on list prices (percent).
    discount_pct: f64,
    /// Overhead added on top (percent).
    overhead_pct: f64,
    /// Credit per student (US dollars per student).
    credit_per_student_usd: f64,
    /// Currency shown (ISO 4217 code).
    currency: &'static str,
    /// Units of that currency per US dollar.
    usd_to_currency: f64,
}

/// [`Capacity`] as data.
struct CapacityData {
    /// Chameleon resource id.
    resource: &'static str,
    /// Units that exist (count).
    units: f64,
    /// Week the window opens (term week).
    start_week: f64,
    /// Length of the window (weeks).
    weeks: f64,
    /// Where the count and window come from.
    note: &'static str,
}

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
