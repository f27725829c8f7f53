//! Editing a scenario one number at a time: which field, how text becomes a value, and the rule
//! that an edit is only committed when the whole scenario stays valid.

use crate::model::catalog::resource::ResourceKind;
use crate::model::catalog::Catalog;
use crate::model::scenario::realism::OverrunFactors;
use crate::model::scenario::validate::validate;
use crate::model::scenario::Scenario;

/// Which overrun factors: the labs' or the project's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PhaseKey {
    /// Lab assignments.
    Labs,
    /// Group project.
    Project,
}

/// A numeric field of a scenario that the user can type into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NumberField {
    /// Enrollment (students).
    Students,
    /// Term length (weeks).
    TermWeeks,
    /// Average project group size (students).
    GroupSize,
    /// Project length (weeks).
    ProjectWeeks,
    /// Week a lab is released.
    LabStartWeek {
        /// Lab index.
        lab: usize,
    },
    /// Week a lab is due.
    LabDueWeek {
        /// Lab index.
        lab: usize,
    },
    /// Week the project starts.
    ProjectStartWeek,
    /// Share of students on a lab option (percent).
    LabShare {
        /// Lab index.
        lab: usize,
        /// Option index.
        option: usize,
    },
    /// Instances (or GB) of a lab option's resource use.
    LabUseCount {
        /// Lab index.
        lab: usize,
        /// Option index.
        option: usize,
        /// Use index.
        item: usize,
    },
    /// Expected hours per student of a lab option's resource use.
    LabUseHours {
        /// Lab index.
        lab: usize,
        /// Option index.
        option: usize,
        /// Use index.
        item: usize,
    },
    /// Floating IPs of a lab option's resource use.
    LabUseFloatingIps {
        /// Lab index.
        lab: usize,
        /// Option index.
        option: usize,
        /// Use index.
        item: usize,
    },
    /// Instances (or GB) per group of a project use.
    ProjectUseCount {
        /// Use index.
        item: usize,
    },
    /// Hours per week of a project use.
    ProjectUseHoursPerWeek {
        /// Use index.
        item: usize,
    },
    /// Floating IPs of a project use.
    ProjectUseFloatingIps {
        /// Use index.
        item: usize,
    },
    /// An overrun factor.
    Overrun {
        /// Labs or project.
        phase: PhaseKey,
        /// Resource kind (not network).
        kind: ResourceKind,
    },
    /// Spot re-run overhead (percent).
    RerunOverheadPct,
    /// Discount (percent).
    DiscountPct,
    /// Institutional overhead (percent).
    OverheadPct,
    /// Education credit (US dollars per student).
    CreditPerStudent,
    /// Currency units per US dollar.
    UsdToCurrency,
    /// Spread of student usage (log-standard deviation).
    SpreadSigma,
    /// Per-student credit to compare with (US dollars).
    CreditThreshold,
    /// Budget to plan against (US dollars).
    Budget,
    /// Percentile the budget planner plans for (percent).
    Percentile,
    /// Students working at once at the busiest moment (percent).
    Concurrency,
    /// GPU hours in the last 48 hours before a deadline (percent).
    DeadlineCrunch,
}

