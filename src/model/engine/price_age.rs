//! How old the prices behind an estimate are: each figure's date against a given day (the build
//! date in the app, an explicit day in tests), the oldest and newest dates used, how many figures
//! are undated or more than 12 months old, and how much of the cost rests on those.

use std::fmt;

use serde::{Serialize, Serializer};

use crate::model::catalog::offer::PriceModel;
use crate::model::catalog::stand_in::custom_offer_number;
use crate::model::catalog::Catalog;
use crate::model::engine::line::CostLine;
use crate::model::format;

/// The day the app was built (UTC, `YYYY-MM-DD`), baked in by `build.rs` (`SOURCE_DATE_EPOCH`
/// when set). Price ages are counted at this day, never at the reader's clock.
pub const BUILD_DATE: &str = env!("COURSE_COST_BUILD_DATE");

/// A figure dated more than this many months before the day it is judged at is old.
pub const STALE_AFTER_MONTHS: u16 = 12;

/// Share of the list cost (0 to 1) resting on undated or old figures above which the summary
/// warns: a quarter.
pub const WARN_ABOVE_SHARE: f64 = 0.25;

/// A calendar day, ordered by date.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day {
    year: u16,
    month: u8,
    day: u8,
}

impl Day {
    /// The day `text` names when it is exactly a valid `YYYY-MM-DD`; `None` for a period such
    /// as `2025-26`, a year, a month or any other text.
    pub fn parse(text: &str) -> Option<Day> {
        let bytes = text.as_bytes();
        let shaped = bytes.len() == 10
            && bytes.iter().enumerate().all(|(i, b)| match i {
                4 | 7 => *b == b'-',
                _ => b.is_ascii_digit(),
            });
        if !shaped {
            return None;
        }
        let year: u16 = text.get(0..4)?.parse().ok()?;
        let month: u8 = text.get(5..7)?.parse().ok()?;
        let day: u8 = text.get(8..10)?.parse().ok()?;
        let date = Day { year, month, day };
        ((1..=12).contains(&month) && day >= 1 && day <= date.days_in_month()).then_some(date)
    }

    fn days_in_month(self) -> u8 {
        match self.month {
            2 if self.year % 4 == 0 && (self.year % 100 != 0 || self.year % 400 == 0) => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        }
    }

    /// The same day `months` months later (earlier, when negative), the month's last day where
    /// it is shorter.
    pub fn months_later(self, months: i32) -> Day {
        let index = i32::from(self.year) * 12 + i32::from(self.month) - 1 + months;
        let index = index.max(0);
        let mut moved = Day {
            year: u16::try_from(index / 12).unwrap_or(u16::MAX),
            month: u8::try_from(index % 12 + 1).unwrap_or(12),
            day: 1,
        };
        moved.day = self.day.min(moved.days_in_month());
        moved
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl Serialize for Day {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// The build date as a day; `None` only if the build script wrote something else.
pub fn build_day() -> Option<Day> {
    Day::parse(BUILD_DATE)
}

/// How old one priced figure is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Age {
    /// Dated on this day.
    Dated(Day),
    /// The source gives no day (an undated catalog, a year or a period such as `2025-26`).
    Undated,
    /// The user's own figure.
    Yours,
}

impl Age {
    /// The age of a figure whose date field reads `as_of`, of the offer `offer_id`.
    pub fn of(offer_id: &str, as_of: &str) -> Age {
        if custom_offer_number(offer_id).is_some() {
            Age::Yours
        } else {
            Day::parse(as_of).map_or(Age::Undated, Age::Dated)
        }
    }

    /// True for an undated figure or one dated more than [`STALE_AFTER_MONTHS`] before `on`.
    pub fn is_doubtful(self, on: Day) -> bool {
        match self {
            Age::Dated(day) => day < on.months_later(-i32::from(STALE_AFTER_MONTHS)),
            Age::Undated => true,
            Age::Yours => false,
        }
    }

    /// True for an undated figure or one dated more than [`STALE_AFTER_MONTHS`] before or after
    /// `date`, the day a past semester's prices stand for: a figure of that time is not old for
    /// being historical, and one from long after it is not that semester's price.
    pub fn is_far_from(self, date: Day) -> bool {
        match self {
            Age::Dated(day) => {
                day > date.months_later(i32::from(STALE_AFTER_MONTHS)) || self.is_doubtful(date)
            }
            other => other.is_doubtful(date),
        }
    }
}

/// How a figure's date reads in its math: "as of 2026-01-21", "undated (about 2025-26)".
pub fn age_phrase(offer_id: &str, as_of: &str) -> String {
    match Age::of(offer_id, as_of) {
        Age::Dated(day) => format!("as of {day}"),
        Age::Yours => "your figure".to_string(),
        Age::Undated if as_of.trim().is_empty() || as_of.contains("undated") => {
            "undated".to_string()
        }
        Age::Undated => format!("undated ({as_of})"),
    }
}

/// The dates of the priced figures behind an estimate (or a price snapshot), judged at `on`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PriceAge {
    /// The day ages are counted at: the build date in the app, or the date of the past
    /// semester the prices stand for.
    pub on: Day,
    /// The past semester the prices stand for (`Spring 2025`), when they are judged by its date
    /// (figures more than 12 months away from `on`, either way, count as old); `None`: judged at
    /// the build date.
    pub semester: Option<&'static str>,
    /// Distinct price figures used (an offer's on-demand or spot price, with its date).
    pub figures: usize,
    /// The oldest dated figure's day.
    pub oldest: Option<Day>,
    /// The newest dated figure's day.
    pub newest: Option<Day>,
    /// Figures without a day.
    pub undated: usize,
    /// Figures dated more than 12 months before `on`.
    pub stale: usize,
    /// Figures the user entered.
    pub yours: usize,
    /// List cost resting on undated or stale figures (US dollars).
    pub doubtful_usd: f64,
    /// List cost of every line counted (US dollars).
    pub total_usd: f64,
}

/// What makes a figure one figure: its offer, price model and date (empty when the date is the
/// offer's own in a snapshot).
type FigureKey<'a> = (&'a str, PriceModel, &'a str);

impl PriceAge {
    fn empty(on: Day) -> PriceAge {
        PriceAge {
            on,
            semester: None,
            figures: 0,
            oldest: None,
            newest: None,
            undated: 0,
            stale: 0,
            yours: 0,
            doubtful_usd: 0.0,
            total_usd: 0.0,
        }
    }

