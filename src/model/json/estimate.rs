//! [`ToJson`] for a priced estimate and its price age, as serde's derive wrote them.

use crate::model::catalog::resource::{Category, ResourceKind};
use crate::model::engine::capacity::CapacityCheck;
use crate::model::engine::estimate::{Estimate, Totals};
use crate::model::engine::line::{CostLine, Phase};
use crate::model::engine::phase::PhaseSummary;
use crate::model::engine::price_age::{Day, PriceAge};
use crate::model::json::{json_enum, json_struct, write_str, Object, ToJson};

json_struct! {
    Estimate {
        students, groups, lines, labs, project, cost_by_category, totals, warnings, capacity,
    }
}
json_struct! {
    CostLine {
        phase, activity, option, resource, kind, category, takers, takers_unit, count, count_unit,
        planned_hours, overrun, lease_bounded, offer_id, sku, fraction, model, spot_missing,
        offer_usd, usd_per_hour, rerun, as_of, source, planned_total_hours, actual_hours, cost_usd,
        gpu_hours, gpu_device_hours, su,
    }
}
json_struct! {
    PhaseSummary {
        name, cost_by_category, cost_usd, planned_instance_hours, actual_instance_hours, gpu_hours,
        gpu_device_hours, su,
    }
}
json_struct! {
    Totals {
        list_usd, discount_usd, overhead_usd, credit_usd, net_usd, per_student_usd, labs_usd,
        project_usd, planned_instance_hours, actual_instance_hours, gpu_hours, gpu_device_hours, su,
        su_incomplete,
    }
}
json_struct! { CapacityCheck { resource, units, available_hours, needed_hours } }
json_struct! {
    PriceAge {
        on, figures, oldest, newest, undated, stale, yours, doubtful_usd, total_usd,
    }
}
json_enum! {
    ResourceKind {
        Vm = "vm", BareMetal = "bare_metal", Edge = "edge", Storage = "storage",
        Network = "network",
    }
}
json_enum! {
    Category {
        CpuCompute = "cpu_compute", Gpu = "gpu", Storage = "storage", Network = "network",
    }
}

/// A lab as `{"lab":index}`, the project as `"project"` (serde's externally tagged enum).
impl ToJson for Phase {
    fn write_json(&self, out: &mut String) {
        match self {
            Phase::Lab(index) => {
                let mut object = Object::new(out);
                object.member("lab", index);
                object.end();
            }
            Phase::Project => write_str(out, "project"),
        }
    }
}

/// A day as `"YYYY-MM-DD"`.
impl ToJson for Day {
    fn write_json(&self, out: &mut String) {
        write_str(out, &self.to_string());
    }
}