impl NumberField {
    /// The field's path, as validation errors name it.
    pub fn path(&self) -> String {
        match *self {
            NumberField::Students => "course.students".into(),
            NumberField::TermWeeks => "course.term_weeks".into(),
            NumberField::GroupSize => "course.project.group_size".into(),
            NumberField::ProjectWeeks => "course.project.weeks".into(),
            NumberField::LabStartWeek { lab } => format!("course.labs[{lab}].start_week"),
            NumberField::LabDueWeek { lab } => format!("course.labs[{lab}].due_week"),
            NumberField::ProjectStartWeek => "course.project.start_week".into(),
            NumberField::LabShare { lab, option } => {
                format!("course.labs[{lab}].options[{option}].share_pct")
            }
            NumberField::LabUseCount { lab, option, item } => {
                format!("course.labs[{lab}].options[{option}].uses[{item}].count")
            }
            NumberField::LabUseHours { lab, option, item } => {
                format!("course.labs[{lab}].options[{option}].uses[{item}].hours")
            }
            NumberField::LabUseFloatingIps { lab, option, item } => {
                format!("course.labs[{lab}].options[{option}].uses[{item}].floating_ips")
            }
            NumberField::ProjectUseCount { item } => {
                format!("course.project.uses[{item}].count")
            }
            NumberField::ProjectUseHoursPerWeek { item } => {
                format!("course.project.uses[{item}].hours_per_week")
            }
            NumberField::ProjectUseFloatingIps { item } => {
                format!("course.project.uses[{item}].floating_ips")
            }
            NumberField::Overrun { phase, kind } => {
                let phase = match phase {
                    PhaseKey::Labs => "labs",
                    PhaseKey::Project => "project",
                };
                let kind = match kind {
                    ResourceKind::Vm => "vm",
                    ResourceKind::BareMetal => "bare_metal",
                    ResourceKind::Edge => "edge",
                    ResourceKind::Storage => "storage",
                    ResourceKind::Network => "network",
                };
                format!("realism.{phase}.{kind}")
            }
            NumberField::RerunOverheadPct => "pricing.rerun_overhead_pct".into(),
            NumberField::DiscountPct => "pricing.discount_pct".into(),
            NumberField::OverheadPct => "pricing.overhead_pct".into(),
            NumberField::CreditPerStudent => "pricing.credit_per_student_usd".into(),
            NumberField::UsdToCurrency => "pricing.usd_to_currency".into(),
            NumberField::SpreadSigma => "planning.spread_sigma".into(),
            NumberField::CreditThreshold => "planning.credit_threshold_usd".into(),
            NumberField::Budget => "planning.budget_usd".into(),
            NumberField::Percentile => "planning.percentile".into(),
            NumberField::Concurrency => "planning.concurrency_pct".into(),
            NumberField::DeadlineCrunch => "planning.deadline_crunch_pct".into(),
        }
    }

    /// Where the value lives in `scenario`; `None` when the indices point past its lists.
    fn slot<'a>(&self, scenario: &'a mut Scenario) -> Option<&'a mut f64> {
        let course = &mut scenario.course;
        let lab_use = |course: &'a mut crate::model::scenario::course::Course,
                       lab: usize,
                       option: usize,
                       item| {
            course
                .labs
                .get_mut(lab)?
                .options
                .get_mut(option)?
                .uses
                .get_mut(item)
        };
        match *self {
            NumberField::Students => Some(&mut course.students),
            NumberField::TermWeeks => Some(&mut course.term_weeks),
            NumberField::GroupSize => Some(&mut course.project.group_size),
            NumberField::ProjectWeeks => Some(&mut course.project.weeks),
            NumberField::LabStartWeek { lab } => Some(&mut course.labs.get_mut(lab)?.start_week),
            NumberField::LabDueWeek { lab } => Some(&mut course.labs.get_mut(lab)?.due_week),
            NumberField::ProjectStartWeek => Some(&mut course.project.start_week),
            NumberField::LabShare { lab, option } => {
                Some(&mut course.labs.get_mut(lab)?.options.get_mut(option)?.share_pct)
            }
            NumberField::LabUseCount { lab, option, item } => {
                Some(&mut lab_use(course, lab, option, item)?.count)
            }
            NumberField::LabUseHours { lab, option, item } => {
                Some(&mut lab_use(course, lab, option, item)?.hours)
            }
            NumberField::LabUseFloatingIps { lab, option, item } => {
                Some(&mut lab_use(course, lab, option, item)?.floating_ips)
            }
            NumberField::ProjectUseCount { item } => {
                Some(&mut course.project.uses.get_mut(item)?.count)
            }
            NumberField::ProjectUseHoursPerWeek { item } => {
                Some(&mut course.project.uses.get_mut(item)?.hours_per_week)
            }
            NumberField::ProjectUseFloatingIps { item } => {
                Some(&mut course.project.uses.get_mut(item)?.floating_ips)
            }
            NumberField::Overrun { phase, kind } => {
                let factors: &mut OverrunFactors = match phase {
                    PhaseKey::Labs => &mut scenario.realism.labs,
                    PhaseKey::Project => &mut scenario.realism.project,
                };
                factors.for_kind_mut(kind)
            }
            NumberField::RerunOverheadPct => Some(&mut scenario.pricing.rerun_overhead_pct),
            NumberField::DiscountPct => Some(&mut scenario.pricing.discount_pct),
            NumberField::OverheadPct => Some(&mut scenario.pricing.overhead_pct),
            NumberField::CreditPerStudent => Some(&mut scenario.pricing.credit_per_student_usd),
            NumberField::UsdToCurrency => Some(&mut scenario.pricing.usd_to_currency),
            NumberField::SpreadSigma => Some(&mut scenario.planning.spread_sigma),
            NumberField::CreditThreshold => Some(&mut scenario.planning.credit_threshold_usd),
            NumberField::Budget => Some(&mut scenario.planning.budget_usd),
            NumberField::Percentile => Some(&mut scenario.planning.percentile),
            NumberField::Concurrency => Some(&mut scenario.planning.concurrency_pct),
            NumberField::DeadlineCrunch => Some(&mut scenario.planning.deadline_crunch_pct),
        }
    }

    /// Sets the value; a lab share also rebalances the lab's other options so shares keep
    /// summing to 100. Returns false when the field does not exist in `scenario`.
    pub fn set(&self, scenario: &mut Scenario, value: f64) -> bool {
        let Some(slot) = self.slot(scenario) else {
            return false;
        };
        *slot = value;
        if let NumberField::LabShare { lab, option } = *self {
            if let Some(lab) = scenario.course.labs.get_mut(lab) {
                rebalance_shares(&mut lab.options, option);
            }
        }
        true
    }
}