    /// Counts one figure the first time `key` is seen; its cost is added every time.
    fn add<'a>(
        &mut self,
        seen: &mut Vec<FigureKey<'a>>,
        key: FigureKey<'a>,
        age: Age,
        cost_usd: f64,
    ) {
        self.total_usd += cost_usd;
        let doubtful = match self.semester {
            Some(_) => age.is_far_from(self.on),
            None => age.is_doubtful(self.on),
        };
        if doubtful {
            self.doubtful_usd += cost_usd;
        }
        // A short list: a hash set would ship its own table code for a few dozen keys.
        if seen.contains(&key) {
            return;
        }
        seen.push(key);
        self.figures += 1;
        match age {
            Age::Dated(day) => {
                self.oldest = Some(self.oldest.map_or(day, |d| d.min(day)));
                self.newest = Some(self.newest.map_or(day, |d| d.max(day)));
                if doubtful {
                    self.stale += 1;
                }
            }
            Age::Undated => self.undated += 1,
            Age::Yours => self.yours += 1,
        }
    }

    /// The figures behind the priced `lines`, judged at `on`.
    pub fn of_lines(lines: &[CostLine], on: Day) -> PriceAge {
        PriceAge::empty(on).counted(lines)
    }

    /// This (empty) count with the figures behind `lines` added.
    fn counted(mut self, lines: &[CostLine]) -> PriceAge {
        let mut seen = Vec::new();
        for line in lines {
            let key = (line.offer_id.as_str(), line.model, line.as_of.as_str());
            let cost = if line.cost_usd.is_finite() {
                line.cost_usd
            } else {
                0.0
            };
            self.add(&mut seen, key, Age::of(&line.offer_id, &line.as_of), cost);
        }
        self
    }

    /// The figures behind `lines` at the build date (`None` only without a build date).
    pub fn at_build_date(lines: &[CostLine]) -> Option<PriceAge> {
        build_day().map(|on| PriceAge::of_lines(lines, on))
    }

    /// The figures behind `lines` at the date a past semester's prices stand for.
    pub fn of_semester(lines: &[CostLine], semester: &'static str, date: Day) -> PriceAge {
        let mut age = PriceAge::empty(date);
        age.semester = Some(semester);
        age.counted(lines)
    }

    /// The figures behind `lines` priced with `snapshot`: at its date when it stands for a past
    /// semester (the paper's course at Spring 2025 prices is not old for being historical), else
    /// at the build date (`None` only without one). What Results, print and the exports show.
    pub fn of_prices(lines: &[CostLine], catalog: &Catalog, snapshot: &str) -> Option<PriceAge> {
        let past = catalog.snapshot(snapshot).and_then(|s| {
            let date = Day::parse(s.as_of)?;
            Some((s.semester?, date))
        });
        match past {
            Some((semester, date)) => Some(PriceAge::of_semester(lines, semester, date)),
            None => PriceAge::at_build_date(lines),
        }
    }

    /// Every on-demand and spot figure of the offers sold in `snapshot`, judged at `on` (no
    /// cost: `doubtful_share` is 0).
    pub fn of_snapshot(catalog: &Catalog, snapshot: &str, on: Day) -> PriceAge {
        let mut age = PriceAge::empty(on);
        let mut seen = Vec::new();
        for offer in catalog.offers_in(snapshot) {
            let list = offer.price_in(snapshot);
            let key = (&*offer.id, PriceModel::OnDemand, "");
            age.add(&mut seen, key, Age::of(&offer.id, list.as_of), 0.0);
            if let Some(spot) = offer.spot_in(snapshot) {
                let key = (&*offer.id, PriceModel::Spot, "");
                age.add(&mut seen, key, Age::of(&offer.id, spot.as_of), 0.0);
            }
        }
        age
    }

