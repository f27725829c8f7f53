//! Which rows of an AWS offer file are the on-demand Linux price of an instance, as the well-known
//! scrapers learned (SkyPilot's `fetch_aws.py`, ec2instances.info's `process_data.go`): the
//! on-demand term, Linux, shared tenancy, no pre-installed software, capacity status `Used` (not a
//! capacity reservation), not a `CapacityBlock` (listed at $0 beside the real price), a
//! `BoxUsage` usage type, an hourly USD price, and never a zero price.
//!
//! A storage or address row ([`crate::refresh::storage::AWS`]: gp3 volumes, S3 Standard, an
//! in-use public IPv4 address) is kept on the on-demand term, in its own unit (`GB-Mo` or
//! `Hrs`), in US dollars, at a price above zero, and only in its first price tier.

use std::fmt;

use crate::refresh::error::parse_price;
use crate::refresh::storage::AwsRow;

/// One price row of the offer file: a product's attributes with one price dimension of one term.
/// JSON and CSV files give the same fields (JSON attribute name / CSV column name below).
#[derive(Clone, Copy, Debug)]
pub struct OfferRow<'a> {
    /// `OnDemand` or `Reserved` (the JSON `terms` section / CSV `TermType`).
    pub term_type: &'a str,
    /// `instanceType` / `Instance Type`.
    pub instance_type: &'a str,
    /// `regionCode` / `Region Code`.
    pub region_code: &'a str,
    /// `operatingSystem` / `Operating System`.
    pub operating_system: &'a str,
    /// `tenancy` / `Tenancy`: `Shared`, `Dedicated`, `Host`.
    pub tenancy: &'a str,
    /// `preInstalledSw` / `Pre Installed S/W`: `NA` or the software (`SQL Web`, ...).
    pub pre_installed_sw: Option<&'a str>,
    /// `capacitystatus` / `CapacityStatus`: `Used`, `UnusedCapacityReservation`,
    /// `AllocatedCapacityReservation`.
    pub capacity_status: Option<&'a str>,
    /// `marketoption` / `MarketOption`: `OnDemand` or `CapacityBlock`.
    pub market_option: Option<&'a str>,
    /// `usagetype` / `usageType`: `BoxUsage:<type>`, `EU-BoxUsage:<type>`, `...HostBoxUsage...`.
    pub usage_type: &'a str,
    /// The price dimension's `unit` / `Unit`: `Hrs` for instance-hours.
    pub unit: &'a str,
    /// The price's currency: the `pricePerUnit` key / `Currency`.
    pub currency: &'a str,
    /// The price as written (`pricePerUnit.USD` / `PricePerUnit`), "32.7726000000".
    pub price: &'a str,
    /// The storage or address offer the row is (then `instance_type` is its SKU); `None` for a
    /// machine.
    pub storage: Option<&'static AwsRow>,
    /// Whether the row is a price tier beyond the first (`beginRange` / `StartingRange` not 0).
    pub later_tier: bool,
}

/// Why a row is not an instance's on-demand Linux price.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reject {
    /// A reserved term (or another term type): its hourly figure is not the on-demand price.
    NotOnDemand(String),
    /// Windows, RHEL, SUSE, ...: licensed operating systems cost more.
    NotLinux(String),
    /// Dedicated instance or dedicated host.
    NotShared(String),
    /// Pre-installed software (SQL Server, ...) is billed into the price.
    PreInstalledSoftware(String),
    /// A capacity reservation's row (unused or allocated), not the instance running.
    CapacityNotUsed(String),
    /// A Capacity Block (reserved GPU time), listed at $0 beside the real price.
    CapacityBlock,
    /// Not a `BoxUsage` usage type (dedicated usage, host usage, ...).
    NotBoxUsage(String),
    /// Not priced per hour.
    NotHourly(String),
    /// Not priced in US dollars.
    NotUsd(String),
    /// A zero price: "no such thing as a free lunch" (ec2instances.info).
    ZeroPrice,
    /// Not the unit a storage or address offer is priced in (got, expected).
    NotUnit(String, &'static str),
    /// A price tier beyond the first (S3's volume discounts past 50 TB): not the list price.
    LaterTier,
}

