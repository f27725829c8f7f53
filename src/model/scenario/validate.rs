//! Checks a scenario before it is priced, naming the field at fault.
//!
//! Limits are generous for any real course but keep every figure finite and every loop bounded,
//! so a tampered link or a stray keystroke cannot make the engine produce nonsense or hang.

use std::fmt;
use std::iter::{Enumerate, Take};
use std::slice::Iter;

use crate::model::catalog::offer::PriceUnit;
use crate::model::catalog::resource::ResourceKind;
use crate::model::catalog::Catalog;
use crate::model::quote::{clipped, quoted};
use crate::model::scenario::field::{
    Bound, CapacityField, ChoiceField, CustomOfferField, FieldPath, LabField, Min, OptionField,
    PoolField, Setting, UseField, UseSite,
};
use crate::model::scenario::levers::{LeverField, Levers};
/// The bounds, where they were first defined (components and tests read them here).
pub use crate::model::scenario::limits;
use crate::model::scenario::Scenario;

/// What is wrong with a field.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    /// Not a finite number (NaN or infinite).
    NotFinite,
    /// Below zero.
    Negative,
    /// Below the smallest sensible value.
    TooSmall {
        /// The minimum.
        min: f64,
    },
    /// Zero where at least a little is needed.
    NotPositive,
    /// Above the allowed maximum.
    TooLarge {
        /// The maximum.
        max: f64,
    },
    /// Has a fraction where a whole number is needed.
    NotWhole,
    /// A lab's option shares do not add up to 100 percent.
    SharesDoNotSum {
        /// What they add up to (percent).
        sum_pct: f64,
    },
    /// Names something the catalog does not have.
    Unknown {
        /// What kind of thing (resource, offer, provider, snapshot).
        what: &'static str,
        /// The id given.
        id: String,
    },
    /// More items than allowed.
    TooMany {
        /// The maximum.
        max: usize,
    },
    /// A list that needs at least one item is empty.
    Empty,
    /// A name is too long.
    TooLong {
        /// The maximum, in characters.
        max: usize,
    },
    /// A resource used where it makes no sense (e.g. storage priced per hour).
    Mismatch {
        /// What does not fit.
        detail: String,
    },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::NotFinite => write!(f, "must be a number"),
            Problem::Negative => write!(f, "cannot be negative"),
            Problem::TooSmall { min } => write!(f, "must be at least {min}"),
            Problem::NotPositive => write!(f, "must be more than zero"),
            Problem::TooLarge { max } => write!(f, "must be at most {max}"),
            Problem::NotWhole => write!(f, "must be a whole number"),
            Problem::SharesDoNotSum { sum_pct } => {
                write!(f, "option shares add up to {sum_pct}%, not 100%")
            }
            // The id is untrusted (a link's, a stored draft's): quoted short and without the
            // controls that would reorder the notice.
            Problem::Unknown { what, id } => write!(f, "unknown {what} {}", quoted(id)),
            Problem::TooMany { max } => write!(f, "at most {max} allowed"),
            Problem::Empty => write!(f, "needs at least one entry"),
            Problem::TooLong { max } => write!(f, "at most {max} characters"),
            Problem::Mismatch { detail } => write!(f, "{detail}"),
        }
    }
}

/// A problem with one field, named by its path (e.g. `course.labs[2].options[0].share_pct`).
#[derive(Clone, Debug, PartialEq)]
pub struct FieldError {
    /// The field.
    pub field: FieldPath,
    /// What is wrong.
    pub problem: Problem,
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.problem)
    }
}

impl std::error::Error for FieldError {}

/// What is wrong with a finite `value` that falls below `min`, if it does.
fn below_min(value: f64, min: Min) -> Option<Problem> {
    match min {
        // A bound below zero (a price change of -20%) allows negatives down to it.
        Min::AtLeast(min) if min < 0.0 => (value < min).then_some(Problem::TooSmall { min }),
        _ if value < 0.0 => Some(Problem::Negative),
        Min::AboveZero if value <= 0.0 => Some(Problem::NotPositive),
        Min::AboveZero if value < limits::SMALLEST_POSITIVE => Some(Problem::TooSmall {
            min: limits::SMALLEST_POSITIVE,
        }),
        Min::AtLeast(min) if value < min => Some(Problem::TooSmall { min }),
        _ => None,
    }
}

/// Collects errors while walking a scenario.
struct Checker {
    errors: Vec<FieldError>,
}

impl Checker {
    fn push(&mut self, field: FieldPath, problem: Problem) {
        self.errors.push(FieldError { field, problem });
    }

