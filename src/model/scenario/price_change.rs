//! Prices that move: a change per class of resource applied to the provider's list prices
//! ("next spring GPU prices rise 10%"), so a what-if needs no edit of the hardware.

use serde::{Deserialize, Serialize};

use crate::model::catalog::resource::Category;
use crate::model::format;

/// How much the provider's prices move, per class of resource (percent: +10 is 10% dearer,
/// -20 a fifth cheaper). Applied to the catalog's on-demand and spot prices alike, never to
/// the user's own offers (their price is what was negotiated).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PriceChange {
    /// Change of GPU instances' prices (percent).
    #[serde(default)]
    pub gpu_pct: f64,
    /// Change of CPU instances' prices: VMs, CPU bare metal and edge devices (percent).
    #[serde(default)]
    pub cpu_pct: f64,
    /// Change of block and object storage prices (percent).
    #[serde(default)]
    pub storage_pct: f64,
    /// Change of network prices: floating IPs (percent).
    #[serde(default)]
    pub network_pct: f64,
}

impl PriceChange {
    /// The change for `category` (percent).
    pub fn pct(&self, category: Category) -> f64 {
        match category {
            Category::Gpu => self.gpu_pct,
            Category::CpuCompute => self.cpu_pct,
            Category::Storage => self.storage_pct,
            Category::Network => self.network_pct,
        }
    }

    /// What a list price of `category` is multiplied by (1.1 for +10%).
    pub fn factor(&self, category: Category) -> f64 {
        1.0 + self.pct(category) / 100.0
    }

    /// Whether every price stays as listed.
    pub fn is_none(&self) -> bool {
        Category::ALL.iter().all(|c| self.pct(*c) == 0.0)
    }

    /// The changes in words, "GPU +10%, Storage -5%"; `None` when every price stays as listed.
    pub fn words(&self) -> Option<String> {
        let moved: Vec<String> = Category::ALL
            .iter()
            .filter(|c| self.pct(**c) != 0.0)
            .map(|c| {
                let pct = self.pct(*c);
                let sign = if pct > 0.0 { "+" } else { "" };
                format!("{} {sign}{}%", c.label(), format::quantity(pct))
            })
            .collect();
        (!moved.is_empty()).then(|| moved.join(", "))
    }
}
