//! Writes an AWS EC2 region offer file of any size in the real layout (JSON: `products`, then
//! `terms.OnDemand` and `terms.Reserved`; or the CSV form with its five metadata lines and named
//! columns), for `.ci/bench`'s timing of refresh-prices and for the tests that compare the JSON and
//! CSV readers. Synthetic by design (its figures are made up and say so in the disclaimer); the
//! readers' behaviour on real files is tested on the real excerpts in tests/fixtures/catalogs.
//!
//! Every instance type gets one product per operating system, tenancy, capacity status and
//! pre-installed software (72), plus a $0 Capacity Block twin, each with one on-demand term and
//! twelve reserved terms, as the real file has; exactly one product per type is the on-demand
//! Linux price, at [`price_of`]. The types are the watched ones given, then fillers (`f<n>.xlarge`)
//! until the file reaches the size asked.

// Shared by the benchmark example and the tests; each uses part of it.
#![allow(unreachable_pub, dead_code)]

use std::io::{self, Write};

/// The region the file is for.
pub const REGION: &str = "us-east-1";

const OPERATING_SYSTEMS: [&str; 4] = ["Linux", "Windows", "RHEL", "SUSE"];
const TENANCIES: [&str; 3] = ["Shared", "Dedicated", "Host"];
const CAPACITY: [&str; 3] = [
    "Used",
    "UnusedCapacityReservation",
    "AllocatedCapacityReservation",
];
const SOFTWARE: [&str; 2] = ["NA", "SQL Web"];
/// A reserved term's lease: length, purchase option, offering class.
type Lease = (&'static str, &'static str, &'static str);
const LEASES: [Lease; 6] = [
    ("1yr", "No Upfront", "standard"),
    ("1yr", "Partial Upfront", "standard"),
    ("1yr", "All Upfront", "standard"),
    ("3yr", "No Upfront", "convertible"),
    ("3yr", "Partial Upfront", "convertible"),
    ("3yr", "All Upfront", "convertible"),
];

/// The on-demand Linux price of the `index`-th instance type, US dollars per hour.
pub fn price_of(index: usize) -> f64 {
    0.0125 * (index as f64 + 1.0)
}

/// The hourly price of the `index`-th reserved term of a product whose on-demand price is `price`.
fn reserved_hourly(price: f64, index: usize) -> f64 {
    price * (0.4 + 0.05 * index as f64)
}

/// The upfront fee of a reserved term of `hourly` (all but "No Upfront" terms have one).
fn upfront_fee(hourly: f64) -> f64 {
    hourly * 4000.0
}

/// One product of the file.
struct Product {
    sku: String,
    instance_type: String,
    os: &'static str,
    tenancy: &'static str,
    capacity: &'static str,
    software: &'static str,
    market: &'static str,
    usage: String,
    price: f64,
}

impl Product {
    /// The description of its on-demand price.
    fn on_demand_text(&self) -> String {
        format!(
            "${} per On Demand {} {} Instance Hour",
            self.price, self.os, self.instance_type
        )
    }
}

fn products(index: usize, instance_type: &str) -> Vec<Product> {
    let mut out = Vec::new();
    let base = price_of(index);
    let mut n = 0;
    for os in OPERATING_SYSTEMS {
        for tenancy in TENANCIES {
            for capacity in CAPACITY {
                for software in SOFTWARE {
                    let usage = match (tenancy, capacity) {
                        ("Shared", "Used") => format!("BoxUsage:{instance_type}"),
                        ("Shared", _) => format!("UnusedBox:{instance_type}"),
                        ("Dedicated", _) => format!("DedicatedUsage:{instance_type}"),
                        _ => format!("HostBoxUsage:{instance_type}"),
                    };
                    let extra =
                        if (os, tenancy, capacity, software) == ("Linux", "Shared", "Used", "NA") {
                            0.0
                        } else {
                            0.01 * (n as f64 + 1.0)
                        };
                    out.push(Product {
                        sku: format!("G{index:07}X{n:03}"),
                        instance_type: instance_type.to_string(),
                        os,
                        tenancy,
                        capacity,
                        software,
                        market: "OnDemand",
                        usage,
                        price: if tenancy == "Host" { 0.0 } else { base + extra },
                    });
                    n += 1;
                }
            }
        }
    }
    out.push(Product {
        sku: format!("G{index:07}CB0"),
        instance_type: instance_type.to_string(),
        os: "Linux",
        tenancy: "Shared",
        capacity: "Used",
        software: "NA",
        market: "CapacityBlock",
        usage: format!("BoxUsage:{instance_type}"),
        price: 0.0,
    });
    out
}

fn write_product(w: &mut dyn Write, p: &Product, first: bool) -> io::Result<()> {
    let comma = if first { "" } else { "," };
    write!(
        w,
        "{comma}\n    \"{sku}\" : {{\n      \"sku\" : \"{sku}\",\n      \"productFamily\" : \"Compute Instance\",\n      \"attributes\" : {{\n        \"servicecode\" : \"AmazonEC2\",\n        \"location\" : \"US East (N. Virginia)\",\n        \"locationType\" : \"AWS Region\",\n        \"instanceType\" : \"{it}\",\n        \"currentGeneration\" : \"Yes\",\n        \"instanceFamily\" : \"General purpose\",\n        \"vcpu\" : \"4\",\n        \"physicalProcessor\" : \"Intel Xeon Platinum 8175\",\n        \"clockSpeed\" : \"3.1 GHz\",\n        \"memory\" : \"16 GiB\",\n        \"storage\" : \"EBS only\",\n        \"networkPerformance\" : \"Up to 10 Gigabit\",\n        \"processorArchitecture\" : \"64-bit\",\n        \"tenancy\" : \"{tenancy}\",\n        \"operatingSystem\" : \"{os}\",\n        \"licenseModel\" : \"No License required\",\n        \"usagetype\" : \"{usage}\",\n        \"operation\" : \"RunInstances\",\n        \"availabilityzone\" : \"NA\",\n        \"capacitystatus\" : \"{capacity}\",\n        \"classicnetworkingsupport\" : \"false\",\n        \"dedicatedEbsThroughput\" : \"Up to 4750 Mbps\",\n        \"ecu\" : \"16\",\n        \"enhancedNetworkingSupported\" : \"Yes\",\n        \"intelAvxAvailable\" : \"Yes\",\n        \"intelAvx2Available\" : \"Yes\",\n        \"intelTurboAvailable\" : \"Yes\",\n        \"marketoption\" : \"{market}\",\n        \"normalizationSizeFactor\" : \"8\",\n        \"preInstalledSw\" : \"{sw}\",\n        \"processorFeatures\" : \"Intel AVX; Intel AVX2; Intel AVX512; Intel Turbo\",\n        \"regionCode\" : \"{region}\",\n        \"servicename\" : \"Amazon Elastic Compute Cloud\",\n        \"vpcnetworkingsupport\" : \"true\"\n      }}\n    }}",
        sku = p.sku,
        it = p.instance_type,
        tenancy = p.tenancy,
        os = p.os,
        usage = p.usage,
        capacity = p.capacity,
        market = p.market,
        sw = p.software,
        region = REGION,
    )
}

fn write_dimension(
    w: &mut dyn Write,
    sku: &str,
    term: &str,
    rate: &str,
    unit: &str,
    price: f64,
    text: &str,
) -> io::Result<()> {
    write!(
        w,
        "\n            \"{sku}.{term}.{rate}\" : {{\n              \"rateCode\" : \"{sku}.{term}.{rate}\",\n              \"description\" : \"{text}\",\n              \"beginRange\" : \"0\",\n              \"endRange\" : \"Inf\",\n              \"unit\" : \"{unit}\",\n              \"pricePerUnit\" : {{\n                \"USD\" : \"{price:.10}\"\n              }},\n              \"appliesTo\" : [ ]\n            }}"
    )
}

fn write_term(
    w: &mut dyn Write,
    p: &Product,
    term: &str,
    reserved: Option<(usize, (&str, &str, &str))>,
    first: bool,
) -> io::Result<()> {
    let comma = if first { "" } else { "," };
    write!(
        w,
        "{comma}\n        \"{sku}.{term}\" : {{\n          \"offerTermCode\" : \"{term}\",\n          \"sku\" : \"{sku}\",\n          \"effectiveDate\" : \"2026-12-01T00:00:00Z\",\n          \"priceDimensions\" : {{",
        sku = p.sku
    )?;
    match reserved {
        None => {
            let text = p.on_demand_text();
            write_dimension(w, &p.sku, term, "6YS6EN2CT7", "Hrs", p.price, &text)?;
        }
        Some((i, (lease, option, class))) => {
            let hourly = reserved_hourly(p.price, i);
            let text = format!("{} reserved instance applied", p.instance_type);
            write_dimension(w, &p.sku, term, "6YS6EN2CT7", "Hrs", hourly, &text)?;
            if option != "No Upfront" {
                write!(w, ",")?;
                write_dimension(
                    w,
                    &p.sku,
                    term,
                    "2TG2D8R56U",
                    "Quantity",
                    upfront_fee(hourly),
                    "Upfront Fee",
                )?;
            }
            write!(
                w,
                "\n          }},\n          \"termAttributes\" : {{\n            \"LeaseContractLength\" : \"{lease}\",\n            \"OfferingClass\" : \"{class}\",\n            \"PurchaseOption\" : \"{option}\"\n          }}\n        }}"
            )?;
            return Ok(());
        }
    }
    write!(
        w,
        "\n          }},\n          \"termAttributes\" : {{ }}\n        }}"
    )
}

/// The instance types of the file: the watched ones, then `fillers` made-up ones.
fn instance_types(watched: &[&str], fillers: usize) -> Vec<String> {
    watched
        .iter()
        .map(|t| t.to_string())
        .chain((0..fillers).map(|n| format!("f{n}.xlarge")))
        .collect()
}

/// Every product of `types`, type by type.
fn all_products(types: &[String]) -> impl Iterator<Item = Product> + '_ {
    types
        .iter()
        .enumerate()
        .flat_map(|(index, t)| products(index, t))
}

