//! Numbers as people type them, and a typed number applied to a scenario.

use crate::model::catalog::Catalog;
use crate::model::edit::validated::commit_with;
use crate::model::format;
use crate::model::number_read::read_number;
use crate::model::scenario::course::LabOption;
use crate::model::scenario::field::{FieldPath, OptionField};
use crate::model::scenario::Scenario;

/// Sets `field` to `value`; a lab share also rebalances the lab's other options so shares keep
/// summing to 100. Returns false when the field is not a number or no longer exists.
pub fn set_number(scenario: &mut Scenario, field: FieldPath, value: f64) -> bool {
    let Some(slot) = field.number_slot(scenario) else {
        return false;
    };
    *slot = value;
    if let FieldPath::LabOption {
        lab,
        option,
        field: OptionField::SharePct,
    } = field
    {
        if let Some(lab) = scenario.course.labs.get_mut(lab) {
            rebalance_shares(&mut lab.options, option);
        }
    }
    true
}

/// Spreads `100 - share of options[fixed]` over the other options, in proportion to what they
/// had (evenly when they had nothing). Leaves invalid shares for validation to report.
fn rebalance_shares(options: &mut [LabOption], fixed: usize) {
    let Some(fixed_share) = options.get(fixed).map(|o| o.share_pct) else {
        return;
    };
    if options.len() < 2 || !(0.0..=100.0).contains(&fixed_share) {
        return;
    }
    let remainder = 100.0 - fixed_share;
    let others: f64 = options
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != fixed)
        .map(|(_, o)| o.share_pct)
        .sum();
    let even = remainder / (options.len() - 1) as f64;
    for (i, option) in options.iter_mut().enumerate() {
        if i != fixed {
            option.share_pct = if others > 0.0 {
                option.share_pct / others * remainder
            } else {
                even
            };
        }
    }
}

/// Reads a number as the reader types it, in the reader's locale (the one figures are written
/// in, `format::style`): the one reader of every number field (`model::number_read`). In
/// American English `1,5` and `3,25` are 1.5 and 3.25, `1,000` is 1000, `1.234,5` is 1234.5; in
/// German `50.000` is 50000 and `2,5` is 2.5.
pub fn parse_number(raw: &str) -> Result<f64, String> {
    read_number(raw, &format::style()).map(|reading| reading.value)
}

/// How `raw` was read, when that is not plain to see (separators taken out or read one way of
/// two, another decimal sign, other digits): the value written plainly in the reader's locale,
/// for the field to show; `None` when `raw` is already plain or unreadable.
pub fn reading_of(raw: &str) -> Option<String> {
    read_number(raw, &format::style()).ok()?.read_as
}

/// Sets `field` to `value` (`+ 0.0` turns -0 into 0: no figure shows "-0"), or says the field
/// no longer exists: what committing a typed number does.
pub fn set_checked(scenario: &mut Scenario, field: FieldPath, value: f64) -> Result<(), String> {
    if set_number(scenario, field, value + 0.0) {
        Ok(())
    } else {
        Err("this field no longer exists".to_string())
    }
}

/// Reads `raw` and commits it to `field` of a copy of `scenario`; the copy is returned only if
/// it stays valid, otherwise the message says why (the field's own problems first).
pub fn apply_number(
    scenario: &Scenario,
    catalog: &Catalog,
    field: impl Into<FieldPath>,
    raw: &str,
) -> Result<Scenario, String> {
    let field = field.into();
    let value = parse_number(raw)?;
    commit_with(scenario, catalog, |scenario| {
        set_checked(scenario, field, value)
    })
    .map(|valid| valid.into_scenario())
    .map_err(|rejection| rejection.message_for(field))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_commas_and_thousands_separators() {
        assert_eq!(parse_number("3,5"), Ok(3.5));
        assert_eq!(parse_number("1,5"), Ok(1.5));
        assert_eq!(parse_number("0,125"), Ok(0.125));
        assert_eq!(parse_number("1,000"), Ok(1000.0));
        assert_eq!(parse_number(" 1,200 "), Ok(1200.0));
        assert_eq!(parse_number("1,000,000"), Ok(1_000_000.0));
        assert_eq!(parse_number("1.234,5"), Ok(1234.5));
        assert_eq!(parse_number("1,234.5"), Ok(1234.5));
        assert_eq!(parse_number("$49,750"), Ok(49750.0));
        assert_eq!(parse_number("12.5%"), Ok(12.5));
        assert!(parse_number("abc").is_err());
        assert_eq!(reading_of("3,5").as_deref(), Some("3.5"));
        assert_eq!(reading_of("3.5"), None);
    }
}
