//! Per-student spread: what each student's labs cost when students differ in how long they leave
//! things running.
//!
//! Only use without a lease end can run past its plan: lab VMs, their floating IPs and their
//! volumes run until someone deletes them. That part of the lab cost is the course's mean times a
//! per-student multiplier, log-normal with mean 1 (mu = -sigma^2/2). Bare-metal nodes and edge
//! devices are booked in blocks whose lease ends by itself (the model runs them at their plan in
//! the labs), so that part, like the project share (the project cost divided by enrollment),
//! costs every student the same:
//!
//!   cost = VM part x exp(mu + sigma z) + lease-bounded part + project share,  z ~ N(0, 1).
//!
//! The p-th percentile is therefore VM part x exp(mu + sigma z_p) + the fixed parts, and the
//! median most expensive of n students has z = the 0.5^(1/n) quantile (2.686 for n = 191).
//!
//! sigma is an assumption ([`DEFAULT_SIGMA`](crate::model::scenario::planning::DEFAULT_SIGMA),
//! 0.75; plausible range 0.5-1.0): no course publishes its per-student distribution. Why that
//! range: in the paper's course lab VMs ran 12.97 times their plan on average, and no student can
//! use less than the plan, a multiplier of 1/12.97 = 0.077. At sigma = 0.75 about 1 student in 850
//! falls below that floor (Phi((ln 0.077 + 0.28) / 0.75) = Phi(-3.04)); at 1.0 it is 2 in 100, and
//! wider spreads put ever more students under the plan, so 1.0 is the top of the range. Its bottom,
//! 0.5, puts the 99th-percentile student at 2.8 times the mean VM use: an average overrun of 13x
//! that comes from VMs left running suggests students differ at least that much. The paper's most expensive
//! student, over $600 of labs, is shown beside the result only for reference: with $87 of every
//! student's $116 of labs lease-bounded, this model's most expensive student comes to about $251
//! of labs, and a log-normal reaching $600 would need sigma of about 1.5, which puts one student
//! in six below the plan: the real spread has a heavier tail than a log-normal, so it is not
//! fitted to that figure.
//!
//! The simulation is a deterministic function of its seed and runs in slices, so the browser can
//! draw between them.

use serde::Serialize;

use crate::model::engine::estimate::{Estimate, Phase};
use crate::model::scenario::planning::Planning;

/// Inputs of the simulation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpreadInputs {
    /// Mean lab cost per student of the use that can overrun: lab VMs, their floating IPs and
    /// volumes (US dollars). The per-student multiplier acts on this part only.
    pub labs_overrun_mean_usd: f64,
    /// Lab cost per student of lease-bounded use: bare-metal and edge blocks with their floating
    /// IPs, the same for every student (US dollars).
    pub labs_leased_usd: f64,
    /// Project cost per student, equal for all (US dollars).
    pub project_share_usd: f64,
    /// Log-standard deviation of the per-student multiplier (dimensionless).
    pub sigma: f64,
    /// Students per course run (count).
    pub students: usize,
    /// Course runs to simulate (count).
    pub runs: usize,
    /// Random seed.
    pub seed: u64,
    /// Per-student credit to compare with (US dollars).
    pub credit_usd: f64,
}

impl SpreadInputs {
    /// The inputs for `estimate` with the spread settings of `planning`.
    pub fn of(estimate: &Estimate, planning: &Planning) -> SpreadInputs {
        let (overrun, leased) = lab_split_usd(estimate);
        SpreadInputs {
            labs_overrun_mean_usd: overrun,
            labs_leased_usd: leased,
            project_share_usd: estimate.project_per_student_usd(),
            sigma: planning.spread_sigma,
            students: estimate.students.max(0.0) as usize,
            runs: planning.runs as usize,
            seed: planning.seed,
            credit_usd: planning.credit_threshold_usd,
        }
    }

