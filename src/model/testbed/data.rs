//! The testbeds' rates and allocation rules as data: `src/data/testbeds.toml`, baked into a static
//! by `build.rs`, each figure with the id of its public source (see [`Testbeds::citations`]).

use serde::Serialize;

use crate::model::catalog::Source;

/// A Chameleon rate table's label, when it was in force and where it comes from.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RateTableInfo {
    /// What the table is, in a sentence's middle ("tiered rates from September 2025").
    pub label: &'static str,
    /// When it was in force, in words with dates.
    pub in_force: &'static str,
    /// Source ids, comma-separated.
    pub source: &'static str,
    /// What it charges, in a sentence.
    pub note: &'static str,
}

/// A Chameleon charge class: a KVM flavor or a tier of bare-metal nodes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChameleonClass {
    /// Id used by the mappings (`m1.small`, `a100x4`).
    pub id: &'static str,
    /// Its name in the rate table.
    pub label: &'static str,
    /// Charge in the current table (SU per hour of one instance).
    pub su_per_hour: f64,
    /// Lowest charge under the rules before July 2025 (SU per hour of one instance).
    pub before_low: f64,
    /// Highest charge under the rules before July 2025 (SU per hour of one instance).
    pub before_high: f64,
}

/// Chameleon's allocation rules and rate tables.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChameleonRules {
    /// Display name.
    pub name: &'static str,
    /// SU a new project is given (SU).
    pub allocation_su: f64,
    /// How long a project's allocation lasts (months).
    pub allocation_months: f64,
    /// Source ids of the allocation's size and length.
    pub allocation_source: &'static str,
    /// What is (not) known about recharges.
    pub recharge_note: &'static str,
    /// Source ids of per-user SU budgets.
    pub per_user_source: &'static str,
    /// How a lease is charged.
    pub lease_rule: &'static str,
    /// Source ids of the lease rule.
    pub lease_source: &'static str,
    /// The rate table in force today.
    pub current: RateTableInfo,
    /// The rules in force before July 2025.
    pub before: RateTableInfo,
    /// Every charge class.
    pub classes: &'static [ChameleonClass],
}

/// A Jetstream2 instance flavor.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct JetstreamFlavor {
    /// Flavor name (`m3.quad`).
    pub id: &'static str,
    /// Virtual CPUs (count).
    pub vcpu: u32,
    /// Memory (GB).
    pub ram_gb: f64,
    /// GPU memory of its A100 share (GB); 0 for a CPU flavor.
    pub gpu_mem_gb: f64,
    /// Charge per vCPU-hour (SU).
    pub su_per_vcpu_hour: f64,
    /// Source ids.
    pub source: &'static str,
}

impl JetstreamFlavor {
    /// Its charge (SU per hour of one instance): vCPUs x SU per vCPU-hour.
    pub fn su_per_hour(&self) -> f64 {
        f64::from(self.vcpu) * self.su_per_vcpu_hour
    }
}

/// Jetstream2's charging rules and flavors.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct JetstreamRules {
    /// Display name.
    pub name: &'static str,
    /// How SUs relate to ACCESS credits.
    pub credit_rule: &'static str,
    /// Source ids of that rule.
    pub credit_source: &'static str,
    /// When the flavor rates are from, in words with dates.
    pub rates_in_force: &'static str,
    /// Share of the running charge a shelved instance costs (percent).
    pub shelved_pct: f64,
    /// Share of the running charge a stopped instance costs (percent).
    pub stopped_pct: f64,
    /// Share of the running charge a suspended instance costs (percent).
    pub suspended_pct: f64,
    /// Source ids of the instance-state charges.
    pub states_source: &'static str,
    /// How storage is allocated.
    pub storage_rule: &'static str,
    /// Source ids of the storage rule.
    pub storage_source: &'static str,
    /// ACCESS credits one GB of allocated storage costs (credits per GB).
    pub storage_credits_per_gb: f64,
    /// The flavors the mappings use.
    pub flavors: &'static [JetstreamFlavor],
}

