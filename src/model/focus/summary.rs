//! The bill's sums: hours and cost per instance type, storage, public IPv4, skipped rows by
//! reason, totals, period, currency, and the same per tag value.

use super::classify::{json_object, Classified, SkipReason, Usage};
use super::columns::{Column, FocusVersion, RowView};
use super::dated::{Dated, DatedRow};
use super::keyed::{Capped, Keyed, MAX_NAME_BYTES};
use crate::model::catalog::Catalog;
use crate::model::json::{self, ToJson, Value};
use crate::wire_struct;

/// Most instance types kept by name (besides those of the price catalog, always kept); the
/// rest are summed together, and counted.
pub const MAX_TYPES: usize = 1_000;
/// Most tag keys kept (the rest are not offered for a split).
pub const MAX_TAG_KEYS: usize = 32;
/// Most values kept per tag key (besides [`UNTAGGED`]); the rest are summed together.
pub const MAX_TAG_VALUES: usize = 1_000;
/// Where rows without the tag are added up.
pub const UNTAGGED: &str = "(untagged)";
/// Size of the table counting the instance types not kept (slots): exact up to half of it.
const TYPES_COUNTED: usize = 1 << 18;
/// Size of the table counting one tag key's values not kept (slots): exact up to half of it.
const TAG_VALUES_COUNTED: usize = 1 << 14;

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

/// Everything read from a bill. Its size is bounded whatever the file: at most [`MAX_TYPES`]
/// instance types by name (and the price catalog's), [`MAX_TAG_KEYS`] tag keys of
/// [`MAX_TAG_VALUES`] values each, every name at most [`MAX_NAME_BYTES`], one value per skip
/// reason; what is not kept by name is summed in a fold.
#[derive(Clone, Debug, PartialEq)]
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
    /// Compute hours per instance type; past [`MAX_TYPES`], the other types' sums together.
    pub compute: Capped<Used>,
    /// Storage (GB-months).
    pub storage: Used,
    /// Public IPv4 addresses (hours).
    pub public_ipv4: Used,
    /// Rows not mapped onto the course, by reason.
    pub skipped: Keyed<SkipReason, Tally>,
    /// Per tag key, per value: what its rows hold; past [`MAX_TAG_VALUES`], the other values'
    /// sums together.
    pub tags: Keyed<String, Capped<TagTally>>,
    /// Every row so far, for the untagged share of a key first seen late in the file.
    running: TagTally,
    /// The bill by day, to place it on the course's weeks.
    pub dated: Dated,
}

// The summary as the worker sends it to the page (`model::wire_bytes`).
wire_struct!(BillSummary {
    version,
    rows,
    currency,
    other_currency_rows,
    provider,
    period_start,
    period_end,
    total,
    compute,
    storage,
    public_ipv4,
    skipped,
    tags,
    running,
    dated,
});

impl Default for BillSummary {
    fn default() -> Self {
        BillSummary {
            version: None,
            rows: 0,
            currency: String::new(),
            other_currency_rows: 0,
            provider: String::new(),
            period_start: String::new(),
            period_end: String::new(),
            total: Tally::default(),
            compute: Capped::new(MAX_TYPES, TYPES_COUNTED),
            storage: Used::default(),
            public_ipv4: Used::default(),
            skipped: Keyed::default(),
            tags: Keyed::default(),
            running: TagTally::default(),
            dated: Dated::default(),
        }
    }
}

/// Keeps `seen` in `kept` when it comes earlier (or later) than what `kept` holds; names longer
/// than a date can be are not dates.
fn earlier(kept: &mut String, seen: &str, earliest: bool) {
    if seen.is_empty() || seen.len() > 64 {
        return;
    }
    let replace = kept.is_empty() || (seen < kept.as_str()) == earliest;
    if replace && seen != kept.as_str() {
        *kept = seen.to_string();
    }
}

/// Whether `instance_type` is a SKU of the price catalog: such a type may stand in for a course
/// resource on some provider, so it is kept by name however many types came before it.
fn in_catalog(instance_type: &str) -> bool {
    Catalog::builtin().is_ok_and(|c| c.offers.iter().any(|o| o.sku == instance_type))
}

