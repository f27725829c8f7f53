//! Share links: the whole scenario in the URL fragment, as `#s=<payload>`.
//!
//! The payload is a versioned JSON object, base64url-encoded without padding, that names the
//! preset it starts from and carries only what differs from it, so the paper's course with a few
//! edits stays short. Decoding never panics and never trusts the link: sizes are bounded, every
//! part is checked on its own, and what cannot be used is dropped with a notice while the rest
//! loads. Older versions are migrated forward before reading (see [`migrate`]).

use base64::engine::general_purpose::{URL_SAFE, URL_SAFE_NO_PAD};
use base64::Engine;
use miniz_oxide::deflate::compress_to_vec;
use miniz_oxide::inflate::decompress_to_vec_with_limit;
use serde::de::DeserializeOwned;
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

use crate::model::catalog::offer::{Offer, PriceModel};
use crate::model::catalog::presets::{builtin_presets, Preset};
use crate::model::catalog::Catalog;
use crate::model::edit::change::{custom_offer, CustomOffer, CUSTOM_PROVIDER};
use crate::model::scenario::course::{Lab, LabOption, ProjectUse, ResourceUse};
use crate::model::scenario::planning::Planning;
use crate::model::scenario::realism::{OverrunFactors, Realism};
use crate::model::scenario::validate::{limits, validate};
use crate::model::scenario::{OfferChoice, Scenario};

/// The version this build writes.
pub const LINK_VERSION: u64 = 1;
/// Name of the fragment parameter that holds the scenario.
pub const PARAM: &str = "s";
/// Longest payload read (characters); a longer one is refused unread.
pub const MAX_PAYLOAD_CHARS: usize = 16_384;
/// Most JSON a payload may inflate to (bytes).
const MAX_JSON_BYTES: usize = 262_144;

/// A number in a link: an integer when it is one ("3", not "3.0"), otherwise its shortest exact
/// decimal as a string ("12.5"), so reading it back with Rust's correctly rounded parser gives the
/// very same bits on every platform (JSON float parsing may differ in the last bit).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Num(f64);

impl Serialize for Num {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let value = self.0;
        if value.fract() == 0.0 && value.abs() < 9.0e15 {
            serializer.serialize_i64(value as i64)
        } else {
            serializer.collect_str(&value)
        }
    }
}

impl<'de> Deserialize<'de> for Num {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Num, D::Error> {
        struct NumVisitor;

        impl Visitor<'_> for NumVisitor {
            type Value = Num;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a number, or a number in a string")
            }

            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Num, E> {
                Ok(Num(v as f64))
            }

            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Num, E> {
                Ok(Num(v as f64))
            }

            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Num, E> {
                Ok(Num(v))
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<Num, E> {
                // Only plain decimals: no "inf", "NaN" or padding sneaks in through a string.
                let plain = !v.is_empty()
                    && v.len() <= 40
                    && v.bytes().all(|b| {
                        b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'e' | b'E' | b'+')
                    });
                match v.parse::<f64>() {
                    Ok(n) if plain && n.is_finite() => Ok(Num(n)),
                    _ => Err(E::custom("not a number")),
                }
            }
        }

        deserializer.deserialize_any(NumVisitor)
    }
}

/// A lab option: name, share (percent), uses as [resource, count, hours, floating IPs].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct WireOption {
    n: String,
    p: Num,
    u: Vec<(String, Num, Num, Num)>,
}

/// A lab option as the link holds it: the index of the preset lab's option it is unchanged
/// from, or the option in full.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
enum OptionEntry {
    Same(usize),
    Full(WireOption),
}

/// A lab as the link holds it: the index of a preset lab it is unchanged from, or the lab.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
enum LabEntry {
    Same(usize),
    Changed(WireLab),
}

/// A lab: `r` = index of the preset lab it started from (its note and, unless given, its name
/// and options are taken from there); `n`, `t` (note) and `o` as given.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct WireLab {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    r: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    n: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    t: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    o: Option<Vec<OptionEntry>>,
    /// [release week, due week].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    w: Option<(Num, Num)>,
}

