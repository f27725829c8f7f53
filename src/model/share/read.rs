//! Applying a payload to its preset, part by part, each through the one commit path: a part
//! that would make the scenario invalid is dropped with a notice and the rest still loads.

use crate::model::catalog::currency::{ExchangeRates, USD};
use crate::model::catalog::hardware::Hardware;
use crate::model::catalog::offer::{Offer, PriceModel};
use crate::model::catalog::stand_in::{custom_offer, CustomOffer, CUSTOM_PROVIDER};
use crate::model::catalog::Catalog;
use crate::model::edit::commit::{commit_with, Rejection};
use crate::model::presets::Preset;
use crate::model::scenario::course::{Lab, LabOption, PoolShare, ProjectUse, ResourceUse};
use crate::model::scenario::field::Setting;
use crate::model::scenario::levers::Levers;
use crate::model::scenario::limits;
use crate::model::scenario::realism::{BillNote, ResourceFactor};
use crate::model::scenario::{Capacity, OfferChoice, Scenario};
use crate::model::share::num::Num;
use crate::model::share::wire::{
    Entry, LabEntry, Part, WireBillNote, WireCapacity, WireChoice, WireFactor, WireLab, WireOffer,
    WireOption, WireProjectUse, WireSettings, WireV2,
};

/// Most unknown setting names quoted back in a notice.
const UNKNOWN_QUOTED: usize = 3;

/// Shortens untrusted text quoted back in a notice, without its bidirectional controls.
pub(super) fn clip(text: &str) -> String {
    crate::model::quote::clipped(text)
}

/// Applies a payload's parts one by one, keeping each only if the scenario stays valid.
pub(super) struct Reader<'a> {
    /// What could not be used so far, in words for the user.
    notices: Vec<String>,
    /// The catalog the scenario is checked against.
    catalog: &'a Catalog,
    /// The scenario so far: the preset, plus every part applied.
    scenario: Scenario,
    /// Whether the link gave an exchange rate (`pricing.usd_to_currency`).
    rate_given: bool,
}

