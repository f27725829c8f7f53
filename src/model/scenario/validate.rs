//! Checks a scenario before it is priced, naming the field at fault.
//!
//! Limits are generous for any real course but keep every figure finite and every loop bounded,
//! so a tampered link or a stray keystroke cannot make the engine produce nonsense or hang.

use std::fmt;

use crate::model::catalog::offer::PriceUnit;
use crate::model::catalog::Catalog;
use crate::model::scenario::Scenario;

/// Upper bounds on scenario values.
pub mod limits {
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
    /// US dollars in one price or credit.
    pub const USD: f64 = 1_000_000.0;
    /// Characters in a name.
    pub const NAME_CHARS: usize = 120;
    /// Custom offers and GPU choices in one scenario.
    pub const CHOICES: usize = 200;
    /// Tolerance on option shares summing to 100 (percentage points).
    pub const SHARE_TOLERANCE: f64 = 0.01;
}

/// What is wrong with a field.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    /// Not a finite number (NaN or infinite).
    NotFinite,
    /// Below zero.
    Negative,
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
            Problem::NotPositive => write!(f, "must be more than zero"),
            Problem::TooLarge { max } => write!(f, "must be at most {max}"),
            Problem::NotWhole => write!(f, "must be a whole number"),
            Problem::SharesDoNotSum { sum_pct } => {
                write!(f, "option shares add up to {sum_pct}%, not 100%")
            }
            Problem::Unknown { what, id } => write!(f, "unknown {what} \"{id}\""),
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
    /// Path of the field in the scenario.
    pub field: String,
    /// What is wrong.
    pub problem: Problem,
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.problem)
    }
}

impl std::error::Error for FieldError {}

/// Collects errors while walking a scenario.
struct Checker {
    errors: Vec<FieldError>,
}

impl Checker {
    fn push(&mut self, field: impl Into<String>, problem: Problem) {
        self.errors.push(FieldError {
            field: field.into(),
            problem,
        });
    }

    /// A finite number in `[0, max]`.
    fn range(&mut self, field: impl Into<String>, value: f64, max: f64) -> bool {
        let problem = if !value.is_finite() {
            Problem::NotFinite
        } else if value < 0.0 {
            Problem::Negative
        } else if value > max {
            Problem::TooLarge { max }
        } else {
            return true;
        };
        self.push(field, problem);
        false
    }

    /// A finite number in `(0, max]`.
    fn positive(&mut self, field: impl Into<String>, value: f64, max: f64) {
        let field = field.into();
        if self.range(field.clone(), value, max) && value <= 0.0 {
            self.push(field, Problem::NotPositive);
        }
    }

    fn name(&mut self, field: impl Into<String>, name: &str) {
        if name.chars().count() > limits::NAME_CHARS {
            self.push(
                field,
                Problem::TooLong {
                    max: limits::NAME_CHARS,
                },
            );
        }
    }

    fn count(&mut self, field: impl Into<String>, len: usize, max: usize, need_one: bool) {
        if len > max {
            self.push(field, Problem::TooMany { max });
        } else if need_one && len == 0 {
            self.push(field, Problem::Empty);
        }
    }

    fn resource(&mut self, field: String, id: &str, catalog: &Catalog) {
        if catalog.resource(id).is_none() {
            self.push(
                field,
                Problem::Unknown {
                    what: "resource",
                    id: id.to_string(),
                },
            );
        }
    }
}

