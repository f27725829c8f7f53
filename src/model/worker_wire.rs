//! The bytes of what crosses to the worker and back beside a bill ([`super::worker_protocol`]):
//! the scenario whole (for the band's draws and a bill set against the plan), the band's
//! percentiles, and the bill against the plan with the calibration it gives. Each struct is
//! listed field by field by [`crate::wire_struct`], which builds it whole, so a field added to
//! one and not here does not compile; figures cross bit for bit.

use crate::model::catalog::hardware::Hardware;
use crate::model::catalog::offer::{Offer, PriceModel, PriceUnit};
use crate::model::catalog::resource::ResourceKind;
use crate::model::focus::calibrate::{BillCalibration, Coverage, FactorRow, Guard, Outcome};
use crate::model::focus::compare::{
    provider_id, BilledAgainstPlanned, Conversion, Pair, ProviderMatch, ResourceRow, TypeRow,
};
use crate::model::planners::interval::CostInterval;
use crate::model::planners::uncertain::{RangeOrigin, TornadoRow};
use crate::model::scenario::course::{
    Course, Lab, LabOption, PoolShare, Project, ProjectUse, ResourceUse,
};
use crate::model::scenario::levers::{AutoStop, Levers};
use crate::model::scenario::planning::Planning;
use crate::model::scenario::price_change::PriceChange;
use crate::model::scenario::pricing::Pricing;
use crate::model::scenario::realism::{BillNote, OverrunFactors, Realism, ResourceFactor};
use crate::model::scenario::{Capacity, OfferChoice, Scenario};
use crate::model::wire_bytes::{Take, Wire};
use crate::wire_struct;

/// [`Wire`] for an enum whose variants carry nothing: its place in the list, one byte.
macro_rules! wire_enum {
    ($name:ident [$($variant:ident),* $(,)?]) => {
        impl Wire for $name {
            fn put(&self, out: &mut Vec<u8>) {
                let all = [$($name::$variant),*];
                let at = all.iter().position(|v| v == self).unwrap_or(all.len());
                out.push(at as u8);
            }
            fn take(from: &mut Take<'_>) -> Option<Self> {
                let all = [$($name::$variant),*];
                all.get(usize::from(from.bytes(1)?[0])).copied()
            }
        }
    };
}

wire_enum!(PriceModel[OnDemand, Spot]);
wire_enum!(PriceUnit[Hour, GbMonth]);
wire_enum!(ResourceKind[Vm, BareMetal, Edge, Storage, Network]);

wire_struct!(Scenario {
    title,
    notes,
    course,
    realism,
    pricing,
    stand_in_choices,
    custom_offers,
    capacity,
    levers,
    planning,
    resource_factors,
    bill_note,
});
wire_struct!(Course {
    students,
    term_weeks,
    labs,
    project
});
wire_struct!(Lab {
    name,
    note,
    options,
    start_week,
    due_week
});
wire_struct!(LabOption {
    name,
    share_pct,
    uses
});
wire_struct!(ResourceUse {
    resource,
    count,
    hours,
    floating_ips
});
wire_struct!(Project {
    group_size,
    weeks,
    start_week,
    uses
});
wire_struct!(ProjectUse {
    resource,
    count,
    hours_per_week,
    floating_ips,
    note,
    pool
});
wire_struct!(PoolShare {
    resource,
    share_pct
});
wire_struct!(Realism { labs, project });
wire_struct!(OverrunFactors {
    vm,
    bare_metal,
    edge,
    storage
});
wire_struct!(ResourceFactor { resource, factor });
wire_struct!(BillNote { text, fields });
wire_struct!(Pricing {
    provider,
    region,
    snapshot,
    model,
    rerun_overhead_pct,
    discount_pct,
    overhead_pct,
    credit_per_student_usd,
    currency,
    usd_to_currency,
    price_change,
});
wire_struct!(PriceChange {
    gpu_pct,
    cpu_pct,
    storage_pct,
    network_pct
});
wire_struct!(OfferChoice {
    provider,
    resource,
    offer,
    fraction
});
wire_struct!(Capacity {
    resource,
    units,
    start_week,
    weeks,
    note
});
wire_struct!(Levers {
    vm_lease_cap_hours,
    auto_stop,
    spot_gpu_rerun_pct,
    gpu_sharing_students,
    gpu_bound_share_pct,
    right_size,
});
wire_struct!(AutoStop {
    idle_after_hours,
    nightly_stop,
    night_hours,
    idle_share_pct,
    include_project,
});
wire_struct!(Planning {
    spread_sigma,
    seed,
    runs,
    credit_threshold_usd,
    budget_usd,
    percentile,
    budget_reserve_pct,
    concurrency_pct,
    deadline_crunch_pct,
    chameleon_allocation_su,
    term_start_day,
});
wire_struct!(Hardware {
    vcpu,
    ram_gb,
    gpu_model,
    gpu_count,
    gpu_mem_gb
});