impl fmt::Display for Reject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reject::NotOnDemand(t) => write!(f, "term {t}, not OnDemand"),
            Reject::NotLinux(os) => write!(f, "operating system {os}, not Linux"),
            Reject::NotShared(t) => write!(f, "tenancy {t}, not Shared"),
            Reject::PreInstalledSoftware(s) => write!(f, "pre-installed software {s}"),
            Reject::CapacityNotUsed(s) => write!(f, "capacity status {s}, not Used"),
            Reject::CapacityBlock => write!(f, "a Capacity Block"),
            Reject::NotBoxUsage(u) => write!(f, "usage type {u}, not BoxUsage"),
            Reject::NotHourly(u) => write!(f, "unit {u}, not Hrs"),
            Reject::NotUsd(c) => write!(f, "currency {c}, not USD"),
            Reject::ZeroPrice => write!(f, "a zero price"),
            Reject::NotUnit(u, want) => write!(f, "unit {u}, not {want}"),
            Reject::LaterTier => write!(f, "a price tier beyond the first"),
        }
    }
}

/// Whether a usage type is `BoxUsage:<instance type>`, with or without a region prefix
/// (`EU-BoxUsage:...`): not `HostBoxUsage`, `DedicatedUsage`, `UnusedBox`, ...
fn is_box_usage(usage_type: &str, instance_type: &str) -> bool {
    let Some((kind, of)) = usage_type.split_once(':') else {
        return false;
    };
    of == instance_type && (kind == "BoxUsage" || kind.ends_with("-BoxUsage"))
}

/// The row's price and every reason it is not an instance's on-demand Linux price (none: keep
/// it). The price is always read, so a price that cannot be read is an error, never a 0.
pub fn judge(row: &OfferRow<'_>) -> Result<(f64, Vec<Reject>), String> {
    let price = parse_price(row.price)?;
    let mut rejects = Vec::new();
    if row.term_type != "OnDemand" {
        rejects.push(Reject::NotOnDemand(row.term_type.to_string()));
    }
    if let Some(storage) = row.storage {
        if row.later_tier {
            rejects.push(Reject::LaterTier);
        }
        if row.unit != storage.unit {
            rejects.push(Reject::NotUnit(row.unit.to_string(), storage.unit));
        }
        if row.currency != "USD" {
            rejects.push(Reject::NotUsd(row.currency.to_string()));
        }
        if price == 0.0 {
            rejects.push(Reject::ZeroPrice);
        }
        return Ok((price, rejects));
    }
    if row.operating_system != "Linux" {
        rejects.push(Reject::NotLinux(row.operating_system.to_string()));
    }
    if row.tenancy != "Shared" {
        rejects.push(Reject::NotShared(row.tenancy.to_string()));
    }
    if let Some(software) = row.pre_installed_sw.filter(|s| *s != "NA") {
        rejects.push(Reject::PreInstalledSoftware(software.to_string()));
    }
    if let Some(status) = row.capacity_status.filter(|s| *s != "Used") {
        rejects.push(Reject::CapacityNotUsed(status.to_string()));
    }
    if row.market_option == Some("CapacityBlock") {
        rejects.push(Reject::CapacityBlock);
    }
    if !is_box_usage(row.usage_type, row.instance_type) {
        rejects.push(Reject::NotBoxUsage(row.usage_type.to_string()));
    }
    if row.unit != "Hrs" {
        rejects.push(Reject::NotHourly(row.unit.to_string()));
    }
    if row.currency != "USD" {
        rejects.push(Reject::NotUsd(row.currency.to_string()));
    }
    if price == 0.0 {
        rejects.push(Reject::ZeroPrice);
    }
    Ok((price, rejects))
}