/// A product's twelve reserved terms (each lease twice): index, offer term code, lease.
fn reserved_terms() -> impl Iterator<Item = (usize, String, Lease)> {
    LEASES
        .iter()
        .chain(LEASES.iter())
        .enumerate()
        .map(|(k, lease)| (k, format!("R{k:09}"), *lease))
}

/// Writes one section of `terms`: per product of `types`, its SKU's object holding what `terms`
/// writes.
fn write_terms(
    w: &mut dyn Write,
    types: &[String],
    terms: impl Fn(&mut dyn Write, &Product) -> io::Result<()>,
) -> io::Result<()> {
    for (n, p) in all_products(types).enumerate() {
        let comma = if n == 0 { "" } else { "," };
        write!(w, "{comma}\n      \"{}\" : {{", p.sku)?;
        terms(w, &p)?;
        write!(w, "\n      }}")?;
    }
    Ok(())
}

/// Writes the JSON file with `watched` then `fillers` instance types.
pub fn write_json(w: &mut dyn Write, watched: &[&str], fillers: usize) -> io::Result<()> {
    let types = instance_types(watched, fillers);
    write!(w, "{{\n  \"formatVersion\" : \"v1.0\",\n  \"disclaimer\" : \"A synthetic offer file in the layout of the AWS Price List: its prices are made up.\",\n  \"offerCode\" : \"AmazonEC2\",\n  \"version\" : \"20261201000000\",\n  \"publicationDate\" : \"2026-12-01T00:00:00Z\",\n  \"products\" : {{")?;
    for (n, p) in all_products(&types).enumerate() {
        write_product(w, &p, n == 0)?;
    }
    write!(w, "\n  }},\n  \"terms\" : {{\n    \"OnDemand\" : {{")?;
    write_terms(w, &types, |w, p| write_term(w, p, "JRTCKXETXF", None, true))?;
    write!(w, "\n    }},\n    \"Reserved\" : {{")?;
    write_terms(w, &types, |w, p| {
        for (k, term, lease) in reserved_terms() {
            write_term(w, p, &term, Some((k, lease)), k == 0)?;
        }
        Ok(())
    })?;
    write!(w, "\n    }}\n  }},\n  \"attributesList\" : {{ }}\n}}\n")
}