    /// A number within `bound`; true when it is.
    fn bounded(&mut self, field: FieldPath, value: f64, bound: Bound) -> bool {
        // Subnormal numbers (below about 2e-308) only come from tampering and turn totals
        // into nonsense, so they count as no number at all.
        let problem = if !value.is_finite() || (value != 0.0 && !value.is_normal()) {
            Problem::NotFinite
        } else if value > bound.max {
            Problem::TooLarge { max: bound.max }
        } else if let Some(problem) = below_min(value, bound.min) {
            problem
        } else if bound.whole && value.fract() != 0.0 {
            Problem::NotWhole
        } else {
            return true;
        };
        self.push(field, problem);
        false
    }

    /// A finite number in `[0, max]`; true when it is.
    fn range(&mut self, field: FieldPath, value: f64, max: f64) -> bool {
        self.bounded(field, value, Bound::upto(max))
    }

    fn name(&mut self, field: FieldPath, name: &str) {
        if name.chars().count() > limits::NAME_CHARS {
            let max = limits::NAME_CHARS;
            self.push(field, Problem::TooLong { max });
        }
    }

    fn count(&mut self, field: FieldPath, len: usize, max: usize, need_one: bool) {
        if len > max {
            self.push(field, Problem::TooMany { max });
        } else if need_one && len == 0 {
            self.push(field, Problem::Empty);
        }
    }

    /// Checks that `items` has at most `max` entries and gives the first `max` with their index:
    /// the ones whose own fields are checked.
    fn listed<'a, T>(
        &mut self,
        field: FieldPath,
        items: &'a [T],
        max: usize,
    ) -> Take<Enumerate<Iter<'a, T>>> {
        self.count(field, items.len(), max, false);
        items.iter().enumerate().take(max)
    }

    fn unknown(&mut self, field: FieldPath, what: &'static str, id: &str) {
        // Kept only as long as it is quoted (a link may name a 100,000-character region).
        let id = clipped(id);
        self.push(field, Problem::Unknown { what, id });
    }
}

/// Every problem in `scenario`; empty when it can be priced.
pub fn validate(scenario: &Scenario, catalog: &Catalog) -> Vec<FieldError> {
    let mut check = Checker { errors: Vec::new() };
    check.name(FieldPath::Title, &scenario.title);
    if scenario.notes.chars().count() > limits::NOTES_CHARS {
        let max = limits::NOTES_CHARS;
        check.push(FieldPath::Notes, Problem::TooLong { max });
    }
    for &setting in Setting::ALL {
        check.bounded(setting.into(), setting.get(scenario), setting.bound());
    }
    check_labs(&mut check, scenario, catalog);
    let project = &scenario.course.project;
    check.count(
        FieldPath::Uses(UseSite::Project),
        project.uses.len(),
        limits::USES,
        false,
    );
    check_uses(&mut check, scenario, catalog, UseSite::Project);
    check_pools(&mut check, scenario, catalog);
    check_capacity(&mut check, scenario, catalog);
    check_pricing(&mut check, scenario, catalog);
    let runs = f64::from(scenario.planning.runs);
    check.bounded(
        FieldPath::SimulationRuns,
        runs,
        Bound::between(100.0, 100_000.0),
    );
    for (field, problem) in validate_levers(&scenario.levers) {
        check.push(FieldPath::Lever(field), problem);
    }
    check_offers(&mut check, scenario, catalog);
    check_resource_factors(&mut check, scenario, catalog);
    if check.errors.is_empty() {
        check_course_size(&mut check, scenario);
    }
    check.errors
}

/// Each lever setting outside its bound ([`LeverField::bound`]), with what is wrong; a setting
/// whose lever is off is not checked ([`LeverField::get`]).
pub fn validate_levers(levers: &Levers) -> Vec<(LeverField, Problem)> {
    let mut check = Checker { errors: Vec::new() };
    for field in LeverField::ALL {
        let Some(value) = field.get(levers) else {
            continue;
        };
        let bound = field.bound();
        let bound = Bound {
            whole: bound.whole,
            ..Bound::between(bound.min, bound.max)
        };
        check.bounded(FieldPath::Lever(field), value, bound);
    }
    let problems = check.errors.into_iter();
    problems
        .filter_map(|e| match e.field {
            FieldPath::Lever(field) => Some((field, e.problem)),
            _ => None,
        })
        .collect()
}

/// The course's planned unit-hours: every lab use (students on the option x count x hours,
/// floating IPs counted like instances) and every project use (groups x count x hours per week
/// x weeks).
pub fn course_unit_hours(scenario: &Scenario) -> f64 {
    scenario.course.planned_unit_hours()
}

