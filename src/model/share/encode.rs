//! Writing a scenario as a payload: only what differs from its preset, deflated (see
//! [`pack`]) and base64url-encoded without padding.
//!
//! [`pack`]: crate::model::share::pack

use crate::model::catalog::currency::USD;
use crate::model::catalog::offer::PriceModel;
use crate::model::json::to_json;
use crate::model::presets::Preset;
use crate::model::scenario::course::{Lab, LabOption};
use crate::model::scenario::field::Setting;
use crate::model::scenario::Scenario;
use crate::model::share::base64url;
use crate::model::share::num::Num;
use crate::model::share::pack::deflate_now;
use crate::model::share::wire::{
    Entry, LabEntry, OptionEntry, Part, Pinned, WireBillNote, WireCapacity, WireChoice, WireLab,
    WireLevers, WireOffer, WireOption, WireProjectUse, WireSettings, WireV2, LINK_VERSION,
};

/// The payload (the part after `#s=`) for `scenario`, as differences from `base`.
pub fn encode(scenario: &Scenario, base: &Preset) -> String {
    encode_pair(scenario, None, base)
}

/// The payload for `scenario` with a pinned scenario A to compare it with, deflated by what
/// this build has at once ([`deflate_now`]: miniz natively; in the browser, stored blocks
/// until `browser::deflate` answers with the compressed payload).
pub fn encode_pair(scenario: &Scenario, pinned: Option<&Scenario>, base: &Preset) -> String {
    payload_now(encode_json(scenario, pinned, base))
}

/// The payload of `json` (from [`encode_json`]) deflated by what this build has at once
/// ([`deflate_now`]), ending as [`try_again`] wants.
pub fn payload_now(mut json: Vec<u8>) -> String {
    loop {
        let payload = payload_of_deflated(&deflate_now(&json));
        if !try_again(&mut json, &payload) {
            return payload;
        }
    }
}

/// Most blanks appended to a link's JSON for its payload to end with a letter or a digit: each
/// try ends otherwise with a chance of 2 in 64, so all eight about once in 10^12 links.
const MAX_BLANKS: usize = 8;

/// Whether the payload deflated from `json` should be made again because it ends with `-` or `_`,
/// which autolinkers leave out of a link in prose (GitHub Flavored Markdown: "Trailing
/// punctuation (specifically, ?, !, ., ,, :, *, _, and ~) will not be considered part of the
/// autolink"). Then `json` has one more trailing blank, which JSON ignores and which changes the
/// deflated bytes.
pub fn try_again(json: &mut Vec<u8>, payload: &str) -> bool {
    let blanks = json.iter().rev().take_while(|b| **b == b' ').count();
    if payload.ends_with(|c: char| c.is_ascii_alphanumeric()) || blanks >= MAX_BLANKS {
        return false;
    }
    json.push(b' ');
    true
}

/// The JSON a payload deflates: `scenario` (and its scenario A) as differences from `base`.
pub fn encode_json(scenario: &Scenario, pinned: Option<&Scenario>, base: &Preset) -> Vec<u8> {
    let mut wire = wire(scenario, base);
    wire.v = Part::Read(LINK_VERSION);
    wire.p = Part::Read(base.id.to_string());
    wire.a = Part::of(pinned.map(|a| Pinned(Box::new(self::wire(a, base)))));
    // Plain data always writes.
    to_json(&wire).unwrap_or_default().into_bytes()
}

/// The payload for `deflated` (raw deflate of [`encode_json`]'s JSON): base64url, no padding.
pub fn payload_of_deflated(deflated: &[u8]) -> String {
    base64url::encode(deflated)
}

fn differs_text(value: &str, base: &str) -> Option<String> {
    (value != base).then(|| value.to_string())
}