/// A project use: [resource, count, hours per week, floating IPs, note if it differs from the
/// preset's use at the same position].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct WireProjectUse(String, Num, Num, Num, #[serde(default)] Option<String>);

/// A custom offer: [id, name, vCPU, RAM GB, GPU model, GPUs, GB per GPU, US$ per hour].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct WireOffer(String, String, u32, Num, String, u32, Num, Num);

/// Planning settings: [spread sigma, seed, runs, credit threshold, budget, percentile,
/// concurrency, deadline crunch].
type WirePlanning = (Num, u64, u32, Num, Num, Num, Num, Num);

/// Version 1 of the link payload. Every field but `v` is optional: absent means "as the preset".
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct WireV1 {
    v: u64,
    /// Preset id the link starts from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    p: Option<String>,
    /// Students.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    s: Option<Num>,
    /// Term weeks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    tw: Option<Num>,
    /// Project group size.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    gs: Option<Num>,
    /// Project weeks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pw: Option<Num>,
    /// Week the project starts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ps: Option<Num>,
    /// Labs, when any differs from the preset's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    l: Option<Vec<LabEntry>>,
    /// Project uses, when any differs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    j: Option<Vec<WireProjectUse>>,
    /// Overrun factors: labs vm, bare metal, edge, storage, then the same for the project.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    r: Option<[Num; 8]>,
    /// Provider id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pv: Option<String>,
    /// Snapshot id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sn: Option<String>,
    /// Price model: 0 on demand, 1 spot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    m: Option<u8>,
    /// Re-run overhead (percent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ro: Option<Num>,
    /// Discount (percent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    d: Option<Num>,
    /// Institutional overhead (percent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    oh: Option<Num>,
    /// Education credit (US dollars per student).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cr: Option<Num>,
    /// Currency code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cu: Option<String>,
    /// Currency units per US dollar.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    fx: Option<Num>,
    /// GPU choices: [provider, resource, offer, fraction].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    g: Option<Vec<(String, String, String, Num)>>,
    /// Custom offers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    x: Option<Vec<WireOffer>>,
    /// Planning: [spread sigma, seed, runs, credit threshold, budget, percentile, concurrency,
    /// deadline crunch].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pl: Option<WirePlanning>,
    /// Scenario A of an A/B comparison, against the same preset (one level deep).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    a: Option<Box<WireV1>>,
}

fn differs(value: f64, base: f64) -> Option<Num> {
    (value.to_bits() != base.to_bits()).then_some(Num(value))
}

fn differs_text(value: &str, base: &str) -> Option<String> {
    (value != base).then(|| value.to_string())
}

/// Options, each as a reference to an identical option of `base` (same position first) or in full.
fn wire_options(options: &[LabOption], base: &[LabOption]) -> Vec<OptionEntry> {
    options
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let same = if base.get(i) == Some(o) {
                Some(i)
            } else {
                base.iter().position(|b| b == o)
            };
            match same {
                Some(j) => OptionEntry::Same(j),
                None => OptionEntry::Full(wire_option(o)),
            }
        })
        .collect()
}

