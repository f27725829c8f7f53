//! [`ToJson`](crate::model::json::ToJson) for a scenario and what it holds, as serde's derive
//! wrote them (same keys, order, skipped fields and flattened hardware).

use crate::model::catalog::offer::{Hardware, Offer, PriceModel, PriceUnit, SnapshotPrice};
use crate::model::json::{json_enum, json_struct};
use crate::model::scenario::course::{
    Course, Lab, LabOption, PoolShare, Project, ProjectUse, ResourceUse,
};
use crate::model::scenario::levers::{AutoStop, Levers};
use crate::model::scenario::planning::Planning;
use crate::model::scenario::pricing::Pricing;
use crate::model::scenario::realism::{OverrunFactors, Realism};
use crate::model::scenario::{Capacity, OfferChoice, Scenario};

json_struct! {
    Scenario {
        title if String::is_empty, notes if String::is_empty, course, realism, pricing,
        stand_in_choices, custom_offers, capacity if Vec::is_empty, levers if Levers::is_off,
        planning,
    }
}
json_struct! { Course { students, term_weeks, labs, project } }
json_struct! { Lab { name, note, options, start_week, due_week } }
json_struct! { LabOption { name, share_pct, uses } }
json_struct! { ResourceUse { resource, count, hours, floating_ips } }
json_struct! { Project { group_size, weeks, start_week, uses } }
json_struct! {
    ProjectUse {
        resource, count, hours_per_week, floating_ips, note, pool if Vec::is_empty,
    }
}
json_struct! { PoolShare { resource, share_pct } }
json_struct! { Realism { labs, project } }
json_struct! { OverrunFactors { vm, bare_metal, edge, storage } }
json_struct! {
    Pricing {
        provider, snapshot, model, rerun_overhead_pct, discount_pct, overhead_pct,
        credit_per_student_usd, currency, usd_to_currency,
    }
}
json_struct! { OfferChoice { provider, resource, offer, fraction } }
json_struct! {
    Offer {
        id, provider, sku, specs flatten, unit, usd, spot_usd, spot_note, region, as_of, source,
        note, snapshot_prices,
    }
}
json_struct! { Hardware { vcpu, ram_gb, gpu_model, gpu_count, gpu_mem_gb } }
json_struct! { SnapshotPrice { snapshot, usd, as_of, source, spot_usd, spot_note, no_spot } }
json_struct! { Capacity { resource, units, start_week, weeks, note } }
json_struct! {
    Levers {
        vm_lease_cap_hours, auto_stop, spot_gpu_rerun_pct, gpu_sharing_students,
        gpu_bound_share_pct, right_size,
    }
}
json_struct! {
    AutoStop {
        idle_after_hours, nightly_stop, night_hours, idle_share_pct, include_project,
    }
}
json_struct! {
    Planning {
        spread_sigma, seed, runs, credit_threshold_usd, budget_usd, percentile, concurrency_pct,
        deadline_crunch_pct,
    }
}
json_enum! { PriceModel { OnDemand = "on_demand", Spot = "spot" } }
json_enum! { PriceUnit { Hour = "hour", GbMonth = "gb_month" } }
