//! The refresh command's price files (`src/data/prices/`), read with serde_json as the files
//! themselves, never through the app's baked copy.

use std::path::Path;

use course_cost::model::catalog::offer::Offer;
use serde_json::Value;

/// `src/data/prices/<name>.json` as the command wrote it, if there is such a file.
pub fn price_file(name: &str) -> Option<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("src/data/prices/{name}.json"));
    let text = std::fs::read_to_string(path).ok()?;
    Some(serde_json::from_str(&text).expect("a price file is JSON"))
}

/// The figure a price file gives `offer` in its own unit (per hour, or per GB-month for
/// storage), matched by offer id or SKU.
pub fn figure(file: &Value, offer: &Offer) -> Option<f64> {
    let prices = file["prices"].as_array().expect("prices");
    let record = prices.iter().find(|p| {
        let sku = p["sku"].as_str().unwrap_or_default();
        sku == offer.id || sku == offer.sku
    })?;
    record["usd_per_hour"]
        .as_f64()
        .or_else(|| record["usd_per_gb_month"].as_f64())
}