fn wire_option(o: &LabOption) -> WireOption {
    WireOption {
        n: o.name.clone(),
        p: Num(o.share_pct),
        u: o.uses
            .iter()
            .map(|u| {
                (
                    u.resource.clone(),
                    Num(u.count),
                    Num(u.hours),
                    Num(u.floating_ips),
                )
            })
            .collect(),
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
                Some(j) if base[j] == *lab => LabEntry::Same(j),
                Some(j) => {
                    let from = &base[j];
                    LabEntry::Changed(WireLab {
                        r: Some(j),
                        n: differs_text(&lab.name, &from.name),
                        t: differs_text(&lab.note, &from.note),
                        o: (lab.options != from.options)
                            .then(|| wire_options(&lab.options, &from.options)),
                        w: (lab.start_week.to_bits() != from.start_week.to_bits()
                            || lab.due_week.to_bits() != from.due_week.to_bits())
                        .then_some((Num(lab.start_week), Num(lab.due_week))),
                    })
                }
                None => LabEntry::Changed(WireLab {
                    r: None,
                    n: Some(lab.name.clone()),
                    t: (!lab.note.is_empty()).then(|| lab.note.clone()),
                    o: Some(
                        lab.options
                            .iter()
                            .map(|o| OptionEntry::Full(wire_option(o)))
                            .collect(),
                    ),
                    w: Some((Num(lab.start_week), Num(lab.due_week))),
                }),
            })
            .collect(),
    )
}

fn factors(realism: &Realism) -> [f64; 8] {
    let (l, p) = (realism.labs, realism.project);
    [
        l.vm,
        l.bare_metal,
        l.edge,
        l.storage,
        p.vm,
        p.bare_metal,
        p.edge,
        p.storage,
    ]
}

/// The payload (the part after `#s=`) for `scenario`, as differences from `base`.
pub fn encode(scenario: &Scenario, base: &Preset) -> String {
    encode_pair(scenario, None, base)
}

/// The payload for `scenario` with a pinned scenario A to compare it with.
pub fn encode_pair(scenario: &Scenario, pinned: Option<&Scenario>, base: &Preset) -> String {
    let mut wire = wire(scenario, base);
    wire.a = pinned.map(|a| Box::new(self::wire(a, base)));
    // Serialising plain data to a string cannot fail.
    let json = serde_json::to_vec(&wire).unwrap_or_default();
    URL_SAFE_NO_PAD.encode(compress_to_vec(&json, 9))
}

fn wire(scenario: &Scenario, base: &Preset) -> WireV1 {
    let from = &base.scenario;
    let (course, base_course) = (&scenario.course, &from.course);
    let (pricing, base_pricing) = (&scenario.pricing, &from.pricing);
    let project_uses = (course.project.uses != base_course.project.uses).then(|| {
        course
            .project
            .uses
            .iter()
            .enumerate()
            .map(|(i, u)| {
                let base_note = base_course
                    .project
                    .uses
                    .get(i)
                    .map_or("", |b| b.note.as_str());
                WireProjectUse(
                    u.resource.clone(),
                    Num(u.count),
                    Num(u.hours_per_week),
                    Num(u.floating_ips),
                    differs_text(&u.note, base_note),
                )
            })
            .collect()
    });
    let model = |m: PriceModel| match m {
        PriceModel::OnDemand => 0,
        PriceModel::Spot => 1,
    };
    WireV1 {
        v: LINK_VERSION,
        p: Some(base.id.clone()),
        s: differs(course.students, base_course.students),
        tw: differs(course.term_weeks, base_course.term_weeks),
        gs: differs(course.project.group_size, base_course.project.group_size),
        pw: differs(course.project.weeks, base_course.project.weeks),
        ps: differs(course.project.start_week, base_course.project.start_week),
        l: wire_labs(&course.labs, &base_course.labs),
        j: project_uses,
        r: (scenario.realism != from.realism).then(|| factors(&scenario.realism).map(Num)),
        pv: differs_text(&pricing.provider, &base_pricing.provider),
        sn: differs_text(&pricing.snapshot, &base_pricing.snapshot),
        m: (pricing.model != base_pricing.model).then(|| model(pricing.model)),
        ro: differs(pricing.rerun_overhead_pct, base_pricing.rerun_overhead_pct),
        d: differs(pricing.discount_pct, base_pricing.discount_pct),
        oh: differs(pricing.overhead_pct, base_pricing.overhead_pct),
        cr: differs(
            pricing.credit_per_student_usd,
            base_pricing.credit_per_student_usd,
        ),
        cu: differs_text(&pricing.currency, &base_pricing.currency),
        fx: differs(pricing.usd_to_currency, base_pricing.usd_to_currency),
        g: (!scenario.gpu_choices.is_empty()).then(|| {
            scenario
                .gpu_choices
                .iter()
                .map(|c| {
                    (
                        c.provider.clone(),
                        c.resource.clone(),
                        c.offer.clone(),
                        Num(c.fraction),
                    )
                })
                .collect()
        }),
        pl: (scenario.planning != from.planning).then(|| {
            let p = &scenario.planning;
            (
                Num(p.spread_sigma),
                p.seed,
                p.runs,
                Num(p.credit_threshold_usd),
                Num(p.budget_usd),
                Num(p.percentile),
                Num(p.concurrency_pct),
                Num(p.deadline_crunch_pct),
            )
        }),
        x: (!scenario.custom_offers.is_empty()).then(|| {
            scenario
                .custom_offers
                .iter()
                .map(|o| {
                    WireOffer(
                        o.id.clone(),
                        o.sku.clone(),
                        o.vcpu,
                        Num(o.ram_gb),
                        o.gpu_model.clone(),
                        o.gpu_count,
                        Num(o.gpu_mem_gb),
                        Num(o.usd),
                    )
                })
                .collect()
        }),
        a: None,
    }
}

