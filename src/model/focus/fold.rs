//! What the bill's tables and chart draw: the top entries of a long list (instance types, types
//! that stand in for nothing, tag values) and the rest folded into one line, "and N more types,
//! $X", the names the reader did not keep among them (see [`Capped`]). A bill of any shape draws
//! at most [`DRAWN`] entries per list, plus the types that stand in for a course resource.

use super::compare::{BilledAgainstPlanned, TypeRow};
use super::keyed::Capped;
use super::summary::{BillSummary, TagTally};
use crate::model::format;
use crate::model::sort::sort_by;

/// Most entries a table or chart of the bill draws before folding the rest into one line.
pub const DRAWN: usize = 20;

/// What a folded line holds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Folded {
    /// Names folded (count): at least this many when `more_than`.
    pub names: u64,
    /// The reader stopped counting them: there are more than `names`.
    pub more_than: bool,
    /// Their rows (count; 0 where the list does not count rows).
    pub rows: u64,
    /// Their compute hours (hours).
    pub hours: f64,
    /// Their billed cost (billing currency).
    pub billed: f64,
}

impl Folded {
    /// True when nothing is folded.
    pub fn is_empty(&self) -> bool {
        self.names == 0
    }

    /// "and 12 more types" or "and more than 131,072 more types".
    pub fn words(&self, noun: &str) -> String {
        let more_than = if self.more_than { "more than " } else { "" };
        let names = format::number(self.names as f64, 0);
        format!("and {more_than}{names} more {noun}")
    }

    fn add(&mut self, rows: u64, hours: f64, billed: f64) {
        self.names += 1;
        self.rows += rows;
        self.hours += hours;
        self.billed += billed;
    }

    /// Adds what a capped map did not keep.
    fn add_rest<V>(&mut self, map: &Capped<V>, rows: u64, hours: f64, billed: f64) {
        self.names += map.rest_names.count();
        self.more_than |= !map.rest_names.is_exact();
        self.rows += rows;
        self.hours += hours;
        self.billed += billed;
    }
}

/// Which of `items` are drawn, in their order: each that `always` picks, then the heaviest by
/// `weight` until [`DRAWN`] are.
pub fn drawn<T>(items: &[T], weight: impl Fn(&T) -> f64, always: impl Fn(&T) -> bool) -> Vec<bool> {
    let mut drawn: Vec<bool> = items.iter().map(&always).collect();
    let mut count = drawn.iter().filter(|d| **d).count();
    let mut heaviest: Vec<usize> = (0..items.len()).collect();
    sort_by(&mut heaviest, |&a, &b| {
        weight(&items[b]).total_cmp(&weight(&items[a]))
    });
    for at in heaviest {
        if count >= DRAWN {
            break;
        }
        if !drawn[at] {
            drawn[at] = true;
            count += 1;
        }
    }
    drawn
}

fn rows_of(bill: &BillSummary, row: &TypeRow) -> u64 {
    bill.compute
        .get(&row.instance_type)
        .map_or(0, |used| used.tally.rows)
}

/// Splits `rows` into those drawn and the rest folded with the types the reader did not keep.
fn fold_types<'a>(
    rows: Vec<&'a TypeRow>,
    bill: &BillSummary,
    weight: fn(&TypeRow) -> f64,
) -> (Vec<&'a TypeRow>, Folded) {
    let drawn = drawn(&rows, |t| weight(t), |t| !t.resources.is_empty());
    let mut folded = Folded::default();
    let mut shown = Vec::new();
    for (row, draw) in rows.into_iter().zip(drawn) {
        if draw {
            shown.push(row);
        } else {
            folded.add(rows_of(bill, row), row.billed_hours, row.billed_cost);
        }
    }
    let rest = &bill.compute.rest;
    folded.add_rest(
        &bill.compute,
        rest.tally.rows,
        rest.quantity,
        rest.tally.billed,
    );
    (shown, folded)
}

/// The instance types drawn (every one that stands in for a course resource, then the most
/// billed hours) and the rest folded.
pub fn types<'a>(
    check: &'a BilledAgainstPlanned,
    bill: &BillSummary,
) -> (Vec<&'a TypeRow>, Folded) {
    fold_types(check.types.iter().collect(), bill, |t| t.billed_hours)
}

/// The types that stand in for nothing drawn (the most billed cost first, with their rows) and
/// the rest folded: the types the reader did not keep stand in for nothing either (the price
/// catalog's types are always kept).
pub fn unmatched<'a>(
    check: &'a BilledAgainstPlanned,
    bill: &BillSummary,
) -> (Vec<(&'a TypeRow, u64)>, Folded) {
    let (shown, folded) = fold_types(check.unmatched().collect(), bill, |t| t.billed_cost);
    let with_rows = shown.into_iter().map(|t| (t, rows_of(bill, t))).collect();
    (with_rows, folded)
}

/// A tag's values drawn (the most billed cost first) and the rest folded.
pub fn tag_values(values: &Capped<TagTally>) -> (Vec<(&String, &TagTally)>, Folded) {
    let all: Vec<(&String, &TagTally)> = values.iter().collect();
    let drawn = drawn(&all, |(_, t)| t.billed.abs(), |_| false);
    let mut folded = Folded::default();
    let mut shown = Vec::new();
    for (entry, draw) in all.into_iter().zip(drawn) {
        if draw {
            shown.push(entry);
        } else {
            folded.add(0, entry.1.compute_hours, entry.1.billed);
        }
    }
    let rest = &values.rest;
    folded.add_rest(values, 0, rest.compute_hours, rest.billed);
    (shown, folded)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_the_picked_then_the_heaviest_in_list_order() {
        let weights: Vec<f64> = (0..30).map(|n| f64::from((n * 7) % 30)).collect();
        let drawn = drawn(&weights, |w| *w, |w| *w == 0.0);
        // 0 is always drawn; then the 19 heaviest: weights 29 down to 11.
        let picked: Vec<f64> = weights
            .iter()
            .zip(&drawn)
            .filter(|(_, d)| **d)
            .map(|(w, _)| *w)
            .collect();
        assert_eq!(picked.len(), DRAWN);
        assert!(picked.contains(&0.0) && picked.contains(&11.0) && !picked.contains(&10.0));
        let folded = Folded {
            names: 131_072,
            more_than: true,
            ..Folded::default()
        };
        assert_eq!(folded.words("types"), "and more than 131,072 more types");
    }
}