    /// Share of the list cost (0 to 1) resting on undated or stale figures.
    pub fn doubtful_share(&self) -> f64 {
        if self.total_usd > 0.0 {
            (self.doubtful_usd / self.total_usd).clamp(0.0, 1.0)
        } else {
            0.0
        }
    }

    /// True when more than a quarter of the cost rests on undated or stale figures.
    pub fn warns(&self) -> bool {
        self.doubtful_share() > WARN_ABOVE_SHARE
    }

    /// "5 of 14 undated, 3 more than 12 months old on 2026-12-01" (at the build date), "... 1
    /// more than 12 months from 2025-03-14" (a past semester's).
    pub fn counts(&self) -> String {
        let old = if self.semester.is_some() {
            "from"
        } else {
            "old on"
        };
        let mut text = format!(
            "{} of {} undated, {} more than {STALE_AFTER_MONTHS} months {old} {}",
            self.undated, self.figures, self.stale, self.on
        );
        if self.yours > 0 {
            text.push_str(&format!(", {} yours", self.yours));
        }
        text
    }

    /// The dates used: "dated 2024-02-01 (oldest) to 2026-01-21 (newest)", or "none dated".
    pub fn range(&self) -> String {
        match (self.oldest, self.newest) {
            (Some(oldest), Some(newest)) => {
                format!("dated {oldest} (oldest) to {newest} (newest)")
            }
            _ => "none of them dated".to_string(),
        }
    }

    /// The line shown in Results, print and the exports.
    pub fn sentence(&self) -> String {
        if self.figures == 0 {
            return "Price age: no priced figures.".to_string();
        }
        let judged = match self.semester {
            Some(semester) => format!(
                "the date of the {semester} prices: they are judged by the semester they stand for, not by the build date"
            ),
            None => "the build date".to_string(),
        };
        format!(
            "Price age: {} price figures, {}; {} ({judged}). {}% of the list cost rests on undated or older figures.",
            self.figures,
            self.range(),
            self.counts(),
            format::number(self.doubtful_share() * 100.0, 0),
        )
    }

    /// The summary bar's warning, when [`PriceAge::warns`].
    pub fn warning(&self) -> Option<String> {
        self.warns().then(|| {
            let old = match self.semester {
                Some(semester) => format!("more than {STALE_AFTER_MONTHS} months from {semester}"),
                None => format!("more than {STALE_AFTER_MONTHS} months old"),
            };
            format!(
                "{}% of this cost rests on prices undated or {old} (their dates: Results).",
                format::number(self.doubtful_share() * 100.0, 0)
            )
        })
    }
}

/// A snapshot's text in the price picker: its label and how many of its figures are undated or
/// old on `on`.
pub fn snapshot_option_text(catalog: &Catalog, snapshot: &str, on: Option<Day>) -> String {
    let label = catalog.snapshot_label(snapshot);
    match on {
        Some(on) => format!(
            "{label} ({})",
            PriceAge::of_snapshot(catalog, snapshot, on).counts()
        ),
        None => label.to_string(),
    }
}

/// What the "About these prices" text adds to a snapshot's description: the dates of its
/// figures and how many are undated or old on `on`.
pub fn snapshot_age_note(catalog: &Catalog, snapshot: &str, on: Day) -> String {
    let age = PriceAge::of_snapshot(catalog, snapshot, on);
    format!(
        "Its {} price figures are {}; {} (the build date).",
        age.figures,
        age.range(),
        age.counts()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_whole_valid_days_are_dates() {
        assert_eq!(
            Day::parse("2026-01-21").map(|d| d.to_string()),
            Some("2026-01-21".into())
        );
        for text in [
            "2025-26",
            "2024",
            "2024-25",
            "undated",
            "2026-13-01",
            "2025-02-29",
            "2026-1-21",
            "x026-01-21",
        ] {
            assert_eq!(Day::parse(text), None, "{text}");
        }
        assert!(Day::parse("2024-02-29").is_some());
    }

    #[test]
    fn moving_by_months_keeps_the_day_or_the_months_last() {
        let day = |t: &str| Day::parse(t).expect("a day");
        assert_eq!(day("2026-12-01").months_later(-12), day("2025-12-01"));
        assert_eq!(day("2024-02-29").months_later(-12), day("2023-02-28"));
        assert_eq!(day("2026-03-31").months_later(-1), day("2026-02-28"));
        assert_eq!(day("2026-01-15").months_later(-1), day("2025-12-15"));
        // Later: into the next year, onto a shorter month, onto a leap day.
        assert_eq!(day("2025-03-14").months_later(12), day("2026-03-14"));
        assert_eq!(day("2025-11-30").months_later(3), day("2026-02-28"));
        assert_eq!(day("2023-02-28").months_later(12), day("2024-02-28"));
        assert_eq!(day("2024-01-31").months_later(1), day("2024-02-29"));
    }
}
