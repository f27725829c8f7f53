//! Upper bounds on scenario values: generous for any real course, but they keep every figure
//! finite and every loop bounded.

/// Students in one course.
pub const STUDENTS: f64 = 100_000.0;
/// Weeks in a term or project.
pub const WEEKS: f64 = 104.0;
/// Labs in one course.
pub const LABS: usize = 100;
/// Options of one lab.
pub const OPTIONS: usize = 12;
/// Resource uses of one lab option or of the project.
pub const USES: usize = 40;
/// Instances (or GB of storage) in one use.
pub const COUNT: f64 = 1_000_000.0;
/// Hours per student of one use.
pub const HOURS: f64 = 10_000.0;
/// Hours in a week.
pub const HOURS_PER_WEEK: f64 = 168.0;
/// Overrun factor.
pub const FACTOR: f64 = 1_000.0;
/// Percent fields that may exceed 100 (overheads).
pub const PERCENT_OVER: f64 = 1_000.0;
/// Fewest units of a currency per US dollar (a plausible exchange rate).
pub const RATE_MIN: f64 = 0.001;
/// Most units of a currency per US dollar.
pub const RATE_MAX: f64 = 100_000.0;
/// US dollars in one price or credit.
pub const USD: f64 = 1_000_000.0;
/// Characters in a name (declared with the catalog's custom offers, which are clipped to it;
/// the catalog sits below the scenario).
pub use crate::model::catalog::stand_in::NAME_CHARS;
/// Characters in a scenario's notes.
pub const NOTES_CHARS: usize = 2_000;
/// Custom offers and GPU choices in one scenario.
pub const CHOICES: usize = 200;
/// Planned unit-hours of the whole course (instance-, GB- and address-hours of every lab and
/// the project together): each count, hours and enrollment alone may be large, but not all
/// at once. 10 billion is 50,000 times the paper's course (186,692 instance-hours), and
/// keeps every hour figure, even times the largest overrun, exact in whole hours.
pub const COURSE_UNIT_HOURS: f64 = 1e10;
/// The smallest value a "more than zero" number may take: the smallest any figure shows
/// (two decimals), so a value never displays as 0.
pub const SMALLEST_POSITIVE: f64 = 0.01;
/// Tolerance on option shares summing to 100 (percentage points).
pub const SHARE_TOLERANCE: f64 = 0.01;
