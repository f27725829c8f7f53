//! Savings levers: policies an instructor can apply to cut a course's bill, each priced against
//! the current scenario, alone and combined as a waterfall, in US dollars of net cost (after
//! discount, overhead and education credits: `Totals::net_usd`).
//!
//! Every lever transforms a copy of the [`Scenario`] that the engine then prices ([`evaluate`]),
//! so a levered scenario validates, prices and shares like any other, and levers combine by
//! applying one after another, in this order: 1. right-sizing (a user choice of the cheapest
//! fitting offer); 2. GPU sharing (lab GPU uses take a share of an instance); 3. spot GPUs (a
//! custom offer at spot price x re-run factor); 4. VM lease cap and 5. auto-stop: per-use caps are
//! not in the model, so each VM use's planned hours are lowered to `new actual hours / overrun`,
//! which makes the engine's actual hours (planned x overrun) exactly the capped or stopped hours;
//! attached floating IPs follow, as they share the use's hours. A levered scenario's *planned*
//! hours are therefore not the course's plan.

use serde::{Deserialize, Serialize};

use crate::model::catalog::offer::{Offer, PriceModel, PriceUnit};
use crate::model::catalog::resource::{Resource, ResourceKind};
use crate::model::catalog::stand_in::{
    clip_name, custom_offer_id, custom_offer_number, default_fraction, CUSTOM_PROVIDER,
};
use crate::model::catalog::Catalog;
use crate::model::engine::estimate::evaluate;
use crate::model::engine::quote::quote;
use crate::model::scenario::valid::ValidScenario;
use crate::model::scenario::validate::{limits, FieldError};
use crate::model::scenario::{OfferChoice, Scenario};

/// Default share of VM time that is idle (percent). Calibrated: the paper's lab VMs ran 12.97x
/// their plan (`realism.labs.vm`, from 109,837 reported lab instance-hours), so if the plan is the
/// work, 1 - 1/12.97 = 92% of lab VM time was idle; 90 rounds that down.
pub const DEFAULT_IDLE_SHARE_PCT: f64 = 90.0;
/// Default idle time before a VM is stopped (hours). Assumed: longer than a break or a long
/// notebook cell, short enough to stop a VM forgotten overnight.
pub const DEFAULT_IDLE_AFTER_HOURS: f64 = 2.0;
/// Default nightly stop window (hours). Sourced: the course's lab policy leaves midnight to 8 AM
/// outside the active-hours limit (course-labs.md s.1a, unit 2 page).
pub const DEFAULT_NIGHT_HOURS: f64 = 8.0;
/// Suggested GPU hours re-run after spot interruptions (percent). Assumed: checkpointed training
/// loses at most the time since its last checkpoint; 15% is cautious.
pub const DEFAULT_RERUN_OVERHEAD_PCT: f64 = 15.0;

/// Auto-stop of idle VMs.
///
/// Model, per VM instance and planned use: of its actual hours A, a share s is idle (the
/// assumption [`AutoStop::idle_share_pct`]); idle time comes in one stretch per day the VM lives
/// (at least one). Stopping after N idle hours keeps at most N hours of each stretch; a nightly
/// stop then also removes the night's share (night hours / 24) of the idle time that is left.
/// Busy hours are always kept.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct AutoStop {
    /// Stop a VM after this many idle hours (hours); `None` = no idle stop.
    pub idle_after_hours: Option<f64>,
    /// Stop every VM each night (on/off).
    pub nightly_stop: bool,
    /// Length of the nightly stop (hours of each 24).
    pub night_hours: f64,
    /// Share of VM time that is idle (percent); see [`DEFAULT_IDLE_SHARE_PCT`] for the reason.
    pub idle_share_pct: f64,
    /// Also stop project VMs (on/off); off by default, as project VMs host services meant to stay
    /// up (the proposal template plans them "for entire project duration").
    pub include_project: bool,
}

impl Default for AutoStop {
    fn default() -> Self {
        AutoStop {
            idle_after_hours: Some(DEFAULT_IDLE_AFTER_HOURS),
            nightly_stop: true,
            night_hours: DEFAULT_NIGHT_HOURS,
            idle_share_pct: DEFAULT_IDLE_SHARE_PCT,
            include_project: false,
        }
    }
}