    /// What every student pays whatever their draw: the lease-bounded labs and the project
    /// share (US dollars).
    pub fn fixed_usd(&self) -> f64 {
        self.labs_leased_usd + self.project_share_usd
    }

    /// The cost per student at `percentile` (percent) of the model's distribution, in closed
    /// form (the module's formula): the one figure the spread's percentiles, the budget planner's
    /// credit and the per-student SU cap's dollars show (US dollars per student).
    pub fn percentile_usd(&self, percentile: f64) -> f64 {
        let sigma = self.sigma.max(0.0);
        let z = normal_quantile((percentile / 100.0).clamp(0.0, 1.0));
        self.labs_overrun_mean_usd * (-sigma * sigma / 2.0 + sigma * z).exp() + self.fixed_usd()
    }

    /// How many students of a course run cost more than the credit, in words, from the
    /// simulation's average per run (`over`, a count): "About 12 students per course run would
    /// cost more than this.", "All 191 students would cost more than this.", or fewer than one.
    pub fn over_credit_words(&self, over: f64) -> String {
        let students = self.students as f64;
        let rounded = over.round();
        if students == 1.0 && rounded >= 1.0 {
            "The one student would cost more than this.".to_string()
        } else if students > 0.0 && rounded >= students {
            let all = crate::model::format::number(students, 0);
            format!("All {all} students would cost more than this.")
        } else if rounded < 1.0 {
            "Fewer than 1 student per course run would cost more than this.".to_string()
        } else {
            let noun = if rounded == 1.0 {
                "student"
            } else {
                "students"
            };
            let count = crate::model::format::number(rounded, 0);
            format!("About {count} {noun} per course run would cost more than this.")
        }
    }
}

/// The labs' list cost per student split in two (US dollars per student): the part that can
/// overrun (no lease end: VMs, their addresses, volumes) and the lease-bounded part.
pub fn lab_split_usd(estimate: &Estimate) -> (f64, f64) {
    if estimate.students <= 0.0 {
        return (0.0, 0.0);
    }
    let labs = estimate
        .lines
        .iter()
        .filter(|line| matches!(line.phase, Phase::Lab(_)));
    let (mut overrun, mut leased) = (0.0, 0.0);
    for line in labs {
        if line.lease_bounded {
            leased += line.cost_usd;
        } else {
            overrun += line.cost_usd;
        }
    }
    (overrun / estimate.students, leased / estimate.students)
}

/// What the simulation found.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SpreadResult {
    /// Course runs simulated (count).
    pub runs: usize,
    /// Mean cost per student (US dollars).
    pub mean_usd: f64,
    /// Median cost per student (US dollars).
    pub p50_usd: f64,
    /// 90th percentile (US dollars).
    pub p90_usd: f64,
    /// 99th percentile (US dollars).
    pub p99_usd: f64,
    /// The most expensive student of a typical run: median over runs (US dollars).
    pub max_usd: f64,
    /// The most expensive student, 90th percentile over runs (US dollars).
    pub max_p90_usd: f64,
    /// Of those, the labs only (US dollars): set beside the paper's "over $600" for reference.
    pub max_labs_usd: f64,
    /// Students over the credit, per course run on average (count).
    pub over_credit: f64,
    /// Histogram: (bin low, bin high, share of students) with low/high in US dollars.
    pub histogram: Vec<(f64, f64, f64)>,
}

/// SplitMix64: small, fast and good enough for Monte Carlo; seeded, so runs repeat exactly.
#[derive(Clone, Debug)]
pub(crate) struct SplitMix(u64);

