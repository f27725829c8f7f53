//! The payload's shape on the wire, version 2: one named object whose every field is optional,
//! so a new setting or part is a new field, never a new link version. Absent means "as the
//! preset". Scalar settings sit in one map keyed by their path ([`Setting::path`]), so the
//! setting table alone decides what a link carries.
//!
//! [`Setting::path`]: crate::model::scenario::field::Setting::path

use serde::{Serialize, Serializer};

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

/// A part as what it holds.
impl<T: Serialize> Serialize for Part<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Part::Read(value) => value.serialize(serializer),
            // Skipped by `is_absent`; an unreadable part is never written.
            Part::Absent | Part::Unreadable => serializer.serialize_none(),
        }
    }
}

/// A lab option: name, share (percent), uses as [resource, count, hours, floating IPs].
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(serde::Deserialize))]
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
#[cfg_attr(test, derive(serde::Deserialize))]
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

/// A lab: `r` = index of the preset lab it started from (its note and, unless given, its name
/// and options are taken from there); `n`, `t` (note) and `o` as given.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(test, derive(serde::Deserialize))]
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
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(serde::Deserialize))]
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
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(serde::Deserialize))]
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
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(serde::Deserialize))]
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
    /// Adds `value` at `path`, keeping the paths sorted (a path already there is replaced).
    pub(super) fn insert(&mut self, path: String, value: Num) {
        let at = self.0.partition_point(|(p, _)| *p < path);
        match self.0.get_mut(at) {
            Some(slot) if slot.0 == path => slot.1 = Part::Read(value),
            _ => self.0.insert(at, (path, Part::Read(value))),
        }
    }
}

/// The settings as one object, keyed by path.
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
    #[derive(Clone, Debug, Default, PartialEq)]
    #[derive(Serialize)]
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
        /// Per-resource overrun factors, when any is set.
        rf: Vec<WireFactor>,
        /// Where the numbers a bill set come from, with the values it set.
        bn: WireBillNote,
        /// Region id of the provider, when not its default region (a link without one means
        /// the default region, as every link made before regions existed does).
        rg: String,
    }
}

/// A per-resource overrun factor: [resource, factor].
pub(super) type WireFactor = (String, Num);

/// A bill's note: [its words, [[field path, value set], ...]].
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(serde::Deserialize))]
pub(super) struct WireBillNote(
    /// The words ("calibrated: from a FOCUS bill (...)").
    pub(super) String,
    /// Each number it set: [path, value].
    pub(super) Vec<(String, Num)>,
);

/// Scenario A inside a link: an object of the same shape (an array is not read as one).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(transparent)]
pub(super) struct Pinned(
    /// Scenario A's payload.
    pub(super) Box<WireV2>,
);

/// Savings levers in a link: the keys and shape of [`Levers`] (so links made before levers were
/// exact numbers read the same), each number a [`Num`]. Absent keys take the defaults.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(serde::Deserialize))]
#[serde(default)]
pub(super) struct WireLevers {
    /// [`Levers::vm_lease_cap_hours`] (hours).
    pub(super) vm_lease_cap_hours: Option<Num>,
    /// [`Levers::auto_stop`].
    pub(super) auto_stop: Option<WireAutoStop>,
    /// [`Levers::spot_gpu_rerun_pct`] (percent).
    pub(super) spot_gpu_rerun_pct: Option<Num>,
    /// [`Levers::gpu_sharing_students`] (students).
    pub(super) gpu_sharing_students: Option<Num>,
    /// [`Levers::gpu_bound_share_pct`] (percent).
    pub(super) gpu_bound_share_pct: Num,
    /// [`Levers::right_size`] (on/off).
    pub(super) right_size: bool,
}

/// [`AutoStop`] in a link, with the keys of [`AutoStop`].
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(serde::Deserialize))]
#[serde(default)]
pub(super) struct WireAutoStop {
    /// [`AutoStop::idle_after_hours`] (hours).
    pub(super) idle_after_hours: Option<Num>,
    /// [`AutoStop::nightly_stop`] (on/off).
    pub(super) nightly_stop: bool,
    /// [`AutoStop::night_hours`] (hours).
    pub(super) night_hours: Num,
    /// [`AutoStop::idle_share_pct`] (percent).
    pub(super) idle_share_pct: Num,
    /// [`AutoStop::include_project`] (on/off).
    pub(super) include_project: bool,
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