// A scenario's own offers (provider `custom`): the user's, with no snapshot prices of their own
// (only the catalog's offers have those, and they never travel), so those are not sent.
impl Wire for Offer {
    fn put(&self, out: &mut Vec<u8>) {
        let Offer {
            id,
            provider,
            sku,
            specs,
            unit,
            usd,
            spot_usd,
            spot_note,
            region,
            as_of,
            source,
            note,
            snapshot_prices: _,
        } = self;
        (id, provider, sku).put_all(out);
        specs.put(out);
        unit.put(out);
        usd.put(out);
        spot_usd.put(out);
        spot_note.put(out);
        (region, as_of, source).put_all(out);
        note.put(out);
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        Some(Offer {
            id: Wire::take(from)?,
            provider: Wire::take(from)?,
            sku: Wire::take(from)?,
            specs: Wire::take(from)?,
            unit: Wire::take(from)?,
            usd: Wire::take(from)?,
            spot_usd: Wire::take(from)?,
            spot_note: Wire::take(from)?,
            region: Wire::take(from)?,
            as_of: Wire::take(from)?,
            source: Wire::take(from)?,
            note: Wire::take(from)?,
            snapshot_prices: &[],
        })
    }
}

/// Three borrowed values put one after the other.
trait PutAll {
    fn put_all(&self, out: &mut Vec<u8>);
}

impl<A: Wire, B: Wire, C: Wire> PutAll for (&A, &B, &C) {
    fn put_all(&self, out: &mut Vec<u8>) {
        self.0.put(out);
        self.1.put(out);
        self.2.put(out);
    }
}

wire_struct!(CostInterval {
    draws,
    dropped,
    p10_usd,
    p50_usd,
    p90_usd,
    typical_usd,
    typical_percentile,
});

wire_struct!(BilledAgainstPlanned {
    types,
    resources,
    storage,
    public_ipv4,
    conversion,
    unconverted,
    planned_total_usd,
    billed_total,
    effective_total,
    levers_were_on,
    provider,
});
wire_struct!(TypeRow {
    instance_type,
    billed_hours,
    spot_hours,
    billed_cost,
    billed_usd,
    planned_hours,
    planned_usd,
    resources,
    mapped_to,
});
wire_struct!(ResourceRow {
    resource,
    label,
    kind,
    instance_type,
    fraction,
    billed_hours,
    planned_hours,
    billed_cost,
    planned_usd,
    share,
});
wire_struct!(Pair { billed, planned });
wire_struct!(Conversion {
    currency,
    per_usd,
    date
});

// The provider id crosses as text and is read back as the catalog's own (`provider_id` names
// each of its ids by itself); any other text is not a message.
impl Wire for ProviderMatch {
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            ProviderMatch::Same => out.push(0),
            ProviderMatch::Other(id) => {
                out.push(1);
                id.map(str::to_string).put(out);
            }
        }
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        match from.bytes(1)? {
            [0] => Some(ProviderMatch::Same),
            [1] => match <Option<String> as Wire>::take(from)? {
                None => Some(ProviderMatch::Other(None)),
                Some(text) => provider_id(&text)
                    .filter(|id| *id == text)
                    .map(|id| ProviderMatch::Other(Some(id))),
            },
            _ => None,
        }
    }
}

