//! Reading a payload's JSON into its wire shape ([`WireV2`]), by hand: each part from its JSON
//! value with plain matches, `None` where serde's derived reading of the same type fails (the
//! derived readers and their error messages, all thrown away, took about 20 kB of wasm). The
//! tests check every reader against serde's derived one on many values.
//! Every reader is a plain `fn(Option<&Value>) -> Option<T>` (a missing field reads as nothing)
//! and the fields of a part are found by one shared function from a table of their names: less
//! wasm than generic helpers over closures. The readers borrow the parsed value (the text they
//! keep is copied), so a refusal midway drops nothing: owned fields took a drop of every field
//! not yet read at each refusal, about 6 kB of wasm.

use crate::model::json::{Map, Value};
use crate::model::share::num::Num;
use crate::model::share::wire::{
    Entry, Part, Pinned, WireAutoStop, WireBillNote, WireCapacity, WireChoice, WireLab, WireLevers,
    WireOffer, WireOption, WireProjectUse, WireSettings, WireV2,
};

/// A field's reader: `None` when the field is missing or does not read as `T`.
type Read<T> = fn(Option<&Value>) -> Option<T>;

/// A part read by `reader`: `Absent` if left out, `Unreadable` if it does not read (only it is lost).
fn part<T>(field: Option<&Value>, reader: Read<T>) -> Part<T> {
    match field {
        None => Part::Absent,
        field => reader(field).map_or(Part::Unreadable, Part::Read),
    }
}

fn text(field: Option<&Value>) -> Option<String> {
    Some(field?.as_str()?.to_string())
}

fn num(field: Option<&Value>) -> Option<Num> {
    Num::of_json(field?)
}

/// A whole number (not a negative one, nor one written with a fraction).
fn whole(field: Option<&Value>) -> Option<u64> {
    field?.as_u64()
}

fn index(field: Option<&Value>) -> Option<usize> {
    usize::try_from(whole(field)?).ok()
}

fn count(field: Option<&Value>) -> Option<u32> {
    u32::try_from(whole(field)?).ok()
}

fn byte(field: Option<&Value>) -> Option<u8> {
    u8::try_from(whole(field)?).ok()
}

fn flag(field: Option<&Value>) -> Option<bool> {
    field?.as_bool()
}

/// `null` as `None`, anything else as `reader` reads it; a missing field is `None` too.
fn optional<T>(field: Option<&Value>, reader: Read<T>) -> Option<Option<T>> {
    match field {
        None | Some(Value::Null) => Some(None),
        field => reader(field).map(Some),
    }
}

fn maybe_num(field: Option<&Value>) -> Option<Option<Num>> {
    optional(field, num)
}

/// A field that may be missing: missing is `default`.
fn or<T>(field: Option<&Value>, default: T, reader: Read<T>) -> Option<T> {
    match field {
        None => Some(default),
        field => reader(field),
    }
}

/// A JSON array, each item read by `reader`; `None` if one does not read.
fn list<T>(field: Option<&Value>, reader: Read<T>) -> Option<Vec<T>> {
    let Some(Value::Array(items)) = field else {
        return None;
    };
    // A plain loop: smaller in the wasm than collecting into `Option<Vec<_>>`.
    let mut read = Vec::with_capacity(items.len());
    for item in items {
        read.push(reader(Some(item))?);
    }
    Some(read)
}

/// Puts `value`'s fields in `slots`: by name (`names`, if given) from an object, or by
/// position from an array of at most `slots.len()` items.
fn fill<'a>(value: &'a Value, names: &[&str], slots: &mut [Option<&'a Value>]) -> Option<()> {
    match value {
        Value::Object(object) if !names.is_empty() => fill_members(object, names, slots),
        Value::Array(items) if items.len() <= slots.len() => {
            for (slot, item) in slots.iter_mut().zip(items) {
                *slot = Some(item);
            }
            Some(())
        }
        _ => None,
    }
}

/// Puts `object`'s members named in `names` in `slots`, at the name's position (a name twice
/// counts its last value).
#[inline(never)]
fn fill_members<'a>(
    object: &'a Map,
    names: &[&str],
    slots: &mut [Option<&'a Value>],
) -> Option<()> {
    for (key, value) in object.iter() {
        let slot = names.iter().position(|name| name == key);
        if let Some(slot) = slot.and_then(|i| slots.get_mut(i)) {
            *slot = Some(value);
        }
    }
    Some(())
}

/// Most fields a part has (an offer's eight).
const MOST_FIELDS: usize = 8;