const HEADER: &str = "\"SKU\",\"OfferTermCode\",\"RateCode\",\"TermType\",\"PriceDescription\",\"EffectiveDate\",\"StartingRange\",\"EndingRange\",\"Unit\",\"PricePerUnit\",\"Currency\",\"RelatedTo\",\"LeaseContractLength\",\"PurchaseOption\",\"OfferingClass\",\"Product Family\",\"serviceCode\",\"Location\",\"Location Type\",\"Instance Type\",\"Current Generation\",\"Instance Family\",\"vCPU\",\"Memory\",\"Tenancy\",\"Operating System\",\"License Model\",\"usageType\",\"operation\",\"CapacityStatus\",\"MarketOption\",\"Pre Installed S/W\",\"Region Code\"";

#[allow(clippy::too_many_arguments)]
fn csv_row(
    w: &mut dyn Write,
    p: &Product,
    term: &str,
    term_type: &str,
    unit: &str,
    price: f64,
    lease: (&str, &str, &str),
    text: &str,
) -> io::Result<()> {
    let start = if unit == "Quantity" { "" } else { "0" };
    let end = if unit == "Quantity" { "" } else { "Inf" };
    writeln!(
        w,
        "\"{sku}\",\"{term}\",\"{sku}.{term}.6YS6EN2CT7\",\"{term_type}\",\"{text}\",\"2026-12-01\",\"{start}\",\"{end}\",\"{unit}\",\"{price:.10}\",\"USD\",,\"{}\",\"{}\",\"{}\",\"Compute Instance\",\"AmazonEC2\",\"US East (N. Virginia)\",\"AWS Region\",\"{it}\",\"Yes\",\"General purpose\",\"4\",\"16 GiB\",\"{tenancy}\",\"{os}\",\"No License required\",\"{usage}\",\"RunInstances\",\"{cap}\",\"{market}\",\"{sw}\",\"{REGION}\"",
        lease.0,
        lease.1,
        lease.2,
        sku = p.sku,
        it = p.instance_type,
        tenancy = p.tenancy,
        os = p.os,
        usage = p.usage,
        cap = p.capacity,
        market = p.market,
        sw = p.software,
    )
}