/// An ACCESS allocation tier that is awarded in credits.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AccessTier {
    /// Short id (`explore`).
    pub id: &'static str,
    /// Display name (`Explore ACCESS`).
    pub name: &'static str,
    /// Credit limit (credits).
    pub credits: f64,
    /// What a request takes.
    pub requires: &'static str,
    /// Source ids.
    pub source: &'static str,
}

/// ACCESS's allocation rules.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AccessRules {
    /// Share of a tier's credits issued before the progress report (0 to 1).
    pub before_report_share: f64,
    /// Source ids of the two halves.
    pub before_report_source: &'static str,
    /// Largest one-time supplement, as a share of the tier's limit (0 to 1).
    pub supplement_share: f64,
    /// Source ids of the supplement.
    pub supplement_source: &'static str,
    /// Most credits one funding award receives over its lifetime (credits).
    pub lifetime_credits: f64,
    /// Source ids of the lifetime limit.
    pub lifetime_source: &'static str,
    /// The tier beyond the credit tiers.
    pub beyond_name: &'static str,
    /// How that tier is requested.
    pub beyond_note: &'static str,
    /// Source ids of that tier.
    pub beyond_source: &'static str,
    /// The credit tiers, smallest first.
    pub tiers: &'static [AccessTier],
}

/// What CloudBank is, for the fund check.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CloudBankRule {
    /// The rule in a sentence.
    pub rule: &'static str,
    /// Source ids.
    pub source: &'static str,
}

/// One course resource on the testbeds, with the reasons.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TestbedMapping {
    /// Chameleon resource id (the catalog's).
    pub resource: &'static str,
    /// The Chameleon charge class; empty when no rate is published.
    pub chameleon: &'static str,
    /// Why that class, or why it is not counted.
    pub chameleon_note: &'static str,
    /// The Jetstream2 flavor that stands in; empty when it is not charged in SUs.
    pub jetstream: &'static str,
    /// Instances of that flavor per instance of the resource (count).
    pub jetstream_count: f64,
    /// Why that flavor and count, or why it is not counted.
    pub jetstream_note: &'static str,
}

/// Everything the testbed twin is computed from.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Testbeds {
    /// Cited sources.
    pub sources: &'static [Source],
    /// Chameleon.
    pub chameleon: ChameleonRules,
    /// Jetstream2.
    pub jetstream: JetstreamRules,
    /// ACCESS, which allocates Jetstream2.
    pub access: AccessRules,
    /// CloudBank.
    pub cloudbank: CloudBankRule,
    /// Each course resource on both testbeds.
    pub mappings: &'static [TestbedMapping],
}

include!(concat!(env!("OUT_DIR"), "/testbeds.rs"));

impl Testbeds {
    /// The rules shipped with the app (baked at build time).
    pub fn builtin() -> &'static Testbeds {
        &TESTBEDS
    }

    /// The mapping of resource `id`, if it has one.
    pub fn mapping(&self, id: &str) -> Option<&TestbedMapping> {
        self.mappings.iter().find(|m| m.resource == id)
    }

    /// The Chameleon charge class `id`.
    pub fn class(&self, id: &str) -> Option<&ChameleonClass> {
        self.chameleon.classes.iter().find(|c| c.id == id)
    }

    /// The Jetstream2 flavor `id`.
    pub fn flavor(&self, id: &str) -> Option<&JetstreamFlavor> {
        self.jetstream.flavors.iter().find(|f| f.id == id)
    }

    /// The sources cited by `ids` (comma-separated), in that order; unknown ids are skipped
    /// (`tests/testbeds.rs` checks that every cited id exists).
    pub fn citations(&self, ids: &str) -> Vec<&'static Source> {
        ids.split(',')
            .filter_map(|id| self.sources.iter().find(|s| s.id == id.trim()))
            .collect()
    }

    /// The sources cited by `ids` as a reader follows them: "title, publisher, date, <url>",
    /// joined by "; ", for plain text (the request paragraph, exports).
    pub fn cited(&self, ids: &str) -> String {
        self.citations(ids)
            .iter()
            .map(|s| format!("{}, {}, {}, <{}>", s.title, s.publisher, s.date, s.url))
            .collect::<Vec<_>>()
            .join("; ")
    }
}