/// Every problem in `scenario`; empty when it can be priced.
pub fn validate(scenario: &Scenario, catalog: &Catalog) -> Vec<FieldError> {
    let mut check = Checker { errors: Vec::new() };
    let course = &scenario.course;

    check.positive("course.students", course.students, limits::STUDENTS);
    if course.students.is_finite() && course.students.fract() != 0.0 {
        check.push("course.students", Problem::NotWhole);
    }
    check.positive("course.term_weeks", course.term_weeks, limits::WEEKS);

    check.count("course.labs", course.labs.len(), limits::LABS, false);
    for (l, lab) in course.labs.iter().enumerate().take(limits::LABS) {
        let at = format!("course.labs[{l}]");
        check.name(format!("{at}.name"), &lab.name);
        check.count(
            format!("{at}.options"),
            lab.options.len(),
            limits::OPTIONS,
            true,
        );
        let weeks_ok = check.range(format!("{at}.start_week"), lab.start_week, limits::WEEKS)
            & check.range(format!("{at}.due_week"), lab.due_week, limits::WEEKS);
        if weeks_ok && lab.due_week < lab.start_week {
            check.push(
                format!("{at}.due_week"),
                Problem::Mismatch {
                    detail: "the due week comes before the release week".to_string(),
                },
            );
        }
        let mut share_sum = 0.0;
        for (o, option) in lab.options.iter().enumerate().take(limits::OPTIONS) {
            let at = format!("{at}.options[{o}]");
            check.name(format!("{at}.name"), &option.name);
            if check.range(format!("{at}.share_pct"), option.share_pct, 100.0) {
                share_sum += option.share_pct;
            }
            check.count(format!("{at}.uses"), option.uses.len(), limits::USES, false);
            for (u, resource_use) in option.uses.iter().enumerate().take(limits::USES) {
                let at = format!("{at}.uses[{u}]");
                check.resource(format!("{at}.resource"), &resource_use.resource, catalog);
                check.range(format!("{at}.count"), resource_use.count, limits::COUNT);
                check.range(format!("{at}.hours"), resource_use.hours, limits::HOURS);
                check.range(
                    format!("{at}.floating_ips"),
                    resource_use.floating_ips,
                    limits::COUNT,
                );
            }
        }
        let options_ok = !lab.options.is_empty() && lab.options.len() <= limits::OPTIONS;
        if options_ok && (share_sum - 100.0).abs() > limits::SHARE_TOLERANCE {
            let sum_pct = (share_sum * 100.0).round() / 100.0;
            check.push(format!("{at}.options"), Problem::SharesDoNotSum { sum_pct });
        }
    }

    let project = &course.project;
    check.positive(
        "course.project.group_size",
        project.group_size,
        limits::STUDENTS,
    );
    check.range("course.project.weeks", project.weeks, limits::WEEKS);
    check.range(
        "course.project.start_week",
        project.start_week,
        limits::WEEKS,
    );
    check.count(
        "course.project.uses",
        project.uses.len(),
        limits::USES,
        false,
    );
    for (u, project_use) in project.uses.iter().enumerate().take(limits::USES) {
        let at = format!("course.project.uses[{u}]");
        check.resource(format!("{at}.resource"), &project_use.resource, catalog);
        check.range(format!("{at}.count"), project_use.count, limits::COUNT);
        check.range(
            format!("{at}.hours_per_week"),
            project_use.hours_per_week,
            limits::HOURS_PER_WEEK,
        );
        check.range(
            format!("{at}.floating_ips"),
            project_use.floating_ips,
            limits::COUNT,
        );
    }

    for (phase, factors) in [
        ("labs", &scenario.realism.labs),
        ("project", &scenario.realism.project),
    ] {
        let at = format!("realism.{phase}");
        check.range(format!("{at}.vm"), factors.vm, limits::FACTOR);
        check.range(
            format!("{at}.bare_metal"),
            factors.bare_metal,
            limits::FACTOR,
        );
        check.range(format!("{at}.edge"), factors.edge, limits::FACTOR);
        check.range(format!("{at}.storage"), factors.storage, limits::FACTOR);
    }

    let pricing = &scenario.pricing;
    if catalog.provider(&pricing.provider).is_none() {
        check.push(
            "pricing.provider",
            Problem::Unknown {
                what: "provider",
                id: pricing.provider.clone(),
            },
        );
    }
    if catalog.snapshot(&pricing.snapshot).is_none() {
        check.push(
            "pricing.snapshot",
            Problem::Unknown {
                what: "price snapshot",
                id: pricing.snapshot.clone(),
            },
        );
    }
    check.range(
        "pricing.rerun_overhead_pct",
        pricing.rerun_overhead_pct,
        limits::PERCENT_OVER,
    );
    check.range("pricing.discount_pct", pricing.discount_pct, 100.0);
    check.range(
        "pricing.overhead_pct",
        pricing.overhead_pct,
        limits::PERCENT_OVER,
    );
    check.range(
        "pricing.credit_per_student_usd",
        pricing.credit_per_student_usd,
        limits::USD,
    );
    check.positive(
        "pricing.usd_to_currency",
        pricing.usd_to_currency,
        limits::USD,
    );
    let code_ok = (1..=8).contains(&pricing.currency.len())
        && pricing.currency.chars().all(|c| c.is_ascii_alphabetic());
    if !code_ok {
        check.push(
            "pricing.currency",
            Problem::Mismatch {
                detail: "use a currency code of letters, e.g. USD or EUR".to_string(),
            },
        );
    }

    let planning = &scenario.planning;
    check.range("planning.spread_sigma", planning.spread_sigma, 3.0);
    check.range(
        "planning.credit_threshold_usd",
        planning.credit_threshold_usd,
        limits::USD,
    );
    check.range("planning.budget_usd", planning.budget_usd, 1e9);
    check.positive("planning.percentile", planning.percentile, 99.9);
    check.range("planning.concurrency_pct", planning.concurrency_pct, 100.0);
    check.range(
        "planning.deadline_crunch_pct",
        planning.deadline_crunch_pct,
        100.0,
    );
    if !(100..=100_000).contains(&planning.runs) {
        check.push("planning.runs", Problem::TooLarge { max: 100_000.0 });
    }

    check.count(
        "custom_offers",
        scenario.custom_offers.len(),
        limits::CHOICES,
        false,
    );
    for (i, offer) in scenario
        .custom_offers
        .iter()
        .enumerate()
        .take(limits::CHOICES)
    {
        let at = format!("custom_offers[{i}]");
        check.name(format!("{at}.sku"), &offer.sku);
        check.range(format!("{at}.usd"), offer.usd, limits::USD);
        if let Some(spot) = offer.spot_usd {
            check.range(format!("{at}.spot_usd"), spot, limits::USD);
        }
    }
    check.count(
        "gpu_choices",
        scenario.gpu_choices.len(),
        limits::CHOICES,
        false,
    );
    for (i, choice) in scenario
        .gpu_choices
        .iter()
        .enumerate()
        .take(limits::CHOICES)
    {
        let at = format!("gpu_choices[{i}]");
        check.positive(format!("{at}.fraction"), choice.fraction, 1_000.0);
        let Some(resource) = catalog.resource(&choice.resource) else {
            check.resource(format!("{at}.resource"), &choice.resource, catalog);
            continue;
        };
        let offer = catalog
            .offer(&choice.offer)
            .or_else(|| scenario.custom_offers.iter().find(|o| o.id == choice.offer));
        match offer {
            None => check.push(
                format!("{at}.offer"),
                Problem::Unknown {
                    what: "offer",
                    id: choice.offer.clone(),
                },
            ),
            Some(offer) => {
                let storage =
                    resource.kind == crate::model::catalog::resource::ResourceKind::Storage;
                if storage != (offer.unit == PriceUnit::GbMonth) {
                    check.push(
                        format!("{at}.offer"),
                        Problem::Mismatch {
                            detail: format!(
                                "{} cannot stand in for {}: one is storage, the other is not",
                                offer.sku, resource.id
                            ),
                        },
                    );
                }
            }
        }
    }

    check.errors
}
