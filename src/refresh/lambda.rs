//! Lambda's instance types (`GET https://cloud.lambda.ai/api/v1/instance-types`, formerly
//! `cloud.lambdalabs.com`, with `Authorization: Bearer <LAMBDA_API_KEY>`):
//! `{"data": {"<name>": {"instance_type": {"name", "price_cents_per_hour", ...},
//! "regions_with_capacity_available": [...]}}}`. One price per type, the same in every region, and
//! no spot price; `price_cents_per_hour` is in US cents.

use serde_json::Value;

use super::catalog::{add_figure, Figure, Provider, GLOBAL};
use super::error::RefreshError;
use super::source::{Found, Source};
use super::watch::SkuList;

/// Reads the response: every watched type's price, in dollars.
pub fn read_response(text: &str, name: &str, skus: &SkuList) -> Result<Found, RefreshError> {
    let response: Value = serde_json::from_str(text)
        .map_err(|e| RefreshError::file(name, format!("not an instance-types response: {e}")))?;
    let Some(types) = response.get("data").and_then(Value::as_object) else {
        return Err(RefreshError::file(
            name,
            "has no data: not an instance-types response",
        ));
    };
    let mut found = Found::default();
    found.regions.insert(GLOBAL.to_string());
    for (key, entry) in types {
        found.records += 1;
        let instance = entry.get("instance_type");
        let sku = instance
            .and_then(|i| i.get("name"))
            .and_then(Value::as_str)
            .unwrap_or(key);
        if !skus.contains(Provider::Lambda, sku) {
            continue;
        }
        let cents = instance.and_then(|i| i.get("price_cents_per_hour"));
        let usd = cents
            .and_then(Value::as_f64)
            .filter(|c| c.is_finite() && *c > 0.0)
            .map(|c| c / 100.0)
            .ok_or_else(|| {
                RefreshError::record(
                    name,
                    sku,
                    format!("price_cents_per_hour {cents:?} is not a price"),
                )
            })?;
        add_figure(
            &mut found.figures,
            Figure {
                provider: Provider::Lambda,
                region: GLOBAL.to_string(),
                sku: sku.to_string(),
                usd_per_hour: Some(usd),
                spot_usd_per_hour: None,
            },
        );
    }
    Ok(found)
}

/// Reads a saved response for the refresh.
pub fn read(text: &str, source: &Source<'_>) -> Result<Found, RefreshError> {
    read_response(text, source.name, source.skus)
}
