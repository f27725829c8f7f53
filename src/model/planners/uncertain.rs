//! The uncertain usage inputs behind the tornado and the band: each input's low / typical / high
//! range as relative factors of its value in the scenario (typical = 1), in [`INPUTS`], each with
//! the provenance of its range: sourced (a citation), calibrated (from which reported figure) or
//! assumed (why). A range around a calibrated value is itself assumed, and says so. One input per
//! independent assumption: knobs that move the same hours (the project GPU overrun and the
//! project GPU hours per week) are one. No figure of a preset is written here: each range is
//! relative to the scenario's own value. Scaled values are clamped to the bounds validation
//! accepts, so every variant prices. Also the tornado's row and the triangular draw.

use serde::Serialize;

use crate::model::catalog::Catalog;
use crate::model::engine::estimate::evaluate;
use crate::model::planners::held;
use crate::model::planners::pool::with_counts;
use crate::model::scenario::limits;
use crate::model::scenario::setting::Setting;
use crate::model::scenario::validate::FieldError;
use crate::model::scenario::Scenario;

/// Where a range comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "detail")]
pub enum RangeOrigin {
    /// From a published source (the citation).
    Sourced(&'static str),
    /// The typical value is calibrated (from this reported figure); the range is stated with it.
    Calibrated(&'static str),
    /// Assumed (why).
    Assumed(&'static str),
}

/// What an input changes in a scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Knob {
    /// One scalar setting (an overrun factor, the group size).
    Setting(Setting),
    /// Planned hours of every lab use, the lab VMs' actual hours held (their overrun divided by
    /// the same factor): the lab-VM overrun row moves those, so this one moves the leased hours.
    LabHours,
    /// Share of students on the first option of every lab that has more than one, the other
    /// options keeping their proportions.
    FirstOptionShare,
    /// The node counts of the reserved pool that are assumed (the course says "a variable
    /// number"), all scaled alike and rounded to whole nodes; the pool, if weighted by node
    /// count, is reweighted with them.
    AssumedNodeCounts,
    /// How the project's hours spread over a pool: the factor keeps that share of the
    /// scenario's own weights, the rest even by type (0 = even, 1 = as in the scenario).
    PoolWeighting,
    /// How the reported GPU hours read: 1 = node-hours (as set), 0 = GPU-device-hours
    /// ([`held::gpu_hour_reading`]).
    GpuHourReading,
    /// The reserved windows stated as a lower bound: 1 = as stated, 2 = the pool's longest
    /// ([`held::windows`]).
    Windows,
}

/// One uncertain usage input and its range.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UncertainInput {
    /// The input in plain words.
    pub name: &'static str,
    /// What it changes.
    pub knob: Knob,
    /// Low end (factor of the scenario's value).
    pub low: f64,
    /// High end (factor of the scenario's value).
    pub high: f64,
    /// Where the range comes from.
    pub provenance: RangeOrigin,
}

const fn input(
    name: &'static str,
    knob: Knob,
    low: f64,
    high: f64,
    provenance: RangeOrigin,
) -> UncertainInput {
    UncertainInput {
        name,
        knob,
        low,
        high,
        provenance,
    }
}

/// The fewest planned instance-hours per student the lab texts imply (the course's lab pages):
/// 38-50 VM-hours (lab 1 at 2.5-3.5 h: 60-90 plus 90-120 minutes), 15-16 bare-metal node-hours
/// and 2 edge hours.
const LAB_TEXT_LOW_HOURS: f64 = 55.0;
/// The most planned instance-hours per student the lab texts imply (the course's lab pages).
const LAB_TEXT_HIGH_HOURS: f64 = 68.0;
/// The middle of the lab texts' range (hours): 61.5 h. No preset's own plan is written here; the
/// range is applied, as factors of its middle, to the scenario's own plan.
const LAB_TEXT_MID_HOURS: f64 = (LAB_TEXT_LOW_HOURS + LAB_TEXT_HIGH_HOURS) / 2.0;
/// The lab texts' low end as a factor of their middle (55 / 61.5).
const LAB_PLAN_LOW: f64 = LAB_TEXT_LOW_HOURS / LAB_TEXT_MID_HOURS;
/// The lab texts' high end as a factor of their middle (68 / 61.5).
const LAB_PLAN_HIGH: f64 = LAB_TEXT_HIGH_HOURS / LAB_TEXT_MID_HOURS;

/// The range of a usage setting of the settings table, or `None` for a setting that is not a
/// usage assumption (the enrollment, prices, planners' inputs). The match names every setting, so
/// a new one does not compile until it is placed here; a setting with a range is a row of the
/// tornado ([`INPUTS`]; `tests/settings_lists.rs` checks that each is there).
pub const fn usage_range(setting: Setting) -> Option<UncertainInput> {
    let (name, low, high, provenance) = match setting {
        Setting::LabsVm => (
            "How long lab VMs run past their plan (overrun)",
            0.5,
            1.5,
            RangeOrigin::Assumed(
                "the factor is calibrated to the 109,837 lab instance-hours of Spring 2025 (talk \
                 slides); that another term leaves VMs half to 1.5 times as long is assumed",
            ),
        ),
        Setting::LabsBareMetal => (
            "How long lab bare-metal GPU nodes are held (overrun; the 109,837 lab hours held)",
            0.8,
            1.5,
            RangeOrigin::Assumed(
                "leases end by themselves (factor 1); students may release early or book the extra \
                 night blocks the lab pages allow (the course's unit 4 lab page). The 109,837 lab \
                 instance-hours reported (talk slides) are held: the row moves hours between the \
                 labs' GPU nodes and their VMs",
            ),
        ),
        Setting::ProjectBareMetal => (
            "Project GPU node-hours (held longer, or more blocks a week: the same hours)",
            0.5,
            1.5,
            RangeOrigin::Assumed(
                "calibrated to the 5,466 project GPU hours of Spring 2025 (talk slides); another term \
                 using half to 1.5 times as many is assumed (1.5x is what blocks of \"up to 6 hours at \
                 a time\", the course's project page, give instead of the template's 4). Booking more \
                 hours a week and holding nodes longer move the same hours: one row",
            ),
        ),
        Setting::ProjectVm => (
            "How long project VMs run (overrun)",
            0.5,
            1.5,
            RangeOrigin::Assumed(
                "calibrated to the 76,855 - 5,466 project instance-hours of Spring 2025 (talk \
                 slides); half to 1.5 times that for another term is assumed",
            ),
        ),
        Setting::GroupSize => (
            "Students per project group (the reported project hours held)",
            3.0 / 3.6,
            4.0 / 3.6,
            RangeOrigin::Assumed(
                "groups of 3 or 4 students is sourced (course site, project page; talk slides); \
                 the 76,855 project instance-hours and 5,466 GPU hours reported (talk slides) are \
                 held, so more or fewer groups share the same hours: the row moves how many groups \
                 there are, and nothing of the cost (the project's hours are other rows)",
            ),
        ),
        Setting::ProjectStorage => (
            "How long project storage is kept (overrun)",
            0.5,
            1.0,
            RangeOrigin::Assumed(
                "the reported 9 TB and 1.5 TB are kept for the whole project in the preset; how long \
                 is not reported, so as little as half of it",
            ),
        ),
        // Not usage assumptions: what the instructor decides, the prices and the planners' own
        // inputs; the edge devices' and storage's lab overruns and the project's edge devices
        // are leased or kept as planned (factor 1, assumed) and move too little to rank.
        Setting::Students
        | Setting::ProjectWeeks
        | Setting::ProjectStartWeek
        | Setting::TermWeeks
        | Setting::LabsEdge
        | Setting::LabsStorage
        | Setting::ProjectEdge
        | Setting::RerunOverheadPct
        | Setting::DiscountPct
        | Setting::OverheadPct
        | Setting::CreditPerStudent
        | Setting::GpuPriceChange
        | Setting::CpuPriceChange
        | Setting::StoragePriceChange
        | Setting::NetworkPriceChange
        | Setting::UsdToCurrency
        | Setting::SpreadSigma
        | Setting::CreditThreshold
        | Setting::Budget
        | Setting::BudgetReserve
        | Setting::Percentile
        | Setting::DeadlineCrunch
        | Setting::Concurrency
        | Setting::ChameleonAllocation
        | Setting::TermStartDay => return None,
    };
    Some(input(name, Knob::Setting(setting), low, high, provenance))
}

/// The tornado's row of a usage setting: its [`usage_range`] (a setting without one fails to
/// compile here).
const fn setting_input(setting: Setting) -> UncertainInput {
    match usage_range(setting) {
        Some(input) => input,
        None => panic!("a setting without a usage range"),
    }
}

/// The ranges: every independent usage assumption of a scenario, as relative factors (typical
/// = 1): the usage settings of the settings table ([`usage_range`]) and the knobs that are not
/// one number. Node counts come before the pool weighting, so a draw that moves both reweights
/// by count first and then mixes toward even weights.
pub const INPUTS: [UncertainInput; 12] = [
    setting_input(Setting::LabsVm),
    input(
        "Planned hours of each lab (the VMs' actual hours held)",
        Knob::LabHours,
        LAB_PLAN_LOW,
        LAB_PLAN_HIGH,
        RangeOrigin::Assumed(
            "derived from the lab texts (the course's lab pages): 55-68 planned instance-hours \
             per student, where labs 7 and 8 state no duration and 2-4 hours a part is assumed; \
             61.5 h -11% / +11%, applied to this scenario's plan. The lab VMs' actual hours stay \
             as they are (a longer plan calibrated to the same reported hours is a smaller \
             overrun; the lab-VM overrun row moves them), so this row moves the hours of the \
             leased nodes and devices",
        ),
    ),
    setting_input(Setting::LabsBareMetal),
    input(
        "Share of students on each lab's first option",
        Knob::FirstOptionShare,
        0.0,
        2.0,
        RangeOrigin::Assumed(
            "the split between options is not public: from nobody to \
             twice the even split",
        ),
    ),
    setting_input(Setting::ProjectBareMetal),
    setting_input(Setting::ProjectVm),
    setting_input(Setting::GroupSize),
    setting_input(Setting::ProjectStorage),
    input(
        "Nodes of each pool type the course gives as \"a variable number\"",
        Knob::AssumedNodeCounts,
        0.5,
        2.0,
        RangeOrigin::Assumed(
            "the course's project page reserves a variable number of RTX 6000 and gigaio A100 \
             80GB nodes: half to twice the assumed count (2-8 for 4), from the fewest that supply \
             the pool's hours in its window to the size of the gigaio composable pool (8 nodes, \
             Chameleon's composable hardware documentation)",
        ),
    ),
    input(
        "How the project's GPU hours spread over the pool (as set, or evenly by node type)",
        Knob::PoolWeighting,
        0.0,
        1.0,
        RangeOrigin::Assumed(
            "which groups used which nodes is not public (the course's project page lists the \
             pool): weighting by node count assumes every node was as busy, even weights that \
             every type was",
        ),
    ),
    input(
        "What the reported GPU hours count (node-hours as set, or GPU-device-hours)",
        Knob::GpuHourReading,
        0.0,
        1.0,
        RangeOrigin::Assumed(
            "the talk slides report 5,466 \"GPU hours\" without saying whether a node with four \
             GPUs counts one hour or four: read as node-hours (as set) or as device-hours, the \
             same figure over the pool's mean GPUs per node",
        ),
    ),
    input(
        "How long the reserved nodes were held (the stated windows are a lower bound)",
        Knob::Windows,
        1.0,
        2.0,
        RangeOrigin::Assumed(
            "the course's project page reserves the pool \"starting 4/12 through at least 5/1 \
             (some extending a bit beyond this)\": 19 days counting from 4/12 to 5/1 (20 counting \
             both days) is a lower bound; how far beyond is not stated, so up to the pool's longest \
             stated window (its 4x A100 node through 5/6, 24 days) is assumed. Moves only how many \
             node-hours the pool supplies",
        ),
    ),
];

/// `scenario` with `input` scaled by `factor` (clamped to what validation accepts).
pub fn scaled(
    scenario: &Scenario,
    assumed: &[usize],
    input: &UncertainInput,
    factor: f64,
) -> Scenario {
    let mut s = scenario.clone();
    scale(&mut s, assumed, input, factor);
    s
}

/// Scales `input` of `s` by `factor` in place (see [`scaled`]); `assumed` are the indices of the
/// capacities whose node count is assumed.
pub fn scale(s: &mut Scenario, assumed: &[usize], input: &UncertainInput, factor: f64) {
    match input.knob {
        Knob::Setting(Setting::GroupSize) => held::group_size(s, factor),
        Knob::Setting(Setting::LabsBareMetal) => {
            if let Ok(catalog) = Catalog::builtin() {
                held::lab_bare_metal(s, catalog, factor);
            }
        }
        Knob::Setting(setting) => {
            let bound = setting.bound();
            let slot = setting.slot(s);
            *slot = (*slot * factor).min(bound.max);
        }
        Knob::GpuHourReading => {
            if let Ok(catalog) = Catalog::builtin() {
                held::gpu_hour_reading(s, catalog, factor);
            }
        }
        Knob::Windows => held::windows(s, factor),
        Knob::LabHours => {
            let options = s.course.labs.iter_mut().flat_map(|l| l.options.iter_mut());
            for item in options.flat_map(|o| o.uses.iter_mut()) {
                item.hours = (item.hours * factor).min(limits::HOURS);
            }
            // The VMs' actual hours held: planned x factor, overrun / factor.
            if factor > 0.0 {
                let most = Setting::LabsVm.bound().max;
                let vm = Setting::LabsVm.slot(s);
                *vm = (*vm / factor).min(most);
            }
        }
        Knob::FirstOptionShare => {
            for lab in s.course.labs.iter_mut().filter(|l| l.options.len() > 1) {
                let Some(first) = lab.options.first().map(|o| o.share_pct) else {
                    continue;
                };
                let rest = 100.0 - first;
                if rest <= 0.0 {
                    continue;
                }
                let new_first = (first * factor).clamp(0.0, 100.0);
                let scale = (100.0 - new_first) / rest;
                for (index, option) in lab.options.iter_mut().enumerate() {
                    option.share_pct = if index == 0 {
                        new_first
                    } else {
                        option.share_pct * scale
                    };
                }
            }
        }
        Knob::AssumedNodeCounts => {
            let Some(units) = assumed
                .first()
                .and_then(|&i| s.capacity.get(i))
                .map(|c| c.units)
            else {
                return;
            };
            *s = with_counts(s, assumed, (units * factor).round().max(1.0));
        }
        Knob::PoolWeighting => {
            let keep = factor.clamp(0.0, 1.0);
            for item in &mut s.course.project.uses {
                let even = 100.0 / item.pool.len().max(1) as f64;
                for member in &mut item.pool {
                    member.share_pct = keep * member.share_pct + (1.0 - keep) * even;
                }
            }
        }
    }
}

/// Whether `input` can move the total of `scenario` (a tornado row): the node counts only where
/// some are assumed, the pool weighting and the GPU hours' reading only where a pool has two or
/// more types; the reserved windows never (they move what the pool supplies, in the band).
pub fn applies(scenario: &Scenario, assumed: &[usize], input: &UncertainInput) -> bool {
    match input.knob {
        Knob::AssumedNodeCounts => !assumed.is_empty(),
        Knob::PoolWeighting | Knob::GpuHourReading => scenario
            .course
            .project
            .uses
            .iter()
            .any(|u| u.pool.len() > 1),
        // The windows move no cost, only the node-hours the pool supplies: a band input
        // (interval.rs draws every input), not a tornado row.
        Knob::Windows => false,
        _ => true,
    }
}

/// One bar of the tornado.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TornadoRow {
    /// The input in plain words.
    pub name: String,
    /// Unit of the values (owned once it has crossed from the worker).
    pub unit: std::borrow::Cow<'static, str>,
    /// Where the range comes from.
    pub provenance: RangeOrigin,
    /// The input's value at its low end (in `unit`).
    pub low_value: f64,
    /// Its value in the scenario (in `unit`).
    pub typical_value: f64,
    /// Its value at its high end (in `unit`).
    pub high_value: f64,
    /// Net cost with the input at its low end, others typical (US dollars).
    pub low_total_usd: f64,
    /// Net cost with every input typical (US dollars).
    pub typical_total_usd: f64,
    /// Net cost with the input at its high end, others typical (US dollars).
    pub high_total_usd: f64,
    /// For a stand-in row whose mapping prices a fraction of an instance: the net cost if only
    /// whole instances can be rented (US dollars), shown apart from the drawn range; `None`
    /// for every other row.
    pub whole_instance_total_usd: Option<f64>,
    /// More about this row's ends: what was pulled in to fit the reserved nodes, or which offers
    /// stand in at each end; empty for none.
    pub detail: String,
}

impl TornadoRow {
    /// Distance between the two totals (US dollars).
    pub fn swing_usd(&self) -> f64 {
        (self.high_total_usd - self.low_total_usd).abs()
    }
}

/// Net cost (US dollars) of `scenario`.
pub(crate) fn net(scenario: &Scenario, catalog: &Catalog) -> Result<f64, Vec<FieldError>> {
    evaluate(scenario, catalog).map(|e| e.totals.net_usd)
}

/// A draw from the triangular distribution on [low, high] with mode 1 (inverse transform of a
/// uniform `u`); bounded by construction.
pub fn triangular(low: f64, high: f64, u: f64) -> f64 {
    let (low, high) = (low.min(1.0), high.max(1.0));
    let span = high - low;
    if span <= 0.0 {
        return 1.0;
    }
    let cut = (1.0 - low) / span;
    if u < cut {
        low + (u * span * (1.0 - low)).sqrt()
    } else {
        high - ((1.0 - u) * span * (high - 1.0)).sqrt()
    }
}
