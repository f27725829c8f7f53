//! The range of the total when every usage input varies at once: seeded draws, each input's factor
//! from a triangular distribution on its range as the reserved capacity allows it (the tornado's
//! ends, [`feasible_range`]), and the scenario priced per draw. A draw that needs more node-hours
//! of a reserved type than its nodes supply in their window is dropped and counted, and drawing
//! goes on until enough fit (or [`ATTEMPTS_PER_DRAW`] times as many were tried). [`Sampling`] makes
//! the draws a slice at a time, so a page can draw between slices; [`sample`] makes them all.

use serde::Serialize;

use crate::model::catalog::Catalog;
use crate::model::planners::feasible::{feasible_range, priced_fit, FeasibleRange};
use crate::model::planners::pool::assumed_counts;
use crate::model::planners::spread::SplitMix;
use crate::model::planners::uncertain::{scale, triangular, INPUTS};
use crate::model::presets::Preset;
use crate::model::scenario::valid::ValidScenario;
use crate::model::scenario::validate::FieldError;
use crate::model::scenario::Scenario;

/// Percentiles of the net cost when every input varies at once.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CostInterval {
    /// Draws that fit the reserved capacity, the percentiles' (count).
    pub draws: usize,
    /// Draws dropped because they need more node-hours of a reserved type than its nodes supply
    /// in their window (count).
    pub dropped: usize,
    /// 10th percentile of the net cost (US dollars).
    pub p10_usd: f64,
    /// Median net cost (US dollars).
    pub p50_usd: f64,
    /// 90th percentile of the net cost (US dollars).
    pub p90_usd: f64,
    /// Net cost with every input typical (US dollars).
    pub typical_usd: f64,
    /// Where that typical total (the headline) sits among the draws: the percent of them at or
    /// below it (0-100).
    pub typical_percentile: f64,
}

/// Most draws tried per draw asked for, when many do not fit (count).
pub const ATTEMPTS_PER_DRAW: usize = 4;

/// Most draws a [`Sampling`] makes (count).
pub const MAX_DRAWS: usize = 2_000;

/// The stream of draws of a scenario: each a copy with every input's factor drawn from the
/// triangular distribution on its range as the reserved capacity allows it.
#[derive(Clone, Debug)]
pub struct Draws {
    /// The scenario every draw varies.
    base: Scenario,
    /// Indices of the capacities whose node count is assumed (varied by their input).
    assumed: Vec<usize>,
    /// Each input's range as the reserved capacity allows it, in [`INPUTS`] order.
    ranges: Vec<FeasibleRange>,
    /// Whether the scenario itself fits its reserved capacity (if not, no draw is dropped).
    base_fits: bool,
    /// The seeded random stream.
    rng: SplitMix,
}

impl Draws {
    /// The draws of `scenario`, started from `origin` (which says what node counts are
    /// assumed), seeded: same seed, same draws. Works out each input's range (a few pricings
    /// for an end that has to be pulled in).
    pub fn new(
        scenario: &Scenario,
        origin: &Preset,
        catalog: &Catalog,
        seed: u64,
    ) -> Result<Draws, Vec<FieldError>> {
        let assumed = assumed_counts(scenario, origin);
        let base_fits = priced_fit(scenario, catalog)?.1;
        let ranges = INPUTS
            .iter()
            .map(|input| feasible_range(scenario, catalog, &assumed, input, base_fits))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Draws {
            base: scenario.clone(),
            assumed,
            ranges,
            base_fits,
            rng: SplitMix::seeded(seed),
        })
    }

    /// Each input's range the draws come from, in [`INPUTS`] order.
    pub fn ranges(&self) -> &[FeasibleRange] {
        &self.ranges
    }

    /// Whether a draw that does not fit the reserved capacity is dropped: when the scenario
    /// itself fits it.
    pub fn drops_misfits(&self) -> bool {
        self.base_fits
    }

    /// The next draw.
    pub fn next_draw(&mut self) -> Scenario {
        let mut s = self.base.clone();
        for (input, range) in INPUTS.iter().zip(&self.ranges) {
            let factor = triangular(range.low, range.high, self.rng.unit());
            scale(&mut s, &self.assumed, input, factor);
        }
        s
    }
}

