//! What a machine has: CPUs, memory and GPUs, the same fields for a Chameleon resource, a
//! provider's offer and an offer the user enters.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

/// A machine's hardware; every figure 0 (or empty) where not published.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Hardware {
    /// Virtual or hardware CPU threads (count); 0 where not stated.
    #[serde(default)]
    pub vcpu: u32,
    /// Memory (GB); 0 where not stated.
    #[serde(default)]
    pub ram_gb: f64,
    /// GPU model, empty for none (the catalog's borrowed, a custom offer's owned).
    #[serde(default)]
    pub gpu_model: Cow<'static, str>,
    /// GPUs per instance (count).
    #[serde(default)]
    pub gpu_count: u32,
    /// Memory of each GPU (GB).
    #[serde(default)]
    pub gpu_mem_gb: f64,
}
