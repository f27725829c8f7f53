//! The Chameleon side: what a course reserves and how much of it there is.

use serde::{Deserialize, Serialize};

use crate::model::catalog::hardware::Hardware;

/// The resource a new lab or project use starts with: a small general-purpose VM.
pub const NEW_USE_RESOURCE: &str = "m1.medium";

/// How a resource is provisioned, which decides how its use overruns the plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResourceKind {
    /// A KVM virtual machine: no lease end, so it runs until someone deletes it.
    Vm,
    /// A whole bare-metal node under an advance lease that ends by itself.
    BareMetal,
    /// An edge device (CHI@Edge) under a lease.
    Edge,
    /// A block volume or object container, used in GB.
    Storage,
    /// A public address attached to an instance.
    Network,
}

impl ResourceKind {
    /// Every kind, in display order.
    pub const ALL: [ResourceKind; 5] = [
        ResourceKind::Vm,
        ResourceKind::BareMetal,
        ResourceKind::Edge,
        ResourceKind::Storage,
        ResourceKind::Network,
    ];

    /// True for kinds whose hours count as instance-hours (the paper's unit).
    pub fn is_instance(self) -> bool {
        matches!(
            self,
            ResourceKind::Vm | ResourceKind::BareMetal | ResourceKind::Edge
        )
    }

    /// True for kinds held under a lease that ends by itself (bare metal, edge devices): their
    /// hours cannot run past the booked block, unlike a VM's or a volume's.
    pub fn has_lease_end(self) -> bool {
        matches!(self, ResourceKind::BareMetal | ResourceKind::Edge)
    }

    /// A short human name.
    pub fn label(self) -> &'static str {
        match self {
            ResourceKind::Vm => "VMs",
            ResourceKind::BareMetal => "Bare metal",
            ResourceKind::Edge => "Edge devices",
            ResourceKind::Storage => "Storage",
            ResourceKind::Network => "Floating IPs",
        }
    }
}

/// The cost categories of every breakdown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// CPU instances: VMs, CPU bare metal and edge devices.
    CpuCompute,
    /// Instances with at least one GPU.
    Gpu,
    /// Block and object storage.
    Storage,
    /// Floating IPs.
    Network,
}

impl Category {
    /// Every category, in the order charts stack them.
    pub const ALL: [Category; 4] = [
        Category::CpuCompute,
        Category::Gpu,
        Category::Storage,
        Category::Network,
    ];

    /// A short human name.
    pub fn label(self) -> &'static str {
        match self {
            Category::CpuCompute => "CPU compute",
            Category::Gpu => "GPU",
            Category::Storage => "Storage",
            Category::Network => "Network",
        }
    }

    /// Position in [`Category::ALL`], for per-category arrays.
    pub fn index(self) -> usize {
        match self {
            Category::CpuCompute => 0,
            Category::Gpu => 1,
            Category::Storage => 2,
            Category::Network => 3,
        }
    }
}

/// A Chameleon resource type (a VM flavor, a bare-metal node type, storage or an address).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Resource {
    /// Chameleon's name for it, e.g. `m1.medium` or `gpu_a100_pcie`.
    pub id: &'static str,
    /// The instructor's name for it, hardware in brief ("Small VM (1 vCPU, 2 GB)"); the id is
    /// shown beside it (see [`Resource::display_name`]).
    pub label: &'static str,
    /// How it is provisioned.
    pub kind: ResourceKind,
    /// The Chameleon site that offers it.
    pub site: &'static str,
    /// Its hardware (flattened: the fields stand beside the others in the data files).
    #[serde(flatten)]
    pub specs: Hardware,
    /// Where the figures above come from.
    pub source: &'static str,
}

impl Resource {
    /// The instructor's name first, the testbed's beside it: "Small VM (1 vCPU, 2 GB) · m1.small".
    pub fn display_name(&self) -> String {
        format!("{} \u{b7} {}", self.label, self.id)
    }

    /// The cost category this resource's lines fall in.
    pub fn category(&self) -> Category {
        match self.kind {
            ResourceKind::Storage => Category::Storage,
            ResourceKind::Network => Category::Network,
            _ if self.specs.gpu_count > 0 => Category::Gpu,
            _ => Category::CpuCompute,
        }
    }

    /// The unit one of this resource is counted in ("instance", "GB" or "address").
    pub fn count_unit(&self) -> &'static str {
        match self.kind {
            ResourceKind::Storage => "GB",
            ResourceKind::Network => "address",
            _ => "instance",
        }
    }
}
