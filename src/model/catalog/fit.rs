//! Whether an offer fits a resource: the one rule every list of offers, the stand-in rows, the
//! right-sizing lever and the savings use, so an offer that fits in one place fits in all.
//!
//! The rule, per instance of the resource (the offer counted `fraction` times):
//! - the same kind of thing: storage for storage, an address for an address, a machine with GPUs
//!   for one with GPUs, a machine without for one without;
//! - a machine with GPUs: at least as many GPUs, each with at least as much memory (a lab's
//!   model that fills a 40 GB A100 does not load on a 24 GB L4). Its host's vCPUs and memory are
//!   not compared: a GPU node is sized by its GPUs, and the hosts differ far more than the work
//!   needs (the composable A100 node's host has 256 threads, no cloud's one-A100 machine has);
//! - a machine without GPUs: at least as many vCPUs and as much memory.
//!
//! A figure the resource does not state (0) asks nothing.

use crate::model::catalog::offer::{Offer, PriceUnit};
use crate::model::catalog::resource::{Resource, ResourceKind};
use crate::model::format;

/// Room for rounding: a quarter of an 8-GPU machine is 2 GPUs, not 1.999....
const SLACK: f64 = 1e-9;

/// How many of `offer` one `resource` instance equals: GPUs needed over GPUs offered when both have
/// GPUs (4x A100 on an 8-GPU machine is 0.5), otherwise one.
pub fn default_fraction(resource: &Resource, offer: &Offer) -> f64 {
    if resource.specs.gpu_count > 0 && offer.specs.gpu_count > 0 {
        f64::from(resource.specs.gpu_count) / f64::from(offer.specs.gpu_count)
    } else {
        1.0
    }
}

/// What an offer (or a resource) is, for matching stand-ins: a GPU cannot stand in for storage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StandInClass {
    /// Storage priced per GB-month.
    Storage,
    /// A public IP address.
    Address,
    /// A machine without GPUs.
    Cpu,
    /// A machine with GPUs.
    Gpu,
}

impl StandInClass {
    /// The class of `offer`.
    pub fn of_offer(offer: &Offer) -> StandInClass {
        if offer.unit == PriceUnit::GbMonth {
            StandInClass::Storage
        } else if offer.specs.gpu_count > 0 {
            StandInClass::Gpu
        } else if offer.specs.vcpu == 0 && offer.specs.ram_gb == 0.0 {
            StandInClass::Address
        } else {
            StandInClass::Cpu
        }
    }

    /// What it is, in words: "a machine with GPUs".
    pub fn words(self) -> &'static str {
        match self {
            StandInClass::Storage => "storage",
            StandInClass::Address => "an IP address",
            StandInClass::Cpu => "a machine without GPUs",
            StandInClass::Gpu => "a machine with GPUs",
        }
    }

    /// The class of offers that stand in for `resource`.
    pub fn of_resource(resource: &Resource) -> StandInClass {
        match resource.kind {
            ResourceKind::Storage => StandInClass::Storage,
            ResourceKind::Network => StandInClass::Address,
            _ if resource.specs.gpu_count > 0 => StandInClass::Gpu,
            _ => StandInClass::Cpu,
        }
    }
}

/// One way an offer falls short of a resource, with what it has and what the resource needs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shortfall {
    /// Another kind of thing (a GPU machine for a VM, an address for a machine).
    Kind {
        /// What the resource is.
        needs: StandInClass,
        /// What the offer is.
        has: StandInClass,
    },
    /// Fewer GPUs per instance (count; the offer's times the fraction).
    GpuCount {
        /// GPUs the offer gives one instance.
        has: f64,
        /// GPUs the resource has.
        needs: f64,
    },
    /// Less memory per GPU (GB).
    GpuMemory {
        /// The offer's memory per GPU (GB).
        has: f64,
        /// The resource's memory per GPU (GB).
        needs: f64,
    },
    /// Fewer vCPUs per instance (count; the offer's times the fraction).
    Vcpu {
        /// vCPUs the offer gives one instance.
        has: f64,
        /// vCPUs the resource has.
        needs: f64,
    },
    /// Less memory per instance (GB; the offer's times the fraction).
    Memory {
        /// Memory the offer gives one instance (GB).
        has: f64,
        /// Memory the resource has (GB).
        needs: f64,
    },
}

