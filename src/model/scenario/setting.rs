//! Scalar settings: every number of a scenario that has one fixed place (the enrollment, the
//! discount, an overrun factor), listed once in [`settings!`] with its path and bound. Validation,
//! editing and share links all read this table, so a new setting is its struct field (with its
//! doc and unit) plus one line here, and its panel.

use crate::model::scenario::limits;
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

/// Declares [`Setting`]: each line is `Name => "path", "words", bound, place.in.scenario;`.
macro_rules! settings {
    ($( $(#[doc = $doc:literal])* $name:ident => $path:literal, $words:literal, $bound:expr, $($field:ident).+; )*) => {
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

            /// Its name in words for the user (notices say "number of students", not a path).
            pub fn words(self) -> &'static str {
                match self { $(Setting::$name => $words,)* }
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
    Students => "course.students", "number of students", Bound::positive(limits::STUDENTS).whole(), course.students;
    /// Term length (weeks).
    TermWeeks => "course.term_weeks", "term length", Bound::positive(limits::WEEKS), course.term_weeks;
    /// Average project group size (students).
    GroupSize => "course.project.group_size", "project group size", Bound::between(1.0, limits::STUDENTS), course.project.group_size;
    /// Project length (weeks).
    ProjectWeeks => "course.project.weeks", "project length", Bound::upto(limits::WEEKS), course.project.weeks;
    /// Week the project starts (week number).
    ProjectStartWeek => "course.project.start_week", "project start week", Bound::upto(limits::WEEKS), course.project.start_week;
    /// Overrun of lab VMs (factor).
    LabsVm => "realism.labs.vm", "overrun of lab VMs", Bound::upto(limits::FACTOR), realism.labs.vm;
    /// Overrun of lab bare-metal nodes (factor).
    LabsBareMetal => "realism.labs.bare_metal", "overrun of lab bare-metal nodes", Bound::upto(limits::FACTOR), realism.labs.bare_metal;
    /// Overrun of lab edge devices (factor).
    LabsEdge => "realism.labs.edge", "overrun of lab edge devices", Bound::upto(limits::FACTOR), realism.labs.edge;
    /// Overrun of lab storage (factor).
    LabsStorage => "realism.labs.storage", "overrun of lab storage", Bound::upto(limits::FACTOR), realism.labs.storage;
    /// Overrun of project VMs (factor).
    ProjectVm => "realism.project.vm", "overrun of project VMs", Bound::upto(limits::FACTOR), realism.project.vm;
    /// Overrun of project bare-metal nodes (factor).
    ProjectBareMetal => "realism.project.bare_metal", "overrun of project bare-metal nodes", Bound::upto(limits::FACTOR), realism.project.bare_metal;
    /// Overrun of project edge devices (factor).
    ProjectEdge => "realism.project.edge", "overrun of project edge devices", Bound::upto(limits::FACTOR), realism.project.edge;
    /// Overrun of project storage (factor).
    ProjectStorage => "realism.project.storage", "overrun of project storage", Bound::upto(limits::FACTOR), realism.project.storage;
    /// Spot re-run overhead (percent).
    RerunOverheadPct => "pricing.rerun_overhead_pct", "spot re-run overhead", Bound::upto(limits::PERCENT_OVER), pricing.rerun_overhead_pct;
    /// Discount (percent).
    DiscountPct => "pricing.discount_pct", "discount", Bound::upto(100.0), pricing.discount_pct;
    /// Institutional overhead (percent).
    OverheadPct => "pricing.overhead_pct", "institutional overhead", Bound::upto(limits::PERCENT_OVER), pricing.overhead_pct;
    /// Education credit (US dollars per student).
    CreditPerStudent => "pricing.credit_per_student_usd", "education credit per student", Bound::upto(limits::USD), pricing.credit_per_student_usd;
    /// Currency units per US dollar (rate).
    UsdToCurrency => "pricing.usd_to_currency", "exchange rate", Bound::between(limits::RATE_MIN, limits::RATE_MAX), pricing.usd_to_currency;
    /// Spread of student usage (log-standard deviation).
    SpreadSigma => "planning.spread_sigma", "spread between students", Bound::upto(3.0), planning.spread_sigma;
    /// Per-student credit to compare with (US dollars).
    CreditThreshold => "planning.credit_threshold_usd", "credit to compare with", Bound::upto(limits::USD), planning.credit_threshold_usd;
    /// Budget to plan against (US dollars).
    Budget => "planning.budget_usd", "budget", Bound::upto(1e9), planning.budget_usd;
    /// Percentile the budget planner plans for (percent).
    Percentile => "planning.percentile", "budget percentile", Bound::positive(99.9), planning.percentile;
    /// Students working at once at the busiest moment (percent).
    Concurrency => "planning.concurrency_pct", "share of students working at once", Bound::upto(100.0), planning.concurrency_pct;
    /// GPU hours in the last 48 hours before a deadline (percent).
    DeadlineCrunch => "planning.deadline_crunch_pct", "GPU hours before a deadline", Bound::upto(100.0), planning.deadline_crunch_pct;
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
}