/// The fragment (without `#`) for `scenario`.
pub fn encode_fragment(scenario: &Scenario, base: &Preset) -> String {
    format!("{PARAM}={}", encode(scenario, base))
}

/// The fragment (without `#`) for `scenario` and a pinned scenario A.
pub fn encode_pair_fragment(
    scenario: &Scenario,
    pinned: Option<&Scenario>,
    base: &Preset,
) -> String {
    format!("{PARAM}={}", encode_pair(scenario, pinned, base))
}

/// What a link decoded to.
#[derive(Clone, Debug, PartialEq)]
pub struct Decoded {
    /// The scenario: everything the link held that could be used, on top of its preset.
    pub scenario: Scenario,
    /// The preset the link starts from.
    pub preset: &'static Preset,
    /// What could not be used, in words for the user; empty when the link was read whole.
    pub notices: Vec<String>,
    /// Scenario A of a comparison, when the link holds one.
    pub pinned: Option<Scenario>,
}

/// The `s` parameter of a URL fragment (`#s=...&x=y` or `s=...`), if there is one.
pub fn payload_of(fragment: &str) -> Option<&str> {
    fragment
        .trim_start_matches('#')
        .split('&')
        .find_map(|part| part.strip_prefix("s="))
}

/// Brings a payload of an older version up to [`LINK_VERSION`]. Each step rewrites one version
/// into the next; version 1 is the first, so there is no step yet. A later version adds its step
/// here and keeps every earlier link reading the same.
pub fn migrate(mut payload: Map<String, Value>, from: u64) -> Map<String, Value> {
    // No earlier version exists: v1 is read as it is.
    let _ = from;
    payload.insert("v".to_string(), Value::from(LINK_VERSION));
    payload
}

