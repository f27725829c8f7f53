//! Reading a payload's JSON into its wire shape ([`WireV2`]), by hand: each part from its JSON
//! value with plain matches, `None` where serde's derived reading of the same type fails (the
//! derived readers and their error messages, all thrown away, took about 20 kB of wasm). The
//! tests check every reader against serde's derived one on many values.

use crate::model::json::{Map, Value};

use crate::model::share::num::Num;
use crate::model::share::wire::{
    Entry, Part, Pinned, WireAutoStop, WireCapacity, WireChoice, WireLab, WireLevers, WireOffer,
    WireOption, WireProjectUse, WireSettings, WireV2,
};

/// A part read by `reader`, or `Unreadable` when it does not read (only this part is lost).
fn part<T>(value: Value, reader: impl FnOnce(Value) -> Option<T>) -> Part<T> {
    reader(value).map_or(Part::Unreadable, Part::Read)
}

fn text(value: Value) -> Option<String> {
    match value {
        Value::String(text) => Some(text),
        _ => None,
    }
}

fn num(value: Value) -> Option<Num> {
    Num::of_json(&value)
}

/// A whole number that fits `T` (not a negative one, nor one written with a fraction).
fn whole<T: TryFrom<u64>>(value: Value) -> Option<T> {
    T::try_from(value.as_u64()?).ok()
}

fn flag(value: Value) -> Option<bool> {
    value.as_bool()
}

/// `null` as `None`, anything else as `reader` reads it.
fn maybe<T>(value: Value, reader: impl FnOnce(Value) -> Option<T>) -> Option<Option<T>> {
    match value {
        Value::Null => Some(None),
        value => reader(value).map(Some),
    }
}

/// A JSON array, each item read by `reader`; `None` if one does not read.
fn list<T>(value: Value, reader: impl Fn(Value) -> Option<T>) -> Option<Vec<T>> {
    let Value::Array(items) = value else {
        return None;
    };
    // A plain loop: smaller in the wasm than collecting into `Option<Vec<_>>` (0.6 kB gzip less
    // over the readers).
    let mut read = Vec::with_capacity(items.len());
    for item in items {
        read.push(reader(item)?);
    }
    Some(read)
}

/// The items of a JSON array of at most `N` items, by position; a missing one is `None`.
fn items<const N: usize>(value: Value) -> Option<[Option<Value>; N]> {
    match value {
        Value::Array(items) if items.len() <= N => {
            let mut items = items.into_iter();
            Some(std::array::from_fn(|_| items.next()))
        }
        _ => None,
    }
}

/// Fields by name from an object, or by position from an array of at most `N` items; a
/// missing one is `None` (the caller then takes the field's default, or refuses).
fn fields<const N: usize>(value: Value, names: [&str; N]) -> Option<[Option<Value>; N]> {
    let Value::Object(object) = value else {
        return items(value);
    };
    let mut fields = std::array::from_fn(|_| None);
    for (key, value) in object {
        if let Some(i) = names.iter().position(|name| *name == key) {
            fields[i] = Some(value);
        }
    }
    Some(fields)
}

/// A field that may be missing: missing or `null` is `None`.
fn optional<T>(field: Option<Value>, reader: impl FnOnce(Value) -> Option<T>) -> Option<Option<T>> {
    field.map_or(Some(None), |value| maybe(value, reader))
}

/// A field that may be missing: missing is `default`.
fn or<T>(field: Option<Value>, default: T, reader: impl FnOnce(Value) -> Option<T>) -> Option<T> {
    field.map_or(Some(default), reader)
}

fn entry<T>(value: Value, reader: impl FnOnce(Value) -> Option<T>) -> Option<Entry<T>> {
    match value {
        Value::Number(_) => whole(value).map(Entry::Same),
        Value::Object(_) | Value::Array(_) => reader(value).map(Entry::Full),
        _ => None,
    }
}

fn option(value: Value) -> Option<WireOption> {
    let [n, p, u] = fields(value, ["n", "p", "u"])?;
    let resource_use = |value| {
        let [resource, count, hours, ips] = items(value)?;
        Some((text(resource?)?, num(count?)?, num(hours?)?, num(ips?)?))
    };
    Some(WireOption {
        n: text(n?)?,
        p: num(p?)?,
        u: list(u?, resource_use)?,
    })
}

