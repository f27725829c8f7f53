//! The bill's sums: hours and cost per instance type, storage, public IPv4, skipped rows by
//! reason, totals, period, currency, and the same per tag value.

use std::borrow::Borrow;

use super::classify::{Classified, SkipReason, Usage};
use super::columns::{Column, FocusVersion, RowView};
use super::json;

/// Most tag keys kept (the rest are not offered for a split).
pub const MAX_TAG_KEYS: usize = 32;
/// Most values kept per tag key (the rest are added under [`OTHER_VALUES`]).
pub const MAX_TAG_VALUES: usize = 200;
/// Where values past [`MAX_TAG_VALUES`] are added up.
pub const OTHER_VALUES: &str = "(other values)";
/// Where rows without the tag are added up.
pub const UNTAGGED: &str = "(untagged)";

/// A small map kept as a list in first-seen order: a bill has few instance types, reasons, tag
/// keys and values, and a list costs the page far less code than a tree.
#[derive(Clone, Debug, PartialEq)]
pub struct Keyed<K, V>(Vec<(K, V)>);

impl<K, V> Default for Keyed<K, V> {
    fn default() -> Self {
        Keyed(Vec::new())
    }
}

impl<K, V> Keyed<K, V> {
    /// The value of `key`, if it is in the map.
    pub fn get<Q: PartialEq + ?Sized>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
    {
        self.0
            .iter()
            .find(|(k, _)| k.borrow() == key)
            .map(|(_, v)| v)
    }

    /// The value of `key`, added as `fresh()` when it is not there yet.
    fn entry<Q: PartialEq + ?Sized>(
        &mut self,
        key: &Q,
        make_key: impl FnOnce() -> K,
        fresh: impl FnOnce() -> V,
    ) -> &mut V
    where
        K: Borrow<Q>,
    {
        let at = match self.0.iter().position(|(k, _)| k.borrow() == key) {
            Some(at) => at,
            None => {
                self.0.push((make_key(), fresh()));
                self.0.len() - 1
            }
        };
        &mut self.0[at].1
    }

    /// Every key and value, in first-seen order.
    pub fn iter(&self) -> impl Iterator<Item = (&K, &V)> {
        self.0.iter().map(|(k, v)| (k, v))
    }

    /// Every value, in first-seen order.
    pub fn values(&self) -> impl Iterator<Item = &V> {
        self.0.iter().map(|(_, v)| v)
    }

    /// How many keys.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Rows and cost of one kind.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    /// Rows (count).
    pub rows: u64,
    /// BilledCost summed (billing currency).
    pub billed: f64,
    /// EffectiveCost summed (billing currency).
    pub effective: f64,
}

impl Tally {
    fn add(&mut self, row: &Classified) {
        self.rows += 1;
        self.billed += row.billed;
        self.effective += row.effective;
    }
}

/// Usage of one kind: rows, quantity and cost.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Used {
    /// Rows, billed and effective cost.
    pub tally: Tally,
    /// ConsumedQuantity summed (hours, or GB-months for storage).
    pub quantity: f64,
    /// Of the quantity, hours bought as spot (hours).
    pub spot_quantity: f64,
}

impl Used {
    fn add(&mut self, row: &Classified, spot: bool) {
        self.tally.add(row);
        self.quantity += row.quantity;
        if spot {
            self.spot_quantity += row.quantity;
        }
    }
}

/// What one tag value's rows hold.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TagTally {
    /// Compute hours (hours).
    pub compute_hours: f64,
    /// Every row's billed cost (billing currency).
    pub billed: f64,
}

/// Everything read from a bill.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BillSummary {
    /// The FOCUS version the header looks like.
    pub version: Option<FocusVersion>,
    /// Data rows read (count).
    pub rows: u64,
    /// The billing currency (ISO code) of the first row that names one.
    pub currency: String,
    /// Rows billed in another currency than `currency` (count): their costs are summed as if
    /// they were not, which the page says.
    pub other_currency_rows: u64,
    /// The provider as the bill names it (ProviderName or ServiceProviderName).
    pub provider: String,
    /// Earliest ChargePeriodStart (as written, ISO 8601).
    pub period_start: String,
    /// Latest ChargePeriodEnd (as written, ISO 8601).
    pub period_end: String,
    /// Every row together.
    pub total: Tally,
    /// Compute hours per instance type.
    pub compute: Keyed<String, Used>,
    /// Storage (GB-months).
    pub storage: Used,
    /// Public IPv4 addresses (hours).
    pub public_ipv4: Used,
    /// Rows not mapped onto the course, by reason.
    pub skipped: Keyed<SkipReason, Tally>,
    /// Per tag key, per value: what its rows hold.
    pub tags: Keyed<String, Keyed<String, TagTally>>,
    /// Every row so far, for the untagged share of a key first seen late in the file.
    running: TagTally,
}

