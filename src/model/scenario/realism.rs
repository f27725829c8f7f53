//! Usage realism: how far actual use runs past the plan, the paper's central lesson.

use serde::{Deserialize, Serialize};

use crate::model::catalog::resource::ResourceKind;

/// Actual / planned hours, per kind of resource (a factor; 1 = used exactly as planned).
///
/// Floating IPs have no factor of their own: an address lives as long as the instance it is
/// attached to, so its hours follow that instance's factor.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct OverrunFactors {
    /// KVM VMs, which run until someone deletes them (factor).
    pub vm: f64,
    /// Bare-metal nodes under leases that end by themselves (factor).
    pub bare_metal: f64,
    /// Edge devices under leases (factor).
    pub edge: f64,
    /// Block volumes and object containers (factor).
    pub storage: f64,
}

impl OverrunFactors {
    /// Every factor 1: use exactly as planned.
    pub const AS_PLANNED: OverrunFactors = OverrunFactors {
        vm: 1.0,
        bare_metal: 1.0,
        edge: 1.0,
        storage: 1.0,
    };

    /// The factor for resources of `kind` (network follows its instance, so it is 1 here).
    pub fn for_kind(&self, kind: ResourceKind) -> f64 {
        match kind {
            ResourceKind::Vm => self.vm,
            ResourceKind::BareMetal => self.bare_metal,
            ResourceKind::Edge => self.edge,
            ResourceKind::Storage => self.storage,
            ResourceKind::Network => 1.0,
        }
    }
}

/// Overrun factors for the two phases of a course, which behave differently.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Realism {
    /// During lab assignments.
    pub labs: OverrunFactors,
    /// During the group project.
    pub project: OverrunFactors,
}

impl Default for Realism {
    fn default() -> Self {
        Realism {
            labs: OverrunFactors::AS_PLANNED,
            project: OverrunFactors::AS_PLANNED,
        }
    }
}

/// How far one resource's actual hours run from its kind's: a multiplier on the kind's overrun
/// factor in both phases (a bill says how many hours a resource ran, not in which phase, so the
/// phases keep their proportion). A calibration from a bill sets these so that each resource's
/// hours follow the bill.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ResourceFactor {
    /// Chameleon resource id.
    pub resource: String,
    /// Multiplier on its kind's overrun factors (factor; 1 = as its kind, 0 = not used).
    pub factor: f64,
}

/// Where the numbers a calibration from a bill set come from, kept with the scenario (in its
/// undo steps, drafts and links) so each field says so while it keeps the value set. The bill
/// itself is never kept.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BillNote {
    /// In words: "calibrated: from a FOCUS bill (AWS, 2025-01-21 to 2025-05-02)".
    pub text: String,
    /// Each number it set: the field's path (`resource_factors[0].factor`) and the value set.
    pub fields: Vec<(String, f64)>,
}

impl BillNote {
    /// The note's words for the field at `path` while it holds `value`, the value the bill set.
    pub fn text_for(&self, path: &str, value: f64) -> Option<&str> {
        self.fields
            .iter()
            .any(|(p, v)| p == path && v.to_bits() == value.to_bits())
            .then_some(self.text.as_str())
    }
}