/// All sizes together within [`limits::COURSE_UNIT_HOURS`].
fn check_course_size(check: &mut Checker, scenario: &Scenario) {
    let hours = course_unit_hours(scenario);
    if hours.is_finite() && hours <= limits::COURSE_UNIT_HOURS {
        return;
    }
    let detail = format!(
        "the course would plan {} unit-hours in all (students x counts x hours), more than the \
         {} this calculator keeps figures meaningful for: lower the students, a count or the hours",
        if hours.is_finite() {
            crate::model::format::number(hours, 0)
        } else {
            "too many".to_string()
        },
        crate::model::format::number(limits::COURSE_UNIT_HOURS, 0),
    );
    check.push(FieldPath::Labs, Problem::Mismatch { detail });
}

fn check_labs(check: &mut Checker, scenario: &Scenario, catalog: &Catalog) {
    let labs = &scenario.course.labs;
    for (l, lab) in check.listed(FieldPath::Labs, labs, limits::LABS) {
        let at = |field| FieldPath::Lab { lab: l, field };
        check.name(at(LabField::Name), &lab.name);
        let options = lab.options.len();
        check.count(at(LabField::Options), options, limits::OPTIONS, true);
        let weeks_ok = check.range(at(LabField::StartWeek), lab.start_week, limits::WEEKS)
            & check.range(at(LabField::DueWeek), lab.due_week, limits::WEEKS);
        if weeks_ok && lab.due_week < lab.start_week {
            let detail = "the due week comes before the release week".to_string();
            check.push(at(LabField::DueWeek), Problem::Mismatch { detail });
        }
        let mut share_sum = 0.0;
        for (o, option) in lab.options.iter().enumerate().take(limits::OPTIONS) {
            let at = |field| FieldPath::LabOption {
                lab: l,
                option: o,
                field,
            };
            check.name(at(OptionField::Name), &option.name);
            if check.range(at(OptionField::SharePct), option.share_pct, 100.0) {
                share_sum += option.share_pct;
            }
            let site = UseSite::Lab { lab: l, option: o };
            check.count(
                FieldPath::Uses(site),
                option.uses.len(),
                limits::USES,
                false,
            );
            check_uses(check, scenario, catalog, site);
        }
        let options_ok = options > 0 && options <= limits::OPTIONS;
        if options_ok && (share_sum - 100.0).abs() > limits::SHARE_TOLERANCE {
            let sum_pct = (share_sum * 100.0).round() / 100.0;
            check.push(at(LabField::Options), Problem::SharesDoNotSum { sum_pct });
        }
    }
}

/// The uses at `site`: lab uses and project uses are checked alike.
fn check_uses(check: &mut Checker, scenario: &Scenario, catalog: &Catalog, site: UseSite) {
    let Some(uses) = site.uses(&scenario.course) else {
        return;
    };
    for (item, planned) in uses.into_iter().enumerate().take(limits::USES) {
        let at = |field| FieldPath::Use { site, item, field };
        if catalog.resource(planned.resource()).is_none() {
            check.unknown(at(UseField::Resource), "resource", planned.resource());
        }
        check.range(at(UseField::Count), planned.count(), limits::COUNT);
        check.range(at(UseField::Hours), planned.hours(), site.max_hours());
        check.range(
            at(UseField::FloatingIps),
            planned.floating_ips(),
            limits::COUNT,
        );
    }
}

/// Each project pool: known resources, shares in 0-100 that sum to 100.
fn check_pools(check: &mut Checker, scenario: &Scenario, catalog: &Catalog) {
    let uses = &scenario.course.project.uses;
    for (item, project_use) in uses.iter().enumerate().take(limits::USES) {
        let pool = &project_use.pool;
        let mut sum = 0.0;
        for (member, share) in check.listed(FieldPath::Pool { item }, pool, limits::OPTIONS) {
            let at = |field| FieldPath::PoolMember {
                item,
                member,
                field,
            };
            if catalog.resource(&share.resource).is_none() {
                check.unknown(at(PoolField::Resource), "resource", &share.resource);
            }
            if check.range(at(PoolField::SharePct), share.share_pct, 100.0) {
                sum += share.share_pct;
            }
        }
        let sized = !pool.is_empty() && pool.len() <= limits::OPTIONS;
        if sized && (sum - 100.0).abs() > limits::SHARE_TOLERANCE {
            let sum_pct = (sum * 100.0).round() / 100.0;
            check.push(
                FieldPath::Pool { item },
                Problem::SharesDoNotSum { sum_pct },
            );
        }
    }
}