/// A part's fields, in order; the ones past its own count are `None`.
type Slots<'a> = [Option<&'a Value>; MOST_FIELDS];

/// The fields of a part of `count` fields: by name (`names`) from an object, or by position
/// from an array of at most `count` items; a missing one is `None` (the caller then takes the
/// field's default, or refuses). One copy for parts of every size.
#[inline(never)]
fn slots<'a>(field: Option<&'a Value>, names: &[&str], count: usize) -> Option<Slots<'a>> {
    let mut slots = [None; MOST_FIELDS];
    fill(field?, names, slots.get_mut(..count)?)?;
    Some(slots)
}

/// Fields by name (`names`) from an object, or by position from an array of at most as many.
fn fields<'a>(field: Option<&'a Value>, names: &[&str]) -> Option<Slots<'a>> {
    slots(field, names, names.len())
}

/// The items of a JSON array of at most `count` items, by position.
fn items(field: Option<&Value>, count: usize) -> Option<Slots<'_>> {
    slots(field, &[], count)
}

/// An entry: a number as the index of the preset's item, an object or an array as the item.
fn entry<T>(field: Option<&Value>, reader: Read<T>) -> Option<Entry<T>> {
    match field {
        Some(Value::Number(_)) => index(field).map(Entry::Same),
        Some(Value::Object(_) | Value::Array(_)) => reader(field).map(Entry::Full),
        _ => None,
    }
}

fn resource_use(field: Option<&Value>) -> Option<(String, Num, Num, Num)> {
    let [resource, count, hours, ips, ..] = items(field, 4)?;
    Some((text(resource)?, num(count)?, num(hours)?, num(ips)?))
}

fn option(field: Option<&Value>) -> Option<WireOption> {
    let [n, p, u, ..] = fields(field, &["n", "p", "u"])?;
    Some(WireOption {
        n: text(n)?,
        p: num(p)?,
        u: list(u, resource_use)?,
    })
}

fn weeks(field: Option<&Value>) -> Option<(Num, Num)> {
    let [release, due, ..] = items(field, 2)?;
    Some((num(release)?, num(due)?))
}

fn lab(field: Option<&Value>) -> Option<WireLab> {
    let [r, n, t, o, w, ..] = fields(field, &["r", "n", "t", "o", "w"])?;
    Some(WireLab {
        r: optional(r, index)?,
        n: optional(n, text)?,
        t: optional(t, text)?,
        o: optional(o, |o| list(o, |o| entry(o, option)))?,
        w: optional(w, weeks)?,
    })
}

fn member(field: Option<&Value>) -> Option<(String, Num)> {
    let [resource, share, ..] = items(field, 2)?;
    Some((text(resource)?, num(share)?))
}

/// A bill's note: [words, [[path, value], ...]] (each pair read as a pool member's).
fn bill_note(field: Option<&Value>) -> Option<WireBillNote> {
    let [words, fields, ..] = items(field, 2)?;
    Some(WireBillNote(text(words)?, list(fields, member)?))
}

fn project_use(field: Option<&Value>) -> Option<WireProjectUse> {
    let [resource, count, hours, ips, note, pool, ..] = items(field, 6)?;
    // The note and the pool may be left out (the pool is, when empty).
    let (resource, count, hours) = (text(resource)?, num(count)?, num(hours)?);
    let (ips, note) = (num(ips)?, optional(note, text)?);
    let pool = or(pool, Vec::new(), |p| list(p, member))?;
    Some(WireProjectUse(resource, count, hours, ips, note, pool))
}

fn capacity(field: Option<&Value>) -> Option<WireCapacity> {
    let [resource, units, start, weeks, note, ..] = items(field, 5)?;
    let (resource, units, start) = (text(resource)?, num(units)?, num(start)?);
    let (weeks, note) = (num(weeks)?, optional(note, text)?);
    Some(WireCapacity(resource, units, start, weeks, note))
}

fn offer(field: Option<&Value>) -> Option<WireOffer> {
    let [id, name, vcpu, ram, gpu, gpus, mem, usd, ..] = items(field, 8)?;
    let (id, name, vcpu, ram) = (text(id)?, text(name)?, count(vcpu)?, num(ram)?);
    let (gpu, gpus, mem, usd) = (text(gpu)?, count(gpus)?, num(mem)?, num(usd)?);
    Some(WireOffer(id, name, vcpu, ram, gpu, gpus, mem, usd))
}

fn choice(field: Option<&Value>) -> Option<WireChoice> {
    let [provider, resource, offer, fraction, ..] = items(field, 4)?;
    Some((
        text(provider)?,
        text(resource)?,
        text(offer)?,
        num(fraction)?,
    ))
}

