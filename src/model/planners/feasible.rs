//! Ranges the reserved capacity allows: an input's end that would need more node-hours of a
//! reserved node type than its nodes supply in their window is pulled in to the farthest value
//! that fits, so no end of the tornado and no draw of the band is one the capacity check
//! refuses. A scenario that needs more than its reserved nodes supply already (the summary bar
//! warns) is left unbounded: there is no fitting value to pull in to.

use serde::Serialize;

use crate::model::catalog::Catalog;
use crate::model::engine::capacity::CapacityCheck;
use crate::model::engine::estimate::evaluate;
use crate::model::planners::uncertain::{scaled, UncertainInput};
use crate::model::scenario::validate::FieldError;
use crate::model::scenario::Scenario;

/// Halvings of the gap between an end that does not fit and the typical value (which does):
/// the end found lies within 1/65,536 of the range's span of the farthest that fits.
const BISECTIONS: u32 = 16;

/// The net cost of `scenario` (US dollars) and whether every capacity of it can supply what the
/// course needs of it in its window.
pub fn priced_fit(scenario: &Scenario, catalog: &Catalog) -> Result<(f64, bool), Vec<FieldError>> {
    let estimate = evaluate(scenario, catalog)?;
    let fits = !estimate.capacity.iter().any(CapacityCheck::exceeded);
    Ok((estimate.totals.net_usd, fits))
}

/// An input's range as the tornado shows it and the band draws it (factors of the scenario's
/// value, as [`UncertainInput`]'s).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct FeasibleRange {
    /// Low end (factor).
    pub low: f64,
    /// High end (factor).
    pub high: f64,
    /// Whether the low end was pulled in from the input's own to fit the reserved capacity.
    pub low_bounded: bool,
    /// Whether the high end was pulled in likewise.
    pub high_bounded: bool,
}

impl FeasibleRange {
    /// The input's own range, unbounded.
    pub fn of(input: &UncertainInput) -> FeasibleRange {
        FeasibleRange {
            low: input.low,
            high: input.high,
            low_bounded: false,
            high_bounded: false,
        }
    }

    /// What was pulled in, in words; empty when nothing was.
    pub fn words(&self) -> &'static str {
        match (self.low_bounded, self.high_bounded) {
            (false, false) => "",
            (true, false) => {
                "Its low end is the farthest the reserved nodes allow: at the range's own low end \
                 the course would need more node-hours of a reserved type than its nodes supply in \
                 their window."
            }
            (false, true) => {
                "Its high end is the farthest the reserved nodes allow: at the range's own high end \
                 the course would need more node-hours of a reserved type than its nodes supply in \
                 their window."
            }
            (true, true) => {
                "Both ends are the farthest the reserved nodes allow: at the range's own ends the \
                 course would need more node-hours of a reserved type than its nodes supply in \
                 their window."
            }
        }
    }
}

/// The range of `input` in `base` that the reserved capacity allows: each end the input's own
/// where it fits, else the farthest factor toward the typical value (1) that fits. `base_fits`
/// says whether `base` itself fits; when it does not, the input's own range is returned.
/// `assumed` are the capacities whose node count is assumed.
pub fn feasible_range(
    base: &Scenario,
    catalog: &Catalog,
    assumed: &[usize],
    input: &UncertainInput,
    base_fits: bool,
) -> Result<FeasibleRange, Vec<FieldError>> {
    let fits = |factor: f64| -> Result<bool, Vec<FieldError>> {
        Ok(priced_fit(&scaled(base, assumed, input, factor), catalog)?.1)
    };
    let end = |end: f64| -> Result<(f64, bool), Vec<FieldError>> {
        if !base_fits || fits(end)? {
            return Ok((end, false));
        }
        let (mut inside, mut outside) = (1.0, end);
        for _ in 0..BISECTIONS {
            let middle = (inside + outside) / 2.0;
            if fits(middle)? {
                inside = middle;
            } else {
                outside = middle;
            }
        }
        Ok((inside, true))
    };
    let (low, low_bounded) = end(input.low)?;
    let (high, high_bounded) = end(input.high)?;
    Ok(FeasibleRange {
        low,
        high,
        low_bounded,
        high_bounded,
    })
}
