//! The range of the total when every usage input varies at once: seeded draws, each input's factor
//! from a triangular distribution on its range, and the scenario priced per draw. [`Sampling`]
//! makes the draws a slice at a time, so a page can draw between slices; [`sample`] makes them all.

use serde::Serialize;

use crate::model::catalog::presets::Preset;
use crate::model::catalog::Catalog;
use crate::model::engine::pool::assumed_counts;
use crate::model::planners::spread::SplitMix;
use crate::model::planners::tornado::{net, scale, triangular, INPUTS};
use crate::model::scenario::valid::ValidScenario;
use crate::model::scenario::validate::FieldError;
use crate::model::scenario::Scenario;

/// Percentiles of the net cost when every input varies at once.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CostInterval {
    /// Draws made (count).
    pub draws: usize,
    /// 10th percentile of the net cost (US dollars).
    pub p10_usd: f64,
    /// Median net cost (US dollars).
    pub p50_usd: f64,
    /// 90th percentile of the net cost (US dollars).
    pub p90_usd: f64,
    /// Net cost with every input typical (US dollars).
    pub typical_usd: f64,
}

/// Most draws a [`Sampling`] makes (count).
pub const MAX_DRAWS: usize = 2_000;

/// Draws in progress: the scenario, the random stream and the totals so far.
#[derive(Clone, Debug)]
pub struct Sampling {
    /// The scenario every draw varies.
    base: Scenario,
    /// Draws to make (count, 1..=[`MAX_DRAWS`]).
    draws: usize,
    /// Indices of the capacities whose node count is assumed (varied by their input).
    assumed: Vec<usize>,
    /// The seeded random stream.
    rng: SplitMix,
    /// Net cost of each draw made so far (US dollars).
    totals: Vec<f64>,
}

impl Sampling {
    /// `draws` seeded draws of `scenario`, started from `origin` (which says what node counts
    /// are assumed), bounded to 1..=[`MAX_DRAWS`]. Same seed, same result.
    pub fn new(scenario: &ValidScenario, origin: &Preset, draws: usize, seed: u64) -> Sampling {
        let draws = draws.clamp(1, MAX_DRAWS);
        Sampling {
            base: (**scenario).clone(),
            draws,
            assumed: assumed_counts(scenario, origin),
            rng: SplitMix::seeded(seed),
            totals: Vec::with_capacity(draws),
        }
    }

    /// Makes up to `at_most` more draws; true once all are made.
    pub fn advance(&mut self, catalog: &Catalog, at_most: usize) -> Result<bool, Vec<FieldError>> {
        let left = self.draws - self.totals.len();
        for _ in 0..at_most.min(left) {
            let mut s = self.base.clone();
            for input in &INPUTS {
                let factor = triangular(input.low, input.high, self.rng.unit());
                scale(&mut s, &self.assumed, input, factor);
            }
            self.totals.push(net(&s, catalog)?);
        }
        Ok(self.is_done())
    }

    /// True once every draw is made.
    pub fn is_done(&self) -> bool {
        self.totals.len() >= self.draws
    }

    /// The percentiles of the draws made so far, with the typical total.
    pub fn interval(&self, catalog: &Catalog) -> Result<CostInterval, Vec<FieldError>> {
        let mut totals = self.totals.clone();
        crate::model::sort::sort_by(&mut totals, f64::total_cmp);
        let at = |p: f64| {
            let index = ((totals.len().max(1) - 1) as f64 * p).round() as usize;
            totals.get(index).copied().unwrap_or(0.0)
        };
        Ok(CostInterval {
            draws: totals.len(),
            p10_usd: at(0.1),
            p50_usd: at(0.5),
            p90_usd: at(0.9),
            typical_usd: net(&self.base, catalog)?,
        })
    }
}

/// All `draws` of a [`Sampling`] at once.
pub fn sample(
    scenario: &ValidScenario,
    catalog: &Catalog,
    origin: &Preset,
    draws: usize,
    seed: u64,
) -> Result<CostInterval, Vec<FieldError>> {
    let mut sampling = Sampling::new(scenario, origin, draws, seed);
    while !sampling.advance(catalog, usize::MAX)? {}
    sampling.interval(catalog)
}
