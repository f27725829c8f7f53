//! The savings levers applied inside the engine: how each lever transforms a copy of the
//! scenario that the engine then prices, so a levered scenario validates, prices and shares like
//! any other, and levers combine by applying one after another, in this order: 1. right-sizing
//! (a user choice of the cheapest fitting offer); 2. GPU sharing (single-GPU lab uses of
//! MIG-capable GPUs take a slice, for a longer block); 3. spot GPUs (a custom offer at spot price
//! x re-run factor; offers without a published spot price stay on demand); 4. VM lease cap and
//! 5. auto-stop: per-use caps are not in the model, so each VM use's planned hours are lowered to
//! `new actual hours / overrun`, which makes the engine's actual hours (planned x overrun)
//! exactly the capped or stopped hours; attached floating IPs follow, as they share the use's
//! hours. A levered scenario's *planned* hours are therefore not the course's plan.

use crate::model::catalog::fit::fits;
use crate::model::catalog::offer::{Offer, PriceModel};
use crate::model::catalog::resource::{Resource, ResourceKind};
use crate::model::catalog::stand_in::{
    clip_name, custom_offer_id, custom_offer_number, default_fraction, CUSTOM_PROVIDER,
};
use crate::model::catalog::Catalog;
use crate::model::engine::stand_in::stand_ins_used as stand_ins;
use crate::model::scenario::levers::{
    sharing_factor, sharing_slowdown, AutoStop, Lever, Levers, MIG_GPU_MODELS,
};
use crate::model::scenario::valid::ValidScenario;
use crate::model::scenario::validate::FieldError;
use crate::model::scenario::{OfferChoice, Scenario};

/// `scenario` with every enabled lever of `levers` applied, in waterfall order (the settings
/// already validated: [`crate::model::scenario::validate::validate_levers`]).
pub fn with_levers(scenario: &Scenario, levers: &Levers, catalog: &Catalog) -> Scenario {
    let mut levered = scenario.clone();
    for lever in levers.enabled() {
        levered = apply_lever(&levered, lever, levers, catalog);
    }
    levered
}

/// `scenario` with its own enabled levers applied and then switched off (so they apply once),
/// validated: what [`crate::model::engine::estimate::price`] prices. Validation has checked the
/// lever settings with the scenario; the levered copy is validated on its own (a lever adds
/// custom offers and choices, which have limits too).
pub fn levered(
    scenario: &ValidScenario,
    catalog: &Catalog,
) -> Result<ValidScenario, Vec<FieldError>> {
    let mut levered = with_levers(scenario, &scenario.levers, catalog);
    levered.levers = Levers::default();
    ValidScenario::new(levered, catalog)
}

/// `scenario` with `lever` applied (its settings taken from `levers`, already checked).
pub fn apply_lever(
    scenario: &Scenario,
    lever: Lever,
    levers: &Levers,
    catalog: &Catalog,
) -> Scenario {
    let mut s = scenario.clone();
    match lever {
        Lever::RightSize => right_size(&mut s, catalog),
        Lever::GpuSharing => {
            let students = levers.gpu_sharing_students.unwrap_or(1.0);
            share_lab_gpus(&mut s, catalog, students, levers.gpu_bound_share_pct);
        }
        Lever::SpotGpu => spot_gpus(&mut s, catalog, levers.spot_gpu_rerun_pct.unwrap_or(0.0)),
        Lever::LeaseCap => {
            if let Some(cap) = levers.vm_lease_cap_hours {
                map_vm_hours(&mut s, catalog, true, &|planned, actual| {
                    actual.min(planned.max(cap))
                });
            }
        }
        Lever::AutoStop => {
            if let Some(stop) = &levers.auto_stop {
                map_vm_hours(&mut s, catalog, stop.include_project, &|_, actual| {
                    stopped_hours(stop, actual)
                });
            }
        }
    }
    s
}

/// Actual hours per VM instance after auto-stop (see [`AutoStop`] for the model).
pub fn stopped_hours(stop: &AutoStop, actual: f64) -> f64 {
    let idle = actual * stop.idle_share_pct / 100.0;
    let stretches = (actual / 24.0).max(1.0);
    let mut kept = match stop.idle_after_hours {
        Some(hours) => idle.min(stretches * hours),
        None => idle,
    };
    if stop.nightly_stop {
        kept *= 1.0 - stop.night_hours / 24.0;
    }
    actual - idle + kept
}

