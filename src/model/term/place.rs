//! A bill so far placed on the course's weeks: one or several FOCUS files read together, their
//! charges placed by charge period on the weeks counted from the term's start date, and set
//! against the plan to date per week, per lab (by a tag, as the bill view splits) and per
//! instance resource (its stand-in's hours, split as the bill view splits them).

use super::plan::{PlannedResource, WeeklyPlan};
use crate::model::calendar::{day_text, FIRST_DAY, LAST_DAY};
use crate::model::focus::compare::currency_rate;
use crate::model::focus::dated::{Dated, SeriesKey, Unplaced};
use crate::model::focus::BillSummary;

/// A resource or lab whose plan to date is at least this share of its term's plan has its
/// observed ratio used; below it, the plan's own factor (a ratio of 1).
pub const ENOUGH: f64 = 0.2;

/// Several files read together.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TermBill {
    /// Their charges by day.
    pub dated: Dated,
    /// The first file's billing currency (ISO code).
    pub currency: String,
    /// The provider as the first file that names one names it.
    pub provider: String,
    /// Files read (count).
    pub files: usize,
    /// Files in another currency than `currency`, left out (count).
    pub other_currency_files: usize,
}

impl TermBill {
    /// The files read together (those in another currency than the first are left out).
    pub fn of<'a>(bills: impl IntoIterator<Item = &'a BillSummary>) -> TermBill {
        let mut term = TermBill::default();
        for bill in bills {
            if term.files > 0 && !bill.currency.eq_ignore_ascii_case(&term.currency) {
                term.other_currency_files += 1;
                continue;
            }
            if term.files == 0 {
                term.currency = bill.currency.clone();
            }
            if term.provider.trim().is_empty() {
                term.provider = bill.provider.clone();
            }
            term.dated.merge(&bill.dated);
            term.files += 1;
        }
        term
    }
}

/// One week: planned and spent.
#[derive(Clone, Debug, PartialEq)]
pub struct WeekRow {
    /// Week number (1 = the first).
    pub week: u32,
    /// Planned list cost (US dollars).
    pub planned_usd: f64,
    /// Billed in the week (US dollars).
    pub spent_usd: f64,
    /// Share of the week the bill covers (0 to 1).
    pub covered: f64,
}

/// One instance resource to date.
#[derive(Clone, Debug, PartialEq)]
pub struct ResourceToDate {
    /// Resource id.
    pub id: String,
    /// Resource label.
    pub label: String,
    /// Its stand-in's instance type.
    pub instance_type: String,
    /// Billed resource-hours to date (hours).
    pub billed_hours: f64,
    /// Planned resource-hours to date (hours).
    pub planned_hours: f64,
    /// Planned resource-hours of the whole term (hours).
    pub term_hours: f64,
    /// Billed to date (US dollars).
    pub spent_usd: f64,
    /// Planned to date (US dollars).
    pub planned_usd: f64,
}

impl ResourceToDate {
    /// Billed / planned hours to date, when the plan to date is enough of its term's
    /// ([`ENOUGH`]).
    pub fn ratio(&self) -> Option<f64> {
        let enough = self.planned_hours > 0.0 && self.planned_hours >= ENOUGH * self.term_hours;
        enough.then(|| self.billed_hours / self.planned_hours)
    }
}

/// One value of the lab tag to date.
#[derive(Clone, Debug, PartialEq)]
pub struct LabToDate {
    /// The tag's value.
    pub value: String,
    /// The plan's lab it names (index into the plan's labs, the project last).
    pub lab: Option<usize>,
    /// Billed to date (US dollars).
    pub spent_usd: f64,
    /// Planned to date (US dollars; 0 when it names no lab).
    pub planned_usd: f64,
    /// Planned for the term (US dollars).
    pub term_usd: f64,
}

impl LabToDate {
    /// Billed / planned to date, when the plan to date is enough of its term's ([`ENOUGH`]).
    pub fn ratio(&self) -> Option<f64> {
        let enough = self.planned_usd > 0.0 && self.planned_usd >= ENOUGH * self.term_usd;
        enough.then(|| self.spent_usd / self.planned_usd)
    }
}

/// The bill placed on the term.
#[derive(Clone, Debug, PartialEq)]
pub struct Placement {
    /// Day number of week 1's first day.
    pub start_day: i64,
    /// Days of the term the bill covers (from the start to its last charge's end; days).
    pub days: f64,
    /// Every week of the term.
    pub weeks: Vec<WeekRow>,
    /// Per instance resource.
    pub resources: Vec<ResourceToDate>,
    /// The tag the labs are read from, if the bill has one naming a lab.
    pub tag: Option<String>,
    /// Per value of that tag.
    pub labs: Vec<LabToDate>,
    /// Billed before week 1 (US dollars).
    pub before_usd: f64,
    /// Billed after the term's last week (US dollars).
    pub after_usd: f64,
    /// The bill's first and last charge days (`YYYY-MM-DD`, the end exclusive).
    pub period: (String, String),
    /// Rows without a charge period that can be read (count and US dollars).
    pub unplaced: Unplaced,
}

