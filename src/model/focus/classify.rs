//! One bill row, classified: compute hours of an instance type, storage GB-months, public IPv4
//! hours, or skipped with the reason (so the page can say what the bill holds that the plan
//! does not).

use super::columns::{Column, RowView};
use crate::model::decimal;
use crate::model::json::{self, Value};

/// Largest magnitude a cost or quantity may have (a bill line of a trillion is not a course's).
pub const MAX_MAGNITUDE: f64 = 1.0e12;

/// Longest JSON column read (SkuPriceDetails, Tags; bytes): providers allow 50 or 64 tags of at
/// most a few hundred characters each, far less than this; a longer one is not read, so a row's
/// JSON never takes more than a small tree in memory.
pub const MAX_JSON_BYTES: usize = 64 * 1024;

/// The JSON object `text` holds, if it is one and not longer than [`MAX_JSON_BYTES`].
pub fn json_object(text: &str) -> Option<json::Map> {
    if text.len() > MAX_JSON_BYTES {
        return None;
    }
    match json::parse(text.as_bytes()) {
        Ok(Value::Object(members)) => Some(members),
        _ => None,
    }
}

/// What a usage row is for the course.
#[derive(Clone, Debug, PartialEq)]
pub enum Usage {
    /// Hours of a machine of this instance type.
    Compute {
        /// The provider's instance type (`t3.medium`).
        instance_type: String,
        /// Bought as spot (interruptible) capacity.
        spot: bool,
    },
    /// Stored data, in GB-months.
    Storage,
    /// Hours of a public IPv4 address.
    PublicIpv4,
}

/// Why a row is not mapped onto the course.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SkipReason {
    /// A purchase (a commitment or reservation bought up front).
    Purchase,
    /// Tax.
    Tax,
    /// A credit.
    Credit,
    /// An adjustment.
    Adjustment,
    /// A charge category FOCUS does not define.
    OtherCategory,
    /// A correction of an earlier period.
    Correction,
    /// Usage of a service the plan does not price (monitoring, databases, data transfer...).
    OtherService,
    /// Compute hours whose instance type the row does not say.
    NoInstanceType,
    /// Compute billed per processor or per GB of memory (Oracle's "OCPU Hours", "GB Hours"),
    /// not per machine: no instance-hours to set against the plan.
    PerProcessorHours,
    /// Hours of an instance type that stands in for nothing in the scenario.
    UnknownInstanceType,
    /// A number that cannot be read (empty where one is needed, not a number, or absurd).
    BadNumber,
    /// A negative quantity on a usage row.
    NegativeQuantity,
    /// A row longer than the reader keeps (1 MB).
    TooLong,
    /// A row with more cells than the reader keeps (4,096).
    TooManyCells,
    /// A row that is not UTF-8 text.
    NotText,
}

impl SkipReason {
    /// What the reason is, in words.
    pub fn label(self) -> &'static str {
        match self {
            SkipReason::Purchase => "purchases (commitments bought up front)",
            SkipReason::Tax => "tax",
            SkipReason::Credit => "credits",
            SkipReason::Adjustment => "adjustments",
            SkipReason::OtherCategory => "charges of another category",
            SkipReason::Correction => "corrections of earlier periods",
            SkipReason::OtherService => "other services (not compute hours, storage or IPv4)",
            SkipReason::NoInstanceType => "compute hours without an instance type",
            SkipReason::PerProcessorHours => {
                "compute billed per processor or GB of memory (OCPU or GB hours), not per machine"
            }
            SkipReason::UnknownInstanceType => {
                "instance types that stand in for nothing in the plan"
            }
            SkipReason::BadNumber => "rows with a number that cannot be read",
            SkipReason::NegativeQuantity => "usage rows with a negative quantity",
            SkipReason::TooLong => "rows longer than 1 MB",
            SkipReason::TooManyCells => "rows of more than 4,096 cells",
            SkipReason::NotText => {
                "rows that are not UTF-8 text (saved in another encoding: save the file as UTF-8 CSV)"
            }
        }
    }
}

/// A classified row: what it is, how much, and what it cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Classified {
    /// The usage, or why the row is skipped.
    pub usage: Result<Usage, SkipReason>,
    /// ConsumedQuantity (hours, or GB-months for storage; 0 for skipped rows).
    pub quantity: f64,
    /// BilledCost (billing currency; 0 when unreadable).
    pub billed: f64,
    /// EffectiveCost (billing currency; BilledCost when the file has none).
    pub effective: f64,
}

