//! The payload's shape on the wire, version 2: one named object whose every field is optional,
//! so a new setting or part is a new field, never a new link version. Absent means "as the
//! preset". Scalar settings sit in one map keyed by their path ([`Setting::path`]), so the
//! setting table alone decides what a link carries.
//!
//! [`Setting::path`]: crate::model::scenario::field::Setting::path

use std::marker::PhantomData;

use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{self, DeserializeOwned, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

use crate::model::scenario::levers::{AutoStop, Levers};
use crate::model::share::num::Num;

/// The version this build writes. Version 3 has version 2's shape; it marks links made after the
/// presets' spot re-run share went from 0% to 15% (see `migrate`).
pub const LINK_VERSION: u64 = 3;

/// One part of a link, read on its own: a part of the wrong shape is kept as `Unreadable`, so
/// the reader can say so and still load the rest.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) enum Part<T> {
    /// Not in the link: as the preset.
    #[default]
    Absent,
    /// Read as `T`.
    Read(T),
    /// In the link, but not of the expected shape.
    Unreadable,
}

impl<T> Part<T> {
    /// Whether the link leaves this part out (the encoder then writes nothing).
    pub(super) fn is_absent(&self) -> bool {
        matches!(self, Part::Absent)
    }

    /// `Read(value)` when `value` is there, else `Absent`.
    pub(super) fn of(value: Option<T>) -> Part<T> {
        value.map_or(Part::Absent, Part::Read)
    }
}

impl<T: Serialize> Serialize for Part<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Part::Read(value) => value.serialize(serializer),
            // Skipped by `is_absent`; an unreadable part is never written.
            Part::Absent | Part::Unreadable => serializer.serialize_none(),
        }
    }
}

/// A part read as `T`, or `Unreadable` when it is not one (only this part is lost then).
fn read<T: DeserializeOwned>(value: Value) -> Part<T> {
    serde_json::from_value(value).map_or(Part::Unreadable, Part::Read)
}

/// A lab option: name, share (percent), uses as [resource, count, hours, floating IPs].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(super) struct WireOption {
    /// Name.
    pub(super) n: String,
    /// Share of students taking it (percent).
    pub(super) p: Num,
    /// Resource uses: [resource, count, hours per student, floating IPs].
    pub(super) u: Vec<(String, Num, Num, Num)>,
}

/// A lab or a lab option as the link holds it: the index of the preset's item it is unchanged
/// from, or the item in full (a number reads as the index; an object, or an array by position,
/// as the item; anything else does not read).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub(super) enum Entry<T> {
    /// Same as this item of the preset.
    Same(usize),
    /// Changed, or new: in full.
    Full(T),
}

/// A lab option as the link holds it.
pub(super) type OptionEntry = Entry<WireOption>;

/// A lab as the link holds it.
pub(super) type LabEntry = Entry<WireLab>;

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Entry<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Entry<T>, D::Error> {
        deserializer.deserialize_any(EntryVisitor(PhantomData))
    }
}

/// Reads an [`Entry`]: an index, or the item as a map or a sequence.
struct EntryVisitor<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for EntryVisitor<T> {
    type Value = Entry<T>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an index, or an item")
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Entry<T>, E> {
        usize::try_from(v)
            .map(Entry::Same)
            .map_err(|_| E::invalid_value(de::Unexpected::Unsigned(v), &self))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Entry<T>, A::Error> {
        T::deserialize(MapAccessDeserializer::new(map)).map(Entry::Full)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Entry<T>, A::Error> {
        T::deserialize(SeqAccessDeserializer::new(seq)).map(Entry::Full)
    }
}

/// A lab: `r` = index of the preset lab it started from (its note and, unless given, its name
/// and options are taken from there); `n`, `t` (note) and `o` as given.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(super) struct WireLab {
    /// Index of the preset lab it started from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) r: Option<usize>,
    /// Name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) n: Option<String>,
    /// Note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) t: Option<String>,
    /// Options.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) o: Option<Vec<OptionEntry>>,
    /// [release week, due week].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) w: Option<(Num, Num)>,
}

/// A project use: [resource, count, hours per week, floating IPs, note if it differs from the
/// preset's use at the same position, pool as [resource, share percent] pairs when it has one].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(super) struct WireProjectUse(
    /// Resource id.
    pub(super) String,
    /// Instances held at once (count; GB for storage).
    pub(super) Num,
    /// Hours each instance is held per week.
    pub(super) Num,
    /// Floating IPs.
    pub(super) Num,
    /// Note, when it differs from the preset's use at the same position.
    #[serde(default)]
    pub(super) Option<String>,
    /// Pool members: [resource, share percent]. Last, and left out when empty, so a use without
    /// a pool keeps version 1's shape.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(super) Vec<(String, Num)>,
);