/// Decodes a payload. Never fails: a link that cannot be read at all gives the paper's course
/// with a notice saying why. `None` only if the shipped presets themselves cannot be read.
pub fn decode(payload: &str, catalog: &Catalog) -> Option<Decoded> {
    let presets = builtin_presets().ok()?;
    let default = presets.first()?;
    let fallback = |notice: String| Decoded {
        scenario: default.scenario.clone(),
        preset: default,
        notices: vec![notice],
        pinned: None,
    };
    if payload.len() > MAX_PAYLOAD_CHARS {
        return Some(fallback(format!(
            "This link is too long to be a calculator link ({} characters; at most {MAX_PAYLOAD_CHARS}). The paper's course is shown instead.",
            payload.len()
        )));
    }
    let trimmed = payload.trim().trim_end_matches('=');
    let bytes = match URL_SAFE_NO_PAD
        .decode(trimmed)
        .or_else(|_| URL_SAFE.decode(payload.trim()))
    {
        Ok(bytes) => bytes,
        Err(_) => {
            return Some(fallback(
                "This link is damaged (it is not a calculator link, or it was cut short). The paper's course is shown instead.".to_string(),
            ))
        }
    };
    // Raw deflate, bounded so a crafted link cannot inflate into gigabytes; plain JSON is
    // accepted too (hand-written links).
    let json = decompress_to_vec_with_limit(&bytes, MAX_JSON_BYTES).unwrap_or(bytes);
    let mut object = match serde_json::from_slice::<Value>(&json) {
        Ok(Value::Object(object)) => object,
        _ => {
            return Some(fallback(
                "This link is damaged or was cut short: its data cannot be read. The paper's course is shown instead.".to_string(),
            ))
        }
    };
    let mut notices = Vec::new();
    let version = object.get("v").and_then(Value::as_u64).unwrap_or(0);
    if version == 0 {
        notices.push(
            "This link has no version number; it was read as the current version.".to_string(),
        );
    } else if version > LINK_VERSION {
        notices.push(format!(
            "This link was made by a newer version of the calculator (link version {version}, this is {LINK_VERSION}): what this version understands was loaded."
        ));
    } else if version < LINK_VERSION {
        object = migrate(object, version);
    }

    let preset_id = object.get("p").and_then(Value::as_str).unwrap_or("");
    let preset = match presets.iter().find(|p| p.id == preset_id) {
        Some(preset) => preset,
        None => {
            if !preset_id.is_empty() {
                notices.push(format!(
                    "This link starts from a preset this version does not have (\"{}\"); the paper's course was used as the start.",
                    clip(preset_id)
                ));
            }
            default
        }
    };
    let pinned_object = match object.remove("a") {
        Some(Value::Object(pinned)) => Some(pinned),
        Some(_) => {
            notices.push("The link's scenario A could not be read and was left out.".to_string());
            None
        }
        None => None,
    };
    let mut reader = Reader {
        object,
        notices,
        catalog,
        scenario: preset.scenario.clone(),
    };
    reader.read_all(preset);
    let mut notices = reader.notices;
    let pinned = pinned_object.map(|mut object| {
        // One level deep: a scenario A inside scenario A is ignored.
        object.remove("a");
        let mut reader = Reader {
            object,
            notices: Vec::new(),
            catalog,
            scenario: preset.scenario.clone(),
        };
        reader.read_all(preset);
        notices.extend(
            reader
                .notices
                .into_iter()
                .map(|n| format!("Scenario A: {n}")),
        );
        reader.scenario
    });
    Some(Decoded {
        scenario: reader.scenario,
        preset,
        notices,
        pinned,
    })
}

/// Shortens untrusted text quoted back in a notice.
fn clip(text: &str) -> String {
    let clipped: String = text.chars().take(40).collect();
    if clipped.len() < text.len() {
        format!("{clipped}…")
    } else {
        clipped
    }
}

/// Applies a payload's parts one by one, keeping each only if the scenario stays valid.
struct Reader<'a> {
    object: Map<String, Value>,
    notices: Vec<String>,
    catalog: &'a Catalog,
    scenario: Scenario,
}

