//! Uncertainty: how far the course's net cost moves when each usage input moves within its range
//! (a tornado chart); the spread of the total when all move at once is in
//! [`interval`](super::interval), which draws from the same ranges. The inputs and their ranges
//! are in [`uncertain`](super::uncertain). An end that would need more node-hours than the
//! reserved nodes supply is pulled in to the farthest that fits ([`feasible`](super::feasible));
//! which offer stands in for each resource has a row of its own
//! ([`stand_in_range`](super::stand_in_range)).

use crate::model::catalog::Catalog;
use crate::model::planners::feasible::{feasible_range, priced_fit, FeasibleRange};
pub use crate::model::planners::input_value::{value, value_at};
use crate::model::planners::pool::assumed_counts;
use crate::model::planners::stand_in_range::stand_in_rows;
use crate::model::planners::uncertain::net;
pub use crate::model::planners::uncertain::{
    applies, scale, scaled, triangular, Knob, RangeOrigin, TornadoRow, UncertainInput, INPUTS,
};
use crate::model::presets::Preset;
use crate::model::scenario::valid::ValidScenario;
use crate::model::scenario::validate::FieldError;
use crate::model::scenario::Scenario;

/// The tornado: the net cost at each input's low and high end (others typical), each end
/// pulled in where it would need more than the reserved nodes supply, then one row per stand-in
/// choice that moves the total; largest swing first, for the inputs that apply to the scenario.
/// `origin` (the preset it started from) says which node counts are assumed. Fails only if a
/// variant does not price, which clamping prevents for a valid scenario.
pub fn tornado(
    scenario: &ValidScenario,
    catalog: &Catalog,
    origin: &Preset,
) -> Result<Vec<TornadoRow>, Vec<FieldError>> {
    let base: &Scenario = scenario;
    let assumed = assumed_counts(base, origin);
    let (typical_total_usd, base_fits) = priced_fit(base, catalog)?;
    let mut rows = Vec::with_capacity(INPUTS.len() + 8);
    for input in INPUTS.iter().filter(|i| applies(base, &assumed, i)) {
        let range = feasible_range(base, catalog, &assumed, input, base_fits)?;
        let (typical_value, unit) = value(base, catalog, &assumed, input);
        rows.push(usage_row(
            base,
            catalog,
            &assumed,
            input,
            &range,
            (typical_value, unit),
            typical_total_usd,
        )?);
    }
    rows.extend(stand_in_rows(base, catalog, typical_total_usd)?);
    crate::model::sort::sort_by(&mut rows, |a, b| b.swing_usd().total_cmp(&a.swing_usd()));
    Ok(rows)
}

/// The row of one usage input over `range`; `typical` is its value in `base` and the unit.
fn usage_row(
    base: &Scenario,
    catalog: &Catalog,
    assumed: &[usize],
    input: &UncertainInput,
    range: &FeasibleRange,
    (typical_value, unit): (f64, &'static str),
    typical_total_usd: f64,
) -> Result<TornadoRow, Vec<FieldError>> {
    Ok(TornadoRow {
        name: input.name.to_string(),
        unit: unit.into(),
        provenance: input.provenance,
        low_value: value_at(base, catalog, assumed, input, range.low),
        typical_value,
        high_value: value_at(base, catalog, assumed, input, range.high),
        low_total_usd: net(&scaled(base, assumed, input, range.low), catalog)?,
        typical_total_usd,
        high_total_usd: net(&scaled(base, assumed, input, range.high), catalog)?,
        whole_instance_total_usd: None,
        detail: range.words().to_string(),
    })
}