/// [`WireAutoStop`]'s fields, in order.
const AUTO_STOP: [&str; 5] = [
    "idle_after_hours",
    "nightly_stop",
    "night_hours",
    "idle_share_pct",
    "include_project",
];

fn auto_stop(field: Option<&Value>) -> Option<WireAutoStop> {
    let [idle, nightly, night, share, project, ..] = fields(field, &AUTO_STOP)?;
    let d = WireAutoStop::default();
    Some(WireAutoStop {
        idle_after_hours: or(idle, d.idle_after_hours, maybe_num)?,
        nightly_stop: or(nightly, d.nightly_stop, flag)?,
        night_hours: or(night, d.night_hours, num)?,
        idle_share_pct: or(share, d.idle_share_pct, num)?,
        include_project: or(project, d.include_project, flag)?,
    })
}

/// [`WireLevers`]' fields, in order.
const LEVERS: [&str; 6] = [
    "vm_lease_cap_hours",
    "auto_stop",
    "spot_gpu_rerun_pct",
    "gpu_sharing_students",
    "gpu_bound_share_pct",
    "right_size",
];

fn levers(field: Option<&Value>) -> Option<WireLevers> {
    let [cap, stop, rerun, sharing, bound, right, ..] = fields(field, &LEVERS)?;
    let d = WireLevers::default();
    Some(WireLevers {
        vm_lease_cap_hours: or(cap, d.vm_lease_cap_hours, maybe_num)?,
        auto_stop: or(stop, d.auto_stop, |stop| optional(stop, auto_stop))?,
        spot_gpu_rerun_pct: or(rerun, d.spot_gpu_rerun_pct, maybe_num)?,
        gpu_sharing_students: or(sharing, d.gpu_sharing_students, maybe_num)?,
        gpu_bound_share_pct: or(bound, d.gpu_bound_share_pct, num)?,
        right_size: or(right, d.right_size, flag)?,
    })
}

/// The settings of a link's `n` object, sorted by path, each path once (its last value); a
/// value that is no number is `Unreadable` on its own.
fn settings(field: Option<&Value>) -> Option<WireSettings> {
    let Some(Value::Object(object)) = field else {
        return None;
    };
    let members = object.sorted().into_iter();
    Some(WireSettings(
        members
            .map(|(k, v)| (k.to_string(), part(Some(v), num)))
            .collect(),
    ))
}

/// Scenario A: an object of the payload's shape (never an array by position).
fn pinned(field: Option<&Value>) -> Option<Pinned> {
    let Some(Value::Object(object)) = field else {
        return None;
    };
    Some(Pinned(Box::new(WireV2::of_object(object))))
}

/// [`WireV2`]'s keys, in the order of its fields.
const PARTS: [&str; 21] = [
    "v", "p", "n", "l", "j", "pv", "sn", "m", "cu", "x", "g", "cp", "ti", "no", "sd", "ru", "lv",
    "a", "rf", "bn", "rg",
];

impl WireV2 {
    /// The payload `object` holds, each part read on its own: a part of the wrong shape is
    /// `Unreadable`, a key this version does not know is ignored (a newer link loads what this
    /// version reads). Scenario A is read from an object only (never from an array by position).
    pub(super) fn of_object(object: &Map) -> WireV2 {
        let mut slots = [None; PARTS.len()];
        // An object always fills (one pass over it: taking keys out one by one costs more code).
        let _ = fill_members(object, &PARTS, &mut slots);
        let [v, p, n, l, j, pv, sn, m, cu, x, g, cp, ti, no, sd, ru, lv, a, rf, bn, rg] = slots;
        WireV2 {
            v: part(v, whole),
            p: part(p, text),
            n: part(n, settings),
            l: part(l, |l| list(l, |l| entry(l, lab))),
            j: part(j, |j| list(j, project_use)),
            pv: part(pv, text),
            sn: part(sn, text),
            m: part(m, byte),
            cu: part(cu, text),
            x: part(x, |x| list(x, offer)),
            g: part(g, |g| list(g, choice)),
            cp: part(cp, |cp| list(cp, capacity)),
            ti: part(ti, text),
            no: part(no, text),
            sd: part(sd, whole),
            ru: part(ru, count),
            lv: part(lv, levers),
            a: part(a, pinned),
            // A factor reads as a pool member does: [resource, number].
            rf: part(rf, |rf| list(rf, member)),
            bn: part(bn, bill_note),
            rg: part(rg, text),
        }
    }
}

#[cfg(test)]
mod tests;