impl<'a> Reader<'a> {
    /// A reader starting from `preset`, after `notices` from reading the payload.
    pub(super) fn new(preset: &Preset, catalog: &'a Catalog, notices: Vec<String>) -> Reader<'a> {
        Reader {
            notices,
            catalog,
            scenario: preset.scenario.clone(),
            rate_given: false,
        }
    }

    /// The scenario read, and what could not be used.
    pub(super) fn finish(self) -> (Scenario, Vec<String>) {
        (self.scenario, self.notices)
    }

    /// Applies every part of `wire` but scenario A, in an order where each part can be checked
    /// against what it refers to (custom offers before the choices that name them).
    pub(super) fn read_all(&mut self, wire: WireV2, preset: &Preset) {
        self.read_settings(wire.n);
        self.read_labs(wire.l, preset);
        self.read_project(wire.j, preset);
        self.read_pricing(wire.pv, wire.sn, wire.m, wire.cu);
        self.read_region(wire.rg);
        self.read_offers(wire.x, wire.g);
        self.read_capacity(wire.cp, preset);
        self.read_text(wire.ti, "title", |s| &mut s.title);
        self.read_text(wire.no, "notes", |s| &mut s.notes);
        if let Some(seed) = self.part(wire.sd, "simulation seed") {
            self.try_apply("simulation seed", |s| s.planning.seed = seed);
        }
        if let Some(runs) = self.part(wire.ru, "simulated runs") {
            self.try_apply("simulated runs", |s| s.planning.runs = runs);
        }
        self.read_bill(wire.rf, wire.bn);
        if let Some(levers) = self.part(wire.lv, "savings levers") {
            let levers = Levers::from(levers);
            if let Err(first) = self.commit(|s| s.levers = levers) {
                self.notices.push(format!(
                    "The link's savings levers could not be used ({}) and were left off.",
                    clip(&first)
                ));
            }
        }
    }

    /// The value of `part`; a part of the wrong shape is reported and skipped.
    fn part<T>(&mut self, part: Part<T>, what: &str) -> Option<T> {
        match part {
            Part::Read(value) => Some(value),
            Part::Unreadable => {
                self.unreadable(what);
                None
            }
            Part::Absent => None,
        }
    }

    /// Puts a text part of the link where `slot` says, if it reads and the scenario stays
    /// valid (one edit for every text part: a closure each would be compiled once each).
    fn read_text(
        &mut self,
        part: Part<String>,
        what: &str,
        slot: fn(&mut Scenario) -> &mut String,
    ) {
        if let Some(text) = self.part(part, what) {
            self.try_apply(what, move |s| *slot(s) = text);
        }
    }

    /// Says that the link's `what` could not be read.
    fn unreadable(&mut self, what: &str) {
        self.notices.push(format!(
            "The link's {what} could not be read and were left as they are."
        ));
    }

    /// Applies `edit` through the one commit path; keeps it only if the scenario stays valid,
    /// else says why (the first problem found).
    fn commit(&mut self, edit: impl FnOnce(&mut Scenario)) -> Result<(), String> {
        // One body for every edit (a generic one would be compiled once per closure).
        self.commit_dyn(Box::new(edit))
    }

    /// [`Reader::commit`] of a boxed edit.
    fn commit_dyn(&mut self, edit: Box<dyn FnOnce(&mut Scenario) + '_>) -> Result<(), String> {
        let committed = commit_with(&self.scenario, self.catalog, |s| {
            edit(s);
            Ok(())
        });
        match committed {
            Ok(valid) => {
                self.scenario = valid.into_scenario();
                Ok(())
            }
            Err(Rejection::Invalid(errors)) => Err(errors
                .first()
                .map(|e| e.problem.to_string())
                .unwrap_or_default()),
            Err(Rejection::Refused(why)) => Err(why),
        }
    }

    /// [`Reader::commit`], with a notice naming `what` when the edit is not kept.
    fn try_apply(&mut self, what: &str, edit: impl FnOnce(&mut Scenario)) {
        self.try_apply_dyn(what, Box::new(edit));
    }

    /// [`Reader::try_apply`] of a boxed edit.
    fn try_apply_dyn(&mut self, what: &str, edit: Box<dyn FnOnce(&mut Scenario) + '_>) {
        if let Err(first) = self.commit_dyn(edit) {
            self.notices.push(format!(
                "The link's {what} could not be used ({first}) and were left as they are."
            ));
        }
    }

    /// Each scalar setting on its own, found by its path; names this version does not know
    /// are reported together.
    fn read_settings(&mut self, settings: Part<WireSettings>) {
        let Some(settings) = self.part(settings, "settings") else {
            return;
        };
        let mut unknown = Vec::new();
        for (path, value) in settings.0 {
            let Some(setting) = Setting::from_path(&path) else {
                unknown.push(path);
                continue;
            };
            self.rate_given |= setting == Setting::UsdToCurrency;
            let what = setting.words();
            let Part::Read(Num(value)) = value else {
                self.notices.push(format!(
                    "The link's {what} is not a number and was left as it is."
                ));
                continue;
            };
            if let Err(first) = self.commit(|s| *setting.slot(s) = value) {
                self.notices.push(format!(
                    "The link's {what} could not be used ({first}) and was left as it is."
                ));
            }
        }
        if !unknown.is_empty() {
            let quoted: Vec<String> = unknown
                .iter()
                .take(UNKNOWN_QUOTED)
                .map(|path| format!("\"{}\"", clip(path)))
                .collect();
            let more = unknown.len().saturating_sub(UNKNOWN_QUOTED);
            let more = if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            };
            self.notices.push(format!(
                "The link has settings this version does not know ({}{more}); they were left out.",
                quoted.join(", ")
            ));
        }
    }

    fn read_labs(&mut self, labs: Part<Vec<LabEntry>>, preset: &Preset) {
        let Some(mut labs) = self.part(labs, "labs") else {
            return;
        };
        if labs.len() > limits::LABS {
            self.notices.push(format!(
                "The link has {} labs; only the first {} were loaded.",
                labs.len(),
                limits::LABS
            ));
            labs.truncate(limits::LABS);
        }
        let base = &preset.scenario.course.labs;
        let mut built: Vec<Lab> = Vec::with_capacity(labs.len());
        for (index, entry) in labs.into_iter().enumerate() {
            let lab = lab_of(entry, base, index);
            // Check each lab on its own, so one bad lab does not cost the others.
            let candidate = commit_with(&self.scenario, self.catalog, |s| {
                s.course.labs = built.clone();
                s.course.labs.push(lab.clone());
                Ok(())
            });
            if candidate.is_ok() {
                built.push(lab);
            } else {
                self.notices.push(format!(
                    "Lab {} of the link (\"{}\") could not be used and was left out.",
                    index + 1,
                    clip(&lab.name)
                ));
            }
        }
        self.scenario.course.labs = built;
    }

