//! What each data file's tables become in Rust: the struct, and each key's type. A key the file
//! may leave out has its Rust default beside it; every other key is required.

use crate::bake::{or, req, Shape, Ty};

const STR: Ty = Ty::Str;
const NUM: Ty = Ty::Num;
const EMPTY: &str = "\"\"";

const HARDWARE: Shape = Shape {
    rust: "Hardware",
    fields: &[
        or("vcpu", Ty::Int("u32", u32::MAX as u64), "0"),
        or("ram_gb", NUM, "0.0"),
        or("gpu_model", Ty::Cow, "Cow::Borrowed(\"\")"),
        or("gpu_count", Ty::Int("u32", u32::MAX as u64), "0"),
        or("gpu_mem_gb", NUM, "0.0"),
    ],
};

/// `src/data/resources.toml`'s `[[resources]]`.
pub(crate) const RESOURCE: Shape = Shape {
    rust: "Resource",
    fields: &[
        req("id", STR),
        req("label", STR),
        req(
            "kind",
            Ty::Enum(&[
                ("vm", "ResourceKind::Vm"),
                ("bare_metal", "ResourceKind::BareMetal"),
                ("edge", "ResourceKind::Edge"),
                ("storage", "ResourceKind::Storage"),
                ("network", "ResourceKind::Network"),
            ]),
        ),
        or("site", STR, EMPTY),
        req("specs", Ty::Flat(&HARDWARE)),
        req("su_per_hour", Ty::OptNum),
        or("source", STR, EMPTY),
    ],
};

const SNAPSHOT_PRICE: Shape = Shape {
    rust: "SnapshotPrice",
    fields: &[
        req("snapshot", STR),
        req("usd", NUM),
        req("as_of", STR),
        req("source", STR),
        req("spot_usd", Ty::OptNum),
        req("spot_note", Ty::OptStr),
        or("no_spot", Ty::Bool, "false"),
    ],
};

/// `src/data/offers.toml`'s `[[offers]]`.
pub(crate) const OFFER: Shape = Shape {
    rust: "Offer",
    fields: &[
        req("id", Ty::Cow),
        req("provider", Ty::Cow),
        req("sku", Ty::Cow),
        req("specs", Ty::Flat(&HARDWARE)),
        req(
            "unit",
            Ty::Enum(&[
                ("hour", "PriceUnit::Hour"),
                ("gb_month", "PriceUnit::GbMonth"),
            ]),
        ),
        req("usd", NUM),
        req("spot_usd", Ty::OptNum),
        req("spot_note", Ty::OptCow),
        or("region", Ty::Cow, "Cow::Borrowed(\"\")"),
        req("as_of", Ty::Cow),
        req("source", Ty::Cow),
        req("note", Ty::OptCow),
        or("snapshot_prices", Ty::List(&SNAPSHOT_PRICE), "&[]"),
    ],
};

/// `src/data/offers.toml`'s `[[providers]]`.
pub(crate) const PROVIDER: Shape = Shape {
    rust: "Provider",
    fields: &[
        req("id", STR),
        req("name", STR),
        req("region", STR),
        or("note", STR, EMPTY),
    ],
};

/// `src/data/offers.toml`'s `[[snapshots]]`.
pub(crate) const SNAPSHOT: Shape = Shape {
    rust: "Snapshot",
    fields: &[
        req("id", STR),
        req("label", STR),
        req("as_of", STR),
        req("description", STR),
        or("not_offered", Ty::StrList, "&[]"),
    ],
};

/// `src/data/offers.toml`'s `[[sources]]`, and `src/data/exchange-rates.toml`'s `[source]`.
pub(crate) const SOURCE: Shape = Shape {
    rust: "Source",
    fields: &[
        req("id", STR),
        req("title", STR),
        req("publisher", STR),
        req("date", STR),
        req("url", STR),
        req("as_of", STR),
    ],
};

/// `src/data/mappings.toml`'s `[[mappings]]`.
pub(crate) const MAPPING: Shape = Shape {
    rust: "Mapping",
    fields: &[
        req("provider", STR),
        req("resource", STR),
        req("offer", STR),
        req("fraction", NUM),
        or("note", STR, EMPTY),
    ],
};

const RATE: Shape = Shape {
    rust: "Rate",
    fields: &[
        req("currency", STR),
        req("per_eur", NUM),
        req("per_usd", NUM),
    ],
};

const RATE_TABLE: Shape = Shape {
    rust: "RateTable",
    fields: &[
        req("snapshot", STR),
        req("date", STR),
        req("rates", Ty::List(&RATE)),
    ],
};

/// `src/data/exchange-rates.toml`, the whole file.
pub(crate) const EXCHANGE_RATES: Shape = Shape {
    rust: "ExchangeRates",
    fields: &[
        req("note", STR),
        req("source", Ty::Table(&SOURCE)),
        req("tables", Ty::List(&RATE_TABLE)),
    ],
};

/// `src/data/glossary.toml`'s `[[terms]]`.
pub(crate) const TERM: Shape = Shape {
    rust: "Term",
    fields: &[req("id", STR), req("term", STR), req("definition", STR)],
};

/// `src/data/provenance.toml`'s `[[entries]]`, and a preset's `[[provenance]]`.
pub(crate) const PROVENANCE_ENTRY: Shape = Shape {
    rust: "ProvenanceEntry",
    fields: &[
        req("path", STR),
        req(
            "kind",
            Ty::Enum(&[
                ("sourced", "ProvenanceKind::Sourced"),
                ("calibrated", "ProvenanceKind::Calibrated"),
                ("assumed", "ProvenanceKind::Assumed"),
                ("user", "ProvenanceKind::User"),
            ]),
        ),
        req("text", STR),
        req("url", Ty::OptStr),
    ],
};

