//! The value each uncertain input stands for in a scenario, for the tornado's labels: the
//! setting's own value, the planned lab hours, the first options' share, the assumed node counts,
//! the share of the pool's weights kept, the GPU hours' reading, the reserved windows' length.

use crate::model::catalog::Catalog;
use crate::model::planners::held::mean_window_days;
use crate::model::planners::uncertain::{scaled, Knob, UncertainInput};
use crate::model::scenario::setting::Setting;
use crate::model::scenario::Scenario;

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
    assumed: &[usize],
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
        Knob::AssumedNodeCounts => {
            let counts: Vec<f64> = assumed
                .iter()
                .filter_map(|&i| scenario.capacity.get(i).map(|c| c.units))
                .collect();
            let mean = counts.iter().sum::<f64>() / (counts.len().max(1) as f64);
            (mean, "nodes of each such type")
        }
        Knob::PoolWeighting => (100.0, POOL_WEIGHTS_UNIT),
        Knob::GpuHourReading => (100.0, READING_UNIT),
        Knob::Windows => (
            mean_window_days(scenario),
            "days, the reserved windows' mean",
        ),
    }
}

/// Unit of the pool weighting's value.
const POOL_WEIGHTS_UNIT: &str = "% of the pool's weights kept (0 = even by type)";

/// Unit of the GPU hours' reading.
const READING_UNIT: &str = "% of the reported GPU hours read as node-hours (0 = device-hours)";

/// The value `input` stands for at `factor` of its range in `scenario` (the scaled scenario's
/// value; the pool weighting's is the share of the weights kept).
pub fn value_at(
    scenario: &Scenario,
    catalog: &Catalog,
    assumed: &[usize],
    input: &UncertainInput,
    factor: f64,
) -> f64 {
    match input.knob {
        Knob::PoolWeighting | Knob::GpuHourReading => factor * 100.0,
        _ => {
            value(
                &scaled(scenario, assumed, input, factor),
                catalog,
                assumed,
                input,
            )
            .0
        }
    }
}

fn setting_unit(setting: Setting) -> &'static str {
    match setting {
        Setting::GroupSize => "students",
        _ => "factor (actual / planned)",
    }
}