/// `scenario` as differences from `base`, without version or preset id.
fn wire(scenario: &Scenario, base: &Preset) -> WireV2 {
    let from = &base.scenario;
    let (pricing, base_pricing) = (&scenario.pricing, &from.pricing);
    let (planning, base_planning) = (&scenario.planning, &from.planning);
    let model = |m: PriceModel| match m {
        PriceModel::OnDemand => 0,
        PriceModel::Spot => 1,
    };
    WireV2 {
        n: Part::of(settings(scenario, from)),
        l: Part::of(wire_labs(&scenario.course.labs, &from.course.labs)),
        j: Part::of(project_uses(scenario, from)),
        pv: Part::of(differs_text(&pricing.provider, &base_pricing.provider)),
        sn: Part::of(differs_text(&pricing.snapshot, &base_pricing.snapshot)),
        rg: Part::of(differs_text(&pricing.region, &base_pricing.region)),
        m: Part::of((pricing.model != base_pricing.model).then(|| model(pricing.model))),
        cu: Part::of(differs_text(&pricing.currency, &base_pricing.currency)),
        x: Part::of(custom_offers(scenario)),
        g: Part::of(choices(scenario)),
        cp: Part::of(capacities(scenario, from)),
        ti: Part::of(differs_text(&scenario.title, &from.title)),
        no: Part::of(differs_text(&scenario.notes, &from.notes)),
        sd: Part::of((planning.seed != base_planning.seed).then_some(planning.seed)),
        ru: Part::of((planning.runs != base_planning.runs).then_some(planning.runs)),
        lv: Part::of((scenario.levers != from.levers).then(|| WireLevers::from(&scenario.levers))),
        rf: Part::of(
            (scenario.resource_factors != from.resource_factors).then(|| {
                let factors = scenario.resource_factors.iter();
                factors
                    .map(|f| (f.resource.clone(), Num(f.factor)))
                    .collect()
            }),
        ),
        bn: Part::of(scenario.bill_note.as_ref().map(|note| {
            let fields = note.fields.iter().map(|(p, v)| (p.clone(), Num(*v)));
            WireBillNote(note.text.clone(), fields.collect())
        })),
        ..WireV2::default()
    }
}

/// Every scalar setting whose bits differ from the preset's, by path; `None` when none does.
fn settings(scenario: &Scenario, base: &Scenario) -> Option<WireSettings> {
    let mut changed = WireSettings::default();
    let differing = Setting::ALL
        .iter()
        // The rate goes with any currency but the US dollar, even when it is the preset's: a
        // link in a currency without its rate reads as one that never had one.
        .filter(|s| {
            s.get(scenario).to_bits() != s.get(base).to_bits()
                || (**s == Setting::UsdToCurrency
                    && !scenario.pricing.currency.eq_ignore_ascii_case(USD))
        });
    for s in differing {
        changed.insert(s.path().to_string(), Num(s.get(scenario)));
    }
    (!changed.0.is_empty()).then_some(changed)
}

/// Project uses, when any differs; a note only where it differs from the preset's use at the
/// same position.
fn project_uses(scenario: &Scenario, base: &Scenario) -> Option<Vec<WireProjectUse>> {
    let (uses, base_uses) = (&scenario.course.project.uses, &base.course.project.uses);
    unless_same(
        uses,
        base_uses,
        |u| &u.note,
        |u, note| {
            let pool = u
                .pool
                .iter()
                .map(|m| (m.resource.clone(), Num(m.share_pct)));
            let (count, hours) = (Num(u.count), Num(u.hours_per_week));
            let pool = pool.collect();
            WireProjectUse(
                u.resource.clone(),
                count,
                hours,
                Num(u.floating_ips),
                note,
                pool,
            )
        },
    )
}

/// Capacities, when any differs; a note only where it differs from the preset's capacity at
/// the same position.
fn capacities(scenario: &Scenario, base: &Scenario) -> Option<Vec<WireCapacity>> {
    unless_same(
        &scenario.capacity,
        &base.capacity,
        |c| &c.note,
        |c, note| {
            let (units, weeks) = (Num(c.units), Num(c.weeks));
            WireCapacity(c.resource.clone(), units, Num(c.start_week), weeks, note)
        },
    )
}

/// `items` on the wire when they differ from `base`, each written by `wire` with its note
/// when that differs from the note of `base`'s item at its position (`note` reads an item's
/// note); `None` (left out of the link) when they are the same.
fn unless_same<T: PartialEq, W>(
    items: &[T],
    base: &[T],
    note: impl Fn(&T) -> &String,
    wire: impl Fn(&T, Option<String>) -> W,
) -> Option<Vec<W>> {
    if items == base {
        return None;
    }
    let mut written = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let base_note = base.get(i).map_or("", |b| note(b).as_str());
        written.push(wire(item, differs_text(note(item), base_note)));
    }
    Some(written)
}

/// `items` on the wire, each written by `wire`; `None` (left out of the link) when there are none.
fn unless_empty<T, W>(items: &[T], wire: impl Fn(&T) -> W) -> Option<Vec<W>> {
    if items.is_empty() {
        return None;
    }
    let mut written = Vec::with_capacity(items.len());
    for item in items {
        written.push(wire(item));
    }
    Some(written)
}

fn choices(scenario: &Scenario) -> Option<Vec<WireChoice>> {
    unless_empty(&scenario.stand_in_choices, |c| {
        let (provider, resource) = (c.provider.clone(), c.resource.clone());
        (provider, resource, c.offer.clone(), Num(c.fraction))
    })
}