/// Lowers each VM use's planned hours so that planned x overrun = `new(planned, actual)` per
/// instance (`planned` and `actual` per instance over the whole use, in hours). Project uses are
/// changed only when `project` is true, and a pooled project use never. The hours are only
/// ever lowered: dividing by the overrun again can land a rounding step above the use's own
/// hours (above the week's 168 for a use held all week, which the levered copy's validation
/// refuses), so each is held at what it was. (`new` is a `dyn`: one
/// copy of this loop for both levers that call it.)
fn map_vm_hours(s: &mut Scenario, catalog: &Catalog, project: bool, new: &dyn Fn(f64, f64) -> f64) {
    let is_vm = |id: &str| is(catalog, id, |r| r.kind == ResourceKind::Vm);
    let factors = &s.resource_factors;
    let own = |id: &str| {
        factors
            .iter()
            .find(|f| f.resource == id)
            .map_or(1.0, |f| f.factor)
    };
    let uses = s.course.labs.iter_mut().flat_map(|l| l.options.iter_mut());
    for item in uses.flat_map(|o| o.uses.iter_mut()) {
        let lab_factor = s.realism.labs.vm * own(&item.resource);
        if is_vm(&item.resource) && lab_factor > 0.0 {
            let actual = item.hours * lab_factor;
            item.hours = (new(item.hours, actual) / lab_factor).min(item.hours);
        }
    }
    let weeks = s.course.project.weeks;
    if !project {
        return;
    }
    for item in s.course.project.uses.iter_mut() {
        let span = weeks * s.realism.project.vm * own(&item.resource);
        // A pool spreads the hours over several types; it is left as it is.
        if item.pool.is_empty() && is_vm(&item.resource) && span > 0.0 {
            let planned = item.hours_per_week * weeks;
            let kept = new(planned, item.hours_per_week * span) / span;
            item.hours_per_week = kept.min(item.hours_per_week);
        }
    }
}

/// Whether lab uses of `resource` can be shared through MIG: an instance with exactly one GPU
/// of a model MIG can partition (A100, H100). Nodes with several GPUs are left whole: the labs
/// that use them use every GPU (Lab 4's multi-GPU fine-tuning, Lab 5's two-GPU Ray section).
pub fn shareable(resource: &Resource) -> bool {
    let model = &*resource.specs.gpu_model;
    resource.kind.is_instance()
        && resource.specs.gpu_count == 1
        && MIG_GPU_MODELS.iter().any(|m| model.starts_with(m))
}

/// Shareable lab uses ([`shareable`]): `students` share one GPU through MIG slices, each block
/// lasting [`sharing_slowdown`] times as long, and each student pays 1 / `students` of the node
/// and its floating IPs for that time (the node and its address are shared).
fn share_lab_gpus(s: &mut Scenario, catalog: &Catalog, students: f64, gpu_bound_pct: f64) {
    let factor = sharing_factor(students, gpu_bound_pct);
    let slowdown = sharing_slowdown(students, gpu_bound_pct);
    if factor >= 1.0 {
        // No saving at this setting (e.g. 4 students on 1g slices): the lever leaves it as it is.
        return;
    }
    let uses = s.course.labs.iter_mut().flat_map(|l| l.options.iter_mut());
    for item in uses.flat_map(|o| o.uses.iter_mut()) {
        if is(catalog, &item.resource, shareable) {
            item.hours *= slowdown;
            item.count *= factor / slowdown;
            item.floating_ips *= factor / slowdown;
        }
    }
}

/// Whether the catalog's resource `id` passes `test`.
fn is(catalog: &Catalog, id: &str, test: impl Fn(&Resource) -> bool) -> bool {
    catalog.resource(id).is_some_and(test)
}

/// Sets (or replaces) the user's choice for `resource` on the scenario's provider.
pub(crate) fn choose(s: &mut Scenario, resource: &str, offer: String, fraction: f64) {
    let provider = s.pricing.provider.clone();
    s.stand_in_choices
        .retain(|c| !(c.provider == provider && c.resource == resource));
    let resource = resource.to_string();
    s.stand_in_choices.push(OfferChoice {
        provider,
        resource,
        offer,
        fraction,
    });
}

/// A GPU resource the course uses and its stand-in's spot price on the scenario's snapshot
/// (`None`: no published spot price, so the spot lever leaves it on demand).
#[derive(Clone, Debug, PartialEq)]
pub struct SpotStandIn {
    /// The course's resource id.
    pub resource: String,
    /// The stand-in offer's SKU.
    pub sku: String,
    /// Its spot price (US dollars per offer hour), where one is published.
    pub spot_usd: Option<f64>,
}