wire_struct!(BillCalibration {
    realism,
    resource_factors,
    note,
    rows,
    storage,
    storage_ratio,
    coverage,
    guards,
});
wire_struct!(FactorRow {
    resource,
    label,
    instance_type,
    billed_hours,
    scenario_hours,
    from,
    to,
    outcome,
});
wire_struct!(Coverage {
    billed_hours,
    scenario_hours
});

impl Wire for Outcome {
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            Outcome::Follows => out.push(0),
            Outcome::Unbilled { kept } => {
                out.push(1);
                kept.put(out);
            }
            Outcome::NothingPlanned => out.push(2),
            Outcome::TooLarge => out.push(3),
        }
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        match from.bytes(1)? {
            [0] => Some(Outcome::Follows),
            [1] => Some(Outcome::Unbilled {
                kept: Wire::take(from)?,
            }),
            [2] => Some(Outcome::NothingPlanned),
            [3] => Some(Outcome::TooLarge),
            _ => None,
        }
    }
}

impl Wire for Guard {
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            Guard::OtherProvider(name) => {
                out.push(0);
                name.put(out);
            }
            Guard::ToZero(what) => {
                out.push(1);
                what.put(out);
            }
            Guard::Tenfold(what, ratio) => {
                out.push(2);
                what.put(out);
                ratio.put(out);
            }
        }
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        match from.bytes(1)? {
            [0] => Wire::take(from).map(Guard::OtherProvider),
            [1] => Wire::take(from).map(Guard::ToZero),
            [2] => Some(Guard::Tenfold(Wire::take(from)?, Wire::take(from)?)),
            _ => None,
        }
    }
}

wire_struct!(TornadoRow {
    name,
    unit,
    provenance,
    low_value,
    typical_value,
    high_value,
    low_total_usd,
    typical_total_usd,
    high_total_usd,
    whole_instance_total_usd,
    detail,
});

/// Most distinct provenance texts the page keeps (the tornado's rows have 13).
const MOST_TEXTS: usize = 64;

/// `text` as a `&'static str` (a row's provenance, like the baked ones it is on the worker's
/// side): each distinct text is kept once, and at most [`MOST_TEXTS`] of them, so the page's
/// memory stays bounded however many answers come; `None` past that.
fn interned(text: String) -> Option<&'static str> {
    thread_local! {
        static TEXTS: std::cell::RefCell<Vec<&'static str>> =
            const { std::cell::RefCell::new(Vec::new()) };
    }
    TEXTS.with(|texts| {
        let mut texts = texts.borrow_mut();
        if let Some(found) = texts.iter().find(|t| **t == text) {
            return Some(*found);
        }
        if texts.len() >= MOST_TEXTS {
            return None;
        }
        let kept: &'static str = Box::leak(text.into_boxed_str());
        texts.push(kept);
        Some(kept)
    })
}

// A provenance crosses as its kind and its words (so the page holds no table of them).
impl Wire for RangeOrigin {
    fn put(&self, out: &mut Vec<u8>) {
        let (kind, words) = match self {
            RangeOrigin::Sourced(words) => (0, words),
            RangeOrigin::Calibrated(words) => (1, words),
            RangeOrigin::Assumed(words) => (2, words),
        };
        out.push(kind);
        words.to_string().put(out);
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        let kind = from.bytes(1)?[0];
        let words = interned(String::take(from)?)?;
        match kind {
            0 => Some(RangeOrigin::Sourced(words)),
            1 => Some(RangeOrigin::Calibrated(words)),
            2 => Some(RangeOrigin::Assumed(words)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn provenance_texts_are_kept_once_and_bounded() {
        let first = interned("assumed: why".to_string()).unwrap();
        let again = interned("assumed: why".to_string()).unwrap();
        assert!(std::ptr::eq(first, again), "one copy of each text");
        for n in 1..MOST_TEXTS {
            assert!(interned(format!("text {n}")).is_some(), "{n}");
        }
        // Past the bound a new text is refused (the message with it is not read), a known one
        // still found.
        assert!(interned("one more".to_string()).is_none());
        assert!(interned("text 1".to_string()).is_some());
    }
}
