//! The bill by day: each row's billed cost, compute hours and cost per instance type, and cost
//! per tag value, spread over the days of its charge period (ChargePeriodStart to
//! ChargePeriodEnd, in proportion to the hours of each day it covers), so the bill can be
//! placed on any calendar (the course's weeks) after it is read. Bounded whatever the file: a
//! row adds at most four day marks (a difference array: the change of each series' daily amount
//! where it changes), at most [`MAX_MARKS`] of them and [`MAX_SERIES`] series in all; a row
//! that would pass either bound is counted and its cost summed, not placed.

use super::keyed::Keyed;
use crate::model::calendar::{parse_hours, FIRST_DAY, LAST_DAY};
use crate::model::wire_bytes::{Take, Wire};
use crate::wire_struct;

/// Most day marks kept (each a change of the daily amounts): a year of daily rows needs 366.
pub const MAX_MARKS: usize = 3_000;
/// Most series (per instance type hours and cost, per tag key and value) kept by day.
pub const MAX_SERIES: usize = 256;

/// What one series sums.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum SeriesKey {
    /// Every row's BilledCost (billing currency).
    Billed,
    /// Compute hours of an instance type (instance-hours).
    TypeHours(String),
    /// BilledCost of an instance type's compute rows (billing currency).
    TypeCost(String),
    /// BilledCost of the rows whose tag `key` has this value (billing currency).
    Tag(String, String),
}

/// Rows not placed on days, and their cost.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Unplaced {
    /// Rows (count).
    pub rows: u64,
    /// Their BilledCost (billing currency).
    pub billed: f64,
}

/// The bill by day.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Dated {
    /// The series, in first-seen order ([`SeriesKey::Billed`] first).
    series: Keyed<SeriesKey, ()>,
    /// (Day number, change of each series' daily amount that day by series position), sorted
    /// by day.
    marks: Vec<(i64, Vec<f64>)>,
    /// Rows without a charge period that can be read, or past the bounds.
    pub unplaced: Unplaced,
    /// Rows placed whose type or tag value found no room for a series of its own (count).
    pub unsplit_rows: u64,
    /// Earliest placed charge's start (hours from 1970-01-01).
    pub first_hour: Option<f64>,
    /// Latest placed charge's end (hours from 1970-01-01).
    pub last_hour: Option<f64>,
}