/// Draws in progress: the scenario, the stream of draws and the totals so far.
#[derive(Clone, Debug)]
pub struct Sampling {
    /// The scenario every draw varies.
    base: Scenario,
    /// The preset it started from.
    origin: &'static Preset,
    /// The seed of the draws.
    seed: u64,
    /// Draws to keep (count, 1..=[`MAX_DRAWS`]).
    draws: usize,
    /// The stream of draws, set up by the first slice.
    stream: Option<Draws>,
    /// Draws tried so far (count).
    attempts: usize,
    /// Net cost of each draw kept so far (US dollars).
    totals: Vec<f64>,
}

impl Sampling {
    /// `draws` seeded draws of `scenario`, started from `origin` (which says what node counts
    /// are assumed), bounded to 1..=[`MAX_DRAWS`]. Same seed, same result.
    pub fn new(
        scenario: &ValidScenario,
        origin: &'static Preset,
        draws: usize,
        seed: u64,
    ) -> Sampling {
        let draws = draws.clamp(1, MAX_DRAWS);
        Sampling {
            base: (**scenario).clone(),
            origin,
            seed,
            draws,
            stream: None,
            attempts: 0,
            totals: Vec::with_capacity(draws),
        }
    }

    /// Most draws to try (count).
    fn most_attempts(&self) -> usize {
        self.draws * ATTEMPTS_PER_DRAW
    }

    /// Tries up to `at_most` more draws, keeping those that fit the reserved capacity (every
    /// draw when the scenario itself does not); true once enough are kept or tried.
    pub fn advance(&mut self, catalog: &Catalog, at_most: usize) -> Result<bool, Vec<FieldError>> {
        let mut stream = match self.stream.take() {
            Some(stream) => stream,
            None => Draws::new(&self.base, self.origin, catalog, self.seed)?,
        };
        let mut tried = 0;
        while tried < at_most && !self.is_done() {
            let (total, fits) = priced_fit(&stream.next_draw(), catalog)?;
            if fits || !stream.drops_misfits() {
                self.totals.push(total);
            }
            self.attempts += 1;
            tried += 1;
        }
        self.stream = Some(stream);
        Ok(self.is_done())
    }

    /// True once every draw is kept, or as many as allowed were tried.
    pub fn is_done(&self) -> bool {
        self.totals.len() >= self.draws || self.attempts >= self.most_attempts()
    }

    /// The percentiles of the draws made so far, with the typical total.
    pub fn interval(&self, catalog: &Catalog) -> Result<CostInterval, Vec<FieldError>> {
        let mut totals = self.totals.clone();
        crate::model::sort::sort_by(&mut totals, f64::total_cmp);
        let at = |p: f64| {
            let index = ((totals.len().max(1) - 1) as f64 * p).round() as usize;
            totals.get(index).copied().unwrap_or(0.0)
        };
        let typical_usd = priced_fit(&self.base, catalog)?.0;
        let at_or_below = totals.iter().filter(|&&t| t <= typical_usd).count();
        Ok(CostInterval {
            draws: totals.len(),
            dropped: self.attempts - totals.len(),
            p10_usd: at(0.1),
            p50_usd: at(0.5),
            p90_usd: at(0.9),
            typical_usd,
            typical_percentile: 100.0 * at_or_below as f64 / totals.len().max(1) as f64,
        })
    }
}

/// All `draws` of a [`Sampling`] at once.
pub fn sample(
    scenario: &ValidScenario,
    catalog: &Catalog,
    origin: &'static Preset,
    draws: usize,
    seed: u64,
) -> Result<CostInterval, Vec<FieldError>> {
    let mut sampling = Sampling::new(scenario, origin, draws, seed);
    while !sampling.advance(catalog, usize::MAX)? {}
    sampling.interval(catalog)
}