/// A capacity: [resource, units, week the window opens, weeks, note if it differs from the
/// preset's capacity at the same position].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(super) struct WireCapacity(
    /// Resource id.
    pub(super) String,
    /// Units that exist.
    pub(super) Num,
    /// Week the window opens.
    pub(super) Num,
    /// Length of the window (weeks).
    pub(super) Num,
    /// Note, when it differs from the preset's capacity at the same position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) Option<String>,
);

/// A custom offer: [id, name, vCPU, RAM GB, GPU model, GPUs, GB per GPU, US$ per hour].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(super) struct WireOffer(
    /// Offer id (`custom/...`).
    pub(super) String,
    /// Name.
    pub(super) String,
    /// vCPUs.
    pub(super) u32,
    /// RAM (GB).
    pub(super) Num,
    /// GPU model.
    pub(super) String,
    /// GPUs.
    pub(super) u32,
    /// Memory per GPU (GB).
    pub(super) Num,
    /// Price (US dollars per hour).
    pub(super) Num,
);

/// A GPU choice: [provider, resource, offer, fraction].
pub(super) type WireChoice = (String, String, String, Num);

/// Scalar settings by path (`"course.students"`), in the order of their paths, each value read
/// on its own; written as one JSON object.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct WireSettings(
    /// (path, value), sorted by path, each path once.
    pub(super) Vec<(String, Part<Num>)>,
);

impl WireSettings {
    /// The settings of a link's `n` object (its keys come sorted and once each).
    fn of_object(object: Map<String, Value>) -> WireSettings {
        let read = |value| Num::deserialize(value).map_or(Part::Unreadable, Part::Read);
        WireSettings(object.into_iter().map(|(k, v)| (k, read(v))).collect())
    }

    /// Adds `value` at `path`, keeping the paths sorted (a path already there is replaced).
    pub(super) fn insert(&mut self, path: String, value: Num) {
        let at = self.0.partition_point(|(p, _)| *p < path);
        match self.0.get_mut(at) {
            Some(slot) if slot.0 == path => slot.1 = Part::Read(value),
            _ => self.0.insert(at, (path, Part::Read(value))),
        }
    }
}

impl Serialize for WireSettings {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(path, value)| (path, value)))
    }
}

/// Declares a payload struct whose every field `name: T` is a `pub(super) name: Part<T>`, absent
/// when the JSON has no such key and left out of the JSON while absent.
macro_rules! parts {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $($(#[$field_meta:meta])* $field:ident: $ty:ty,)*
        }
    ) => {
        $(#[$meta])*
        $vis struct $name {
            $(
                $(#[$field_meta])*
                #[serde(default, skip_serializing_if = "Part::is_absent")]
                pub(super) $field: Part<$ty>,
            )*
        }
    };
}

parts! {
    /// Version 2 of the link payload. Every field is optional: absent means "as the preset", and
    /// a field this version does not know is ignored (a newer link loads what this version reads).
    #[derive(Clone, Debug, Default, PartialEq, Serialize)]
    pub(super) struct WireV2 {
        /// Link version (only on the outer object).
        v: u64,
        /// Preset id the link starts from.
        p: String,
        /// Scalar settings that differ from the preset, by path.
        n: WireSettings,
        /// Labs, when any differs from the preset's.
        l: Vec<LabEntry>,
        /// Project uses, when any differs.
        j: Vec<WireProjectUse>,
        /// Provider id.
        pv: String,
        /// Snapshot id.
        sn: String,
        /// Price model: 0 on demand, 1 spot.
        m: u8,
        /// Currency code.
        cu: String,
        /// Custom offers.
        x: Vec<WireOffer>,
        /// GPU choices.
        g: Vec<WireChoice>,
        /// Capacities (reserved units of a resource), when any differs.
        cp: Vec<WireCapacity>,
        /// Scenario title, when it differs.
        ti: String,
        /// Scenario notes, when they differ.
        no: String,
        /// Seed of the simulation.
        sd: u64,
        /// Simulated course runs.
        ru: u32,
        /// Savings levers, when any is on.
        lv: WireLevers,
        /// Scenario A of an A/B comparison, against the same preset (one level deep).
        a: Pinned,
    }
}

/// Scenario A inside a link: an object of the same shape (an array is not read as one).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(transparent)]
pub(super) struct Pinned(
    /// Scenario A's payload.
    pub(super) Box<WireV2>,
);

impl WireV2 {
    /// The payload `object` holds, each part read on its own: a part of the wrong shape is
    /// `Unreadable`, a key this version does not know is ignored (a newer link loads what this
    /// version reads). Scenario A is read from an object only (never from an array by position).
    pub(super) fn of_object(object: Map<String, Value>) -> WireV2 {
        let mut wire = WireV2::default();
        // One pass over the object (taking keys out of a map one by one costs more code).
        for (key, value) in object {
            match key.as_str() {
                "v" => wire.v = read(value),
                "p" => wire.p = read(value),
                "n" => {
                    wire.n = match value {
                        Value::Object(settings) => Part::Read(WireSettings::of_object(settings)),
                        _ => Part::Unreadable,
                    }
                }
                "l" => wire.l = read(value),
                "j" => wire.j = read(value),
                "pv" => wire.pv = read(value),
                "sn" => wire.sn = read(value),
                "m" => wire.m = read(value),
                "cu" => wire.cu = read(value),
                "x" => wire.x = read(value),
                "g" => wire.g = read(value),
                "cp" => wire.cp = read(value),
                "ti" => wire.ti = read(value),
                "no" => wire.no = read(value),
                "sd" => wire.sd = read(value),
                "ru" => wire.ru = read(value),
                "lv" => wire.lv = read(value),
                "a" => {
                    wire.a = match value {
                        Value::Object(pinned) => {
                            Part::Read(Pinned(Box::new(WireV2::of_object(pinned))))
                        }
                        _ => Part::Unreadable,
                    }
                }
                _ => {}
            }
        }
        wire
    }
}

/// Savings levers in a link: the keys and shape of [`Levers`] (so links made before levers were
/// exact numbers read the same), each number a [`Num`]. Absent keys take the defaults.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub(super) struct WireLevers {
    /// [`Levers::vm_lease_cap_hours`] (hours).
    vm_lease_cap_hours: Option<Num>,
    /// [`Levers::auto_stop`].
    auto_stop: Option<WireAutoStop>,
    /// [`Levers::spot_gpu_rerun_pct`] (percent).
    spot_gpu_rerun_pct: Option<Num>,
    /// [`Levers::gpu_sharing_students`] (students).
    gpu_sharing_students: Option<Num>,
    /// [`Levers::gpu_bound_share_pct`] (percent).
    gpu_bound_share_pct: Num,
    /// [`Levers::right_size`] (on/off).
    right_size: bool,
}

/// [`AutoStop`] in a link, with the keys of [`AutoStop`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub(super) struct WireAutoStop {
    /// [`AutoStop::idle_after_hours`] (hours).
    idle_after_hours: Option<Num>,
    /// [`AutoStop::nightly_stop`] (on/off).
    nightly_stop: bool,
    /// [`AutoStop::night_hours`] (hours).
    night_hours: Num,
    /// [`AutoStop::idle_share_pct`] (percent).
    idle_share_pct: Num,
    /// [`AutoStop::include_project`] (on/off).
    include_project: bool,
}