/// The savings levers; every one is off by default.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Levers {
    /// No VM instance lives longer than this per planned use (hours); `None` = off. A use planned
    /// for longer than the cap (a project VM planned for the whole project) is renewed as planned:
    /// actual hours per instance = min(planned x overrun, max(planned, cap)).
    pub vm_lease_cap_hours: Option<f64>,
    /// Stop idle VMs; `None` = off.
    pub auto_stop: Option<AutoStop>,
    /// Run GPU instances on spot, re-running this share of their hours after interruptions
    /// (percent); `None` = off. Offers without a spot price stay on demand, without re-runs.
    pub spot_gpu_rerun_pct: Option<f64>,
    /// Students sharing one lab GPU instance (students; 2 = two per GPU, 7 = a MIG 1g slice of an
    /// A100 each); lab GPU uses (and their floating IPs) cost 1 / this; `None` = off.
    pub gpu_sharing_students: Option<f64>,
    /// Price each instance resource on the cheapest fitting offer of the chosen provider (on/off).
    pub right_size: bool,
}

impl Levers {
    /// Whether every lever is off.
    pub fn is_off(&self) -> bool {
        *self == Levers::default()
    }
}

/// One lever.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lever {
    /// Cheapest fitting stand-in per resource.
    RightSize,
    /// Students sharing lab GPUs.
    GpuSharing,
    /// Spot GPUs with re-runs.
    SpotGpu,
    /// VM lease cap.
    LeaseCap,
    /// Auto-stop of idle VMs.
    AutoStop,
}

impl Lever {
    /// Every lever, in waterfall order.
    pub const ALL: [Lever; 5] = [
        Lever::RightSize,
        Lever::GpuSharing,
        Lever::SpotGpu,
        Lever::LeaseCap,
        Lever::AutoStop,
    ];

    /// A short human name.
    pub fn label(self) -> &'static str {
        match self {
            Lever::RightSize => "Right-size each resource",
            Lever::GpuSharing => "Share lab GPUs",
            Lever::SpotGpu => "Spot GPUs",
            Lever::LeaseCap => "VM lease cap",
            Lever::AutoStop => "Auto-stop idle VMs",
        }
    }
}

impl Levers {
    /// Whether `lever` is on.
    pub fn is_on(&self, lever: Lever) -> bool {
        match lever {
            Lever::RightSize => self.right_size,
            Lever::GpuSharing => self.gpu_sharing_students.is_some(),
            Lever::SpotGpu => self.spot_gpu_rerun_pct.is_some(),
            Lever::LeaseCap => self.vm_lease_cap_hours.is_some(),
            Lever::AutoStop => self.auto_stop.is_some(),
        }
    }

    /// The enabled levers, in waterfall order.
    pub fn enabled(&self) -> Vec<Lever> {
        Lever::ALL.into_iter().filter(|l| self.is_on(*l)).collect()
    }
}

/// Why levers could not be priced.
#[derive(Clone, Debug, PartialEq)]
pub enum LeverError {
    /// A lever setting is out of range.
    Setting {
        /// The lever.
        lever: Lever,
        /// What is wrong.
        detail: String,
    },
    /// The (levered) scenario does not validate or price.
    Invalid(Vec<FieldError>),
}

/// One step of the waterfall.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SavingStep {
    /// The lever.
    pub lever: Lever,
    /// Its name.
    pub label: &'static str,
    /// Saving of this lever alone, against the start (US dollars of net cost).
    pub alone_usd: f64,
    /// Saving of this step, after the levers before it (US dollars of net cost).
    pub step_usd: f64,
    /// Net cost after this step (US dollars).
    pub after_usd: f64,
}

/// What the enabled levers save.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Savings {
    /// Net cost of the scenario as it is (US dollars).
    pub start_usd: f64,
    /// One step per enabled lever, in waterfall order.
    pub steps: Vec<SavingStep>,
    /// Net cost with every enabled lever (US dollars).
    pub end_usd: f64,
}

impl Savings {
    /// Saving of all enabled levers together (US dollars of net cost).
    pub fn together_usd(&self) -> f64 {
        self.start_usd - self.end_usd
    }
}

/// `scenario` with every enabled lever applied, in waterfall order.
pub fn apply_levers(
    scenario: &Scenario,
    levers: &Levers,
    catalog: &Catalog,
) -> Result<Scenario, LeverError> {
    check(levers)?;
    let mut levered = scenario.clone();
    for lever in levers.enabled() {
        levered = apply_lever(&levered, lever, levers, catalog);
    }
    Ok(levered)
}

