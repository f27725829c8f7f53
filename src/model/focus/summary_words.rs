//! The bill summary's hours in words: the instance-hours matched to the course out of the
//! bill's compute, and, when the course-resource hours they count as differ, why, in one
//! sentence (a course resource can be part of a billed machine, or several of them).

use super::classify::SkipReason;
use super::compare::BilledAgainstPlanned;
use super::summary::BillSummary;
use crate::model::format;

/// Hours, whole from 10 h on: "53,999 h", "0.5 h".
pub fn hours(value: f64) -> String {
    let decimals = if value.abs() < 10.0 { 1 } else { 0 };
    format!("{} h", format::number(value, decimals))
}

/// "53,999 h of 53,999 h of compute"; with no hours of machines, why.
pub fn matched_words(check: &BilledAgainstPlanned, bill: &BillSummary) -> String {
    let compute = bill.compute_hours();
    if compute > 0.0 {
        return format!(
            "{} of {} of compute",
            hours(check.matched_hours()),
            hours(compute)
        );
    }
    let per_unit = bill
        .skipped
        .iter()
        .any(|(reason, _)| *reason == SkipReason::PerProcessorHours);
    if per_unit {
        "none: its compute is billed per processor or GB of memory (OCPU or GB hours), not per \
         machine"
            .to_string()
    } else {
        "none: the bill has no hours of machines".to_string()
    }
}

/// The course-resource hours the matched hours count as (every course resource's billed
/// hours), and, when they differ from the matched instance-hours by more than half an hour,
/// the sentence that says why.
pub fn resource_hours_words(check: &BilledAgainstPlanned) -> Option<String> {
    let matched = check.matched_hours();
    let resource: f64 = check.resources.iter().map(|r| r.billed_hours).sum();
    if (resource - matched).abs() <= 0.5 {
        return None;
    }
    // The resource whose stand-in is most unlike one machine, among those billed, shows why.
    let example = check
        .resources
        .iter()
        .filter(|r| r.billed_hours > 0.0 && r.fraction > 0.0 && r.fraction != 1.0)
        .max_by(|a, b| a.billed_hours.total_cmp(&b.billed_hours));
    let why = match example {
        Some(r) => format!(
            " ({} is {} × {}, so each billed hour of it is {} hours of the resource)",
            r.label,
            format::ratio(r.fraction),
            r.instance_type,
            format::quantity(1.0 / r.fraction)
        ),
        None => String::new(),
    };
    Some(format!(
        "The {} matched count as {} of course resources, because a course resource can be part \
         of a billed machine or several of them{why}.",
        hours(matched),
        hours(resource)
    ))
}
