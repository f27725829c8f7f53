//! Uncertainty: how far the course's net cost moves when each usage input moves within its range
//! (a tornado chart); the spread of the total when all move at once is in
//! [`interval`](super::interval), which draws from these ranges.
//!
//! Every input has a low / typical / high range as relative factors of its value in the scenario
//! (typical = 1), in [`INPUTS`], each with its provenance: sourced (a citation), calibrated (from
//! which reported figure) or assumed (why). Scaled values are clamped to the bounds validation
//! accepts, so every variant prices.

use serde::Serialize;

use crate::model::catalog::resource::ResourceKind;
use crate::model::catalog::Catalog;
use crate::model::engine::estimate::evaluate;
use crate::model::scenario::setting::Setting;
use crate::model::scenario::valid::ValidScenario;
use crate::model::scenario::validate::{limits, FieldError};
use crate::model::scenario::Scenario;

/// Where a range comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "detail")]
pub enum Provenance {
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
    /// Planned hours of every lab use.
    LabHours,
    /// Share of students on the first option of every lab that has more than one, the other
    /// options keeping their proportions.
    FirstOptionShare,
    /// Planned hours per week of every project use on bare metal or edge devices (the booked
    /// blocks; at most 168). VMs planned for the whole project and storage are left alone.
    ProjectHoursPerWeek,
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
    pub provenance: Provenance,
}

const fn input(
    name: &'static str,
    knob: Knob,
    low: f64,
    high: f64,
    provenance: Provenance,
) -> UncertainInput {
    UncertainInput {
        name,
        knob,
        low,
        high,
        provenance,
    }
}

/// The ranges: every usage input of a scenario, as relative factors (typical = 1).
pub const INPUTS: [UncertainInput; 9] = [
    input(
        "How long lab VMs run past their plan (overrun)",
        Knob::Setting(Setting::LabsVm),
        0.5,
        1.5,
        Provenance::Calibrated(
            "12.97x, from 109,837 reported lab instance-hours (talk slides); one term's figure, \
             so another term is assumed to leave VMs half to 1.5 times as long",
        ),
    ),
    input(
        "Planned hours of each lab",
        Knob::LabHours,
        54.0 / 60.5,
        68.0 / 60.5,
        Provenance::Sourced(
            "the lab texts imply 54-68 planned instance-hours per student against the preset's \
             60.5 (the course's lab pages)",
        ),
    ),
    input(
        "How long lab bare-metal GPU nodes are held (overrun)",
        Knob::Setting(Setting::LabsBareMetal),
        0.8,
        1.5,
        Provenance::Assumed(
            "leases end by themselves (factor 1); students may release early or book the extra \
             night blocks the lab pages allow (the course's unit 4 lab page)",
        ),
    ),
    input(
        "Share of students on each lab's first option",
        Knob::FirstOptionShare,
        0.0,
        2.0,
        Provenance::Assumed(
            "the split between options is not public: from nobody to \
             twice the even split",
        ),
    ),
    input(
        "How long project GPU nodes run (overrun)",
        Knob::Setting(Setting::ProjectBareMetal),
        0.5,
        1.5,
        Provenance::Calibrated(
            "2.11x the template's blocks, from 5,466 reported project GPU hours (talk slides); \
             half to 1.5 times that for another term is assumed",
        ),
    ),
    input(
        "How long project VMs run (overrun)",
        Knob::Setting(Setting::ProjectVm),
        0.5,
        1.5,
        Provenance::Calibrated(
            "0.44x the template's whole-project VMs, from 76,855 - 5,466 reported project hours \
             (talk slides); half to 1.5 times that is assumed",
        ),
    ),
    input(
        "Students per project group",
        Knob::Setting(Setting::GroupSize),
        3.0 / 3.6,
        4.0 / 3.6,
        Provenance::Sourced("groups of 3 or 4 students (course site, project page; talk slides)"),
    ),
    input(
        "Project GPU-node hours per week",
        Knob::ProjectHoursPerWeek,
        0.5,
        1.5,
        Provenance::Sourced(
            "the template's \"4 hour block twice a week\"; blocks of \"up to 6 hours at a time\" \
             (course site, project page) give 1.5x; one block a week (0.5x) is assumed. It moves \
             the same hours as the project GPU overrun, from the plan's side",
        ),
    ),
    input(
        "How long project storage is kept (overrun)",
        Knob::Setting(Setting::ProjectStorage),
        0.5,
        1.0,
        Provenance::Assumed(
            "the reported 9 TB and 1.5 TB are kept for the whole project in the preset; how long \
             is not reported, so as little as half of it",
        ),
    ),
];