/// The saving of each enabled lever alone and of all together, as a waterfall.
pub fn savings(
    scenario: &ValidScenario,
    levers: &Levers,
    catalog: &Catalog,
) -> Result<Savings, LeverError> {
    check(levers)?;
    let start: &Scenario = scenario;
    let net = |s: &Scenario| {
        evaluate(s, catalog)
            .map(|e| e.totals.net_usd)
            .map_err(LeverError::Invalid)
    };
    let start_usd = net(start)?;
    let mut steps = Vec::new();
    let mut levered = start.clone();
    let mut before = start_usd;
    for lever in levers.enabled() {
        let alone = net(&apply_lever(start, lever, levers, catalog))?;
        levered = apply_lever(&levered, lever, levers, catalog);
        let after = net(&levered)?;
        steps.push(SavingStep {
            lever,
            label: lever.label(),
            alone_usd: start_usd - alone,
            step_usd: before - after,
            after_usd: after,
        });
        before = after;
    }
    Ok(Savings {
        start_usd,
        steps,
        end_usd: before,
    })
}

/// Refuses a lever setting outside its range (lever, value, lowest, highest).
fn check(levers: &Levers) -> Result<(), LeverError> {
    let stop = levers.auto_stop.as_ref();
    let (hours, cap) = (limits::HOURS, levers.vm_lease_cap_hours);
    let (idle, rerun) = (
        stop.and_then(|s| s.idle_after_hours),
        levers.spot_gpu_rerun_pct,
    );
    let rules = [
        (Lever::LeaseCap, cap, f64::MIN_POSITIVE, hours),
        (Lever::AutoStop, idle, 0.0, hours),
        (Lever::AutoStop, stop.map(|s| s.night_hours), 0.0, 24.0),
        (Lever::AutoStop, stop.map(|s| s.idle_share_pct), 0.0, 100.0),
        (Lever::SpotGpu, rerun, 0.0, limits::PERCENT_OVER),
        (Lever::GpuSharing, levers.gpu_sharing_students, 1.0, 1_000.0),
    ];
    for (lever, value, min, max) in rules {
        if value.is_some_and(|v| !(v.is_finite() && v >= min && v <= max)) {
            let detail = format!("must lie between {min} and {max}");
            return Err(LeverError::Setting { lever, detail });
        }
    }
    Ok(())
}

