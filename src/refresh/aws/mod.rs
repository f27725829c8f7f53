//! AWS Price List Bulk API region offer files (`offers/v1.0/aws/AmazonEC2/<version>/<region>/
//! index.json`, and the same as `index.csv`): products keyed by SKU, then their on-demand and
//! reserved terms. The real files are hundreds of MB to several GB: both readers stream them,
//! keeping only the watched instance types' products, so memory does not grow with the file.

pub mod filter;
pub mod get_products;
pub mod offer_csv;
pub mod offer_json;

use self::filter::{judge, OfferRow, Reject};
use super::catalog::{add_figure, Figure, Provider};
use super::source::Found;
use super::watch::SkuList;

/// What a scan of an offer file found: the figures, and how every watched row was judged (the
/// rows of watched instance types in priced regions, or every row when no SKU list is given; the
/// others are only counted).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OfferScan {
    /// Figures, regions, records, version and publication date.
    pub found: Found,
    /// Every watched row and why it was kept or not.
    pub judged: Vec<Judged>,
}

/// One watched row of an offer file and the filters' verdict on it.
#[derive(Clone, Debug, PartialEq)]
pub struct Judged {
    /// The product's SKU (`H7NGEAC6UEHNTKSJ`).
    pub product: String,
    /// Its instance type.
    pub instance_type: String,
    /// Its region.
    pub region: String,
    /// The row's price.
    pub price: f64,
    /// Why it is not the on-demand price; empty when it is.
    pub rejects: Vec<Reject>,
}

impl OfferScan {
    /// Whether a row is worth judging: a watched instance type in a priced region, or (with no
    /// SKU list: an audit of the whole file) every row. Every priced region met counts as covered.
    fn watches(&mut self, skus: Option<&SkuList>, instance_type: &str, region: &str) -> bool {
        let priced = Provider::Aws.prices_region(region);
        if priced && !self.found.regions.contains(region) {
            self.found.regions.insert(region.to_string());
        }
        match skus {
            None => true,
            Some(skus) => priced && skus.contains(Provider::Aws, instance_type),
        }
    }

    /// Judges one watched row: keeps its price as the instance's when every filter passes.
    fn judge_row(&mut self, product: &str, row: &OfferRow<'_>) -> Result<(), String> {
        let (price, rejects) = judge(row)?;
        if !rejects.is_empty() {
            self.found.refuse(&rejects);
        } else {
            add_figure(
                &mut self.found.figures,
                Figure {
                    provider: Provider::Aws,
                    region: row.region_code.to_string(),
                    sku: row.instance_type.to_string(),
                    usd_per_hour: Some(price),
                    spot_usd_per_hour: None,
                },
            );
        }
        self.judged.push(Judged {
            product: product.to_string(),
            instance_type: row.instance_type.to_string(),
            region: row.region_code.to_string(),
            price,
            rejects,
        });
        Ok(())
    }
}
