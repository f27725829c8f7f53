//! Numbers as people type them, and a typed number applied to a scenario.

use crate::model::catalog::Catalog;
use crate::model::edit::commit::{commit, Edit};
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

/// Reads a number as people type it: surrounding spaces, thousands separators (`,`, `_`, spaces)
/// and a trailing `%` or leading `$` are accepted.
pub fn parse_number(raw: &str) -> Result<f64, String> {
    let cleaned: String = raw
        .trim()
        .trim_start_matches('$')
        .trim_end_matches('%')
        .chars()
        .filter(|c| !matches!(c, ',' | '_' | ' ' | '\u{a0}' | '\u{202f}'))
        .collect();
    if cleaned.is_empty() {
        return Err("enter a number".to_string());
    }
    match cleaned.parse::<f64>() {
        Ok(value) if value.is_finite() => Ok(value),
        _ => Err(format!("\"{}\" is not a number", raw.trim())),
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
    commit(scenario, catalog, Edit::Number { field, value })
        .map(|valid| valid.into_scenario())
        .map_err(|rejection| rejection.message_for(field))
}