/// Writes the same offer as [`write_json`] in the CSV form.
pub fn write_csv(w: &mut dyn Write, watched: &[&str], fillers: usize) -> io::Result<()> {
    writeln!(w, "\"FormatVersion\",\"v1.0\"\n\"Disclaimer\",\"A synthetic offer file in the layout of the AWS Price List: its prices are made up.\"\n\"Publication Date\",\"2026-12-01T00:00:00Z\"\n\"Version\",\"20261201000000\"\n\"OfferCode\",\"AmazonEC2\"\n{HEADER}")?;
    for p in all_products(&instance_types(watched, fillers)) {
        let text = p.on_demand_text();
        csv_row(
            w,
            &p,
            "JRTCKXETXF",
            "OnDemand",
            "Hrs",
            p.price,
            ("", "", ""),
            &text,
        )?;
        for (k, term, lease) in reserved_terms() {
            let hourly = reserved_hourly(p.price, k);
            csv_row(
                w,
                &p,
                &term,
                "Reserved",
                "Hrs",
                hourly,
                lease,
                "reserved instance applied",
            )?;
            if lease.1 != "No Upfront" {
                csv_row(
                    w,
                    &p,
                    &term,
                    "Reserved",
                    "Quantity",
                    upfront_fee(hourly),
                    lease,
                    "Upfront Fee",
                )?;
            }
        }
    }
    Ok(())
}

/// Counts bytes written.
#[derive(Default)]
pub struct Counter(pub u64);

impl Write for Counter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0 += buf.len() as u64;
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// How many filler types make a file of about `bytes` (JSON or CSV) with `watched` other types.
pub fn fillers_for(bytes: u64, csv: bool, watched: usize) -> usize {
    let size = |fillers: usize| {
        let mut counter = Counter::default();
        let written = if csv {
            write_csv(&mut counter, &[], fillers)
        } else {
            write_json(&mut counter, &[], fillers)
        };
        written.map(|()| counter.0).unwrap_or(1)
    };
    let (one, two) = (size(1), size(2));
    let per_type = (two - one).max(1);
    ((bytes.saturating_sub(one) / per_type + 1) as usize).saturating_sub(watched)
}
