//! Scalar settings: every number of a scenario that has one fixed place (the enrollment, the
//! discount, an overrun factor), listed once in [`settings!`] with its path, bound and field
//! (label, unit, test id, step, section). Validation, editing, share links and the panels all read
//! this table, so a new setting is its struct field (with its doc and unit), one line here and
//! its provenance entry in `src/data/provenance.toml`.

use crate::model::calendar;
use crate::model::scenario::limits;
use crate::model::scenario::setting_field::SettingField as Field;
use crate::model::scenario::Scenario;

pub use crate::model::scenario::bound::{Bound, Min};
pub use crate::model::scenario::setting_field::{Section, SettingField};

/// Declares [`Setting`]: each line is `Name => "path", "words", bound, place.in.scenario, field;`
/// where `field` is its [`SettingField`] (label, unit, test id, step, money or not); a line
/// `overruns phase "words" Section "Label" [Vm, BareMetal, Edge, Storage];` declares a phase's four
/// overrun factors (`realism.phase.vm`...), in that order.
macro_rules! settings {
    (@read [$($read:tt)*]) => { settings!(@declare $($read)*); };
    (@read [$($read:tt)*] overruns $phase:ident $words:literal $section:ident $label:literal
        [$vm:ident, $bare_metal:ident, $edge:ident, $storage:ident]; $($rest:tt)*) => {
        settings!(@read [$($read)*]
            overrun $phase $words $section $label: $vm vm "VMs" "VMs" "vm";
            overrun $phase $words $section $label: $bare_metal bare_metal "bare-metal nodes" "Bare metal" "bare-metal";
            overrun $phase $words $section $label: $edge edge "edge devices" "Edge devices" "edge";
            overrun $phase $words $section $label: $storage storage "storage" "Storage" "storage";
            $($rest)*);
    };
    (@read [$($read:tt)*] overrun $phase:ident $words:literal $section:ident $label:literal:
        $name:ident $kind:ident $what:literal $kind_label:literal $testid:literal; $($rest:tt)*) => {
        settings!(@read [$($read)*
            #[doc = concat!("Overrun of ", $words, " ", $what, " (factor).")]
            $name => concat!("realism.", stringify!($phase), ".", stringify!($kind)),
                concat!("overrun of ", $words, " ", $what), Bound::upto(limits::FACTOR), realism.$phase.$kind,
                overrun(Section::$section, concat!($label, ": ", $kind_label), concat!("overrun-", stringify!($phase), "-", $testid));
        ] $($rest)*);
    };
    (@read [$($read:tt)*] $(#[$meta:meta])* $name:ident => $path:literal, $words:literal, $bound:expr, $($place:ident).+, $field:expr; $($rest:tt)*) => {
        settings!(@read [$($read)* $(#[$meta])* $name => $path, $words, $bound, $($place).+, $field;] $($rest)*);
    };
    (@declare $( $(#[$meta:meta])* $name:ident => $path:expr, $words:expr, $bound:expr, $($place:ident).+, $field:expr; )*) => {
        /// A scalar setting of a scenario: one number with a fixed place and bound.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Setting {
            $( $(#[$meta])* $name, )*
        }

        impl Setting {
            /// Every setting, in the order validation checks them and panels show them.
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
                // A table, not a match: one copy of the data instead of code per setting.
                const BOUNDS: &[Bound] = &[$($bound),*];
                BOUNDS[self as usize]
            }

            /// How its field is shown: label, unit, test id, step, section.
            pub fn field(self) -> SettingField {
                const FIELDS: &[SettingField] = &[$($field),*];
                FIELDS[self as usize]
            }

            /// Its value in `scenario`.
            pub fn get(self, scenario: &Scenario) -> f64 {
                match self { $(Setting::$name => scenario.$($place).+,)* }
            }

            /// Where it lives in `scenario`.
            pub fn slot(self, scenario: &mut Scenario) -> &mut f64 {
                match self { $(Setting::$name => &mut scenario.$($place).+,)* }
            }
        }
    };
    ($($lines:tt)*) => { settings!(@read [] $($lines)*); };
}

// Field lines: `Field::new(section, label, testid)` then `.unit`, `.step`, `.slider`, `.hint`,
// `.money`; the arrow keys' minimum is the bound's lower end ([`Bound::lowest`]).
settings! {
    /// Enrollment (students).
    Students => "course.students", "number of students", Bound::positive(limits::STUDENTS).whole(), course.students,
        Field::new(Section::Enrollment, "Students", "students-input").unit("students").slider(1.0, 1000.0)
            .hint("Enrollment. The paper's course had 191 (SC25 abstract).");
    /// Average project group size (students).
    GroupSize => "course.project.group_size", "project group size", Bound::between(1.0, limits::STUDENTS), course.project.group_size,
        Field::new(Section::Course, "Project group size", "group-size-input").unit("students per group").step(0.1);
    /// Project length (weeks).
    ProjectWeeks => "course.project.weeks", "project length", Bound::upto(limits::WEEKS), course.project.weeks,
        Field::new(Section::Course, "Project length", "project-weeks-input").unit("weeks")
            .hint("The paper's course: proposal 4/3 to presentations 5/14, about 6 weeks.");
    /// Week the project starts (week number, 1 = the term's first week).
    ProjectStartWeek => "course.project.start_week", "project start week", Bound::between(1.0, limits::WEEKS), course.project.start_week,
        Field::new(Section::Course, "Project starts in week", "project-start-input").unit("week")
            .hint("The paper's course: week 11 (proposals due 4/3).");
    /// Term length (weeks).
    TermWeeks => "course.term_weeks", "term length", Bound::positive(limits::WEEKS), course.term_weeks,
        Field::new(Section::Course, "Term length", "term-weeks-input").unit("weeks");
    // The labs' and the project's overrun factors (actual / planned hours), four kinds each.
    overruns labs "lab" LabsOverrun "Labs" [LabsVm, LabsBareMetal, LabsEdge, LabsStorage];
    overruns project "project" ProjectOverrun "Project" [ProjectVm, ProjectBareMetal, ProjectEdge, ProjectStorage];
    /// Spot re-run overhead (percent).
    RerunOverheadPct => "pricing.rerun_overhead_pct", "spot re-run overhead", Bound::upto(limits::PERCENT_OVER), pricing.rerun_overhead_pct,
        Field::new(Section::Spot, "Re-run overhead", "rerun-input").unit("% more hours").step(5.0).slider(0.0, 100.0)
            .hint("Work lost to spot interruptions and run again. Storage and addresses are never spot.");
    /// Discount (percent).
    DiscountPct => "pricing.discount_pct", "discount", Bound::upto(100.0), pricing.discount_pct,
        Field::new(Section::Pricing, "Negotiated discount", "discount-input").unit("%").slider(0.0, 100.0);
    /// Institutional overhead (percent).
    OverheadPct => "pricing.overhead_pct", "institutional overhead", Bound::upto(limits::PERCENT_OVER), pricing.overhead_pct,
        Field::new(Section::Pricing, "Institutional overhead", "overhead-input").unit("%")
            .hint("Added after the discount (e.g. indirect cost rate).");
    /// Education credit (US dollars per student).
    CreditPerStudent => "pricing.credit_per_student_usd", "education credit per student", Bound::upto(limits::USD), pricing.credit_per_student_usd,
        Field::new(Section::Pricing, "Education credit per student", "credit-input").unit("{currency} per student").step(10.0).money()
            .hint("E.g. Google Cloud teaching credits, about {usd:50} per US student; Azure for Students, {usd:100}.");
    /// Change of the provider's GPU prices (percent).
    GpuPriceChange => "pricing.price_change.gpu_pct", "GPU price change", Bound::between(-100.0, limits::PERCENT_OVER), pricing.price_change.gpu_pct,
        Field::new(Section::PriceChange, "GPU prices move by", "price-change-gpu").unit("%").step(5.0)
            .hint("+10 = the provider's GPU prices 10% above its list (on demand and spot); your own offers keep their price.");
    /// Change of the provider's CPU prices (percent).
    CpuPriceChange => "pricing.price_change.cpu_pct", "CPU price change", Bound::between(-100.0, limits::PERCENT_OVER), pricing.price_change.cpu_pct,
        Field::new(Section::PriceChange, "CPU prices move by", "price-change-cpu").unit("%").step(5.0)
            .hint("VMs, CPU bare metal and edge devices.");
    /// Change of the provider's storage prices (percent).
    StoragePriceChange => "pricing.price_change.storage_pct", "storage price change", Bound::between(-100.0, limits::PERCENT_OVER), pricing.price_change.storage_pct,
        Field::new(Section::PriceChange, "Storage prices move by", "price-change-storage").unit("%").step(5.0)
            .hint("Block and object storage.");
    /// Change of the provider's network prices (percent).
    NetworkPriceChange => "pricing.price_change.network_pct", "network price change", Bound::between(-100.0, limits::PERCENT_OVER), pricing.price_change.network_pct,
        Field::new(Section::PriceChange, "Network prices move by", "price-change-network").unit("%").step(5.0)
            .hint("Floating IPs (public addresses).");
    /// Currency units per US dollar (rate).
    UsdToCurrency => "pricing.usd_to_currency", "exchange rate", Bound::between(limits::RATE_MIN, limits::RATE_MAX), pricing.usd_to_currency,
        Field::new(Section::Currency, "{currency} per US dollar", "rate-input").unit("{currency}").step(0.01);
    /// Spread of student usage (log-standard deviation).
    SpreadSigma => "planning.spread_sigma", "spread between students", Bound::upto(3.0), planning.spread_sigma,
        Field::new(Section::Spread, "Spread between students", "spread-input").unit("sigma").step(0.05).slider(0.0, 2.0)
            .hint("Assumed: 0 = every student uses the mean; 0.5-1.0 is plausible (in the paper's course, at \
                   1.0 two students in 100 would use less than the labs plan).");
    /// Per-student credit to compare with (US dollars).
    CreditThreshold => "planning.credit_threshold_usd", "credit to compare with", Bound::upto(limits::USD), planning.credit_threshold_usd,
        Field::new(Section::Spread, "Credit per student to compare with", "credit-threshold-input").unit("{currency}").step(10.0).money();
    /// Budget to plan against (US dollars).
    Budget => "planning.budget_usd", "budget", Bound::upto(1e9), planning.budget_usd,
        Field::new(Section::Budget, "Budget", "budget-input").unit("{currency}").step(1000.0).money();
    /// Percentile the budget planner plans for (percent).
    Percentile => "planning.percentile", "budget percentile", Bound::positive(99.9), planning.percentile,
        Field::new(Section::Budget, "Plan every student at percentile", "percentile-input").unit("%").step(5.0).slider(50.0, 99.0)
            .hint("50 = the typical student; 90 = 9 in 10 students cost less.");
    /// Budget held back as a reserve (percent).
    BudgetReserve => "planning.budget_reserve_pct", "budget reserve", Bound::upto(100.0), planning.budget_reserve_pct,
        Field::new(Section::Budget, "Held back as a reserve", "budget-reserve-input").unit("% of the budget").step(5.0).slider(0.0, 50.0)
            .hint("What your budget office keeps for overruns; the planner spends the rest on students.");
    /// GPU hours in the last 48 hours before a deadline (percent).
    DeadlineCrunch => "planning.deadline_crunch_pct", "GPU hours before a deadline", Bound::upto(100.0), planning.deadline_crunch_pct,
        Field::new(Section::Schedule, "GPU work in the last 48 hours before a deadline", "crunch-input").unit("%").step(5.0).slider(0.0, 100.0)
            .hint("An assumption, not from the paper: set it from your own course's logs.");
    /// Students working at once at the busiest moment (percent).
    Concurrency => "planning.concurrency_pct", "share of students working at once", Bound::upto(100.0), planning.concurrency_pct,
        Field::new(Section::Schedule, "Students working at the same time", "concurrency-input").unit("%").step(5.0).slider(0.0, 100.0)
            .hint("100% is the instructor guide's own assumption for its quota recipe.");
    /// SU of one Chameleon allocation and of each recharge (SU).
    ChameleonAllocation => "planning.chameleon_allocation_su", "Chameleon allocation", Bound::positive(1e9), planning.chameleon_allocation_su,
        Field::new(Section::Testbed, "SU per Chameleon allocation (and per recharge)", "chameleon-allocation-input").unit("SU").step(1000.0)
            .hint("A new project gets 20,000 SU for six months (Chameleon's project documentation); set your own.");
    /// First day of the term's week 1 (day number: days from 1970-01-01; shown as a date).
    TermStartDay => "planning.term_start_day", "term start date", Bound::between(calendar::FIRST_DAY as f64, calendar::LAST_DAY as f64).whole(), planning.term_start_day,
        Field::new(Section::Term, "Week 1 of the term starts on", "term-start-input").unit("days from 1970-01-01")
            .hint("The presets count their weeks from 2025-01-21, the paper's course's first lab.");
}

/// An overrun factor's field: "x" (actual / planned hours), step 0.1, a slider up to 20.
const fn overrun(section: Section, label: &'static str, testid: &'static str) -> Field {
    Field::new(section, label, testid)
        .unit("x")
        .step(0.1)
        .slider(0.0, 20.0)
}

impl Setting {
    /// Whether the setting is an amount of money (US dollars in the scenario; shown and typed in
    /// the scenario's currency).
    pub fn is_money(self) -> bool {
        self.field().money
    }

    /// The settings shown in `section`, in the table's order.
    pub fn in_section(section: Section) -> impl Iterator<Item = Setting> {
        Setting::ALL
            .iter()
            .copied()
            .filter(move |s| s.field().section == section)
    }

    /// The setting whose path is `path`, if any (share links name settings by path).
    pub fn from_path(path: &str) -> Option<Setting> {
        Setting::ALL.iter().copied().find(|s| s.path() == path)
    }
}