impl Reader<'_> {
    /// Reads field `key` as `T`; a field of the wrong shape is reported and skipped.
    fn take<T: DeserializeOwned>(&mut self, key: &str, what: &str) -> Option<T> {
        let value = self.object.remove(key)?;
        match serde_json::from_value(value) {
            Ok(value) => Some(value),
            Err(_) => {
                self.notices.push(format!(
                    "The link's {what} could not be read and were left as they are."
                ));
                None
            }
        }
    }

    /// Applies `edit` to a copy; keeps it only if the scenario stays valid.
    fn try_apply(&mut self, what: &str, edit: impl FnOnce(&mut Scenario)) {
        let mut candidate = self.scenario.clone();
        edit(&mut candidate);
        let errors = validate(&candidate, self.catalog);
        if errors.is_empty() {
            self.scenario = candidate;
        } else {
            let first = errors
                .first()
                .map(|e| e.problem.to_string())
                .unwrap_or_default();
            self.notices.push(format!(
                "The link's {what} could not be used ({first}) and were left as they are."
            ));
        }
    }

    fn number(&mut self, key: &str, what: &str, set: fn(&mut Scenario, f64)) {
        if let Some(Num(value)) = self.take::<Num>(key, what) {
            self.try_apply(what, |s| set(s, value));
        }
    }

    fn read_all(&mut self, preset: &Preset) {
        self.number("s", "number of students", |s, v| s.course.students = v);
        self.number("tw", "term length", |s, v| s.course.term_weeks = v);
        self.number("gs", "project group size", |s, v| {
            s.course.project.group_size = v
        });
        self.number("pw", "project length", |s, v| s.course.project.weeks = v);
        self.number("ps", "project start week", |s, v| {
            s.course.project.start_week = v
        });
        self.read_labs(preset);
        self.read_project(preset);
        if let Some(r) = self.take::<[Num; 8]>("r", "overrun factors") {
            let f = r.map(|Num(v)| v);
            self.try_apply("overrun factors", |s| {
                s.realism = Realism {
                    labs: OverrunFactors {
                        vm: f[0],
                        bare_metal: f[1],
                        edge: f[2],
                        storage: f[3],
                    },
                    project: OverrunFactors {
                        vm: f[4],
                        bare_metal: f[5],
                        edge: f[6],
                        storage: f[7],
                    },
                };
            });
        }
        self.read_pricing();
        self.read_offers();
        if let Some(p) = self.take::<WirePlanning>("pl", "planning settings") {
            self.try_apply("planning settings", |s| {
                s.planning = Planning {
                    spread_sigma: p.0 .0,
                    seed: p.1,
                    runs: p.2,
                    credit_threshold_usd: p.3 .0,
                    budget_usd: p.4 .0,
                    percentile: p.5 .0,
                    concurrency_pct: p.6 .0,
                    deadline_crunch_pct: p.7 .0,
                };
            });
        }
    }

    fn read_labs(&mut self, preset: &Preset) {
        let Some(mut labs) = self.take::<Vec<LabEntry>>("l", "labs") else {
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
            let wire = match entry {
                LabEntry::Same(r) => WireLab {
                    r: Some(r),
                    ..WireLab::default()
                },
                LabEntry::Changed(wire) => wire,
            };
            let from = wire.r.and_then(|r| base.get(r));
            let lab = Lab {
                name: wire
                    .n
                    .or_else(|| from.map(|f| f.name.clone()))
                    .unwrap_or_else(|| format!("Lab {}", index + 1)),
                note: wire
                    .t
                    .or_else(|| from.map(|f| f.note.clone()))
                    .unwrap_or_default(),
                options: match wire.o {
                    Some(options) => options
                        .into_iter()
                        .take(limits::OPTIONS + 1)
                        .filter_map(|entry| match entry {
                            // A reference to an option the preset lab lacks is dropped, and the
                            // lab's shares no longer add up, so the lab is reported below.
                            OptionEntry::Same(j) => from.and_then(|f| f.options.get(j).cloned()),
                            OptionEntry::Full(o) => Some(LabOption {
                                name: o.n,
                                share_pct: o.p.0,
                                uses: o
                                    .u
                                    .into_iter()
                                    .take(limits::USES + 1)
                                    .map(|(resource, count, hours, ips)| ResourceUse {
                                        resource,
                                        count: count.0,
                                        hours: hours.0,
                                        floating_ips: ips.0,
                                    })
                                    .collect(),
                            }),
                        })
                        .collect(),
                    None => from.map(|f| f.options.clone()).unwrap_or_default(),
                },
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
            };
            // Check each lab on its own, so one bad lab does not cost the others.
            let mut candidate = self.scenario.clone();
            candidate.course.labs = built.clone();
            candidate.course.labs.push(lab.clone());
            if validate(&candidate, self.catalog).is_empty() {
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

    fn read_project(&mut self, preset: &Preset) {
        let Some(uses) = self.take::<Vec<WireProjectUse>>("j", "project resources") else {
            return;
        };
        let base = &preset.scenario.course.project.uses;
        let built: Vec<ProjectUse> = uses
            .into_iter()
            .take(limits::USES + 1)
            .enumerate()
            .map(
                |(i, WireProjectUse(resource, count, hours, ips, note))| ProjectUse {
                    resource,
                    count: count.0,
                    hours_per_week: hours.0,
                    floating_ips: ips.0,
                    note: note
                        .unwrap_or_else(|| base.get(i).map(|b| b.note.clone()).unwrap_or_default()),
                },
            )
            .collect();
        self.try_apply("project resources", |s| s.course.project.uses = built);
    }

    fn read_pricing(&mut self) {
        if let Some(provider) = self.take::<String>("pv", "provider") {
            self.try_apply("provider", |s| s.pricing.provider = provider);
        }
        if let Some(snapshot) = self.take::<String>("sn", "price snapshot") {
            self.try_apply("price snapshot", |s| s.pricing.snapshot = snapshot);
        }
        if let Some(model) = self.take::<u8>("m", "price model") {
            match model {
                0 => self.scenario.pricing.model = PriceModel::OnDemand,
                1 => self.scenario.pricing.model = PriceModel::Spot,
                _ => self.notices.push(
                    "The link's price model is unknown; on-demand prices are used.".to_string(),
                ),
            }
        }
        self.number("ro", "re-run overhead", |s, v| {
            s.pricing.rerun_overhead_pct = v
        });
        self.number("d", "discount", |s, v| s.pricing.discount_pct = v);
        self.number("oh", "institutional overhead", |s, v| {
            s.pricing.overhead_pct = v
        });
        self.number("cr", "education credit", |s, v| {
            s.pricing.credit_per_student_usd = v
        });
        if let Some(code) = self.take::<String>("cu", "currency") {
            self.try_apply("currency", |s| s.pricing.currency = code);
        }
        self.number("fx", "exchange rate", |s, v| s.pricing.usd_to_currency = v);
    }

    fn read_offers(&mut self) {
        if let Some(offers) = self.take::<Vec<WireOffer>>("x", "custom offers") {
            let built: Vec<Offer> = offers
                .into_iter()
                .take(limits::CHOICES + 1)
                .filter(|o| o.0.starts_with(&format!("{CUSTOM_PROVIDER}/")))
                .map(|WireOffer(id, name, vcpu, ram, gpu, gpus, mem, usd)| {
                    custom_offer(
                        id,
                        &CustomOffer {
                            name,
                            vcpu,
                            ram_gb: ram.0,
                            gpu_model: gpu,
                            gpu_count: gpus,
                            gpu_mem_gb: mem.0,
                            usd_per_hour: usd.0,
                        },
                    )
                })
                .collect();
            self.try_apply("custom offers", |s| s.custom_offers = built);
        }
        if let Some(choices) = self.take::<Vec<(String, String, String, Num)>>("g", "GPU choices") {
            let built: Vec<OfferChoice> = choices
                .into_iter()
                .take(limits::CHOICES + 1)
                .map(|(provider, resource, offer, fraction)| OfferChoice {
                    provider,
                    resource,
                    offer,
                    fraction: fraction.0,
                })
                .collect();
            self.try_apply("GPU choices", |s| s.gpu_choices = built);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payload_is_found_in_the_fragment() {
        assert_eq!(payload_of("#s=abc&x=1"), Some("abc"));
        assert_eq!(payload_of("x=1&s=abc"), Some("abc"));
        assert_eq!(payload_of("#other"), None);
    }
}