/// Spreads `100 - share of options[fixed]` over the other options, in proportion to what they
/// had (evenly when they had nothing). Leaves invalid shares for validation to report.
fn rebalance_shares(options: &mut [crate::model::scenario::course::LabOption], fixed: usize) {
    let Some(fixed_share) = options.get(fixed).map(|o| o.share_pct) else {
        return;
    };
    if options.len() < 2 || !(0.0..=100.0).contains(&fixed_share) {
        return;
    }
    let remainder = 100.0 - fixed_share;
    let others: f64 = options
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != fixed)
        .map(|(_, o)| o.share_pct)
        .sum();
    let even = remainder / (options.len() - 1) as f64;
    for (i, option) in options.iter_mut().enumerate() {
        if i != fixed {
            option.share_pct = if others > 0.0 {
                option.share_pct / others * remainder
            } else {
                even
            };
        }
    }
}

/// Reads a number as people type it: surrounding spaces, thousands separators (`,`, `_`, spaces)
/// and a trailing `%` or leading `$` are accepted.
pub fn parse_number(raw: &str) -> Result<f64, String> {
    let cleaned: String = raw
        .trim()
        .trim_start_matches('$')
        .trim_end_matches('%')
        .chars()
        .filter(|c| !matches!(c, ',' | '_' | ' ' | '\u{a0}' | '\u{202f}'))
        .collect();
    if cleaned.is_empty() {
        return Err("enter a number".to_string());
    }
    match cleaned.parse::<f64>() {
        Ok(value) if value.is_finite() => Ok(value),
        _ => Err(format!("\"{}\" is not a number", raw.trim())),
    }
}

/// Applies a typed value to a copy of `scenario`; the copy is returned only if it stays valid,
/// otherwise the message says why, so the caller keeps the old scenario and the typed text.
pub fn apply_number(
    scenario: &Scenario,
    catalog: &Catalog,
    field: NumberField,
    raw: &str,
) -> Result<Scenario, String> {
    let value = parse_number(raw)?;
    let mut edited = scenario.clone();
    if !field.set(&mut edited, value) {
        return Err("this field no longer exists".to_string());
    }
    let errors = validate(&edited, catalog);
    if errors.is_empty() {
        return Ok(edited);
    }
    let path = field.path();
    let own: Vec<String> = errors
        .iter()
        .filter(|e| e.field == path)
        .map(|e| e.problem.to_string())
        .collect();
    Err(if own.is_empty() {
        errors
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ")
    } else {
        own.join("; ")
    })
}