fn lab(value: Value) -> Option<WireLab> {
    let [r, n, t, o, w] = fields(value, ["r", "n", "t", "o", "w"])?;
    let weeks = |value| {
        let [release, due] = items(value)?;
        Some((num(release?)?, num(due?)?))
    };
    Some(WireLab {
        r: optional(r, whole)?,
        n: optional(n, text)?,
        t: optional(t, text)?,
        o: optional(o, |value| list(value, |v| entry(v, option)))?,
        w: optional(w, weeks)?,
    })
}

fn project_use(value: Value) -> Option<WireProjectUse> {
    let [resource, count, hours, ips, note, pool] = items(value)?;
    let member = |value| {
        let [resource, share] = items(value)?;
        Some((text(resource?)?, num(share?)?))
    };
    // The note and the pool may be left out (the pool is, when empty).
    let (note, pool) = (
        optional(note, text)?,
        or(pool, Vec::new(), |p| list(p, member))?,
    );
    let (resource, count, hours) = (text(resource?)?, num(count?)?, num(hours?)?);
    Some(WireProjectUse(
        resource,
        count,
        hours,
        num(ips?)?,
        note,
        pool,
    ))
}

fn capacity(value: Value) -> Option<WireCapacity> {
    let [resource, units, start, weeks, note] = items(value)?;
    let (resource, units, start, weeks) =
        (text(resource?)?, num(units?)?, num(start?)?, num(weeks?)?);
    Some(WireCapacity(
        resource,
        units,
        start,
        weeks,
        optional(note, text)?,
    ))
}

fn offer(value: Value) -> Option<WireOffer> {
    let [id, name, vcpu, ram, gpu, gpus, mem, usd] = items(value)?;
    let (id, name, vcpu, ram) = (text(id?)?, text(name?)?, whole(vcpu?)?, num(ram?)?);
    let (gpu, gpus, mem, usd) = (text(gpu?)?, whole(gpus?)?, num(mem?)?, num(usd?)?);
    Some(WireOffer(id, name, vcpu, ram, gpu, gpus, mem, usd))
}

fn choice(value: Value) -> Option<WireChoice> {
    let [provider, resource, offer, fraction] = items(value)?;
    Some((
        text(provider?)?,
        text(resource?)?,
        text(offer?)?,
        num(fraction?)?,
    ))
}

fn auto_stop(value: Value) -> Option<WireAutoStop> {
    let names = [
        "idle_after_hours",
        "nightly_stop",
        "night_hours",
        "idle_share_pct",
        "include_project",
    ];
    let [idle, nightly, night, share, project] = fields(value, names)?;
    let d = WireAutoStop::default();
    Some(WireAutoStop {
        idle_after_hours: or(idle, d.idle_after_hours, |v| maybe(v, num))?,
        nightly_stop: or(nightly, d.nightly_stop, flag)?,
        night_hours: or(night, d.night_hours, num)?,
        idle_share_pct: or(share, d.idle_share_pct, num)?,
        include_project: or(project, d.include_project, flag)?,
    })
}

fn levers(value: Value) -> Option<WireLevers> {
    let names = [
        "vm_lease_cap_hours",
        "auto_stop",
        "spot_gpu_rerun_pct",
        "gpu_sharing_students",
        "gpu_bound_share_pct",
        "right_size",
    ];
    let [cap, stop, rerun, sharing, bound, right] = fields(value, names)?;
    let d = WireLevers::default();
    Some(WireLevers {
        vm_lease_cap_hours: or(cap, d.vm_lease_cap_hours, |v| maybe(v, num))?,
        auto_stop: or(stop, d.auto_stop, |v| maybe(v, auto_stop))?,
        spot_gpu_rerun_pct: or(rerun, d.spot_gpu_rerun_pct, |v| maybe(v, num))?,
        gpu_sharing_students: or(sharing, d.gpu_sharing_students, |v| maybe(v, num))?,
        gpu_bound_share_pct: or(bound, d.gpu_bound_share_pct, num)?,
        right_size: or(right, d.right_size, flag)?,
    })
}

impl WireSettings {
    /// The settings of a link's `n` object, sorted by path, each path once (its last value).
    fn of_object(object: Map) -> WireSettings {
        let members = object.into_sorted().into_iter();
        WireSettings(members.map(|(k, v)| (k, part(v, num))).collect())
    }
}

