//! Secondary tables: third parties' regularly regenerated copies of the providers' catalogs, the
//! dated public sources that exist today for most of the app's SKUs and regions. They are read as
//! what they are (each snapshot's catalog says "derived"), with the filters their generators
//! applied stated in their titles; a provider's own catalog, when read, is preferred when newer.
//!
//! - [`generations`]: one price per SKU and region and a generation stamp per row: Karpenter's
//!   generated AWS (us-east-1) and Azure (57 regions) maps, and instances.vantage.sh's on-demand
//!   GPU prices by region (via tsaol/aws-gpu).
//! - [`skypilot`]: SkyPilot's `vms.csv` catalogs (AWS and Google Cloud per availability zone;
//!   Lambda and RunPod, one price copied to every region).
//! - [`cyclenerd`]: google-cloud-pricing-cost-calculator's `pricing.yml`, Google Cloud's machine
//!   types, disks, buckets and addresses by region, from the Cloud Billing Catalog's SKUs.

pub mod cyclenerd;
pub mod generations;
pub mod skypilot;
pub mod skypilot_gcp;

use crate::refresh::error::{parse_price, RefreshError};

/// A price cell of a derived table: `None` when empty or zero (no price), an error naming the
/// line when it cannot be read.
fn price_cell(
    text: &str,
    name: &str,
    line: u64,
    column: &str,
) -> Result<Option<f64>, RefreshError> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    let price = parse_price(text)
        .map_err(|m| RefreshError::record(name, format!("line {line}, {column}"), m))?;
    Ok(Some(price).filter(|p| *p > 0.0))
}