const CITATION: Shape = Shape {
    rust: "Citation",
    fields: &[
        req("title", STR),
        req("publisher", STR),
        req("date", STR),
        req("url", STR),
    ],
};

/// `src/data/comparables.toml`'s `[[comparables]]`.
pub(crate) const COMPARABLE: Shape = Shape {
    rust: "Comparable",
    fields: &[
        req("course", STR),
        req("year", Ty::Int("u16", u16::MAX as u64)),
        req("period", STR),
        req("figure", STR),
        req("covers", STR),
        req("per_student_low_usd", Ty::OptNum),
        req("per_student_high_usd", Ty::OptNum),
        or("education_credit", Ty::Bool, "false"),
        req("citation", Ty::Table(&CITATION)),
    ],
};

const OVERRUN: Shape = Shape {
    rust: "OverrunFactors",
    fields: &[
        req("vm", NUM),
        req("bare_metal", NUM),
        req("edge", NUM),
        req("storage", NUM),
    ],
};

const REALISM: Shape = Shape {
    rust: "Realism",
    fields: &[
        req("labs", Ty::Table(&OVERRUN)),
        req("project", Ty::Table(&OVERRUN)),
    ],
};

const PRICING: Shape = Shape {
    rust: "PricingData",
    fields: &[
        req("provider", STR),
        req("snapshot", STR),
        req(
            "model",
            Ty::Enum(&[
                ("on_demand", "PriceModel::OnDemand"),
                ("spot", "PriceModel::Spot"),
            ]),
        ),
        req("rerun_overhead_pct", NUM),
        req("discount_pct", NUM),
        req("overhead_pct", NUM),
        req("credit_per_student_usd", NUM),
        req("currency", STR),
        req("usd_to_currency", NUM),
    ],
};

const RESOURCE_USE: Shape = Shape {
    rust: "ResourceUseData",
    fields: &[
        req("resource", STR),
        req("count", NUM),
        req("hours", NUM),
        req("floating_ips", NUM),
    ],
};

const LAB_OPTION: Shape = Shape {
    rust: "LabOptionData",
    fields: &[
        req("name", STR),
        req("share_pct", NUM),
        req("uses", Ty::List(&RESOURCE_USE)),
    ],
};

const LAB: Shape = Shape {
    rust: "LabData",
    fields: &[
        req("name", STR),
        or("note", STR, EMPTY),
        req("options", Ty::List(&LAB_OPTION)),
        req("start_week", NUM),
        req("due_week", NUM),
    ],
};

const POOL_SHARE: Shape = Shape {
    rust: "PoolShareData",
    fields: &[req("resource", STR), req("share_pct", NUM)],
};

const PROJECT_USE: Shape = Shape {
    rust: "ProjectUseData",
    fields: &[
        req("resource", STR),
        req("count", NUM),
        req("hours_per_week", NUM),
        req("floating_ips", NUM),
        or("note", STR, EMPTY),
        or("pool", Ty::List(&POOL_SHARE), "&[]"),
    ],
};

const PROJECT: Shape = Shape {
    rust: "ProjectData",
    fields: &[
        req("group_size", NUM),
        req("weeks", NUM),
        req("start_week", NUM),
        req("uses", Ty::List(&PROJECT_USE)),
    ],
};

const COURSE: Shape = Shape {
    rust: "CourseData",
    fields: &[
        req("students", NUM),
        req("term_weeks", NUM),
        req("labs", Ty::List(&LAB)),
        req("project", Ty::Table(&PROJECT)),
    ],
};

const CAPACITY: Shape = Shape {
    rust: "CapacityData",
    fields: &[
        req("resource", STR),
        req("units", NUM),
        req("start_week", NUM),
        req("weeks", NUM),
        or("note", STR, EMPTY),
    ],
};

const SCENARIO: Shape = Shape {
    rust: "ScenarioData",
    fields: &[
        req("course", Ty::Table(&COURSE)),
        req("realism", Ty::Table(&REALISM)),
        req("pricing", Ty::Table(&PRICING)),
        or("capacity", Ty::List(&CAPACITY), "&[]"),
    ],
};

const REPORTED_HOURS: Shape = Shape {
    rust: "ReportedHours",
    fields: &[
        req("lab_instance_hours", NUM),
        req("project_instance_hours", NUM),
        req("project_gpu_hours", NUM),
    ],
};

const PAPER: Shape = Shape {
    rust: "PaperFigures",
    fields: &[
        req("hours", Ty::Table(&REPORTED_HOURS)),
        req("cost_per_student_usd", NUM),
        req("course_cost_usd", NUM),
        req("labs_per_student_low_usd", NUM),
        req("labs_per_student_high_usd", NUM),
        req("max_student_labs_usd", NUM),
        req("project_block_storage_gb", NUM),
        req("project_object_storage_gb", NUM),
        req("source", STR),
    ],
};

/// A file of `src/data/presets/`, the whole file.
pub(crate) const PRESET: Shape = Shape {
    rust: "PresetData",
    fields: &[
        req("id", STR),
        or("version", Ty::Int("u32", u32::MAX as u64), "1"),
        req("name", STR),
        req("summary", STR),
        req("scenario", Ty::Table(&SCENARIO)),
        req("paper", Ty::OptTable(&PAPER)),
        or("provenance", Ty::List(&PROVENANCE_ENTRY), "&[]"),
        or("archived", Ty::Bool, "false"),
        req("superseded_by", Ty::OptStr),
    ],
};
