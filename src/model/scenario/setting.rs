//! Scalar settings: every number of a scenario that has one fixed place (the enrollment, the
//! discount, an overrun factor), listed once in [`settings!`] with its path and bound. Validation,
//! editing and share links all read this table, so a new setting is its struct field (with its
//! doc and unit) plus one line here, and its panel.

use crate::model::scenario::validate::limits;
use crate::model::scenario::Scenario;

/// The smallest value a number may take.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Min {
    /// Zero or more.
    Zero,
    /// More than zero.
    AboveZero,
    /// At least this much.
    AtLeast(f64),
}

/// The range a number must lie in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bound {
    /// The lower end.
    pub min: Min,
    /// The largest value allowed (inclusive).
    pub max: f64,
    /// Whether only whole numbers are allowed.
    pub whole: bool,
}

impl Bound {
    /// Zero to `max`.
    pub const fn upto(max: f64) -> Bound {
        Bound {
            min: Min::Zero,
            max,
            whole: false,
        }
    }

    /// More than zero, up to `max`.
    pub const fn positive(max: f64) -> Bound {
        Bound {
            min: Min::AboveZero,
            max,
            whole: false,
        }
    }

    /// From `min` to `max`.
    pub const fn between(min: f64, max: f64) -> Bound {
        Bound {
            min: Min::AtLeast(min),
            max,
            whole: false,
        }
    }

    /// Only whole numbers.
    pub const fn whole(self) -> Bound {
        Bound {
            whole: true,
            ..self
        }
    }
}