    fn read_project(&mut self, uses: Part<Vec<WireProjectUse>>, preset: &Preset) {
        let Some(uses) = self.part(uses, "project resources") else {
            return;
        };
        let base = &preset.scenario.course.project.uses;
        let mut built: Vec<ProjectUse> = Vec::new();
        for (i, wire) in uses.into_iter().take(limits::USES + 1).enumerate() {
            let WireProjectUse(resource, count, hours, ips, note, members) = wire;
            let base_note = || base.get(i).map(|b| b.note.clone()).unwrap_or_default();
            let mut pool = Vec::new();
            for (resource, share) in members.into_iter().take(limits::OPTIONS + 1) {
                let share_pct = share.0;
                pool.push(PoolShare {
                    resource,
                    share_pct,
                });
            }
            built.push(ProjectUse {
                resource,
                count: count.0,
                hours_per_week: hours.0,
                floating_ips: ips.0,
                note: note.unwrap_or_else(base_note),
                pool,
            });
        }
        self.try_apply("project resources", |s| s.course.project.uses = built);
    }

    fn read_capacity(&mut self, capacity: Part<Vec<WireCapacity>>, preset: &Preset) {
        let Some(capacity) = self.part(capacity, "capacities") else {
            return;
        };
        let base = &preset.scenario.capacity;
        let mut built: Vec<Capacity> = Vec::new();
        for (i, wire) in capacity.into_iter().take(limits::CHOICES + 1).enumerate() {
            let WireCapacity(resource, units, start, weeks, note) = wire;
            let base_note = || base.get(i).map(|b| b.note.clone()).unwrap_or_default();
            built.push(Capacity {
                resource,
                units: units.0,
                start_week: start.0,
                weeks: weeks.0,
                note: note.unwrap_or_else(base_note),
            });
        }
        self.try_apply("capacities", |s| s.capacity = built);
    }

    fn read_pricing(
        &mut self,
        provider: Part<String>,
        snapshot: Part<String>,
        model: Part<u8>,
        currency: Part<String>,
    ) {
        self.read_text(provider, "provider", |s| &mut s.pricing.provider);
        self.read_text(snapshot, "price snapshot", |s| &mut s.pricing.snapshot);
        if let Some(model) = self.part(model, "price model") {
            match model {
                0 => self.scenario.pricing.model = PriceModel::OnDemand,
                1 => self.scenario.pricing.model = PriceModel::Spot,
                _ => self.notices.push(
                    "The link's price model is unknown; on-demand prices are used.".to_string(),
                ),
            }
        }
        self.read_text(currency, "currency", |s| &mut s.pricing.currency);
        self.check_rate();
    }

    /// The provider's region, after the provider: a link names it only when it is not the
    /// default one (a link naming the default region's id reads as one that leaves it out).
    fn read_region(&mut self, region: Part<String>) {
        let Some(region) = self.part(region, "region") else {
            return;
        };
        let stored = self
            .catalog
            .stored_region(&self.scenario.pricing.provider, &region);
        self.try_apply("region", move |s| s.pricing.region = stored);
    }

    /// The currency and its rate, said when they do not go together: a rate given for US
    /// dollars is ignored (US dollars are 1:1); a currency without a rate is read as the link
    /// says (1:1, as links always have been) and the notice asks for a rate, naming the built-in
    /// reference rate when there is one.
    fn check_rate(&mut self) {
        let pricing = &self.scenario.pricing;
        let (code, rate) = (clip(&pricing.currency), pricing.usd_to_currency);
        if code.eq_ignore_ascii_case(USD) {
            if rate != 1.0 {
                self.scenario.pricing.usd_to_currency = 1.0;
                self.notices.push(format!(
                    "The link gives an exchange rate ({}) while its prices are in US dollars: the rate was ignored, as US dollars need none.",
                    clip(&rate.to_string())
                ));
            }
            return;
        }
        if self.rate_given {
            return;
        }
        let reference = ExchangeRates::builtin()
            .ok()
            .and_then(|rates| rates.rate(&code, &pricing.snapshot))
            .map(|quote| {
                format!(
                    "the reference rate of {} is {} {code} per US dollar",
                    quote.date, quote.per_usd
                )
            })
            .unwrap_or_else(|| format!("no reference rate is built in for {code}"));
        self.notices.push(format!(
            "The link shows prices in {code} but gives no exchange rate, so they are counted at {} {code} per US dollar: enter how many {code} one US dollar buys under Pricing ({reference}).",
            clip(&rate.to_string())
        ));
    }