fn earlier(kept: &mut String, seen: &str, earliest: bool) {
    if seen.is_empty() {
        return;
    }
    let replace = kept.is_empty() || (seen < kept.as_str()) == earliest;
    if replace && seen != kept.as_str() {
        *kept = seen.to_string();
    }
}

impl BillSummary {
    /// Adds one classified row.
    pub fn add(&mut self, row: &RowView<'_>, classified: &Classified) {
        self.rows += 1;
        self.total.add(classified);
        let currency = row.get(Column::BillingCurrency);
        if self.currency.is_empty() {
            self.currency = currency.to_ascii_uppercase();
        } else if !currency.is_empty() && !currency.eq_ignore_ascii_case(&self.currency) {
            self.other_currency_rows += 1;
        }
        if self.provider.is_empty() {
            let named = match row.get(Column::ServiceProviderName) {
                "" => row.get(Column::ProviderName),
                name => name,
            };
            self.provider = named.to_string();
        }
        earlier(
            &mut self.period_start,
            row.get(Column::ChargePeriodStart),
            true,
        );
        earlier(
            &mut self.period_end,
            row.get(Column::ChargePeriodEnd),
            false,
        );
        let compute_hours = match &classified.usage {
            Ok(Usage::Compute {
                instance_type,
                spot,
            }) => {
                self.compute
                    .entry(
                        instance_type.as_str(),
                        || instance_type.clone(),
                        Used::default,
                    )
                    .add(classified, *spot);
                classified.quantity
            }
            Ok(Usage::Storage) => {
                self.storage.add(classified, false);
                0.0
            }
            Ok(Usage::PublicIpv4) => {
                self.public_ipv4.add(classified, false);
                0.0
            }
            Err(reason) => {
                self.skip(*reason, classified);
                0.0
            }
        };
        self.add_tags(row.get(Column::Tags), compute_hours, classified.billed);
    }

    /// Counts a row that is skipped for `reason`.
    pub fn skip(&mut self, reason: SkipReason, classified: &Classified) {
        self.skipped
            .entry(&reason, || reason, Tally::default)
            .add(classified);
    }

    fn add_tags(&mut self, tags: &str, compute_hours: f64, billed: f64) {
        let mut seen: Vec<String> = Vec::new();
        json::for_each_pair(tags, |key, value| {
            if self.tags.len() >= MAX_TAG_KEYS && self.tags.get(key).is_none() {
                return;
            }
            let before = self.running;
            let values = self.tags.entry(
                key,
                || key.to_string(),
                || {
                    let mut fresh = Keyed::default();
                    if before != TagTally::default() {
                        *fresh.entry(UNTAGGED, || UNTAGGED.to_string(), TagTally::default) = before;
                    }
                    fresh
                },
            );
            let value = if values.len() >= MAX_TAG_VALUES && values.get(value).is_none() {
                OTHER_VALUES
            } else {
                value
            };
            let tally = values.entry(value, || value.to_string(), TagTally::default);
            tally.compute_hours += compute_hours;
            tally.billed += billed;
            seen.push(key.to_string());
        });
        // Rows without a key count under "(untagged)" for that key, so each split adds up.
        for (key, values) in self.tags.0.iter_mut() {
            if !seen.iter().any(|k| k == key) {
                let tally = values.entry(UNTAGGED, || UNTAGGED.to_string(), TagTally::default);
                tally.compute_hours += compute_hours;
                tally.billed += billed;
            }
        }
        self.running.compute_hours += compute_hours;
        self.running.billed += billed;
    }

    /// The period as dates: "2026-05-01 to 2026-06-01" (the end is exclusive, as FOCUS writes it).
    pub fn period(&self) -> String {
        let day = |s: &str| s.get(..10).unwrap_or(s).to_string();
        match (self.period_start.is_empty(), self.period_end.is_empty()) {
            (false, false) => format!("{} to {}", day(&self.period_start), day(&self.period_end)),
            _ => "no charge period given".to_string(),
        }
    }

    /// Compute hours of every instance type (hours).
    pub fn compute_hours(&self) -> f64 {
        self.compute.values().map(|u| u.quantity).sum()
    }
}