/// Declares [`Setting`]: each line is `Name => "path", bound, place.in.scenario;`.
macro_rules! settings {
    ($( $(#[doc = $doc:literal])* $name:ident => $path:literal, $bound:expr, $($field:ident).+; )*) => {
        /// A scalar setting of a scenario: one number with a fixed place and bound.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Setting {
            $( $(#[doc = $doc])* $name, )*
        }

        impl Setting {
            /// Every setting, in the order validation checks them.
            pub const ALL: &'static [Setting] = &[$(Setting::$name),*];

            /// Its path in the scenario (`course.students`).
            pub fn path(self) -> &'static str {
                match self { $(Setting::$name => $path,)* }
            }

            /// The range it must lie in.
            pub fn bound(self) -> Bound {
                match self { $(Setting::$name => $bound,)* }
            }

            /// Its value in `scenario`.
            pub fn get(self, scenario: &Scenario) -> f64 {
                match self { $(Setting::$name => scenario.$($field).+,)* }
            }

            /// Where it lives in `scenario`.
            pub fn slot(self, scenario: &mut Scenario) -> &mut f64 {
                match self { $(Setting::$name => &mut scenario.$($field).+,)* }
            }
        }
    };
}

settings! {
    /// Enrollment (students).
    Students => "course.students", Bound::positive(limits::STUDENTS).whole(), course.students;
    /// Term length (weeks).
    TermWeeks => "course.term_weeks", Bound::positive(limits::WEEKS), course.term_weeks;
    /// Average project group size (students).
    GroupSize => "course.project.group_size", Bound::between(1.0, limits::STUDENTS), course.project.group_size;
    /// Project length (weeks).
    ProjectWeeks => "course.project.weeks", Bound::upto(limits::WEEKS), course.project.weeks;
    /// Week the project starts (week number).
    ProjectStartWeek => "course.project.start_week", Bound::upto(limits::WEEKS), course.project.start_week;
    /// Overrun of lab VMs (factor).
    LabsVm => "realism.labs.vm", Bound::upto(limits::FACTOR), realism.labs.vm;
    /// Overrun of lab bare-metal nodes (factor).
    LabsBareMetal => "realism.labs.bare_metal", Bound::upto(limits::FACTOR), realism.labs.bare_metal;
    /// Overrun of lab edge devices (factor).
    LabsEdge => "realism.labs.edge", Bound::upto(limits::FACTOR), realism.labs.edge;
    /// Overrun of lab storage (factor).
    LabsStorage => "realism.labs.storage", Bound::upto(limits::FACTOR), realism.labs.storage;
    /// Overrun of project VMs (factor).
    ProjectVm => "realism.project.vm", Bound::upto(limits::FACTOR), realism.project.vm;
    /// Overrun of project bare-metal nodes (factor).
    ProjectBareMetal => "realism.project.bare_metal", Bound::upto(limits::FACTOR), realism.project.bare_metal;
    /// Overrun of project edge devices (factor).
    ProjectEdge => "realism.project.edge", Bound::upto(limits::FACTOR), realism.project.edge;
    /// Overrun of project storage (factor).
    ProjectStorage => "realism.project.storage", Bound::upto(limits::FACTOR), realism.project.storage;
    /// Spot re-run overhead (percent).
    RerunOverheadPct => "pricing.rerun_overhead_pct", Bound::upto(limits::PERCENT_OVER), pricing.rerun_overhead_pct;
    /// Discount (percent).
    DiscountPct => "pricing.discount_pct", Bound::upto(100.0), pricing.discount_pct;
    /// Institutional overhead (percent).
    OverheadPct => "pricing.overhead_pct", Bound::upto(limits::PERCENT_OVER), pricing.overhead_pct;
    /// Education credit (US dollars per student).
    CreditPerStudent => "pricing.credit_per_student_usd", Bound::upto(limits::USD), pricing.credit_per_student_usd;
    /// Currency units per US dollar (rate).
    UsdToCurrency => "pricing.usd_to_currency", Bound::between(limits::RATE_MIN, limits::RATE_MAX), pricing.usd_to_currency;
    /// Spread of student usage (log-standard deviation).
    SpreadSigma => "planning.spread_sigma", Bound::upto(3.0), planning.spread_sigma;
    /// Per-student credit to compare with (US dollars).
    CreditThreshold => "planning.credit_threshold_usd", Bound::upto(limits::USD), planning.credit_threshold_usd;
    /// Budget to plan against (US dollars).
    Budget => "planning.budget_usd", Bound::upto(1e9), planning.budget_usd;
    /// Percentile the budget planner plans for (percent).
    Percentile => "planning.percentile", Bound::positive(99.9), planning.percentile;
    /// Students working at once at the busiest moment (percent).
    Concurrency => "planning.concurrency_pct", Bound::upto(100.0), planning.concurrency_pct;
    /// GPU hours in the last 48 hours before a deadline (percent).
    DeadlineCrunch => "planning.deadline_crunch_pct", Bound::upto(100.0), planning.deadline_crunch_pct;
}

impl Setting {
    /// Whether the setting is an amount of money (US dollars in the scenario; shown and typed in
    /// the scenario's currency).
    pub fn is_money(self) -> bool {
        matches!(
            self,
            Setting::CreditPerStudent | Setting::CreditThreshold | Setting::Budget
        )
    }

    /// The setting whose path is `path`, if any (share links name settings by path).
    pub fn from_path(path: &str) -> Option<Setting> {
        Setting::ALL.iter().copied().find(|s| s.path() == path)
    }

    /// Its name in words for the user (notices say "the number of students", not a path).
    pub fn words(self) -> &'static str {
        match self {
            Setting::Students => "number of students",
            Setting::TermWeeks => "term length",
            Setting::GroupSize => "project group size",
            Setting::ProjectWeeks => "project length",
            Setting::ProjectStartWeek => "project start week",
            Setting::LabsVm => "overrun of lab VMs",
            Setting::LabsBareMetal => "overrun of lab bare-metal nodes",
            Setting::LabsEdge => "overrun of lab edge devices",
            Setting::LabsStorage => "overrun of lab storage",
            Setting::ProjectVm => "overrun of project VMs",
            Setting::ProjectBareMetal => "overrun of project bare-metal nodes",
            Setting::ProjectEdge => "overrun of project edge devices",
            Setting::ProjectStorage => "overrun of project storage",
            Setting::RerunOverheadPct => "spot re-run overhead",
            Setting::DiscountPct => "discount",
            Setting::OverheadPct => "institutional overhead",
            Setting::CreditPerStudent => "education credit per student",
            Setting::UsdToCurrency => "exchange rate",
            Setting::SpreadSigma => "spread between students",
            Setting::CreditThreshold => "credit to compare with",
            Setting::Budget => "budget",
            Setting::Percentile => "budget percentile",
            Setting::Concurrency => "share of students working at once",
            Setting::DeadlineCrunch => "GPU hours before a deadline",
        }
    }
}
