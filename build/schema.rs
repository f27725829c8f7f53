//! What each data file's tables become in Rust: the struct, and each key's type. A key the file
//! may leave out has its Rust default beside it; every other key is required.

use crate::bake::{Field, Shape, Ty};

const STR: Ty = Ty::Str;
const NUM: Ty = Ty::Num;
const EMPTY: &str = "\"\"";
const U32: Ty = Ty::Int("u32", u32::MAX as u64);
const EMPTY_COW: &str = "Cow::Borrowed(\"\")";

/// Declares each shape as `NAME = "RustType" { key: TYPE, ... }`, in the file's terms: a key the
/// file may leave out is `key: TYPE => DEFAULT`, with the Rust expression written then.
macro_rules! shapes {
    ($( $(#[doc = $doc:literal])* $vis:vis $name:ident = $rust:literal {
        $( $key:ident : $ty:expr $(=> $or:expr)? ),* $(,)?
    } )*) => {
        $(
            $(#[doc = $doc])*
            $vis const $name: Shape = Shape {
                rust: $rust,
                fields: &[$(
                    Field { key: stringify!($key), ty: $ty, or: shapes!(@or $($or)?) }
                ),*],
            };
        )*
    };
    (@or) => { None };
    (@or $or:expr) => { Some($or) };
}

shapes! {
    HARDWARE = "Hardware" {
        vcpu: U32 => "0", ram_gb: NUM => "0.0", gpu_model: Ty::Cow => EMPTY_COW,
        gpu_count: U32 => "0", gpu_mem_gb: NUM => "0.0",
    }
    /// `src/data/resources.toml`'s `[[resources]]`.
    pub(crate) RESOURCE = "Resource" {
        id: STR, label: STR,
        kind: Ty::Enum(&[
            ("vm", "ResourceKind::Vm"),
            ("bare_metal", "ResourceKind::BareMetal"),
            ("edge", "ResourceKind::Edge"),
            ("storage", "ResourceKind::Storage"),
            ("network", "ResourceKind::Network"),
        ]),
        site: STR => EMPTY, specs: Ty::Flat(&HARDWARE),
        source: STR => EMPTY,
    }
    SNAPSHOT_PRICE = "SnapshotPrice" {
        snapshot: STR, usd: NUM, as_of: STR, source: STR, spot_usd: Ty::OptNum,
        spot_note: Ty::OptStr, no_spot: Ty::Bool => "false",
    }
    /// `src/data/offers.toml`'s `[[offers]]`.
    pub(crate) OFFER = "Offer" {
        id: Ty::Cow, provider: Ty::Cow, sku: Ty::Cow, specs: Ty::Flat(&HARDWARE),
        unit: Ty::Enum(&[
            ("hour", "PriceUnit::Hour"),
            ("gb_month", "PriceUnit::GbMonth"),
        ]),
        usd: NUM, spot_usd: Ty::OptNum, spot_note: Ty::OptCow,
        region: Ty::Cow => EMPTY_COW, as_of: Ty::Cow, source: Ty::Cow, note: Ty::OptCow,
        snapshot_prices: Ty::List(&SNAPSHOT_PRICE) => "&[]",
    }
    REGION = "Region" {
        id: STR, name: STR,
        area: Ty::Enum(&[
            ("us", "Area::Us"),
            ("europe", "Area::Europe"),
            ("asia_pacific", "Area::AsiaPacific"),
            ("everywhere", "Area::Everywhere"),
        ]),
    }
    /// `src/data/offers.toml`'s `[[providers]]`.
    pub(crate) PROVIDER = "Provider" {
        id: STR, name: STR, region: STR, note: STR => EMPTY, regions: Ty::List(&REGION) => "&[]",
    }
    /// `src/data/offers.toml`'s `[[snapshots]]` (the newest one is made by `build/prices.rs`).
    pub(crate) SNAPSHOT = "Snapshot" {
        id: STR, label: STR, as_of: STR, description: STR, not_offered: Ty::StrList => "&[]",
        semester: Ty::OptStr,
    }
    REGIONAL_PRICE = "RegionalPrice" {
        offer: STR, usd: NUM,
    }
    /// The figures of one file of `src/data/prices/` that share a date and a source.
    pub(crate) REGION_PRICES = "RegionPrices" {
        provider: STR, region: STR, as_of: STR, source: STR, prices: Ty::List(&REGIONAL_PRICE),
    }
    /// `src/data/offers.toml`'s `[[sources]]`, and `src/data/exchange-rates.toml`'s `[source]`.
    pub(crate) SOURCE = "Source" {
        id: STR, title: STR, publisher: STR, date: STR, url: STR, as_of: STR,
    }
    /// `src/data/mappings.toml`'s `[[mappings]]`.
    pub(crate) MAPPING = "Mapping" {
        provider: STR, resource: STR, offer: STR, fraction: NUM, note: STR => EMPTY,
    }
    RATE = "Rate" {
        currency: STR, per_eur: NUM, per_usd: NUM,
    }
    RATE_TABLE = "RateTable" {
        snapshot: STR, date: STR, rates: Ty::List(&RATE),
    }
    /// `src/data/exchange-rates.toml`, the whole file.
    pub(crate) EXCHANGE_RATES = "ExchangeRates" {
        note: STR, source: Ty::Table(&SOURCE), tables: Ty::List(&RATE_TABLE),
    }
    /// `src/data/glossary.toml`'s `[[terms]]`.
    pub(crate) TERM = "Term" {
        id: STR, term: STR, definition: STR,
    }
    /// `src/data/provenance.toml`'s `[[entries]]`, and a preset's `[[provenance]]`.
    pub(crate) PROVENANCE_ENTRY = "ProvenanceEntry" {
        path: STR,
        kind: Ty::Enum(&[
            ("sourced", "ProvenanceKind::Sourced"),
            ("calibrated", "ProvenanceKind::Calibrated"),
            ("assumed", "ProvenanceKind::Assumed"),
            ("user", "ProvenanceKind::User"),
        ]),
        text: STR, url: Ty::OptStr,
    }
    CITATION = "Citation" {
        title: STR, publisher: STR, date: STR, url: STR,
    }
    /// `src/data/comparables.toml`'s `[[comparables]]`.
    pub(crate) COMPARABLE = "Comparable" {
        course: STR, year: Ty::Int("u16", u16::MAX as u64), period: STR, figure: STR, covers: STR,
        per_student_low_usd: Ty::OptNum, per_student_high_usd: Ty::OptNum,
        education_credit: Ty::Bool => "false", citation: Ty::Table(&CITATION),
    }
    OVERRUN = "OverrunFactors" {
        vm: NUM, bare_metal: NUM, edge: NUM, storage: NUM,
    }
    REALISM = "Realism" {
        labs: Ty::Table(&OVERRUN), project: Ty::Table(&OVERRUN),
    }
    REPORTED_HOURS = "ReportedHours" {
        lab_instance_hours: NUM, project_instance_hours: NUM, project_gpu_hours: NUM,
    }
    PAPER = "PaperFigures" {
        hours: Ty::Table(&REPORTED_HOURS), cost_per_student_usd: NUM, course_cost_usd: NUM,
        labs_per_student_low_usd: NUM, labs_per_student_high_usd: NUM, max_student_labs_usd: NUM,
        project_block_storage_gb: NUM, project_object_storage_gb: NUM, source: STR,
    }
}

/// The preset files' shapes, from the table the crate's `preset_data.rs` reads too: each entry
/// is the baker's `Shape` of the struct it names (the Rust field types are the crate's business).
macro_rules! preset_shapes {
    ($( $(#[doc = $doc:literal])* $shape:ident = $name:ident {
        $( $(#[doc = $field_doc:literal])* $key:ident : $rust:ty = $ty:expr $(=> $or:expr)? ),* $(,)?
    } )*) => {
        $(
            $(#[doc = $doc])*
            pub(crate) const $shape: Shape = Shape {
                rust: stringify!($name),
                fields: &[$(
                    Field { key: stringify!($key), ty: $ty, or: shapes!(@or $($or)?) }
                ),*],
            };
        )*
    };
}

include!("../src/model/presets/preset_shape.rs");

// The free testbeds (issue 35): `src/data/testbeds.toml`, baked for `model/testbed/data.rs`.
shapes! {
    RATE_TABLE_INFO = "RateTableInfo" {
        label: STR, in_force: STR, source: STR, note: STR,
    }
    CHAMELEON_CLASS = "ChameleonClass" {
        id: STR, label: STR, su_per_hour: NUM, before_low: NUM, before_high: NUM,
    }
    CHAMELEON = "ChameleonRules" {
        name: STR, allocation_su: NUM, allocation_months: NUM, allocation_source: STR,
        recharge_note: STR, per_user_source: STR, lease_rule: STR, lease_source: STR,
        current: Ty::Table(&RATE_TABLE_INFO), before: Ty::Table(&RATE_TABLE_INFO),
        classes: Ty::List(&CHAMELEON_CLASS),
    }
    JETSTREAM_FLAVOR = "JetstreamFlavor" {
        id: STR, vcpu: U32, ram_gb: NUM, gpu_mem_gb: NUM => "0.0", su_per_vcpu_hour: NUM,
        source: STR,
    }
    JETSTREAM = "JetstreamRules" {
        name: STR, credit_rule: STR, credit_source: STR, rates_in_force: STR, shelved_pct: NUM,
        stopped_pct: NUM, suspended_pct: NUM, states_source: STR, storage_rule: STR,
        storage_source: STR, storage_credits_per_gb: NUM, flavors: Ty::List(&JETSTREAM_FLAVOR),
    }
    ACCESS_TIER = "AccessTier" {
        id: STR, name: STR, credits: NUM, requires: STR, source: STR,
    }
    ACCESS = "AccessRules" {
        before_report_share: NUM, before_report_source: STR, supplement_share: NUM,
        supplement_source: STR, lifetime_credits: NUM, lifetime_source: STR, beyond_name: STR,
        beyond_note: STR, beyond_source: STR, tiers: Ty::List(&ACCESS_TIER),
    }
    CLOUDBANK = "CloudBankRule" {
        rule: STR, source: STR,
    }
    TESTBED_MAPPING = "TestbedMapping" {
        resource: STR, chameleon: STR, chameleon_note: STR, jetstream: STR, jetstream_count: NUM,
        jetstream_note: STR,
    }
    /// `src/data/testbeds.toml`, the whole file.
    pub(crate) TESTBEDS = "Testbeds" {
        sources: Ty::List(&SOURCE), chameleon: Ty::Table(&CHAMELEON),
        jetstream: Ty::Table(&JETSTREAM), access: Ty::Table(&ACCESS),
        cloudbank: Ty::Table(&CLOUDBANK), mappings: Ty::List(&TESTBED_MAPPING),
    }
}