impl Placement {
    /// The week the bill reaches (1 = the first; 0 when it covers none of the term).
    pub fn as_of_week(&self) -> u32 {
        (self.days / 7.0).ceil() as u32
    }

    /// Billed in the term to date (US dollars).
    pub fn spent_usd(&self) -> f64 {
        self.weeks.iter().map(|w| w.spent_usd).sum()
    }

    /// Planned to date (US dollars): each week's plan times its share covered.
    pub fn planned_usd(&self) -> f64 {
        self.weeks.iter().map(|w| w.planned_usd * w.covered).sum()
    }

    /// The term's dates: week 1's first day and the last week's last day.
    pub fn term_dates(&self) -> (String, String) {
        let end = self.start_day + 7 * self.weeks.len() as i64 - 1;
        (day_text(self.start_day), day_text(end))
    }

    /// What of the bill falls outside the term, in words; `None` when all of it is inside.
    pub fn outside(&self, money: &dyn Fn(f64) -> String) -> Option<String> {
        let (first, last) = self.term_dates();
        let weeks = self.weeks.len();
        if self.days <= 0.0 {
            return Some(format!(
                "None of the bill's charges ({} to {}) fall in the term ({first} to {last}, {weeks} \
                 weeks): set the day week 1 starts on.",
                self.period.0, self.period.1
            ));
        }
        let mut parts = Vec::new();
        if self.before_usd.abs() > 0.005 {
            parts.push(format!(
                "{} before week 1 ({first})",
                money(self.before_usd)
            ));
        }
        if self.after_usd.abs() > 0.005 {
            parts.push(format!(
                "{} after week {weeks} ({last})",
                money(self.after_usd)
            ));
        }
        (!parts.is_empty()).then(|| {
            format!(
                "Charges outside the term, not counted: {}.",
                parts.join(" and ")
            )
        })
    }
}

/// A name in lower-case letters and digits only, to match a tag value to a lab.
fn plain(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The plan's lab a tag value names: its name, "lab N" or "N" (N from 1), or "project".
fn lab_named(value: &str, plan: &WeeklyPlan) -> Option<usize> {
    let value = plain(value);
    let count = plan.labs.len();
    plan.labs
        .iter()
        .position(|l| plain(&l.name) == value)
        .or_else(|| {
            let number = value.strip_prefix("lab").unwrap_or(&value);
            let n: usize = number.parse().ok()?;
            (1..count).contains(&n).then(|| n - 1)
        })
}

/// The share of `resource` in its instance type's planned hours of week `w` (its share of the
/// term where the plan has none of the type that week).
fn week_share(plan: &WeeklyPlan, resource: &PlannedResource, w: usize) -> f64 {
    let offer = |r: &PlannedResource| r.hours.get(w).copied().unwrap_or(0.0) * r.fraction;
    let of_type = plan
        .resources
        .iter()
        .filter(|r| r.instance_type == resource.instance_type);
    let type_hours: f64 = of_type.map(offer).sum();
    if type_hours > 0.0 {
        offer(resource) / type_hours
    } else {
        resource.share
    }
}

/// The tag keys of `dated`, each with how many of its values name a lab of `plan`, most first.
pub fn lab_tags(dated: &Dated, plan: &WeeklyPlan) -> Vec<(String, usize)> {
    let mut keys: Vec<(String, usize)> = Vec::new();
    for (_, key) in dated.series() {
        let SeriesKey::Tag(key, value) = key else {
            continue;
        };
        let named = usize::from(lab_named(value, plan).is_some());
        match keys.iter_mut().find(|(k, _)| k == key) {
            Some(entry) => entry.1 += named,
            None => keys.push((key.clone(), named)),
        }
    }
    crate::model::sort::sort_by(&mut keys, |a, b| b.1.cmp(&a.1));
    keys
}

/// The bill's sums by week of the term, in US dollars where they are money.
struct ByWeek<'a> {
    dated: &'a Dated,
    /// Each week's sums, by series position.
    sums: Vec<Vec<f64>>,
    /// Each week's share the bill covers (0 to 1).
    covered: Vec<f64>,
    /// Units of the bill's currency per US dollar.
    rate: f64,
}