impl SplitMix {
    /// A generator seeded with `seed`.
    pub(crate) fn seeded(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in (0, 1).
    pub(crate) fn unit(&mut self) -> f64 {
        ((self.next() >> 11) as f64 + 0.5) / (1u64 << 53) as f64
    }
}

/// Most draws (students x runs) of one simulation, so it finishes in a second or two in a
/// browser however large the course.
pub const MAX_DRAWS: usize = 20_000_000;
/// Fewest course runs simulated, whatever the course's size.
const MIN_RUNS: usize = 100;

/// Bins of the uniform draws (see [`Simulation`]).
const BINS: usize = 16_384;
/// Bins shown in the histogram chart.
const SHOWN_BINS: usize = 24;

/// A simulation in progress.
///
/// Each student's multiplier is drawn by inverse-transform sampling: a uniform u gives
/// exp(mu + sigma * Phi^-1(u)). The cost is a rising function of u, so the simulation keeps the
/// uniforms (binned, with each run's largest) and turns them into dollars once at the end:
/// the same draws and the same statistics, without a logarithm or an exponential per student.
#[derive(Clone, Debug)]
pub struct Simulation {
    inputs: SpreadInputs,
    rng: SplitMix,
    mu: f64,
    /// The uniform above which a student costs more than the credit.
    credit_u: f64,
    counts: Vec<u64>,
    over: u64,
    max_uniforms: Vec<f64>,
}

impl Simulation {
    /// Prepares a simulation (bounded: at most 100,000 runs of 100,000 students).
    pub fn new(inputs: SpreadInputs) -> Simulation {
        let sigma = inputs.sigma.clamp(0.0, 5.0);
        let mu = -sigma * sigma / 2.0;
        // Students x runs bounds the work, whatever each is on its own: a 100,000-student
        // course simulates fewer runs (each run already holds many draws).
        let students = inputs.students.clamp(1, 100_000);
        let runs = inputs
            .runs
            .min(100_000)
            .min((MAX_DRAWS / students).max(MIN_RUNS));
        let inputs = SpreadInputs {
            sigma,
            students,
            runs,
            ..inputs
        };
        let credit_u = {
            let above = inputs.credit_usd - inputs.fixed_usd();
            let mean = inputs.labs_overrun_mean_usd;
            if above <= 0.0 {
                0.0
            } else if mean <= 0.0 {
                1.0
            } else if sigma == 0.0 {
                if mean > above {
                    0.0
                } else {
                    1.0
                }
            } else {
                normal_cdf(((above / mean).ln() - mu) / sigma)
            }
        };
        Simulation {
            rng: SplitMix(inputs.seed),
            mu,
            credit_u,
            counts: vec![0; BINS],
            over: 0,
            max_uniforms: Vec::with_capacity(inputs.runs),
            inputs,
        }
    }

    /// The cost of a student whose draw is `u` (US dollars).
    fn cost(&self, u: f64) -> f64 {
        let z = normal_quantile(u);
        self.inputs.labs_overrun_mean_usd * (self.mu + self.inputs.sigma * z).exp()
            + self.inputs.fixed_usd()
    }

    /// Simulates up to `runs` more course runs; true when all are done.
    pub fn advance(&mut self, runs: usize) -> bool {
        let students = self.inputs.students;
        let scale = BINS as f64;
        for _ in 0..runs.min(self.remaining()) {
            let mut largest = 0.0_f64;
            for _ in 0..students {
                let u = self.rng.unit();
                largest = largest.max(u);
                if u > self.credit_u {
                    self.over += 1;
                }
                self.counts[((u * scale) as usize).min(BINS - 1)] += 1;
            }
            self.max_uniforms.push(largest);
        }
        self.remaining() == 0
    }

    /// Course runs still to simulate.
    pub fn remaining(&self) -> usize {
        self.inputs.runs - self.max_uniforms.len()
    }

    /// The inputs.
    pub fn inputs(&self) -> &SpreadInputs {
        &self.inputs
    }

    /// The uniform at percentile `p` (0-100) of the draws, interpolated within a bin.
    fn uniform_at(&self, total: u64, p: f64) -> f64 {
        let target = total as f64 * p / 100.0;
        let mut seen = 0.0;
        for (i, &count) in self.counts.iter().enumerate() {
            let count = count as f64;
            if count > 0.0 && seen + count >= target {
                return (i as f64 + (target - seen) / count) / BINS as f64;
            }
            seen += count;
        }
        1.0
    }