/// A FOCUS number: finite and not absurd; `None` otherwise (`1e309`, `NaN`, text).
pub fn number(text: &str) -> Option<f64> {
    let value = decimal::parse(text.trim())?;
    (value.is_finite() && value.abs() <= MAX_MAGNITUDE).then_some(value)
}

fn is_hours(unit: &str) -> bool {
    let unit = unit.trim_start_matches(|c: char| c.is_ascii_digit() || c == ' ');
    ["hours", "hour", "hrs", "hr", "h"]
        .iter()
        .any(|u| unit.eq_ignore_ascii_case(u))
}

/// Hours of a processor or of memory rather than of a machine: "OCPU Hours", "OCPU Per Hour",
/// "GB Hours", "Gigabyte Per Hour".
fn is_per_unit_hours(unit: &str) -> bool {
    let unit = unit.to_ascii_lowercase();
    unit.contains("hour")
        && ["ocpu", "vcpu", "gb", "gigabyte"]
            .iter()
            .any(|u| unit.starts_with(u))
}

fn is_gb_month(unit: &str) -> bool {
    let unit = unit.to_ascii_lowercase();
    (unit.starts_with("gb") || unit.starts_with("gib")) && unit.contains("mo")
}

fn contains_ignore_case(haystack: &str, needle: &str) -> bool {
    haystack
        .as_bytes()
        .windows(needle.len())
        .any(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

/// `t3.medium` out of an AWS usage type (`USE1-BoxUsage:t3.medium`, `SpotUsage:p4d.24xlarge`),
/// with whether it is spot.
fn from_usage_type(usage_type: &str) -> Option<(String, bool)> {
    for (marker, spot) in [("BoxUsage:", false), ("SpotUsage:", true)] {
        if let Some(at) = usage_type.find(marker) {
            let rest = usage_type[at + marker.len()..].trim();
            let name = rest.split_whitespace().next().unwrap_or("");
            if !name.is_empty() {
                return Some((name.to_string(), spot));
            }
        }
    }
    None
}

/// Whether `word` looks like an instance type: `family.size` (`t3.medium`, `p4d.24xlarge`) or
/// Azure's `Standard_...`.
fn looks_like_type(word: &str) -> bool {
    if word.starts_with("Standard_") && word.len() > 9 {
        return true;
    }
    match word.split_once('.') {
        Some((family, size)) => {
            family.len() >= 2
                && family.starts_with(|c: char| c.is_ascii_lowercase())
                && family.chars().any(|c| c.is_ascii_digit())
                && family
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-')
                && size.ends_with(|c: char| c.is_ascii_alphabetic())
                && size.chars().all(|c| c.is_ascii_alphanumeric())
        }
        None => false,
    }
}

/// The instance type a compute row names: SkuPriceDetails' InstanceType, then AWS's usage type,
/// then the charge description as a last resort.
pub fn instance_type(row: &RowView<'_>) -> Option<(String, bool)> {
    let details = row.get(Column::SkuPriceDetails);
    if let Some(details) = json_object(details) {
        if let Some(found) = details.get("InstanceType").and_then(Value::as_str) {
            if !found.is_empty() {
                return Some((found.to_string(), false));
            }
        }
    }
    if let Some(found) = from_usage_type(row.get(Column::UsageType)) {
        return Some(found);
    }
    row.get(Column::ChargeDescription)
        .split(|c: char| c.is_whitespace() || c == ',' || c == '(' || c == ')')
        .find(|w| looks_like_type(w))
        .map(|w| (w.to_string(), false))
}

fn is_public_ipv4(row: &RowView<'_>) -> bool {
    contains_ignore_case(row.get(Column::UsageType), "PublicIPv4")
        || contains_ignore_case(row.get(Column::ChargeDescription), "public ipv4")
        || contains_ignore_case(row.get(Column::ChargeDescription), "ipv4 address")
        || contains_ignore_case(row.get(Column::ResourceType), "ip address")
        || contains_ignore_case(row.get(Column::ResourceType), "elastic ip")
}

fn is_storage(row: &RowView<'_>) -> bool {
    row.get(Column::ServiceCategory)
        .eq_ignore_ascii_case("Storage")
        || contains_ignore_case(row.get(Column::UsageType), "EBS:")
        || contains_ignore_case(row.get(Column::UsageType), "TimedStorage")
}

fn is_spot(row: &RowView<'_>) -> bool {
    row.get(Column::PricingCategory)
        .eq_ignore_ascii_case("Dynamic")
        || contains_ignore_case(row.get(Column::ChargeDescription), "spot")
}

fn category_skip(category: &str) -> Option<SkipReason> {
    let reasons = [
        ("Usage", None),
        ("Purchase", Some(SkipReason::Purchase)),
        ("Tax", Some(SkipReason::Tax)),
        ("Credit", Some(SkipReason::Credit)),
        ("Adjustment", Some(SkipReason::Adjustment)),
    ];
    reasons
        .iter()
        .find(|(name, _)| category.eq_ignore_ascii_case(name))
        .map_or(Some(SkipReason::OtherCategory), |(_, reason)| *reason)
}

/// Classifies one row.
pub fn classify(row: &RowView<'_>) -> Classified {
    let billed = number(row.get(Column::BilledCost));
    let effective = match row.get(Column::EffectiveCost) {
        "" => billed,
        text => number(text),
    };
    let skipped = |reason, billed: Option<f64>, effective: Option<f64>| Classified {
        usage: Err(reason),
        quantity: 0.0,
        billed: billed.unwrap_or(0.0),
        effective: effective.or(billed).unwrap_or(0.0),
    };
    let (Some(billed), Some(effective)) = (billed, effective) else {
        return skipped(SkipReason::BadNumber, billed, effective);
    };
    if let Some(reason) = category_skip(row.get(Column::ChargeCategory)) {
        return skipped(reason, Some(billed), Some(effective));
    }
    if row
        .get(Column::ChargeClass)
        .eq_ignore_ascii_case("Correction")
    {
        return skipped(SkipReason::Correction, Some(billed), Some(effective));
    }
    let unit = row.get(Column::ConsumedUnit);
    let hours = is_hours(unit);
    if !hours && !is_gb_month(unit) {
        let compute = row
            .get(Column::ServiceCategory)
            .eq_ignore_ascii_case("Compute");
        let reason = if compute && is_per_unit_hours(unit) {
            SkipReason::PerProcessorHours
        } else {
            SkipReason::OtherService
        };
        return skipped(reason, Some(billed), Some(effective));
    }
    let Some(quantity) = number(row.get(Column::ConsumedQuantity)) else {
        return skipped(SkipReason::BadNumber, Some(billed), Some(effective));
    };
    if quantity < 0.0 {
        return skipped(SkipReason::NegativeQuantity, Some(billed), Some(effective));
    }
    let usage = if !hours {
        if is_storage(row) {
            Ok(Usage::Storage)
        } else {
            Err(SkipReason::OtherService)
        }
    } else if is_public_ipv4(row) {
        Ok(Usage::PublicIpv4)
    } else if let Some((instance_type, spot)) = instance_type(row) {
        Ok(Usage::Compute {
            instance_type,
            spot: spot || is_spot(row),
        })
    } else if row
        .get(Column::ServiceCategory)
        .eq_ignore_ascii_case("Compute")
    {
        Err(SkipReason::NoInstanceType)
    } else {
        Err(SkipReason::OtherService)
    };
    Classified {
        quantity: if usage.is_ok() { quantity } else { 0.0 },
        usage,
        billed,
        effective,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usage_types_and_descriptions_name_instance_types() {
        assert_eq!(
            from_usage_type("USE1-BoxUsage:t3.medium"),
            Some(("t3.medium".to_string(), false))
        );
        assert_eq!(
            from_usage_type("SpotUsage:p4d.24xlarge"),
            Some(("p4d.24xlarge".to_string(), true))
        );
        assert_eq!(from_usage_type("USE1-EBS:VolumeUsage.gp3"), None);
        assert!(looks_like_type("p4d.24xlarge"));
        assert!(looks_like_type("t3.medium"));
        assert!(!looks_like_type("0.0416"));
        assert!(!looks_like_type("e.g."));
        assert!(is_hours("Hours") && is_hours("1 Hour") && !is_hours("GB"));
        assert!(is_gb_month("GB-Months") && is_gb_month("GB-Mo") && !is_gb_month("GB"));
        assert_eq!(number("1e309"), None);
        assert_eq!(number("NaN"), None);
        assert_eq!(number(" 2.5 "), Some(2.5));
    }
}
