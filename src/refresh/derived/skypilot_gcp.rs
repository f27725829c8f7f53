//! SkyPilot's Google Cloud catalog (`catalogs/v7/gcp/vms.csv`) prices a machine and its GPUs in
//! separate rows, as Compute Engine bills them: a machine row (`InstanceType`, no accelerator)
//! is the host's vCPUs and memory alone, even for a type that comes with GPUs (a2, a3, g2), and an
//! accelerator row (no `InstanceType`; `AcceleratorName`, `AcceleratorCount`) is that many GPUs
//! attached. A watched SKU is priced as its machine row plus, when its shape has GPUs
//! ([`shapes::shape`]), the row of exactly that GPU and count in the same region: never the host
//! alone. Rows are per availability zone (see [`super::skypilot`] for how zones are joined).

use std::collections::BTreeMap;

use crate::refresh::catalog::{round_price, Provider};
use crate::refresh::gcp::shapes;

/// SkyPilot's accelerator names for the GPU SKUs of [`shapes`].
const ACCELERATORS: [(&str, &str); 5] = [
    ("Nvidia Tesla T4 GPU", "T4"),
    ("Nvidia Tesla V100 GPU", "V100"),
    ("Nvidia L4 GPU", "L4"),
    ("Nvidia Tesla A100 GPU", "A100"),
    ("Nvidia H100 80GB GPU", "H100"),
];

/// What a row prices: a machine type's host, or a number of one accelerator.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Part {
    /// A machine type, its vCPUs and memory.
    Host(String),
    /// An accelerator (SkyPilot's name) and how many, in hundredths (`1.0` is 100).
    Gpus(String, u32),
}

/// The parts a watched SKU is billed as: its machine type and, when it has GPUs, the accelerator
/// row that prices them; `None` for a SKU whose shape is not known.
pub fn parts(sku: &str) -> Option<(Part, Option<Part>)> {
    let shape = shapes::shape(sku)?;
    let machine = sku.split_once('+').map_or(sku, |(base, _)| base);
    let gpus = match shape.gpu {
        None => None,
        Some((gpu, count)) => {
            let (_, name) = ACCELERATORS.iter().find(|(g, _)| *g == gpu)?;
            Some(Part::Gpus(name.to_string(), hundredths(count)?))
        }
    };
    Some((Part::Host(machine.to_string()), gpus))
}

/// A count in hundredths, if it is a whole number of hundredths between 0 and 1,000.
fn hundredths(count: f64) -> Option<u32> {
    let scaled = (count * 100.0).round();
    (count > 0.0 && count <= 1000.0 && (count * 100.0 - scaled).abs() < 1e-6)
        .then_some(scaled as u32)
}

/// The part a row prices: `None` for a row that is neither a machine without accelerators nor an
/// accelerator without a machine (or whose count is not a number of devices).
pub fn row_part(instance: &str, accelerator: &str, count: &str) -> Option<Part> {
    match (instance.trim(), accelerator.trim()) {
        ("", "") => None,
        (machine, "") => Some(Part::Host(machine.to_string())),
        ("", name) => {
            let count: f64 = count.trim().parse().ok()?;
            Some(Part::Gpus(name.to_string(), hundredths(count)?))
        }
        _ => None,
    }
}

/// A watched SKU's price in a region from its parts' prices there (on demand or spot), when
/// every part is priced.
pub fn compose(prices: &BTreeMap<(String, Part), f64>, region: &str, sku: &str) -> Option<f64> {
    let (host, gpus) = parts(sku)?;
    let price = |part: Part| prices.get(&(region.to_string(), part)).copied();
    let mut usd = price(host)?;
    if let Some(gpus) = gpus {
        usd += price(gpus)?;
    }
    Some(round_price(usd))
}

/// Whether a row's part is one a watched SKU of Google Cloud is billed as.
pub fn wanted(part: &Part, watched: &[(Part, Option<Part>)]) -> bool {
    watched
        .iter()
        .any(|(host, gpus)| host == part || gpus.as_ref() == Some(part))
}

/// The parts of every watched Google Cloud SKU whose shape is known.
pub fn watched_parts(skus: &crate::refresh::watch::SkuList) -> Vec<(Part, Option<Part>)> {
    skus.skus(Provider::Gcp).filter_map(parts).collect()
}
