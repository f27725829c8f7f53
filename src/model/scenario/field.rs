//! Typed paths to every field of a scenario: what validation names, what edits address, what the
//! UI uses for element ids and error placement, and what exports print. No path is a string
//! matched by hand: [`FieldPath`]'s `Display` writes the one spelling (`course.labs[2].name`).
//! Scalar settings are listed once, with their bounds, in [`super::setting`].

use std::fmt;

use crate::model::scenario::course::{Course, PlannedUse};
use crate::model::scenario::levers::LeverField;
use crate::model::scenario::limits;

pub use crate::model::scenario::setting::{Bound, Min, Setting};

/// Which phase of the course overrun factors apply to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PhaseKey {
    /// Lab assignments.
    Labs,
    /// Group project.
    Project,
}

/// Where resource uses live: a lab option, or the group project. Lab uses and project uses have
/// the same fields (resource, count, planned hours, floating IPs), so every edit, check and
/// editor row works on a site and an item index instead of two parallel copies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UseSite {
    /// Option `option` of lab `lab`.
    Lab {
        /// Lab index.
        lab: usize,
        /// Option index.
        option: usize,
    },
    /// The group project.
    Project,
}

impl UseSite {
    /// Most hours one use may plan: hours per student for a lab, hours per week for the project.
    pub fn max_hours(self) -> f64 {
        match self {
            UseSite::Lab { .. } => limits::HOURS,
            UseSite::Project => limits::HOURS_PER_WEEK,
        }
    }

    /// The uses at this site; `None` when the indices point past the course's lists.
    pub fn uses(self, course: &Course) -> Option<Vec<&dyn PlannedUse>> {
        Some(match self {
            UseSite::Lab { lab, option } => course
                .labs
                .get(lab)?
                .options
                .get(option)?
                .uses
                .iter()
                .map(|u| u as &dyn PlannedUse)
                .collect(),
            UseSite::Project => course
                .project
                .uses
                .iter()
                .map(|u| u as &dyn PlannedUse)
                .collect(),
        })
    }

    /// Use `item` at this site, to change it.
    pub fn use_mut(self, course: &mut Course, item: usize) -> Option<&mut dyn PlannedUse> {
        Some(match self {
            UseSite::Lab { lab, option } => course
                .labs
                .get_mut(lab)?
                .options
                .get_mut(option)?
                .uses
                .get_mut(item)?,
            UseSite::Project => course.project.uses.get_mut(item)?,
        })
    }
}

impl fmt::Display for UseSite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UseSite::Lab { lab, option } => write!(f, "course.labs[{lab}].options[{option}]"),
            UseSite::Project => write!(f, "course.project"),
        }
    }
}

