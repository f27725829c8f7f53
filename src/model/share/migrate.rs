//! Older payloads brought up to the current version before the one reader runs: each step
//! rewrites the JSON object of one version into the next, so every link ever written keeps
//! reading the same.

use crate::model::json::{Map, Value};

use crate::model::share::wire::LINK_VERSION;

/// Where a value of a version 1 payload goes in version 2.
#[derive(Clone, Copy, Debug, PartialEq)]
enum To {
    /// An entry of the settings map `n`, by path.
    Setting(&'static str),
    /// A field of its own.
    Field(&'static str),
}

/// Version 1's scalar fields and where they went. Frozen: these are version 2's spellings, so
/// a later version that renames a setting renames it in its own step.
const V1_SCALARS: [(&str, To); 10] = [
    ("s", To::Setting("course.students")),
    ("tw", To::Setting("course.term_weeks")),
    ("gs", To::Setting("course.project.group_size")),
    ("pw", To::Setting("course.project.weeks")),
    ("ps", To::Setting("course.project.start_week")),
    ("ro", To::Setting("pricing.rerun_overhead_pct")),
    ("d", To::Setting("pricing.discount_pct")),
    ("oh", To::Setting("pricing.overhead_pct")),
    ("cr", To::Setting("pricing.credit_per_student_usd")),
    ("fx", To::Setting("pricing.usd_to_currency")),
];

/// Version 1's `r`: the eight overrun factors, by position (labs, then project; each VM,
/// bare metal, edge, storage), all settings.
const V1_FACTORS: [&str; 8] = [
    "realism.labs.vm",
    "realism.labs.bare_metal",
    "realism.labs.edge",
    "realism.labs.storage",
    "realism.project.vm",
    "realism.project.bare_metal",
    "realism.project.edge",
    "realism.project.storage",
];

/// Version 1's `pl`: the planning tuple, by position.
const V1_PLANNING: [To; 8] = [
    To::Setting("planning.spread_sigma"),
    To::Field("sd"),
    To::Field("ru"),
    To::Setting("planning.credit_threshold_usd"),
    To::Setting("planning.budget_usd"),
    To::Setting("planning.percentile"),
    To::Setting("planning.concurrency_pct"),
    To::Setting("planning.deadline_crunch_pct"),
];

/// A payload brought up to [`LINK_VERSION`], with what the migration could not carry over.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Migrated {
    /// The payload in the current shape.
    pub(super) object: Map,
    /// What could not be carried over, in words for the user.
    pub(super) notices: Vec<String>,
}

/// Brings a payload of version `from` (older than [`LINK_VERSION`]) up to it, step by step.
pub(super) fn migrate(mut object: Map, from: u64) -> Migrated {
    let mut notices = Vec::new();
    if from <= 1 {
        v1_to_v2(&mut object, &mut notices);
        // Scenario A sits inside in the same shape (one level deep: the reader ignores deeper).
        if let Some(Value::Object(pinned)) = object.get_mut("a") {
            let mut pinned_notices = Vec::new();
            v1_to_v2(pinned, &mut pinned_notices);
            notices.extend(
                pinned_notices
                    .into_iter()
                    .map(|n| format!("Scenario A: {n}")),
            );
        }
    }
    if from <= 2 {
        v2_to_v3(&mut object);
        if let Some(Value::Object(pinned)) = object.get_mut("a") {
            v2_to_v3(pinned);
        }
    }
    object.insert("v".to_string(), Value::from(LINK_VERSION));
    Migrated { object, notices }
}

/// Version 1 gave each scalar a field of its own, and grouped the overrun factors and the
/// planning settings in fixed-length arrays; version 2 keeps every scalar setting in `n`.
fn v1_to_v2(object: &mut Map, notices: &mut Vec<String>) {
    // One pass over the object, keeping what stays (taking keys out of a map one by one
    // costs more code); the groups are looked at after, in their order.
    let mut moved: Vec<(To, Value)> = Vec::new();
    let mut groups = [None, None];
    let mut rest = Map::new();
    for (key, value) in std::mem::take(object) {
        match (V1_SCALARS.iter().find(|(k, _)| *k == key), key.as_str()) {
            (Some((_, to)), _) => moved.push((*to, value)),
            (None, "r") => groups[0] = Some(value),
            (None, "pl") => groups[1] = Some(value),
            // The other members, in order (a key read twice stays twice: the last counts).
            (None, _) => rest.push(key, value),
        }
    }
    let places = [
        (V1_FACTORS.map(To::Setting), "overrun factors"),
        (V1_PLANNING, "planning settings"),
    ];
    for (group, (places, what)) in groups.into_iter().zip(places) {
        match group {
            Some(Value::Array(values)) if values.len() == places.len() => {
                moved.extend(places.iter().copied().zip(values));
            }
            // Version 1 read a group whole or not at all; a group of the wrong shape still is.
            Some(_) => notices.push(format!(
                "The link's {what} could not be read and were left as they are."
            )),
            None => {}
        }
    }
    let mut settings = Map::new();
    for (to, value) in moved {
        match to {
            To::Setting(path) => settings.insert(path.to_string(), value),
            To::Field(field) => rest.insert(field.to_string(), value),
        };
    }
    if !settings.is_empty() {
        rest.insert("n".to_string(), Value::Object(settings));
    }
    *object = rest;
}

/// The spot re-run share's path in the settings map.
const RERUN_SHARE: &str = "pricing.rerun_overhead_pct";

/// Up to version 2 every preset priced spot work with no re-runs (0%), so a link that left the
/// share out meant 0%; since version 3 the presets assume 15%. The share is written in, so an
/// old link prices as it did when it was made (its figures unchanged, no notice needed).
fn v2_to_v3(object: &mut Map) {
    match object.get_mut("n") {
        Some(Value::Object(settings)) => {
            if settings.get(RERUN_SHARE).is_none() {
                settings.insert(RERUN_SHARE.to_string(), Value::from(0));
            }
        }
        // A settings part of the wrong shape stays as it is: the reader says so.
        Some(_) => {}
        None => {
            let mut settings = Map::new();
            settings.insert(RERUN_SHARE.to_string(), Value::from(0));
            object.insert("n".to_string(), Value::Object(settings));
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::Value as SerdeValue;

    use super::*;
    use crate::model::json::{parse, ToJson};
    use crate::model::scenario::field::Setting;

    /// The app's object for a JSON object written with `serde_json::json!`.
    fn object_of(json: SerdeValue) -> Map {
        match parse(json.to_string().as_bytes()) {
            Ok(Value::Object(object)) => object,
            _ => unreachable!("an object literal"),
        }
    }

    /// The app's object as serde_json reads it back (to look into with its indexing).
    fn serde_of(object: Map) -> SerdeValue {
        serde_json::from_str(&Value::Object(object).to_json()).unwrap_or_default()
    }

    #[test]
    fn every_v1_scalar_becomes_a_known_setting() {
        let targets = V1_SCALARS.iter().map(|(_, to)| *to);
        for to in targets
            .chain(V1_FACTORS.map(To::Setting))
            .chain(V1_PLANNING)
        {
            if let To::Setting(path) = to {
                assert!(Setting::from_path(path).is_some(), "{path}");
            }
        }
    }

    #[test]
    fn a_v1_payload_becomes_the_v2_shape() {
        let v1 = object_of(serde_json::json!({
            "v": 1, "p": "paper-s25", "s": 240, "d": "12.5", "l": [0, 1],
            "r": [1, 2, 3, 4, 5, 6, 7, 8],
            "pl": [0.5, 7, 200, 100, 5000, 90, 50, 40],
            "a": {"v": 1, "s": 100}
        }));
        let migrated = migrate(v1, 1);
        assert!(migrated.notices.is_empty());
        let v2 = serde_of(migrated.object);
        assert_eq!(v2["v"], LINK_VERSION);
        assert_eq!(v2["n"]["course.students"], 240);
        assert_eq!(v2["n"]["pricing.discount_pct"], "12.5");
        assert_eq!(v2["n"]["realism.project.storage"], 8);
        assert_eq!(v2["n"]["planning.deadline_crunch_pct"], 40);
        assert_eq!((v2["sd"].clone(), v2["ru"].clone()), (7.into(), 200.into()));
        assert_eq!(v2["l"], serde_json::json!([0, 1]));
        assert_eq!(v2["a"]["n"]["course.students"], 100);
        for gone in ["s", "d", "r", "pl"] {
            assert!(v2.get(gone).is_none(), "{gone}");
        }
    }

    #[test]
    fn a_v2_link_without_a_re_run_share_keeps_the_zero_it_meant() {
        let v2 = object_of(serde_json::json!({
            "v": 2, "m": 1, "n": {"course.students": 100},
            "a": {"n": {"pricing.rerun_overhead_pct": 20}}
        }));
        let v3 = serde_of(migrate(v2, 2).object);
        assert_eq!(v3["n"][RERUN_SHARE], 0);
        assert_eq!(v3["n"]["course.students"], 100);
        // A share the link gave is kept.
        assert_eq!(v3["a"]["n"][RERUN_SHARE], 20);
    }

    #[test]
    fn a_group_of_the_wrong_shape_is_reported_once() {
        let v1 = object_of(serde_json::json!({"v": 1, "r": [1, 2, 3], "pl": "x"}));
        let migrated = migrate(v1, 1);
        assert_eq!(migrated.notices.len(), 2);
        // Only the re-run share, which version 3 writes in, is in the settings map.
        assert_eq!(
            serde_of(migrated.object).get("n"),
            Some(&serde_json::json!({ RERUN_SHARE: 0 }))
        );
    }
}