/// Each capacity: a known resource, units and a window within bounds.
fn check_capacity(check: &mut Checker, scenario: &Scenario, catalog: &Catalog) {
    let list = &scenario.capacity;
    for (index, capacity) in list.iter().enumerate().take(limits::CHOICES) {
        let at = |field| FieldPath::Capacity { index, field };
        if catalog.resource(&capacity.resource).is_none() {
            check.unknown(at(CapacityField::Resource), "resource", &capacity.resource);
        }
        check.range(at(CapacityField::Units), capacity.units, limits::COUNT);
        check.range(
            at(CapacityField::StartWeek),
            capacity.start_week,
            limits::WEEKS,
        );
        check.range(at(CapacityField::Weeks), capacity.weeks, limits::WEEKS);
    }
    if list.len() > limits::CHOICES {
        let max = limits::CHOICES;
        check.push(
            FieldPath::Capacity {
                index: max,
                field: CapacityField::Resource,
            },
            Problem::TooMany { max },
        );
    }
}

fn check_pricing(check: &mut Checker, scenario: &Scenario, catalog: &Catalog) {
    let pricing = &scenario.pricing;
    match catalog.provider(&pricing.provider) {
        None => check.unknown(FieldPath::Provider, "provider", &pricing.provider),
        // A provider that declares no regions has only its default one.
        Some(p) if !pricing.region.is_empty() && p.region(&pricing.region).is_none() => {
            check.unknown(FieldPath::Region, "region", &pricing.region);
        }
        Some(_) => {}
    }
    if catalog.snapshot(&pricing.snapshot).is_none() {
        check.unknown(FieldPath::Snapshot, "price snapshot", &pricing.snapshot);
    }
    let code_ok = (1..=8).contains(&pricing.currency.len())
        && pricing.currency.chars().all(|c| c.is_ascii_alphabetic());
    if !code_ok {
        let detail = "use a currency code of letters, e.g. USD or EUR".to_string();
        check.push(FieldPath::Currency, Problem::Mismatch { detail });
    }
}

fn check_offers(check: &mut Checker, scenario: &Scenario, catalog: &Catalog) {
    let custom = &scenario.custom_offers;
    for (index, offer) in check.listed(FieldPath::CustomOffers, custom, limits::CHOICES) {
        let at = |field| FieldPath::CustomOffer { index, field };
        check.name(at(CustomOfferField::Name), &offer.sku);
        check.range(at(CustomOfferField::Price), offer.usd, limits::USD);
        if let Some(spot) = offer.spot_usd {
            check.range(at(CustomOfferField::SpotPrice), spot, limits::USD);
        }
    }
    let choices = &scenario.stand_in_choices;
    for (index, choice) in check.listed(FieldPath::OfferChoices, choices, limits::CHOICES) {
        let at = |field| FieldPath::OfferChoice { index, field };
        check.bounded(
            at(ChoiceField::Fraction),
            choice.fraction,
            Bound::positive(1_000.0),
        );
        let Some(resource) = catalog.resource(&choice.resource) else {
            check.unknown(at(ChoiceField::Resource), "resource", &choice.resource);
            continue;
        };
        let offer = catalog
            .offer(&choice.offer)
            .or_else(|| custom.iter().find(|o| o.id == choice.offer));
        let Some(offer) = offer else {
            check.unknown(at(ChoiceField::Offer), "offer", &choice.offer);
            continue;
        };
        let storage = resource.kind == ResourceKind::Storage;
        if storage != (offer.unit == PriceUnit::GbMonth) {
            let detail = format!(
                "{} cannot stand in for {}: one is storage, the other is not",
                offer.sku, resource.id
            );
            check.push(at(ChoiceField::Offer), Problem::Mismatch { detail });
        }
    }
}

/// Each per-resource factor: a known resource, listed once, within [`limits::FACTOR`].
fn check_resource_factors(check: &mut Checker, scenario: &Scenario, catalog: &Catalog) {
    let factors = &scenario.resource_factors;
    for (index, entry) in factors.iter().enumerate() {
        let at = FieldPath::ResourceFactor { index };
        if index >= limits::CHOICES {
            let max = limits::CHOICES;
            return check.push(at, Problem::TooMany { max });
        }
        check.range(at, entry.factor, limits::FACTOR);
        if catalog.resource(&entry.resource).is_none() {
            check.unknown(at, "resource", &entry.resource);
        } else if factors[..index]
            .iter()
            .any(|f| f.resource == entry.resource)
        {
            let detail = format!("{} has a factor already", entry.resource);
            check.push(at, Problem::Mismatch { detail });
        }
    }
}
