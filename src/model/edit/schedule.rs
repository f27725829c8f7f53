//! Where a lab added to a course goes in the term.

use crate::model::scenario::course::Lab;

/// When a lab added to `labs` runs in a term of `term_weeks` weeks: for as long as the course's
/// labs usually take (their median, in whole weeks, at least one), released the week after the
/// last lab is due (the lab due last, whichever its place in the list) when it is due by the
/// term's last week; otherwise due in the term's last week and released that long before, so it
/// never lands after the term. A one-week term releases and collects it in that week.
pub fn after_the_last(labs: &[Lab], term_weeks: f64) -> (f64, f64) {
    let last_week = term_weeks.floor().max(1.0);
    let mut lengths: Vec<f64> = labs
        .iter()
        .map(|l| (l.due_week - l.start_week).max(0.0))
        .collect();
    crate::model::sort::sort_by(&mut lengths, f64::total_cmp);
    let median = match lengths.len() {
        0 => 1.0,
        n if n % 2 == 1 => lengths[n / 2],
        n => (lengths[n / 2 - 1] + lengths[n / 2]) / 2.0,
    };
    let length = median.round().max(1.0).min(last_week - 1.0).max(0.0);
    let after = labs.iter().map(|l| l.due_week + 1.0).fold(1.0, f64::max);
    let start = after.min(last_week - length).max(1.0);
    (start, start + length)
}