impl WireV2 {
    /// The payload `object` holds, each part read on its own: a part of the wrong shape is
    /// `Unreadable`, a key this version does not know is ignored (a newer link loads what this
    /// version reads). Scenario A is read from an object only (never from an array by position).
    pub(super) fn of_object(object: Map) -> WireV2 {
        let mut wire = WireV2::default();
        // One pass over the object (taking keys out of a map one by one costs more code).
        for (key, v) in object {
            match key.as_str() {
                "v" => wire.v = part(v, whole),
                "p" => wire.p = part(v, text),
                "n" => wire.n = part(v, |v| Some(WireSettings::of_object(as_object(v)?))),
                "l" => wire.l = part(v, |v| list(v, |v| entry(v, lab))),
                "j" => wire.j = part(v, |v| list(v, project_use)),
                "pv" => wire.pv = part(v, text),
                "sn" => wire.sn = part(v, text),
                "m" => wire.m = part(v, whole),
                "cu" => wire.cu = part(v, text),
                "x" => wire.x = part(v, |v| list(v, offer)),
                "g" => wire.g = part(v, |v| list(v, choice)),
                "cp" => wire.cp = part(v, |v| list(v, capacity)),
                "ti" => wire.ti = part(v, text),
                "no" => wire.no = part(v, text),
                "sd" => wire.sd = part(v, whole),
                "ru" => wire.ru = part(v, whole),
                "lv" => wire.lv = part(v, levers),
                "a" => {
                    let pinned = |v| Some(Pinned(Box::new(WireV2::of_object(as_object(v)?))));
                    wire.a = part(v, pinned);
                }
                _ => {}
            }
        }
        wire
    }
}

