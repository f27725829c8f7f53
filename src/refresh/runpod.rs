//! RunPod's GPU types (GraphQL `POST https://api.runpod.io/graphql`, key `RUNPOD_API_KEY`):
//! `{"data": {"gpuTypes": [{"id": "NVIDIA A100 80GB PCIe", "securePrice", "secureSpotPrice",
//! "communityPrice", ...}]}}`, prices per GPU per hour in US dollars, the same in every data
//! centre. An offer `<n>x_<GPU>_SECURE` (SkyPilot's names, which offers.toml uses) costs n x the
//! Secure Cloud price; the cheaper Community Cloud price is another product and is not read.

use serde_json::Value;

use super::catalog::{add_figure, round_price, Figure, Provider, GLOBAL};
use super::error::RefreshError;
use super::source::{Found, Source};
use super::watch::SkuList;

/// SkyPilot's GPU names and RunPod's GPU type ids (SkyPilot `sky/provision/runpod/utils.py`,
/// `GPU_NAME_MAP`), for the GPUs offers.toml lists.
const GPU_IDS: [(&str, &str); 5] = [
    ("A100-80GB", "NVIDIA A100 80GB PCIe"),
    ("A100-80GB-SXM", "NVIDIA A100-SXM4-80GB"),
    ("H100", "NVIDIA H100 PCIe"),
    ("L4", "NVIDIA L4"),
    ("RTXA6000", "NVIDIA RTX A6000"),
];

/// An offer's GPU count and RunPod GPU type id: `4x_A100-80GB_SECURE` is 4 of
/// "NVIDIA A100 80GB PCIe" on Secure Cloud. Other names (Community Cloud, unknown GPUs) are `None`.
pub fn offer_gpus(sku: &str) -> Option<(u32, &'static str)> {
    let rest = sku.strip_suffix("_SECURE")?;
    let (count, gpu) = rest.split_once("x_")?;
    let count = count.parse::<u32>().ok().filter(|c| *c >= 1)?;
    let (_, id) = GPU_IDS.iter().find(|(name, _)| *name == gpu)?;
    Some((count, id))
}

fn per_gpu(gpu: &Value, key: &str, name: &str, id: &str) -> Result<Option<f64>, RefreshError> {
    match gpu.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(value) => match value.as_f64() {
            Some(p) if p.is_finite() && p > 0.0 => Ok(Some(p)),
            Some(0.0) => Ok(None),
            _ => Err(RefreshError::record(
                name,
                id,
                format!("{key} {value} is not a price"),
            )),
        },
    }
}

/// Reads the response: every watched offer's Secure Cloud price and spot price.
pub fn read_response(text: &str, name: &str, skus: &SkuList) -> Result<Found, RefreshError> {
    let response: Value = serde_json::from_str(text)
        .map_err(|e| RefreshError::file(name, format!("not a gpuTypes response: {e}")))?;
    let Some(types) = response
        .get("data")
        .and_then(|d| d.get("gpuTypes"))
        .and_then(Value::as_array)
    else {
        return Err(RefreshError::file(
            name,
            "has no data.gpuTypes: not a gpuTypes response",
        ));
    };
    let mut found = Found::default();
    found.regions.insert(GLOBAL.to_string());
    found.records = types.len() as u64;
    for sku in skus.skus(Provider::Runpod) {
        let Some((count, id)) = offer_gpus(sku) else {
            continue;
        };
        let Some(gpu) = types
            .iter()
            .find(|g| g.get("id").and_then(Value::as_str) == Some(id))
        else {
            continue;
        };
        let on_demand = per_gpu(gpu, "securePrice", name, id)?;
        let spot = per_gpu(gpu, "secureSpotPrice", name, id)?;
        if on_demand.is_none() && spot.is_none() {
            continue;
        }
        let times = |p: f64| round_price(p * f64::from(count));
        add_figure(
            &mut found.figures,
            Figure {
                provider: Provider::Runpod,
                region: GLOBAL.to_string(),
                sku: sku.to_string(),
                usd_per_hour: on_demand.map(times),
                spot_usd_per_hour: spot.map(times),
            },
        );
    }
    Ok(found)
}

/// Reads a saved response for the refresh.
pub fn read(text: &str, source: &Source<'_>) -> Result<Found, RefreshError> {
    read_response(text, source.name, source.skus)
}