/// Declares the fields of a list item: each variant with its doc and its key, the last part of
/// its path (`share_pct` in `course.labs[0].options[1].share_pct`), given by `key()`.
macro_rules! item_fields {
    ($( $(#[doc = $doc:literal])* $name:ident { $( $(#[doc = $field_doc:literal])* $field:ident => $key:literal, )* } )*) => {
        $(
            $(#[doc = $doc])*
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
            pub enum $name {
                $( $(#[doc = $field_doc])* $field, )*
            }

            impl $name {
                /// Its key: the last part of its path.
                pub fn key(self) -> &'static str {
                    match self { $( $name::$field => $key, )* }
                }
            }
        )*
    };
}

item_fields! {
    /// A field of a lab.
    LabField {
        /// Its name.
        Name => "name",
        /// Its list of options.
        Options => "options",
        /// Week it is released.
        StartWeek => "start_week",
        /// Week it is due.
        DueWeek => "due_week",
    }
    /// A field of a lab option.
    OptionField {
        /// Its name.
        Name => "name",
        /// Share of students taking it (percent).
        SharePct => "share_pct",
    }
    /// A field of a member of a project use's pool.
    PoolField {
        /// Which resource.
        Resource => "resource",
        /// Its share of the use's hours (percent).
        SharePct => "share_pct",
    }
    /// A field of a capacity.
    CapacityField {
        /// Which resource.
        Resource => "resource",
        /// Units that exist.
        Units => "units",
        /// Week the window opens.
        StartWeek => "start_week",
        /// Length of the window.
        Weeks => "weeks",
    }
    /// A field of a custom offer.
    CustomOfferField {
        /// Its name.
        Name => "sku",
        /// On-demand price (US dollars per hour).
        Price => "usd",
        /// Spot price (US dollars per hour).
        SpotPrice => "spot_usd",
    }
    /// A field of an offer choice.
    ChoiceField {
        /// The resource it is for.
        Resource => "resource",
        /// The offer chosen.
        Offer => "offer",
        /// How many of the offer one resource instance equals.
        Fraction => "fraction",
    }
}

/// A field of a resource use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UseField {
    /// Which resource it reserves.
    Resource,
    /// Instances (or GB) held at once.
    Count,
    /// Planned hours: per student for a lab, per week for the project.
    Hours,
    /// Floating IPs attached.
    FloatingIps,
}

/// A field of a scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FieldPath {
    /// The scenario's title.
    Title,
    /// The scenario's notes.
    Notes,
    /// A scalar setting.
    Setting(Setting),
    /// The list of labs.
    Labs,
    /// A field of lab `lab`.
    Lab {
        /// Lab index.
        lab: usize,
        /// Which field.
        field: LabField,
    },
    /// A field of option `option` of lab `lab`.
    LabOption {
        /// Lab index.
        lab: usize,
        /// Option index.
        option: usize,
        /// Which field.
        field: OptionField,
    },
    /// The list of resource uses at a site.
    Uses(UseSite),
    /// A field of use `item` at `site`.
    Use {
        /// Lab option or project.
        site: UseSite,
        /// Use index.
        item: usize,
        /// Which field.
        field: UseField,
    },
    /// The pool of project use `item` as a whole (its shares' sum).
    Pool {
        /// Project use index.
        item: usize,
    },
    /// A field of member `member` of the pool of project use `item`.
    PoolMember {
        /// Project use index.
        item: usize,
        /// Member index.
        member: usize,
        /// Which field.
        field: PoolField,
    },
    /// A field of capacity `index`.
    Capacity {
        /// Capacity index.
        index: usize,
        /// Which field.
        field: CapacityField,
    },
    /// The provider prices come from.
    Provider,
    /// The price snapshot.
    Snapshot,
    /// The provider's region.
    Region,
    /// The currency code.
    Currency,
    /// Simulated course runs.
    SimulationRuns,
    /// The list of custom offers.
    CustomOffers,
    /// A field of custom offer `index`.
    CustomOffer {
        /// Offer index.
        index: usize,
        /// Which field.
        field: CustomOfferField,
    },
    /// The list of offer choices.
    OfferChoices,
    /// A setting of a savings lever.
    Lever(LeverField),
    /// A field of offer choice `index`.
    OfferChoice {
        /// Choice index.
        index: usize,
        /// Which field.
        field: ChoiceField,
    },
    /// The factor of per-resource overrun `index`.
    ResourceFactor {
        /// Index in the scenario's resource factors.
        index: usize,
    },
}

impl From<Setting> for FieldPath {
    fn from(setting: Setting) -> FieldPath {
        FieldPath::Setting(setting)
    }
}

impl FieldPath {
    /// Field `field` of use `item` of option `option` of lab `lab`.
    pub fn lab_use(lab: usize, option: usize, item: usize, field: UseField) -> FieldPath {
        let site = UseSite::Lab { lab, option };
        FieldPath::Use { site, item, field }
    }

    /// Field `field` of project use `item`.
    pub fn project_use(item: usize, field: UseField) -> FieldPath {
        let site = UseSite::Project;
        FieldPath::Use { site, item, field }
    }

    /// The share of students on option `option` of lab `lab`.
    pub fn lab_share(lab: usize, option: usize) -> FieldPath {
        let field = OptionField::SharePct;
        FieldPath::LabOption { lab, option, field }
    }

    /// The id of the element that edits this field (`field-course-labs-2--name`): the path with
    /// every character other than a letter or digit replaced by `-`.
    pub fn dom_id(self) -> String {
        let path: String = self
            .to_string()
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        format!("field-{path}")
    }
}

impl fmt::Display for FieldPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FieldPath::Title => f.write_str("title"),
            FieldPath::Notes => f.write_str("notes"),
            FieldPath::Setting(setting) => f.write_str(setting.path()),
            FieldPath::Labs => f.write_str("course.labs"),
            FieldPath::Lab { lab, field } => write!(f, "course.labs[{lab}].{}", field.key()),
            FieldPath::LabOption { lab, option, field } => {
                write!(f, "course.labs[{lab}].options[{option}].{}", field.key())
            }
            FieldPath::Uses(site) => write!(f, "{site}.uses"),
            FieldPath::Use { site, item, field } => {
                let name = match (field, site) {
                    (UseField::Resource, _) => "resource",
                    (UseField::Count, _) => "count",
                    (UseField::Hours, UseSite::Lab { .. }) => "hours",
                    (UseField::Hours, UseSite::Project) => "hours_per_week",
                    (UseField::FloatingIps, _) => "floating_ips",
                };
                write!(f, "{site}.uses[{item}].{name}")
            }
            FieldPath::Pool { item } => write!(f, "course.project.uses[{item}].pool"),
            FieldPath::PoolMember {
                item,
                member,
                field,
            } => {
                let key = field.key();
                write!(f, "course.project.uses[{item}].pool[{member}].{key}")
            }
            FieldPath::Capacity { index, field } => write!(f, "capacity[{index}].{}", field.key()),
            FieldPath::Provider => f.write_str("pricing.provider"),
            FieldPath::Snapshot => f.write_str("pricing.snapshot"),
            FieldPath::Region => f.write_str("pricing.region"),
            FieldPath::Currency => f.write_str("pricing.currency"),
            FieldPath::SimulationRuns => f.write_str("planning.runs"),
            FieldPath::CustomOffers => f.write_str("custom_offers"),
            FieldPath::CustomOffer { index, field } => {
                write!(f, "custom_offers[{index}].{}", field.key())
            }
            FieldPath::OfferChoices => f.write_str("stand_in_choices"),
            FieldPath::Lever(field) => f.write_str(field.path()),
            FieldPath::OfferChoice { index, field } => {
                write!(f, "stand_in_choices[{index}].{}", field.key())
            }
            FieldPath::ResourceFactor { index } => write!(f, "resource_factors[{index}].factor"),
        }
    }
}