/// What one row brings.
pub struct DatedRow<'a> {
    /// ChargePeriodStart as written.
    pub start: &'a str,
    /// ChargePeriodEnd as written.
    pub end: &'a str,
    /// BilledCost (billing currency).
    pub billed: f64,
    /// Compute: the instance type and its hours.
    pub compute: Option<(&'a str, f64)>,
    /// Its tags: (key, value).
    pub tags: Vec<(&'a str, String)>,
}

/// A row's share of its amounts on its first day, each whole day between, and its last day,
/// with those days.
struct Spread {
    first: i64,
    last: i64,
    shares: [f64; 3],
}

fn spread(start: f64, end: f64) -> Option<Spread> {
    let first = (start / 24.0).floor() as i64;
    if !(FIRST_DAY..=LAST_DAY).contains(&first) {
        return None;
    }
    let hours = end - start;
    // An empty or reversed period: the whole on its first day.
    if hours <= 0.0 || !hours.is_finite() {
        return Some(Spread {
            first,
            last: first,
            shares: [1.0, 0.0, 0.0],
        });
    }
    let last = ((end / 24.0).ceil() as i64 - 1).max(first);
    if last > LAST_DAY {
        return None;
    }
    if last == first {
        return Some(Spread {
            first,
            last,
            shares: [1.0, 0.0, 0.0],
        });
    }
    let head = ((first + 1) as f64 * 24.0 - start) / hours;
    let tail = (end - last as f64 * 24.0) / hours;
    Some(Spread {
        first,
        last,
        shares: [head, 24.0 / hours, tail],
    })
}

impl Dated {
    /// The series' keys by position.
    pub fn series(&self) -> impl Iterator<Item = (usize, &SeriesKey)> {
        self.series.iter().map(|(k, _)| k).enumerate()
    }

    /// The position of `key`, if it is kept.
    pub fn position(&self, key: &SeriesKey) -> Option<usize> {
        self.series.position(key)
    }

    /// The position of `key`, added when there is room.
    fn slot(&mut self, key: SeriesKey) -> Option<usize> {
        if let Some(at) = self.series.position(&key) {
            return Some(at);
        }
        if self.series.len() >= MAX_SERIES {
            return None;
        }
        let value = key.clone();
        self.series.entry(&key, || value, || ());
        self.series.position(&key)
    }

    /// Whether `days` fit among the marks.
    fn room(&self, days: &[i64]) -> bool {
        let new = days.iter().filter(|d| self.find(**d).is_err()).count();
        self.marks.len() + new <= MAX_MARKS
    }

    /// Where the mark of `day` is, or goes.
    fn find(&self, day: i64) -> Result<usize, usize> {
        self.marks.binary_search_by_key(&day, |(d, _)| *d)
    }

    /// The changes of `day`, a new mark when it has none.
    fn day_mut(&mut self, day: i64) -> &mut Vec<f64> {
        let at = match self.find(day) {
            Ok(at) => at,
            Err(at) => {
                self.marks.insert(at, (day, Vec::new()));
                at
            }
        };
        &mut self.marks[at].1
    }

    /// Adds each (series position, amount) of `amounts` spread as `spread` says: the change of
    /// the daily amount on its first day, the day after, its last day and the day after that.
    fn mark(&mut self, spread: &Spread, amounts: &[(usize, f64)]) {
        let [head, body, tail] = spread.shares;
        let changes: &[(i64, f64)] = if spread.last == spread.first {
            &[(spread.first, head), (spread.first + 1, -head)]
        } else {
            &[
                (spread.first, head),
                (spread.first + 1, body - head),
                (spread.last, tail - body),
                (spread.last + 1, -tail),
            ]
        };
        for &(day, share) in changes.iter().filter(|(_, c)| *c != 0.0) {
            let slot = self.day_mut(day);
            for &(at, amount) in amounts {
                if slot.len() <= at {
                    slot.resize(at + 1, 0.0);
                }
                slot[at] += share * amount;
            }
        }
    }

    /// Places one row.
    pub fn add(&mut self, row: &DatedRow<'_>) {
        let start = parse_hours(row.start);
        let end = parse_hours(row.end).or(start);
        let spread = start.zip(end).and_then(|(s, e)| spread(s, e));
        let Some(spread) =
            spread.filter(|s| self.room(&[s.first, s.first + 1, s.last, s.last + 1]))
        else {
            self.unplaced.rows += 1;
            self.unplaced.billed += row.billed;
            return;
        };
        let (start, end) = (start.unwrap_or(0.0), end.unwrap_or(0.0));
        self.first_hour = Some(self.first_hour.map_or(start, |f| f.min(start)));
        self.last_hour = Some(self.last_hour.map_or(end, |l| l.max(end.max(start))));
        let mut amounts = vec![(SeriesKey::Billed, row.billed)];
        if let Some((instance_type, hours)) = row.compute {
            amounts.push((SeriesKey::TypeHours(instance_type.to_string()), hours));
            amounts.push((SeriesKey::TypeCost(instance_type.to_string()), row.billed));
        }
        for (key, value) in &row.tags {
            amounts.push((SeriesKey::Tag(key.to_string(), value.clone()), row.billed));
        }
        let count = amounts.len();
        let placed: Vec<(usize, f64)> = amounts
            .into_iter()
            .filter_map(|(key, amount)| Some((self.slot(key)?, amount)))
            .collect();
        self.unsplit_rows += u64::from(placed.len() < count);
        self.mark(&spread, &placed);
    }

    /// Each series' sum over the days `from` (included) to `to` (excluded), by position.
    pub fn sums(&self, from: i64, to: i64) -> Vec<f64> {
        let mut level = vec![0.0; self.series.len()];
        let mut sums = vec![0.0; self.series.len()];
        let mut marks = self.marks.iter().peekable();
        while let Some((day, changes)) = marks.next() {
            let day = *day;
            for (l, c) in level.iter_mut().zip(changes) {
                *l += c;
            }
            let next = marks.peek().map_or(day + 1, |(d, _)| *d);
            let days = (next.min(to) - day.max(from)).max(0) as f64;
            if days > 0.0 {
                for (s, l) in sums.iter_mut().zip(&level) {
                    *s += l * days;
                }
            }
        }
        sums
    }

    /// Adds another file's days (several files opened together).
    pub fn merge(&mut self, other: &Dated) {
        let positions: Vec<Option<usize>> =
            other.series().map(|(_, k)| self.slot(k.clone())).collect();
        let days: Vec<i64> = other.marks.iter().map(|(d, _)| *d).collect();
        if !self.room(&days) || positions.iter().any(Option::is_none) {
            let whole = other.sums(FIRST_DAY, LAST_DAY + 2);
            self.unplaced.rows += other.unplaced.rows;
            self.unplaced.billed += other.unplaced.billed + whole.first().copied().unwrap_or(0.0);
            return;
        }
        for (day, changes) in &other.marks {
            let slot = self.day_mut(*day);
            for (from, change) in changes.iter().enumerate() {
                let to = positions[from].unwrap_or(0);
                if slot.len() <= to {
                    slot.resize(to + 1, 0.0);
                }
                slot[to] += change;
            }
        }
        self.unplaced.rows += other.unplaced.rows;
        self.unplaced.billed += other.unplaced.billed;
        self.unsplit_rows += other.unsplit_rows;
        let min = |a: Option<f64>, b: Option<f64>| a.into_iter().chain(b).reduce(f64::min);
        let max = |a: Option<f64>, b: Option<f64>| a.into_iter().chain(b).reduce(f64::max);
        self.first_hour = min(self.first_hour, other.first_hour);
        self.last_hour = max(self.last_hour, other.last_hour);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row<'a>(start: &'a str, end: &'a str, billed: f64) -> DatedRow<'a> {
        DatedRow {
            start,
            end,
            billed,
            compute: Some(("m5.large", billed * 10.0)),
            tags: vec![("lab", "one".to_string())],
        }
    }

    #[test]
    fn a_row_is_spread_over_its_days_by_hours() {
        let mut dated = Dated::default();
        // 2025-01-21 12:00 to 2025-01-24 00:00: 60 hours, 12 on the first day, 24 on each of
        // the next two: $60 is $12, $24, $24.
        dated.add(&row("2025-01-21T12:00:00Z", "2025-01-24T00:00:00Z", 60.0));
        let day = 20_109;
        let billed = |from, to| dated.sums(from, to)[0];
        assert!((billed(day, day + 1) - 12.0).abs() < 1e-9);
        assert!((billed(day + 1, day + 2) - 24.0).abs() < 1e-9);
        assert!((billed(day, day + 3) - 60.0).abs() < 1e-9);
        assert_eq!(billed(day + 3, day + 9), 0.0);
        let hours = dated
            .position(&SeriesKey::TypeHours("m5.large".into()))
            .unwrap();
        assert!((dated.sums(day, day + 1)[hours] - 120.0).abs() < 1e-9);
        let tag = SeriesKey::Tag("lab".into(), "one".into());
        assert!((dated.sums(day, day + 3)[dated.position(&tag).unwrap()] - 60.0).abs() < 1e-9);
    }

    #[test]
    fn rows_without_a_period_are_counted_not_placed_and_files_merge() {
        let mut a = Dated::default();
        a.add(&row("", "", 5.0));
        a.add(&row("2025-01-21", "2025-01-22", 1.0));
        assert_eq!(
            a.unplaced,
            Unplaced {
                rows: 1,
                billed: 5.0
            }
        );
        let mut b = Dated::default();
        b.add(&row("2025-02-01", "2025-02-02", 2.0));
        a.merge(&b);
        assert!((a.sums(20_000, 21_000)[0] - 3.0).abs() < 1e-9);
        assert_eq!(a.last_hour, Some(f64::from(20_121 * 24)));
    }

    #[test]
    fn the_marks_are_bounded() {
        let mut dated = Dated::default();
        let dates: Vec<String> = (0..(MAX_MARKS as i64))
            .map(|d| crate::model::calendar::day_text(20_000 + 2 * d))
            .collect();
        for date in &dates {
            dated.add(&row(date, date, 1.0));
        }
        assert!(dated.marks.len() <= MAX_MARKS);
        assert!(dated.unplaced.rows > 0);
    }
    #[test]
    fn days_with_more_amounts_than_series_or_out_of_order_do_not_cross() {
        use crate::model::wire_bytes::{from_bytes, to_bytes};
        let mut dated = Dated::default();
        dated.add(&row("2025-02-03T00:00:00Z", "2025-02-04T00:00:00Z", 5.0));
        assert_eq!(from_bytes::<Dated>(&to_bytes(&dated)), Some(dated.clone()));
        let mut wide = dated.clone();
        let series = wide.series.len();
        wide.marks[0].1.resize(series + 1, 1.0);
        assert_eq!(from_bytes::<Dated>(&to_bytes(&wide)), None);
        let mut backwards = dated.clone();
        backwards.marks.reverse();
        assert_eq!(from_bytes::<Dated>(&to_bytes(&backwards)), None);
    }
}

// The bill by day as the worker sends it to the page (`model::wire_bytes`).
impl Wire for SeriesKey {
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            SeriesKey::Billed => out.push(0),
            SeriesKey::TypeHours(name) => {
                out.push(1);
                name.put(out);
            }
            SeriesKey::TypeCost(name) => {
                out.push(2);
                name.put(out);
            }
            SeriesKey::Tag(key, value) => {
                out.push(3);
                (key.clone(), value.clone()).put(out);
            }
        }
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        match from.bytes(1)? {
            [0] => Some(SeriesKey::Billed),
            [1] => String::take(from).map(SeriesKey::TypeHours),
            [2] => String::take(from).map(SeriesKey::TypeCost),
            [3] => <(String, String)>::take(from).map(|(key, value)| SeriesKey::Tag(key, value)),
            _ => None,
        }
    }
}

wire_struct!(Unplaced { rows, billed });

// Checked as it is read, like the bill's maps: days rising and no day with more amounts than
// series, so [`Dated::merge`]'s positions hold for whatever bytes arrive.
impl Wire for Dated {
    fn put(&self, out: &mut Vec<u8>) {
        self.series.put(out);
        self.marks.put(out);
        self.unplaced.put(out);
        self.unsplit_rows.put(out);
        self.first_hour.put(out);
        self.last_hour.put(out);
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        let dated = Dated {
            series: Wire::take(from)?,
            marks: Wire::take(from)?,
            unplaced: Wire::take(from)?,
            unsplit_rows: Wire::take(from)?,
            first_hour: Wire::take(from)?,
            last_hour: Wire::take(from)?,
        };
        let rising = dated.marks.windows(2).all(|pair| pair[0].0 < pair[1].0);
        let within = dated
            .marks
            .iter()
            .all(|(_, changes)| changes.len() <= dated.series.len());
        (rising && within).then_some(dated)
    }
}