impl ByWeek<'_> {
    fn usd(&self, amount: f64) -> f64 {
        amount / self.rate
    }

    /// Series `key` in week `w` (0 when the bill has none of it).
    fn at(&self, key: &SeriesKey, w: usize) -> f64 {
        self.dated.position(key).map_or(0.0, |at| self.sums[w][at])
    }

    /// Series `key` over the weeks.
    fn whole(&self, key: &SeriesKey) -> f64 {
        (0..self.sums.len()).map(|w| self.at(key, w)).sum()
    }

    /// A weekly plan to date: each week's times its share covered.
    fn to_date(&self, weekly: &[f64]) -> f64 {
        weekly.iter().zip(&self.covered).map(|(v, c)| v * c).sum()
    }

    /// One instance resource to date: its type's hours of each week split by the plan's
    /// shares of that week.
    fn resource(&self, plan: &WeeklyPlan, r: &PlannedResource) -> ResourceToDate {
        let (hours_key, cost_key) = (
            SeriesKey::TypeHours(r.instance_type.clone()),
            SeriesKey::TypeCost(r.instance_type.clone()),
        );
        let (mut hours, mut cost) = (0.0, 0.0);
        for w in 0..self.sums.len() {
            let share = week_share(plan, r, w);
            hours += self.at(&hours_key, w) * share;
            cost += self.at(&cost_key, w) * share;
        }
        ResourceToDate {
            id: r.id.clone(),
            label: r.label.clone(),
            instance_type: r.instance_type.clone(),
            billed_hours: if r.fraction > 0.0 {
                hours / r.fraction
            } else {
                0.0
            },
            planned_hours: self.to_date(&r.hours),
            term_hours: r.hours.iter().sum(),
            spent_usd: self.usd(cost),
            planned_usd: self.to_date(&r.cost),
        }
    }

    /// Each value of tag `key` to date, set against the lab it names.
    fn labs(&self, plan: &WeeklyPlan, key: &str) -> Vec<LabToDate> {
        let values = self.dated.series().filter_map(|(_, s)| match s {
            SeriesKey::Tag(k, value) if k == key => Some(value.clone()),
            _ => None,
        });
        values
            .map(|value| {
                let lab = lab_named(&value, plan);
                let weekly = lab.map_or(&[][..], |l| &plan.labs[l].cost[..]);
                let billed = self.whole(&SeriesKey::Tag(key.to_string(), value.clone()));
                LabToDate {
                    spent_usd: self.usd(billed),
                    planned_usd: self.to_date(weekly),
                    term_usd: weekly.iter().sum(),
                    value,
                    lab,
                }
            })
            .collect()
    }
}

/// Places `bill` on the weeks of `plan` from `start_day`, its costs converted at `snapshot`'s
/// rate; the labs read from `tag` (or the tag whose values name the most labs). Fails, in
/// words, when the bill has no charge that can be placed or its currency has no rate.
pub fn place(
    bill: &TermBill,
    plan: &WeeklyPlan,
    start_day: i64,
    snapshot: &str,
    tag: Option<&str>,
) -> Result<Placement, String> {
    let dated = &bill.dated;
    let (Some(first), Some(last)) = (dated.first_hour, dated.last_hour) else {
        return Err("none of the bill's rows has a charge period that can be read".to_string());
    };
    let (_, unconverted, rate) = currency_rate(&bill.currency, snapshot);
    let rate = match rate {
        Some(rate) if !unconverted => rate,
        _ => {
            return Err(format!(
                "the bill's currency {} has no exchange rate",
                bill.currency
            ))
        }
    };
    let weeks = plan.weeks();
    let days = (last / 24.0 - start_day as f64).clamp(0.0, 7.0 * weeks as f64);
    let week_start = |w: usize| start_day + 7 * w as i64;
    let by_week = ByWeek {
        dated,
        sums: (0..weeks)
            .map(|w| dated.sums(week_start(w), week_start(w + 1)))
            .collect(),
        covered: (0..weeks)
            .map(|w| ((days - 7.0 * w as f64) / 7.0).clamp(0.0, 1.0))
            .collect(),
        rate,
    };
    let week_rows = (0..weeks)
        .map(|w| WeekRow {
            week: w as u32 + 1,
            planned_usd: plan.total[w],
            spent_usd: by_week.usd(by_week.at(&SeriesKey::Billed, w)),
            covered: by_week.covered[w],
        })
        .collect();
    let resources = plan
        .resources
        .iter()
        .map(|r| by_week.resource(plan, r))
        .collect();
    let tags = lab_tags(dated, plan);
    let tag = tag
        .filter(|t| tags.iter().any(|(k, _)| k == t))
        .map(str::to_string)
        .or_else(|| tags.iter().find(|(_, n)| *n > 0).map(|(k, _)| k.clone()));
    let labs = tag
        .as_ref()
        .map_or_else(Vec::new, |key| by_week.labs(plan, key));
    let whole =
        |from: i64, to: i64| by_week.usd(dated.sums(from, to).first().copied().unwrap_or(0.0));
    Ok(Placement {
        start_day,
        days,
        weeks: week_rows,
        resources,
        tag,
        labs,
        before_usd: whole(FIRST_DAY, start_day),
        after_usd: whole(week_start(weeks), LAST_DAY + 2),
        period: (
            day_text((first / 24.0).floor() as i64),
            day_text((last / 24.0).ceil() as i64),
        ),
        unplaced: Unplaced {
            rows: dated.unplaced.rows,
            billed: by_week.usd(dated.unplaced.billed),
        },
    })
}