    /// Per-resource factors (checked like any part), and the note on where a bill's numbers
    /// come from (words clipped; a path it names that holds another value just says nothing).
    fn read_bill(&mut self, factors: Part<Vec<WireFactor>>, note: Part<WireBillNote>) {
        if let Some(factors) = self.part(factors, "per-resource factors") {
            let mut built = Vec::new();
            for (resource, factor) in factors.into_iter().take(limits::CHOICES + 1) {
                let factor = factor.0;
                built.push(ResourceFactor { resource, factor });
            }
            self.try_apply("per-resource factors", |s| s.resource_factors = built);
        }
        if let Some(WireBillNote(text, fields)) = self.part(note, "bill's note") {
            let text = text.chars().take(limits::NOTES_CHARS).collect();
            let fields = fields.into_iter().take(limits::CHOICES);
            let fields = fields.map(|(path, value)| (path, value.0)).collect();
            self.scenario.bill_note = Some(BillNote { text, fields });
        }
    }

    fn read_offers(&mut self, offers: Part<Vec<WireOffer>>, choices: Part<Vec<WireChoice>>) {
        if let Some(offers) = self.part(offers, "custom offers") {
            // Plain loops: smaller in the wasm than iterator chains collected.
            let prefix = format!("{CUSTOM_PROVIDER}/");
            let mut built: Vec<Offer> = Vec::new();
            for offer in offers.into_iter().take(limits::CHOICES + 1) {
                let WireOffer(id, name, vcpu, ram, gpu, gpus, mem, usd) = offer;
                if !id.starts_with(&prefix) {
                    continue;
                }
                let specs = Hardware {
                    vcpu,
                    ram_gb: ram.0,
                    gpu_model: gpu.into(),
                    gpu_count: gpus,
                    gpu_mem_gb: mem.0,
                };
                let usd_per_hour = usd.0;
                built.push(custom_offer(
                    id,
                    &CustomOffer {
                        name,
                        specs,
                        usd_per_hour,
                    },
                ));
            }
            self.try_apply("custom offers", |s| s.custom_offers = built);
        }
        if let Some(choices) = self.part(choices, "GPU choices") {
            let mut built: Vec<OfferChoice> = Vec::new();
            for (provider, resource, offer, fraction) in
                choices.into_iter().take(limits::CHOICES + 1)
            {
                let fraction = fraction.0;
                built.push(OfferChoice {
                    provider,
                    resource,
                    offer,
                    fraction,
                });
            }
            self.try_apply("GPU choices", |s| s.stand_in_choices = built);
        }
    }
}

/// The lab a link's entry describes, on top of the preset lab it names (if any).
fn lab_of(entry: LabEntry, base: &[Lab], index: usize) -> Lab {
    let wire = match entry {
        Entry::Same(r) => WireLab {
            r: Some(r),
            ..WireLab::default()
        },
        Entry::Full(wire) => wire,
    };
    let from = wire.r.and_then(|r| base.get(r));
    let options = match wire.o {
        Some(entries) => {
            let mut options = Vec::new();
            for entry in entries.into_iter().take(limits::OPTIONS + 1) {
                // A reference to an option the preset lab lacks is dropped, and the lab's
                // shares no longer add up, so the lab is reported by the caller.
                let option = match entry {
                    Entry::Same(j) => from.and_then(|f| f.options.get(j).cloned()),
                    Entry::Full(o) => Some(option_of(o)),
                };
                if let Some(option) = option {
                    options.push(option);
                }
            }
            options
        }
        None => from.map(|f| f.options.clone()).unwrap_or_default(),
    };
    Lab {
        name: wire
            .n
            .or_else(|| from.map(|f| f.name.clone()))
            .unwrap_or_else(|| format!("Lab {}", index + 1)),
        note: wire
            .t
            .or_else(|| from.map(|f| f.note.clone()))
            .unwrap_or_default(),
        options,
        start_week: wire
            .w
            .map(|w| w.0 .0)
            .or_else(|| from.map(|f| f.start_week))
            .unwrap_or(1.0),
        due_week: wire
            .w
            .map(|w| w.1 .0)
            .or_else(|| from.map(|f| f.due_week))
            .unwrap_or(1.0),
    }
}

fn option_of(o: WireOption) -> LabOption {
    let mut uses = Vec::new();
    for (resource, count, hours, ips) in o.u.into_iter().take(limits::USES + 1) {
        uses.push(ResourceUse {
            resource,
            count: count.0,
            hours: hours.0,
            floating_ips: ips.0,
        });
    }
    LabOption {
        name: o.n,
        share_pct: o.p.0,
        uses,
    }
}