/// The overrun-factor setting for resources of `kind` in `phase`; `None` for network, whose
/// hours follow the instance it is attached to.
pub fn overrun_setting(
    phase: PhaseKey,
    kind: crate::model::catalog::resource::ResourceKind,
) -> Option<Setting> {
    use crate::model::catalog::resource::ResourceKind as K;
    Some(match (phase, kind) {
        (_, K::Network) => return None,
        (PhaseKey::Labs, K::Vm) => Setting::LabsVm,
        (PhaseKey::Labs, K::BareMetal) => Setting::LabsBareMetal,
        (PhaseKey::Labs, K::Edge) => Setting::LabsEdge,
        (PhaseKey::Labs, K::Storage) => Setting::LabsStorage,
        (PhaseKey::Project, K::Vm) => Setting::ProjectVm,
        (PhaseKey::Project, K::BareMetal) => Setting::ProjectBareMetal,
        (PhaseKey::Project, K::Edge) => Setting::ProjectEdge,
        (PhaseKey::Project, K::Storage) => Setting::ProjectStorage,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_spelled_once_and_unique() {
        let mut seen = std::collections::HashSet::new();
        for setting in Setting::ALL {
            assert!(seen.insert(setting.path()), "{setting:?}");
            assert_eq!(Setting::from_path(setting.path()), Some(*setting));
        }
        let site = UseSite::Lab { lab: 1, option: 0 };
        let path = FieldPath::Use {
            site,
            item: 2,
            field: UseField::Hours,
        };
        assert_eq!(path.to_string(), "course.labs[1].options[0].uses[2].hours");
        assert_eq!(
            path.dom_id(),
            "field-course-labs-1--options-0--uses-2--hours"
        );
        let project = FieldPath::Use {
            site: UseSite::Project,
            item: 0,
            field: UseField::Hours,
        };
        assert_eq!(project.to_string(), "course.project.uses[0].hours_per_week");
    }
}