/// `scenario` with `input` scaled by `factor` (clamped to what validation accepts).
pub fn scaled(
    scenario: &Scenario,
    catalog: &Catalog,
    input: &UncertainInput,
    factor: f64,
) -> Scenario {
    let mut s = scenario.clone();
    scale(&mut s, catalog, input, factor);
    s
}

/// Scales `input` of `s` by `factor` in place (see [`scaled`]).
pub fn scale(s: &mut Scenario, catalog: &Catalog, input: &UncertainInput, factor: f64) {
    match input.knob {
        Knob::Setting(setting) => {
            let bound = setting.bound();
            let slot = setting.slot(s);
            *slot = (*slot * factor).min(bound.max);
        }
        Knob::LabHours => {
            let options = s.course.labs.iter_mut().flat_map(|l| l.options.iter_mut());
            for item in options.flat_map(|o| o.uses.iter_mut()) {
                item.hours = (item.hours * factor).min(limits::HOURS);
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
        Knob::ProjectHoursPerWeek => {
            for item in s.course.project.uses.iter_mut() {
                if is_block(catalog, item.members().iter().map(|(id, _)| *id)) {
                    let hours = item.hours_per_week * factor;
                    item.hours_per_week = hours.min(limits::HOURS_PER_WEEK);
                }
            }
        }
    }
}

/// Whether every one of `resources` is booked in blocks: bare metal or an edge device.
fn is_block<'a>(catalog: &Catalog, mut resources: impl Iterator<Item = &'a str>) -> bool {
    resources.all(|id| {
        catalog
            .resource(id)
            .is_some_and(|r| matches!(r.kind, ResourceKind::BareMetal | ResourceKind::Edge))
    })
}

/// Whether `resource` is an instance (VM, bare metal or edge device).
fn is_instance(catalog: &Catalog, resource: &str) -> bool {
    catalog
        .resource(resource)
        .is_some_and(|r| r.kind.is_instance())
}

/// The value an input stands for in `scenario`, and its unit.
pub fn value(
    scenario: &Scenario,
    catalog: &Catalog,
    input: &UncertainInput,
) -> (f64, &'static str) {
    let course = &scenario.course;
    match input.knob {
        Knob::Setting(setting) => (setting.get(scenario), setting_unit(setting)),
        Knob::LabHours => {
            let options = course.labs.iter().flat_map(|l| l.options.iter());
            let hours = options
                .flat_map(|o| o.uses.iter().map(move |u| (o.share_pct, u)))
                .filter(|(_, u)| is_instance(catalog, &u.resource))
                .map(|(share, u)| share / 100.0 * u.count * u.hours)
                .sum();
            (hours, "planned instance-hours per student")
        }
        Knob::FirstOptionShare => {
            let shares: Vec<f64> = course
                .labs
                .iter()
                .filter(|l| l.options.len() > 1)
                .filter_map(|l| l.options.first().map(|o| o.share_pct))
                .collect();
            let mean = shares.iter().sum::<f64>() / (shares.len().max(1) as f64);
            (mean, "percent of students, mean over labs with options")
        }
        Knob::ProjectHoursPerWeek => {
            let hours = course
                .project
                .uses
                .iter()
                .filter(|u| is_block(catalog, u.members().iter().map(|(id, _)| *id)))
                .map(|u| u.count * u.hours_per_week)
                .sum();
            (hours, "planned node-hours per group and week")
        }
    }
}

fn setting_unit(setting: Setting) -> &'static str {
    match setting {
        Setting::GroupSize => "students",
        _ => "factor (actual / planned)",
    }
}

/// One bar of the tornado.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TornadoRow {
    /// The input in plain words.
    pub name: &'static str,
    /// Unit of the values.
    pub unit: &'static str,
    /// Where the range comes from.
    pub provenance: Provenance,
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

/// The tornado: the net cost at each input's low and high end (others typical), largest swing
/// first. Fails only if a variant does not price, which clamping prevents for a valid scenario.
pub fn tornado(
    scenario: &ValidScenario,
    catalog: &Catalog,
) -> Result<Vec<TornadoRow>, Vec<FieldError>> {
    let base: &Scenario = scenario;
    let typical_total_usd = net(base, catalog)?;
    let mut rows = Vec::with_capacity(INPUTS.len());
    for input in &INPUTS {
        let low = scaled(base, catalog, input, input.low);
        let high = scaled(base, catalog, input, input.high);
        let (typical_value, unit) = value(base, catalog, input);
        rows.push(TornadoRow {
            name: input.name,
            unit,
            provenance: input.provenance,
            low_value: value(&low, catalog, input).0,
            typical_value,
            high_value: value(&high, catalog, input).0,
            low_total_usd: net(&low, catalog)?,
            typical_total_usd,
            high_total_usd: net(&high, catalog)?,
        });
    }
    rows.sort_by(|a, b| b.swing_usd().total_cmp(&a.swing_usd()));
    Ok(rows)
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
