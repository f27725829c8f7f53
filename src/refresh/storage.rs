//! Storage and public addresses (offers without `vcpu` in `offers.toml`): which row of a
//! provider's catalog is which offer, and in what unit (issue 44). A block-storage or
//! object-storage figure is US dollars per GB-month (`usd_per_gb_month` in the price files), an
//! address figure US dollars per address-hour (`usd_per_hour`).
//!
//! - AWS offer files (`AmazonEC2`, `AmazonS3`, `AmazonVPC`): a product's `servicecode` and its
//!   `usagetype` without the region prefix (`EU-EBS:VolumeUsage.gp3` is eu-west-1's
//!   `EBS:VolumeUsage.gp3`; us-east-1's has no prefix): gp3 volumes, S3 Standard's
//!   `TimedStorage-ByteHrs` (other services bill their own storage under the same usage type, so
//!   the service is checked) and an in-use public IPv4 address. Only the first price tier
//!   (`beginRange` 0, S3's "first 50 TB") is the list price.
//! - Azure Retail Prices items: the product and meter names. A managed disk's meter is priced per
//!   disk-month (`1/Month`); its figure is that price over the disk's size in GiB, per GB
//!   (1 GiB = 1.073741824 GB), as `offers.toml` prices it.

use super::catalog::Provider;

/// What a storage or address offer is priced per.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// US dollars per GB-month (block and object storage).
    GbMonth,
    /// US dollars per hour (a public address; every machine).
    Hour,
}

/// One storage or address offer as an AWS offer file names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AwsRow {
    /// `offers.toml`'s SKU.
    pub sku: &'static str,
    /// The product's `servicecode`.
    pub service: &'static str,
    /// Its `usagetype`, without the region prefix.
    pub usage: &'static str,
    /// The price dimension's `unit` the offer is priced in.
    pub unit: &'static str,
}

/// The AWS storage and address offers the course uses.
pub const AWS: [AwsRow; 3] = [
    AwsRow {
        sku: "ebs-gp3",
        service: "AmazonEC2",
        usage: "EBS:VolumeUsage.gp3",
        unit: "GB-Mo",
    },
    AwsRow {
        sku: "s3-standard",
        service: "AmazonS3",
        usage: "TimedStorage-ByteHrs",
        unit: "GB-Mo",
    },
    AwsRow {
        sku: "public-ipv4",
        service: "AmazonVPC",
        usage: "PublicIPv4:InUseAddress",
        unit: "Hrs",
    },
];

/// The AWS storage or address offer a product is, by its service and usage type (with or
/// without a region prefix such as `EU-` or `APS1-`).
pub fn aws_row(service: &str, usage_type: &str) -> Option<&'static AwsRow> {
    let bare = match usage_type.split_once('-') {
        Some((prefix, rest))
            if !prefix.is_empty()
                && prefix
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()) =>
        {
            rest
        }
        _ => usage_type,
    };
    AWS.iter()
        .find(|r| r.service == service && (r.usage == usage_type || r.usage == bare))
}

/// One storage or address offer as the Azure Retail Prices API names it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AzureMeter {
    /// `offers.toml`'s SKU.
    pub sku: &'static str,
    /// The item's `productName`s that carry it.
    pub products: &'static [&'static str],
    /// Its `meterName`.
    pub meter: &'static str,
    /// Its `unitOfMeasure`.
    pub unit: &'static str,
    /// A disk's size in GiB (its price is per disk-month); `None` when the price is per unit.
    pub disk_gib: Option<f64>,
}

/// The Azure storage and address offers the course uses.
pub const AZURE: [AzureMeter; 4] = [
    AzureMeter {
        sku: "managed-disk-standard-ssd-E30",
        products: &["Standard SSD Managed Disks"],
        meter: "E30 LRS Disk",
        unit: "1/Month",
        disk_gib: Some(1024.0),
    },
    AzureMeter {
        sku: "managed-disk-premium-ssd-P4",
        products: &["Premium SSD Managed Disks"],
        meter: "P4 LRS Disk",
        unit: "1/Month",
        disk_gib: Some(32.0),
    },
    AzureMeter {
        sku: "blob-hot-lrs",
        // "General Block Blob v2" lists the same meter: one product is read, so a region never
        // has the SKU twice.
        products: &["Blob Storage"],
        meter: "Hot LRS Data Stored",
        unit: "1 GB/Month",
        disk_gib: None,
    },
    AzureMeter {
        sku: "public-ip-static",
        products: &["IP Addresses"],
        meter: "Standard IPv4 Static Public IP",
        unit: "1 Hour",
        disk_gib: None,
    },
];

/// GB in a GiB.
pub const GB_PER_GIB: f64 = 1.073_741_824;

/// The Azure storage or address offer an item is, by its product and meter names.
pub fn azure_meter(product: &str, meter: &str) -> Option<&'static AzureMeter> {
    AZURE
        .iter()
        .find(|m| m.meter == meter && m.products.contains(&product))
}

impl AzureMeter {
    /// The offer's price from the item's: per GB-month for a disk (its disk-month price over its
    /// size), else as listed.
    pub fn price(&self, retail: f64) -> f64 {
        match self.disk_gib {
            Some(gib) => super::catalog::round_price(retail / gib / GB_PER_GIB),
            None => retail,
        }
    }
}

/// Whether `sku` of `provider` is a storage or address offer the readers know.
pub fn known(provider: Provider, sku: &str) -> bool {
    match provider {
        Provider::Aws => AWS.iter().any(|r| r.sku == sku),
        Provider::Azure => AZURE.iter().any(|m| m.sku == sku),
        _ => false,
    }
}
