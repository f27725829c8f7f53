//! Where a lab added to a course goes in the term.

use crate::model::scenario::course::Lab;
use crate::model::scenario::limits;

/// When a lab added to `labs` runs: released the week after the last lab is due (the lab due
/// last, whichever its place in the list) and due as long after as the course's labs usually
/// take (their median, in whole weeks, at least one). It may run past the term: the semester
/// timeline then says so, and the instructor moves it or lengthens the term; squeezing it into
/// the last week would release and collect it on the same day.
pub fn after_the_last(labs: &[Lab]) -> (f64, f64) {
    let start = labs.iter().map(|l| l.due_week + 1.0).fold(1.0, f64::max);
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
    let length = median.round().max(1.0);
    let start = start.min(limits::WEEKS - length);
    (start, start + length)
}