fn custom_offers(scenario: &Scenario) -> Option<Vec<WireOffer>> {
    unless_empty(&scenario.custom_offers, |o| {
        WireOffer(
            o.id.to_string(),
            o.sku.to_string(),
            o.specs.vcpu,
            Num(o.specs.ram_gb),
            o.specs.gpu_model.to_string(),
            o.specs.gpu_count,
            Num(o.specs.gpu_mem_gb),
            Num(o.usd),
        )
    })
}

/// Options, each as a reference to an identical option of `base` (same position first) or in full.
fn wire_options(options: &[LabOption], base: &[LabOption]) -> Vec<OptionEntry> {
    let mut entries = Vec::with_capacity(options.len());
    for (i, o) in options.iter().enumerate() {
        let same = if base.get(i) == Some(o) {
            Some(i)
        } else {
            base.iter().position(|b| b == o)
        };
        entries.push(match same {
            Some(j) => Entry::Same(j),
            None => Entry::Full(wire_option(o)),
        });
    }
    entries
}

fn wire_option(o: &LabOption) -> WireOption {
    let mut u = Vec::with_capacity(o.uses.len());
    for use_ in &o.uses {
        let resource = use_.resource.clone();
        u.push((
            resource,
            Num(use_.count),
            Num(use_.hours),
            Num(use_.floating_ips),
        ));
    }
    WireOption {
        n: o.name.clone(),
        p: Num(o.share_pct),
        u,
    }
}

/// Pairs each lab with the preset lab it most likely started from: the same name first, else
/// the same position, each preset lab used once.
fn wire_labs(labs: &[Lab], base: &[Lab]) -> Option<Vec<LabEntry>> {
    if labs == base {
        return None;
    }
    let mut used = vec![false; base.len()];
    let mut origin = vec![None; labs.len()];
    for (i, lab) in labs.iter().enumerate() {
        if let Some(j) = (0..base.len()).find(|&j| !used[j] && base[j].name == lab.name) {
            used[j] = true;
            origin[i] = Some(j);
        }
    }
    for (i, slot) in origin.iter_mut().enumerate() {
        if slot.is_none() && i < base.len() && !used[i] {
            used[i] = true;
            *slot = Some(i);
        }
    }
    Some(
        labs.iter()
            .zip(origin)
            .map(|(lab, origin)| match origin {
                Some(j) if base[j] == *lab => Entry::Same(j),
                Some(j) => Entry::Full(changed_lab(lab, j, &base[j])),
                None => Entry::Full(new_lab(lab)),
            })
            .collect(),
    )
}

/// A lab that started from preset lab `j`: only what differs from it.
fn changed_lab(lab: &Lab, j: usize, from: &Lab) -> WireLab {
    let weeks_differ = lab.start_week.to_bits() != from.start_week.to_bits()
        || lab.due_week.to_bits() != from.due_week.to_bits();
    WireLab {
        r: Some(j),
        n: differs_text(&lab.name, &from.name),
        t: differs_text(&lab.note, &from.note),
        o: (lab.options != from.options).then(|| wire_options(&lab.options, &from.options)),
        w: weeks_differ.then_some((Num(lab.start_week), Num(lab.due_week))),
    }
}

/// A lab with no preset lab to start from: all of it.
fn new_lab(lab: &Lab) -> WireLab {
    WireLab {
        r: None,
        n: Some(lab.name.clone()),
        t: (!lab.note.is_empty()).then(|| lab.note.clone()),
        o: Some(
            lab.options
                .iter()
                .map(|o| Entry::Full(wire_option(o)))
                .collect(),
        ),
        w: Some((Num(lab.start_week), Num(lab.due_week))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::presets::builtin_presets;
    use crate::model::serde_check::{reads_as_serde_json, scenarios};

    #[test]
    fn links_are_written_as_serde_wrote_them() {
        let presets = builtin_presets().expect("presets");
        let scenarios = scenarios();
        for (i, scenario) in scenarios.iter().enumerate() {
            for base in presets {
                let pinned = scenarios.get(i + 1);
                let json = encode_json(scenario, pinned, base);
                // The same payload, written by serde.
                let mut wire = wire(scenario, base);
                wire.v = Part::Read(LINK_VERSION);
                wire.p = Part::Read(base.id.to_string());
                wire.a = Part::of(pinned.map(|a| Pinned(Box::new(self::wire(a, base)))));
                let serde = serde_json::to_vec(&wire).expect("serde writes it");
                reads_as_serde_json(&json);
                assert_eq!(
                    String::from_utf8_lossy(&json),
                    String::from_utf8_lossy(&serde)
                );
            }
        }
    }
}