impl Default for WireLevers {
    fn default() -> Self {
        WireLevers::from(&Levers::default())
    }
}

impl Default for WireAutoStop {
    fn default() -> Self {
        WireAutoStop::from(&AutoStop::default())
    }
}

impl From<&Levers> for WireLevers {
    fn from(levers: &Levers) -> Self {
        WireLevers {
            vm_lease_cap_hours: levers.vm_lease_cap_hours.map(Num),
            auto_stop: levers.auto_stop.as_ref().map(WireAutoStop::from),
            spot_gpu_rerun_pct: levers.spot_gpu_rerun_pct.map(Num),
            gpu_sharing_students: levers.gpu_sharing_students.map(Num),
            gpu_bound_share_pct: Num(levers.gpu_bound_share_pct),
            right_size: levers.right_size,
        }
    }
}

impl From<&AutoStop> for WireAutoStop {
    fn from(stop: &AutoStop) -> Self {
        WireAutoStop {
            idle_after_hours: stop.idle_after_hours.map(Num),
            nightly_stop: stop.nightly_stop,
            night_hours: Num(stop.night_hours),
            idle_share_pct: Num(stop.idle_share_pct),
            include_project: stop.include_project,
        }
    }
}

impl From<WireLevers> for Levers {
    fn from(wire: WireLevers) -> Self {
        Levers {
            vm_lease_cap_hours: wire.vm_lease_cap_hours.map(|n| n.0),
            auto_stop: wire.auto_stop.map(|stop| AutoStop {
                idle_after_hours: stop.idle_after_hours.map(|n| n.0),
                nightly_stop: stop.nightly_stop,
                night_hours: stop.night_hours.0,
                idle_share_pct: stop.idle_share_pct.0,
                include_project: stop.include_project,
            }),
            spot_gpu_rerun_pct: wire.spot_gpu_rerun_pct.map(|n| n.0),
            gpu_sharing_students: wire.gpu_sharing_students.map(|n| n.0),
            gpu_bound_share_pct: wire.gpu_bound_share_pct.0,
            right_size: wire.right_size,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wire_of(json: &str) -> WireV2 {
        match serde_json::from_str(json) {
            Ok(Value::Object(object)) => WireV2::of_object(object),
            _ => unreachable!("a JSON object"),
        }
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
    }
}