/// Every GPU resource the course uses, with its stand-in and whether that has a spot price.
pub fn spot_stand_ins(s: &Scenario, catalog: &Catalog) -> Vec<SpotStandIn> {
    stand_ins(s, catalog)
        .into_iter()
        .filter(|(resource, _, _)| resource.specs.gpu_count > 0)
        .map(|(resource, offer, _)| SpotStandIn {
            resource: resource.id.to_string(),
            sku: offer.sku.to_string(),
            spot_usd: offer.spot_in(&s.pricing.snapshot).map(|p| p.usd),
        })
        .collect()
}

/// Spot for GPU instances only: for each GPU resource whose offer has a spot price, a custom offer
/// at spot x (1 + re-run overhead) is chosen, with the same fraction. On a scenario already on
/// spot, nothing changes (its GPU lines are spot already).
fn spot_gpus(s: &mut Scenario, catalog: &Catalog, rerun_pct: f64) {
    if s.pricing.model == PriceModel::Spot {
        return;
    }
    let numbers = s
        .custom_offers
        .iter()
        .filter_map(|o| custom_offer_number(&o.id));
    let mut next = numbers.max().map_or(1, |n| n.saturating_add(1));
    let mut made: Vec<(String, String)> = Vec::new(); // (original offer id, spot offer id)
    for (resource, offer, fraction) in stand_ins(s, catalog) {
        let spot = offer.spot_in(&s.pricing.snapshot).map(|p| p.usd);
        let Some(spot) = spot.filter(|_| resource.specs.gpu_count > 0) else {
            continue;
        };
        let id = match made.iter().find(|(from, _)| *from == offer.id) {
            Some((_, id)) => id.clone(),
            None => {
                let id = custom_offer_id(next);
                next = next.saturating_add(1);
                made.push((offer.id.to_string(), id.clone()));
                s.custom_offers
                    .push(spot_offer(&offer, id.clone(), spot, rerun_pct));
                id
            }
        };
        choose(s, resource.id, id, fraction);
    }
}

fn spot_offer(offer: &Offer, id: String, spot: f64, rerun_pct: f64) -> Offer {
    Offer {
        id: id.into(),
        provider: CUSTOM_PROVIDER.into(),
        sku: clip_name(&format!("{} spot +{rerun_pct}% re-runs", offer.sku)).into(),
        usd: spot * (1.0 + rerun_pct / 100.0),
        spot_usd: None,
        spot_note: None,
        source: clip_name(&format!("spot price of {}", offer.id)).into(),
        note: Some("Savings lever: spot price times the re-run factor.".into()),
        snapshot_prices: &[],
        ..offer.clone()
    }
}

/// US dollars per hour of one resource instance on `offer` at `fraction`, as the engine would
/// price it under the scenario's snapshot and price model.
fn hourly(s: &Scenario, offer: &Offer, fraction: f64) -> f64 {
    let list = offer.price_in(&s.pricing.snapshot).usd;
    let spot = offer.spot_in(&s.pricing.snapshot).map(|p| p.usd);
    let usd = match (s.pricing.model, spot) {
        (PriceModel::Spot, Some(spot)) => spot * (1.0 + s.pricing.rerun_overhead_pct / 100.0),
        _ => list,
    };
    offer.per_hour(usd) * fraction
}

/// Right-sizing: each instance resource the course uses is priced on the cheapest offer of the
/// scenario's provider that [`fits`] it, when that is cheaper than its current stand-in (a lever
/// never raises the bill, so a stand-in that fits less well than the rule asks is kept if it is
/// cheaper). Storage and addresses keep their stand-ins: the catalog cannot tell block from object
/// storage offers.
fn right_size(s: &mut Scenario, catalog: &Catalog) {
    for (resource, offer, fraction) in stand_ins(s, catalog) {
        let current = hourly(s, &offer, fraction);
        let best = catalog
            .offers
            .iter()
            .filter(|o| o.provider == s.pricing.provider && fits(&resource, o))
            .map(|o| {
                let fraction = default_fraction(&resource, o);
                (hourly(s, o, fraction), o.id.to_string(), fraction)
            })
            .min_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((usd, offer, fraction)) = best {
            if usd < current - 1e-12 {
                choose(s, resource.id, offer, fraction);
            }
        }
    }
}