fn as_object(value: Value) -> Option<Map> {
    match value {
        Value::Object(object) => Some(object),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use serde::de::DeserializeOwned;
    use serde_json::{json, Value as SerdeValue};

    use super::*;
    use crate::model::json::{parse, to_json};

    fn wire_of(json: &str) -> WireV2 {
        match parse(json.as_bytes()) {
            Ok(Value::Object(object)) => WireV2::of_object(object),
            _ => unreachable!("a JSON object"),
        }
    }

    /// serde_json's value as the app's reader reads its text.
    fn app_value(value: &SerdeValue) -> Value {
        parse(value.to_string().as_bytes()).unwrap_or(Value::Null)
    }

    #[test]
    fn entries_read_as_an_index_an_object_or_an_array_by_position() {
        let wire = wire_of(r#"{"l": [1, {"r": 0, "n": "A"}, [null, "B"]], "zz": 1}"#);
        let named = |r: Option<usize>, n: &str| WireLab {
            r,
            n: Some(n.to_string()),
            ..WireLab::default()
        };
        let expected = vec![
            Entry::Same(1),
            Entry::Full(named(Some(0), "A")),
            Entry::Full(named(None, "B")),
        ];
        assert_eq!(wire.l, Part::Read(expected));
        // Neither a negative nor a fractional index, a text or a longer array is a lab.
        for labs in [
            "[-1]",
            "[1.5]",
            r#"["0"]"#,
            "[[null, null, null, null, null, 1]]",
        ] {
            let wire = wire_of(&format!(r#"{{"l": {labs}}}"#));
            assert_eq!(wire.l, Part::Unreadable, "{labs}");
        }
    }

    #[test]
    fn each_part_and_each_setting_is_read_on_its_own() {
        let wire = wire_of(r#"{"n": {"b": "x", "a": 2}, "ti": 3, "no": "N", "a": [1]}"#);
        let settings = vec![
            ("a".to_string(), Part::Read(Num(2.0))),
            ("b".to_string(), Part::Unreadable),
        ];
        assert_eq!(wire.n, Part::Read(WireSettings(settings)));
        assert_eq!(
            (wire.ti, wire.no),
            (Part::Unreadable, Part::Read("N".into()))
        );
        // Scenario A only from an object; a settings part that is no object does not read.
        assert_eq!(wire.a, Part::Unreadable);
        assert_eq!(wire_of(r#"{"n": [1]}"#).n, Part::Unreadable);
        let pinned = wire_of(r#"{"a": {"ti": "A"}}"#).a;
        let Part::Read(Pinned(pinned)) = pinned else {
            unreachable!("scenario A reads")
        };
        assert_eq!(pinned.ti, Part::Read("A".to_string()));
    }

    #[test]
    fn settings_are_written_in_the_order_of_their_paths() {
        let mut settings = WireSettings::default();
        for (path, value) in [("c", 1.0), ("a", 2.0), ("b", 3.5), ("a", 4.0)] {
            settings.insert(path.to_string(), Num(value));
        }
        let json = serde_json::to_string(&settings).unwrap_or_default();
        assert_eq!(json, r#"{"a":4,"b":"3.5","c":1}"#);
        assert_eq!(to_json(&settings), Ok(json));
    }

    /// A small deterministic generator (xorshift), so the cases are the same on every run.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// `value` changed a little: one item or field replaced by an odd value, dropped, or one
    /// added; nested values are changed the same way, sometimes.
    fn mutate(value: &SerdeValue, state: &mut u64) -> SerdeValue {
        let odd = [
            json!(null),
            json!(true),
            json!(0),
            json!(3),
            json!(-1),
            json!(1.5),
            json!(4_294_967_296_u64),
            json!("x"),
            json!("2.5"),
            json!([]),
            json!({}),
            json!([1, 2]),
        ];
        let pick = |state: &mut u64, n: usize| (next(state) % n as u64) as usize;
        match value {
            SerdeValue::Array(items) if !items.is_empty() && pick(state, 3) > 0 => {
                let mut items = items.clone();
                let i = pick(state, items.len());
                match pick(state, 4) {
                    0 => items[i] = odd[pick(state, odd.len())].clone(),
                    1 => {
                        items.truncate(i);
                    }
                    2 => items.push(odd[pick(state, odd.len())].clone()),
                    _ => items[i] = mutate(&items[i], state),
                }
                SerdeValue::Array(items)
            }
            SerdeValue::Object(object) if !object.is_empty() && pick(state, 3) > 0 => {
                let mut object = object.clone();
                let keys: Vec<String> = object.keys().cloned().collect();
                let key = keys[pick(state, keys.len())].clone();
                match pick(state, 4) {
                    0 => {
                        object.insert(key, odd[pick(state, odd.len())].clone());
                    }
                    1 => {
                        object.remove(&key);
                    }
                    2 => {
                        object.insert("zz".into(), odd[pick(state, odd.len())].clone());
                    }
                    _ => {
                        let changed = mutate(&object[&key], state);
                        object.insert(key, changed);
                    }
                }
                SerdeValue::Object(object)
            }
            _ => odd[pick(state, odd.len())].clone(),
        }
    }

    /// `reader` reads what serde's derived reading of `T` reads, on `examples` and many values
    /// made from them.
    fn agrees<T: DeserializeOwned + PartialEq + std::fmt::Debug>(
        examples: &[SerdeValue],
        reader: impl Fn(Value) -> Option<T>,
    ) {
        let mut state = 0x2545_f491_4f6c_dd1d;
        let mut read = 0;
        for example in examples {
            let mut value = example.clone();
            for round in 0..3000 {
                let derived = serde_json::from_value::<T>(value.clone()).ok();
                read += usize::from(derived.is_some());
                assert_eq!(reader(app_value(&value)), derived, "{value}");
                // Mostly small changes of the example, sometimes changes of changes.
                value = mutate(if round % 3 == 0 { &value } else { example }, &mut state);
            }
        }
        // The examples and some of their changes read (not only refusals were compared).
        assert!(read > examples.len() * 50, "{read}");
    }

    #[test]
    fn the_readers_read_what_serde_reads() {
        let an_option = json!({"n": "KVM", "p": "12.5", "u": [["m1.small", 1, 2.5, 1]]});
        let a_lab = json!({"r": 0, "n": "A", "t": "note", "o": [0, an_option], "w": [1, "2.5"]});
        agrees(
            &[a_lab.clone(), json!([1, "B", null, [an_option], [1, 2]])],
            |v| entry(v, lab),
        );
        agrees(
            &[an_option.clone(), json!(["n", 1, [["r", 1, 2, 3]]])],
            option,
        );
        let pooled = json!(["gpu", 1, 20, 0, "note", [["a", 50], ["b", "50"]]]);
        agrees(&[pooled, json!(["vm", 2, "3.5", 1])], project_use);
        agrees(
            &[json!(["gpu", 4, 1, 15, "n"]), json!(["vm", 1, 2, 3])],
            capacity,
        );
        agrees(
            &[json!(["custom/a", "A", 8, 32, "A100", 1, 40, "1.5"])],
            offer,
        );
        agrees(&[json!(["p", "r", "o", 0.5])], choice);
        let a_stop = json!({"idle_after_hours": 2, "nightly_stop": true, "night_hours": 8,
            "idle_share_pct": 30, "include_project": false});
        let some_levers = json!({"vm_lease_cap_hours": 4, "auto_stop": a_stop, "spot_gpu_rerun_pct": 15,
            "gpu_sharing_students": null, "gpu_bound_share_pct": "62.5", "right_size": true});
        agrees(
            &[
                some_levers,
                json!([1, [2, true, 8, 30, false], 3, 4, 5, false]),
            ],
            levers,
        );
        agrees(&[a_stop], auto_stop);
    }
}