/// A tag's value as text: a string's own text; a number, boolean or null as JSON writes it
/// (nested values are no tag values).
fn tag_text(value: &Value) -> Option<String> {
    match value {
        Value::String(text) => Some(text.clone()),
        Value::Array(_) | Value::Object(_) => None,
        scalar => {
            let mut text = String::new();
            scalar.write_json(&mut text);
            Some(text)
        }
    }
}

impl BillSummary {
    /// Adds one classified row.
    pub fn add(&mut self, row: &RowView<'_>, classified: &Classified) {
        self.rows += 1;
        self.total.add(classified);
        let currency = row.get(Column::BillingCurrency);
        if self.currency.is_empty() && currency.len() <= MAX_NAME_BYTES {
            self.currency = currency.to_ascii_uppercase();
        } else if !currency.is_empty() && !currency.eq_ignore_ascii_case(&self.currency) {
            self.other_currency_rows += 1;
        }
        if self.provider.is_empty() {
            let named = match row.get(Column::ServiceProviderName) {
                "" => row.get(Column::ProviderName),
                name => name,
            };
            if named.len() <= MAX_NAME_BYTES {
                self.provider = named.to_string();
            }
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
                    .slot(instance_type, in_catalog)
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
        let members = json_object(row.get(Column::Tags)).unwrap_or_default();
        self.add_tags(&members, compute_hours, classified.billed);
        let compute = match &classified.usage {
            Ok(Usage::Compute { instance_type, .. }) => {
                Some((instance_type.as_str(), compute_hours))
            }
            _ => None,
        };
        let tags = members
            .iter()
            .filter(|(key, _)| self.tags.position(key.as_str()).is_some())
            .filter_map(|(key, value)| Some((key.as_str(), tag_text(value)?)))
            .collect();
        self.dated.add(&DatedRow {
            start: row.get(Column::ChargePeriodStart),
            end: row.get(Column::ChargePeriodEnd),
            billed: classified.billed,
            compute,
            tags,
        });
    }

    /// Counts a row that is skipped for `reason`.
    pub fn skip(&mut self, reason: SkipReason, classified: &Classified) {
        self.skipped
            .entry(&reason, || reason, Tally::default)
            .add(classified);
    }

    /// Adds a row's compute hours and cost under each kept tag key: under the value the row
    /// gives it (the last member of that name, as JSON readers take it), else "(untagged)", so
    /// each split adds up to the whole bill.
    fn add_tags(&mut self, members: &json::Map, compute_hours: f64, billed: f64) {
        let mut chosen: [Option<&Value>; MAX_TAG_KEYS] = [None; MAX_TAG_KEYS];
        let scalar = |v: &Value| !matches!(v, Value::Array(_) | Value::Object(_));
        for (key, value) in members.iter().filter(|(_, v)| scalar(v)) {
            let at = match self.tags.position(key.as_str()) {
                Some(at) => at,
                None if self.tags.len() < MAX_TAG_KEYS && key.len() <= MAX_NAME_BYTES => {
                    let before = self.running;
                    let values = self.tags.entry(
                        key.as_str(),
                        || key.clone(),
                        || Capped::new(MAX_TAG_VALUES, TAG_VALUES_COUNTED),
                    );
                    if before != TagTally::default() {
                        *values.slot(UNTAGGED, |_| true) = before;
                    }
                    self.tags.len() - 1
                }
                None => continue,
            };
            chosen[at] = Some(value);
        }
        for (values, value) in self.tags.values_mut().zip(chosen) {
            let text = value.and_then(tag_text);
            let name = text.as_deref().unwrap_or(UNTAGGED);
            let tally = values.slot(name, |n| n == UNTAGGED);
            tally.compute_hours += compute_hours;
            tally.billed += billed;
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

    /// Compute hours of every instance type, those not kept by name included (hours).
    pub fn compute_hours(&self) -> f64 {
        self.compute.values().map(|u| u.quantity).sum::<f64>() + self.compute.rest.quantity
    }
}
