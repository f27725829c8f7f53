//! The link's wire readers checked against serde's derived reading of the same types.

use serde::de::DeserializeOwned;
use serde_json::{json, Value as SerdeValue};

use super::*;
use crate::model::json::{parse, to_json};

fn wire_of(json: &str) -> WireV2 {
    match parse(json.as_bytes()) {
        Ok(Value::Object(object)) => WireV2::of_object(&object),
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

/// `value` changed a little: one item or field replaced by an odd value, dropped, or one
/// added; nested values are changed the same way, sometimes.
fn mutate(value: &SerdeValue, state: &mut crate::test_rng::Rng) -> SerdeValue {
    let odd: Vec<SerdeValue> = serde_json::from_str(
        r#"[null, true, 0, 3, -1, 1.5, 4294967296, "x", "2.5", [], {}, [1, 2]]"#,
    )
    .unwrap_or_default();
    let pick = |state: &mut crate::test_rng::Rng, n: usize| (state.next_u64() % n as u64) as usize;
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
    reader: Read<T>,
) {
    let mut state = crate::test_rng::Rng::new(0x2545_f491_4f6c_dd1d);
    let mut read = 0;
    for example in examples {
        let mut value = example.clone();
        for round in 0..3000 {
            let derived = serde_json::from_value::<T>(value.clone()).ok();
            read += usize::from(derived.is_some());
            assert_eq!(reader(Some(&app_value(&value))), derived, "{value}");
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
    agrees(&[a_lab, json!([1, "B", null, [an_option], [1, 2]])], |v| {
        entry(v, lab)
    });
    agrees(&[an_option, json!(["n", 1, [["r", 1, 2, 3]]])], option);
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
    let a_note = json!([
        "calibrated: from a FOCUS bill",
        [["resource_factors[0].factor", 0.5]]
    ]);
    agrees(&[a_note, json!(["words", []])], bill_note);
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