/// `scenario` with `lever` applied (its settings taken from `levers`, already checked).
fn apply_lever(scenario: &Scenario, lever: Lever, levers: &Levers, catalog: &Catalog) -> Scenario {
    let mut s = scenario.clone();
    match lever {
        Lever::RightSize => right_size(&mut s, catalog),
        Lever::GpuSharing => {
            let students = levers.gpu_sharing_students.unwrap_or(1.0);
            share_lab_gpus(&mut s, catalog, students);
        }
        Lever::SpotGpu => spot_gpus(&mut s, catalog, levers.spot_gpu_rerun_pct.unwrap_or(0.0)),
        Lever::LeaseCap => {
            if let Some(cap) = levers.vm_lease_cap_hours {
                map_vm_hours(&mut s, catalog, true, |planned, actual| {
                    actual.min(planned.max(cap))
                });
            }
        }
        Lever::AutoStop => {
            if let Some(stop) = &levers.auto_stop {
                map_vm_hours(&mut s, catalog, stop.include_project, |_, actual| {
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
/// changed only when `project` is true, and a pooled project use never.
fn map_vm_hours(s: &mut Scenario, catalog: &Catalog, project: bool, new: impl Fn(f64, f64) -> f64) {
    let is_vm = |id: &str| is(catalog, id, |r| r.kind == ResourceKind::Vm);
    let lab_factor = s.realism.labs.vm;
    let uses = s.course.labs.iter_mut().flat_map(|l| l.options.iter_mut());
    for item in uses.flat_map(|o| o.uses.iter_mut()) {
        if is_vm(&item.resource) && lab_factor > 0.0 {
            let actual = item.hours * lab_factor;
            item.hours = new(item.hours, actual) / lab_factor;
        }
    }
    let weeks = s.course.project.weeks;
    let span = weeks * s.realism.project.vm;
    if !project || span <= 0.0 {
        return;
    }
    for item in s.course.project.uses.iter_mut() {
        // A pool spreads the hours over several types; it is left as it is.
        if item.pool.is_empty() && is_vm(&item.resource) {
            let planned = item.hours_per_week * weeks;
            item.hours_per_week = new(planned, item.hours_per_week * span) / span;
        }
    }
}

/// Lab uses of GPU instances: each student pays for 1 / `students` of an instance and its
/// floating IPs (the instance and its address are shared).
fn share_lab_gpus(s: &mut Scenario, catalog: &Catalog, students: f64) {
    let has_gpu = |id: &str| is(catalog, id, |r| r.gpu_count > 0 && r.kind.is_instance());
    let uses = s.course.labs.iter_mut().flat_map(|l| l.options.iter_mut());
    for item in uses.flat_map(|o| o.uses.iter_mut()) {
        if has_gpu(&item.resource) {
            item.count /= students;
            item.floating_ips /= students;
        }
    }
}

/// Whether the catalog's resource `id` passes `test`.
fn is(catalog: &Catalog, id: &str, test: impl Fn(&Resource) -> bool) -> bool {
    catalog.resource(id).is_some_and(test)
}

/// Each instance resource the course uses (once, in course order), with the offer that prices it
/// on the scenario's provider now and the fraction of it.
fn stand_ins(s: &Scenario, catalog: &Catalog) -> Vec<(Resource, Offer, f64)> {
    let labs = s.course.labs.iter().flat_map(|l| l.options.iter());
    let lab_ids = labs.flat_map(|o| o.uses.iter().map(|u| u.resource.as_str()));
    let pools = s.course.project.uses.iter().flat_map(|u| u.members());
    let mut ids: Vec<&str> = Vec::new();
    for id in lab_ids.chain(pools.map(|(id, _)| id)) {
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    let (choices, custom) = (&s.gpu_choices, &s.custom_offers);
    let resources = ids.into_iter().filter_map(|id| catalog.resource(id));
    resources
        .filter(|r| r.kind.is_instance())
        .filter_map(|r| {
            let q = quote(choices, custom, catalog, &s.pricing.provider, &r.id)?;
            Some((r.clone(), q.offer.clone(), q.fraction))
        })
        .collect()
}

/// Sets (or replaces) the user's choice for `resource` on the scenario's provider.
fn choose(s: &mut Scenario, resource: &str, offer: String, fraction: f64) {
    let provider = s.pricing.provider.clone();
    s.gpu_choices
        .retain(|c| !(c.provider == provider && c.resource == resource));
    let resource = resource.to_string();
    s.gpu_choices.push(OfferChoice {
        provider,
        resource,
        offer,
        fraction,
    });
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
        let Some(spot) = spot.filter(|_| resource.gpu_count > 0) else {
            continue;
        };
        let id = match made.iter().find(|(from, _)| *from == offer.id) {
            Some((_, id)) => id.clone(),
            None => {
                let id = custom_offer_id(next);
                next = next.saturating_add(1);
                made.push((offer.id.clone(), id.clone()));
                s.custom_offers
                    .push(spot_offer(&offer, id.clone(), spot, rerun_pct));
                id
            }
        };
        choose(s, &resource.id, id, fraction);
    }
}

fn spot_offer(offer: &Offer, id: String, spot: f64, rerun_pct: f64) -> Offer {
    Offer {
        id,
        provider: CUSTOM_PROVIDER.to_string(),
        sku: clip_name(&format!("{} spot +{rerun_pct}% re-runs", offer.sku)),
        usd: spot * (1.0 + rerun_pct / 100.0),
        spot_usd: None,
        spot_note: None,
        source: clip_name(&format!("spot price of {}", offer.id)),
        note: Some("Savings lever: spot price times the re-run factor.".to_string()),
        snapshot_prices: Vec::new(),
        ..offer.clone()
    }
}

/// Whether `offer` can stand in for `resource`: same GPU count (through the fraction) with as
/// much memory per GPU or more; or, for a CPU resource, no GPU and as many vCPUs and as much
/// memory or more. Hourly offers only.
pub fn fits(resource: &Resource, offer: &Offer) -> bool {
    if offer.unit != PriceUnit::Hour {
        return false;
    }
    if resource.gpu_count > 0 {
        offer.gpu_count > 0 && offer.gpu_mem_gb >= resource.gpu_mem_gb
    } else {
        offer.gpu_count == 0 && offer.vcpu >= resource.vcpu && offer.ram_gb >= resource.ram_gb
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
                (hourly(s, o, fraction), o.id.clone(), fraction)
            })
            .min_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((usd, offer, fraction)) = best {
            if usd < current - 1e-12 {
                choose(s, &resource.id, offer, fraction);
            }
        }
    }
}