impl Shortfall {
    /// In words: "24 GB per GPU, needs 40 GB".
    pub fn words(&self) -> String {
        let n = |x: f64| format::quantity(x);
        match *self {
            Shortfall::Kind { needs, has } => {
                format!(
                    "it is {}; the resource needs {}",
                    has.words(),
                    needs.words()
                )
            }
            Shortfall::GpuCount { has, needs } => format!("{} GPUs, needs {}", n(has), n(needs)),
            Shortfall::GpuMemory { has, needs } => {
                format!("{} GB per GPU, needs {} GB", n(has), n(needs))
            }
            Shortfall::Vcpu { has, needs } => format!("{} vCPUs, needs {}", n(has), n(needs)),
            Shortfall::Memory { has, needs } => {
                format!("{} GB of memory, needs {} GB", n(has), n(needs))
            }
        }
    }
}

/// How `offer` fits `resource`: every shortfall (none: it fits).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Fit {
    /// What the offer lacks, in the rule's order.
    pub shortfalls: Vec<Shortfall>,
}

impl Fit {
    /// Whether the offer fits: it lacks nothing.
    pub fn fits(&self) -> bool {
        self.shortfalls.is_empty()
    }

    /// What it lacks, in words ("24 GB per GPU, needs 40 GB"); empty when it fits.
    pub fn words(&self) -> String {
        let parts: Vec<String> = self.shortfalls.iter().map(Shortfall::words).collect();
        parts.join("; ")
    }
}

/// How `offer`, `fraction` of it per instance, fits `resource` (the rule in the module's doc).
pub fn fit_at(resource: &Resource, offer: &Offer, fraction: f64) -> Fit {
    let (needs, has) = (
        StandInClass::of_resource(resource),
        StandInClass::of_offer(offer),
    );
    if needs != has {
        return Fit {
            shortfalls: vec![Shortfall::Kind { needs, has }],
        };
    }
    let (r, o) = (&resource.specs, &offer.specs);
    let mut shortfalls = Vec::new();
    let mut short = |has: f64, needs: f64, make: fn(f64, f64) -> Shortfall| {
        if needs > 0.0 && has + SLACK < needs {
            shortfalls.push(make(has, needs));
        }
    };
    match needs {
        StandInClass::Gpu => {
            short(
                f64::from(o.gpu_count) * fraction,
                f64::from(r.gpu_count),
                |has, needs| Shortfall::GpuCount { has, needs },
            );
            short(o.gpu_mem_gb, r.gpu_mem_gb, |has, needs| {
                Shortfall::GpuMemory { has, needs }
            });
        }
        StandInClass::Cpu => {
            short(
                f64::from(o.vcpu) * fraction,
                f64::from(r.vcpu),
                |has, needs| Shortfall::Vcpu { has, needs },
            );
            short(o.ram_gb * fraction, r.ram_gb, |has, needs| {
                Shortfall::Memory { has, needs }
            });
        }
        StandInClass::Storage | StandInClass::Address => {}
    }
    Fit { shortfalls }
}

/// How `offer` fits `resource` at its default fraction (as many GPUs as the resource has): what
/// a list of offers shows.
pub fn fit(resource: &Resource, offer: &Offer) -> Fit {
    fit_at(resource, offer, default_fraction(resource, offer))
}

/// Whether `offer` fits `resource` at its default fraction.
pub fn fits(resource: &Resource, offer: &Offer) -> bool {
    fit(resource, offer).fits()
}