    /// What has been found so far.
    pub fn result(&self) -> SpreadResult {
        let total: u64 = self.counts.iter().sum();
        let runs = self.max_uniforms.len();
        if total == 0 || runs == 0 {
            return SpreadResult::default();
        }
        let mut maxes = self.max_uniforms.clone();
        crate::model::sort::sort_by(&mut maxes, f64::total_cmp);
        let at = |q: f64| maxes[((runs - 1) as f64 * q).round() as usize];
        let fixed = self.inputs.fixed_usd();
        let bin_cost: Vec<f64> = (0..BINS)
            .map(|i| self.cost((i as f64 + 0.5) / BINS as f64))
            .collect();
        let mean = self
            .counts
            .iter()
            .zip(&bin_cost)
            .map(|(&count, cost)| count as f64 * cost)
            .sum::<f64>()
            / total as f64;
        // The histogram chart: from what every student pays (whole dollars below it) up to the
        // 99.5th percentile, in equal bins.
        let shown_low = fixed.max(0.0).floor();
        let shown_top = self.cost(self.uniform_at(total, 99.5)).max(shown_low + 1.0);
        let step = (shown_top - shown_low) / SHOWN_BINS as f64;
        let mut histogram = vec![0.0; SHOWN_BINS];
        for (&count, cost) in self.counts.iter().zip(&bin_cost) {
            let shown = (((cost - shown_low) / step).max(0.0) as usize).min(SHOWN_BINS - 1);
            histogram[shown] += count as f64 / total as f64;
        }
        let max_usd = self.cost(at(0.5));
        SpreadResult {
            runs,
            mean_usd: mean,
            p50_usd: self.cost(self.uniform_at(total, 50.0)),
            p90_usd: self.cost(self.uniform_at(total, 90.0)),
            p99_usd: self.cost(self.uniform_at(total, 99.0)),
            max_usd,
            max_p90_usd: self.cost(at(0.9)),
            max_labs_usd: max_usd - self.inputs.project_share_usd,
            over_credit: self.over as f64 / runs as f64,
            histogram: histogram
                .into_iter()
                .enumerate()
                .map(|(i, s)| {
                    let low = shown_low + step * i as f64;
                    (low, low + step, s)
                })
                .collect(),
        }
    }
}

/// The standard normal distribution function, to the precision of [`normal_quantile`]
/// (bisection on the quantile; used once per simulation).
pub fn normal_cdf(z: f64) -> f64 {
    let (mut low, mut high) = (0.0_f64, 1.0_f64);
    for _ in 0..64 {
        let mid = (low + high) / 2.0;
        if normal_quantile(mid) < z {
            low = mid;
        } else {
            high = mid;
        }
    }
    (low + high) / 2.0
}

/// Runs the whole simulation at once.
pub fn simulate(inputs: SpreadInputs) -> SpreadResult {
    let mut simulation = Simulation::new(inputs);
    simulation.advance(usize::MAX);
    simulation.result()
}

/// Quantile of the standard normal distribution (Acklam's rational approximation, relative
/// error below 1.2e-9).
pub fn normal_quantile(p: f64) -> f64 {
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] = [
        7.784_695_709_041_462e-3,
        3.224_671_290_700_398e-1,
        2.445_134_137_142_996,
        3.754_408_661_907_416,
    ];
    let p = p.clamp(1e-12, 1.0 - 1e-12);
    let tail = |q: f64| {
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    if p < 0.02425 {
        tail((-2.0 * p.ln()).sqrt())
    } else if p > 1.0 - 0.02425 {
        -tail((-2.0 * (1.0 - p).ln()).sqrt())
    } else {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    }
}
