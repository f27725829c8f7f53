//! Service units: each course resource's charge on the testbeds and the SUs of priced lines.
//!
//! Chameleon charges an instance-hour at its class's rate (the current table, or the range of the
//! rules before July 2025); Jetstream2 at its stand-in flavor's vCPUs x SU per vCPU-hour, times
//! the flavors that stand in for one resource. A resource without a published rate is not
//! counted (the mapping says why).

use std::ops::{Add, AddAssign};

use serde::Serialize;

use crate::model::engine::estimate::Estimate;
use crate::model::engine::line::CostLine;
use crate::model::testbed::data::Testbeds;

/// A resource's charges on the testbeds (SU per hour of one instance); `None` where not counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct ResourceRates {
    /// Chameleon, current table.
    pub chameleon: Option<f64>,
    /// Chameleon under the rules before July 2025: (lowest, highest).
    pub chameleon_before: Option<(f64, f64)>,
    /// Jetstream2: the stand-in flavors' SU per hour together.
    pub jetstream: Option<f64>,
}

/// The charges of resource `id` on the testbeds.
pub fn rates_of(testbeds: &Testbeds, id: &str) -> ResourceRates {
    let Some(mapping) = testbeds.mapping(id) else {
        return ResourceRates::default();
    };
    let class = testbeds.class(mapping.chameleon);
    let flavor = testbeds.flavor(mapping.jetstream);
    ResourceRates {
        chameleon: class.map(|c| c.su_per_hour),
        chameleon_before: class.map(|c| (c.before_low, c.before_high)),
        jetstream: flavor.map(|f| f.su_per_hour() * mapping.jetstream_count),
    }
}

/// Service units on each charge basis.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Su {
    /// Chameleon at the current rates (SU).
    pub chameleon: f64,
    /// Chameleon under the rules before July 2025, at their lowest (SU).
    pub before_low: f64,
    /// Chameleon under the rules before July 2025, at their highest (SU).
    pub before_high: f64,
    /// Jetstream2 (SU, = ACCESS credits).
    pub jetstream: f64,
}

impl Su {
    /// `hours` instance-hours at `rates` (a rate not published counts nothing).
    pub fn of(rates: &ResourceRates, hours: f64) -> Su {
        let (low, high) = rates.chameleon_before.unwrap_or((0.0, 0.0));
        Su {
            chameleon: rates.chameleon.unwrap_or(0.0) * hours,
            before_low: low * hours,
            before_high: high * hours,
            jetstream: rates.jetstream.unwrap_or(0.0) * hours,
        }
    }

    /// Each figure divided by `by` (0 when `by` is not positive).
    pub fn per(self, by: f64) -> Su {
        let per = |x: f64| if by > 0.0 { x / by } else { 0.0 };
        Su {
            chameleon: per(self.chameleon),
            before_low: per(self.before_low),
            before_high: per(self.before_high),
            jetstream: per(self.jetstream),
        }
    }
}

impl Add for Su {
    type Output = Su;
    fn add(self, other: Su) -> Su {
        Su {
            chameleon: self.chameleon + other.chameleon,
            before_low: self.before_low + other.before_low,
            before_high: self.before_high + other.before_high,
            jetstream: self.jetstream + other.jetstream,
        }
    }
}

impl AddAssign for Su {
    fn add_assign(&mut self, other: Su) {
        *self = *self + other;
    }
}

/// A priced line's SUs at its planned and at its actual hours.
pub fn line_su(testbeds: &Testbeds, line: &CostLine) -> (Su, Su) {
    let rates = rates_of(testbeds, &line.resource);
    (
        Su::of(&rates, line.planned_total_hours),
        Su::of(&rates, line.actual_hours),
    )
}

/// Chameleon SUs of `estimate` at its actual hours and today's rates (SU): the figure the quota
/// request and the headline give.
pub fn chameleon_su(estimate: &Estimate) -> f64 {
    let testbeds = Testbeds::builtin();
    estimate
        .lines
        .iter()
        .map(|line| line_su(testbeds, line).1.chameleon)
        .sum()
}
