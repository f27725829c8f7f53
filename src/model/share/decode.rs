//! Reading a payload: bounded at every step (length, base64, inflated size, JSON depth), then
//! migrated to the current version and applied part by part (see [`read`]). Never panics and
//! never trusts the link.
//!
//! [`read`]: crate::model::share::read

use crate::model::catalog::Catalog;
use crate::model::json::{parse, Map, ToJson, Value};
use crate::model::presets::{builtin_presets, Preset};
use crate::model::scenario::Scenario;
use crate::model::share::base64url;
use crate::model::share::migrate::migrate;
use crate::model::share::old_version::{old_version, OldVersion};
use crate::model::share::pack::{Inflated, MAX_JSON_BYTES};
use crate::model::share::read::{clip, Reader};
use crate::model::share::wire::{Part, WireV2, LINK_VERSION};

/// Longest payload read (characters); a longer one is refused unread.
const MAX_PAYLOAD_CHARS: usize = 16_384;

/// What a link decoded to.
#[derive(Clone, Debug, PartialEq)]
pub struct Decoded {
    /// The scenario: everything the link held that could be used, on top of its preset.
    pub scenario: Scenario,
    /// The preset the link starts from.
    pub preset: &'static Preset,
    /// What could not be used, in words for the user; empty when the link was read whole.
    pub notices: Vec<String>,
    /// Scenario A of an A/B comparison, when the link holds one.
    pub pinned: Option<Scenario>,
    /// When the link was made with an earlier, archived version of its preset: which, and what
    /// today's version gives (not a problem of the link: it opens as it was).
    pub old_version: Option<OldVersion>,
}

impl Decoded {
    /// What a link to `preset` with no changes decodes to.
    pub fn of_preset(preset: &'static Preset) -> Decoded {
        Decoded {
            scenario: preset.start.clone(),
            preset,
            notices: Vec::new(),
            pinned: None,
            old_version: None,
        }
    }
}

/// Decodes a payload, inflating it with miniz (native builds; the browser inflates with its
/// own `DecompressionStream`, see `browser::deflate`, then calls [`decode_inflated`]). Never
/// fails: a link that cannot be read at all gives the paper's course with a notice saying why.
/// `None` only if the shipped presets themselves cannot be read.
#[cfg(not(target_arch = "wasm32"))]
pub fn decode(payload: &str, catalog: &Catalog) -> Option<Decoded> {
    match unpack(payload) {
        Ok(bytes) => {
            let inflated = crate::model::share::pack::miniz::inflate(&bytes);
            decode_inflated(&bytes, inflated, catalog)
        }
        Err(notice) => refused(notice),
    }
}

/// A payload's bytes: its base64url undone, after its length is checked; or why it cannot be
/// a link (in words for the user). The bytes are raw deflate, or plain JSON.
pub fn unpack(payload: &str) -> Result<Vec<u8>, String> {
    if payload.len() > MAX_PAYLOAD_CHARS {
        return Err(format!(
            "This link is too long to be a calculator link ({} characters; at most {MAX_PAYLOAD_CHARS}). The paper's course is shown instead.",
            payload.len()
        ));
    }
    // Padding is not written, but accepted (a link copied from elsewhere may have it).
    let trimmed = payload.trim().trim_end_matches('=');
    base64url::decode(trimmed).ok_or_else(|| {
        "This link is damaged (it is not a calculator link, or it was cut short). The paper's course is shown instead.".to_string()
    })
}

/// What a link that cannot be read at all decodes to: the paper's course, with `notice`.
pub fn refused(notice: String) -> Option<Decoded> {
    let presets = builtin_presets().ok()?;
    let mut decoded = Decoded::of_preset(presets.first()?);
    decoded.notices.push(notice);
    Some(decoded)
}

/// Decodes a payload's `bytes` (from [`unpack`]), given what inflating them gave.
pub fn decode_inflated(bytes: &[u8], inflated: Inflated, catalog: &Catalog) -> Option<Decoded> {
    let presets = builtin_presets().ok()?;
    let default = presets.first()?;
    let wire_of = || json_object(bytes, &inflated).map(current);
    let (wire, mut notices) = match wire_of() {
        Ok(read) => read,
        Err(notice) => return refused(notice),
    };
    let preset_id = match &wire.p {
        Part::Read(id) => id.as_str(),
        _ => "",
    };
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
    // A link made with an archived version is also read against today's version, for the
    // notice: its JSON is read once more (rare, and cheaper in code than a copy of the payload).
    let again = preset.archived.then(wire_of).and_then(Result::ok);
    let mut decoded = read(wire, preset, catalog, notices);
    decoded.old_version =
        again.and_then(|(wire, _)| old_version(wire, preset, &decoded.scenario, catalog));
    Some(decoded)
}

/// The payload's JSON object, or why there is none (in words for the user). The inflater was
/// bounded, so a crafted link cannot inflate into gigabytes; plain JSON is accepted too
/// (hand-written links).
fn json_object(bytes: &[u8], inflated: &Inflated) -> Result<Map, String> {
    let json = match inflated {
        Inflated::Json(json) => json.as_slice(),
        Inflated::NotDeflate => bytes,
        Inflated::TooLarge => {
            return Err(format!(
                "This link is too large: its data would unpack to more than {} kB. The paper's course is shown instead.",
                MAX_JSON_BYTES / 1024
            ));
        }
        Inflated::Unavailable => {
            return Err(
                "This browser cannot unpack calculator links (it lacks DecompressionStream): open the link in a current browser. The paper's course is shown instead.".to_string(),
            );
        }
    };
    match parse(json) {
        Ok(Value::Object(object)) => Ok(object),
        _ => Err(
            "This link is damaged or was cut short: its data cannot be read. The paper's course is shown instead.".to_string(),
        ),
    }
}

/// The payload in the current shape: older versions migrated, newer ones read as far as this
/// version understands them.
fn current(mut object: Map) -> (WireV2, Vec<String>) {
    let mut notices = Vec::new();
    let (version, notice) = version_of(object.get("v"));
    notices.extend(notice);
    if version > LINK_VERSION {
        notices.push(format!(
            "This link was made by a newer version of the calculator (link version {version}, this is {LINK_VERSION}): what this version understands was loaded."
        ));
    } else if version < LINK_VERSION {
        let migrated = migrate(object, version);
        object = migrated.object;
        notices.extend(migrated.notices);
    }
    // Every field is optional and read on its own, so any object reads.
    let wire = WireV2::of_object(&object);
    (wire, notices)
}

/// The link's version from its `v` and, when it is not a plain version number, a notice
/// naming what was found: a version written as text (`"2"`) is read as that number; anything
/// else is read as the current version.
fn version_of(found: Option<&Value>) -> (u64, Option<String>) {
    match version_or_why(found) {
        Ok(version) => (version, None),
        Err((Some(version), notice)) => (version, Some(notice)),
        Err((None, notice)) => (LINK_VERSION, Some(notice)),
    }
}

/// [`version_of`]'s reading: the version, or what was found (with the version it stands for).
fn version_or_why(found: Option<&Value>) -> Result<u64, (Option<u64>, String)> {
    let current = "it was read as the current version";
    let none = |notice: String| (None, notice);
    match found {
        None => Err(none(format!(
            "This link has no version number; {current}."
        ))),
        Some(Value::Number(n)) => match n.as_u64() {
            Some(version) if version > 0 => Ok(version),
            _ => Err(none(format!(
                "This link's version number ({}) is not one this calculator writes (1, 2, ...); {current}.",
                clip(&n.to_json())
            ))),
        },
        Some(Value::String(text)) => match text.trim().parse::<u64>() {
            Ok(version) if version > 0 => Err((
                Some(version),
                format!(
                    "This link's version is written as text (\"{}\"); it was read as version {version}.",
                    clip(text)
                ),
            )),
            _ => Err(none(format!(
                "This link's version is the text \"{}\", not a number; {current}.",
                clip(text)
            ))),
        },
        Some(other) => {
            let kind = match other {
                Value::Null => "empty (null)",
                Value::Bool(_) => "true or false",
                Value::Array(_) => "a list",
                _ => "an object",
            };
            Err(none(format!(
                "This link's version is {kind}, not a number; {current}."
            )))
        }
    }
}

/// Applies the payload, and its scenario A, on top of `preset`.
fn read(
    mut wire: WireV2,
    preset: &'static Preset,
    catalog: &Catalog,
    notices: Vec<String>,
) -> Decoded {
    let pinned = std::mem::take(&mut wire.a);
    let mut reader = Reader::new(preset, catalog, notices);
    reader.read_all(wire, preset);
    let (scenario, mut notices) = reader.finish();
    let pinned = match pinned {
        Part::Read(pinned) => {
            let mut reader = Reader::new(preset, catalog, Vec::new());
            // One level deep: a scenario A inside scenario A is ignored.
            reader.read_all(*pinned.0, preset);
            let (scenario, pinned_notices) = reader.finish();
            notices.extend(
                pinned_notices
                    .into_iter()
                    .map(|n| format!("Scenario A: {n}")),
            );
            Some(scenario)
        }
        Part::Unreadable => {
            notices.push("The link's scenario A could not be read and was left out.".to_string());
            None
        }
        Part::Absent => None,
    };
    Decoded {
        scenario,
        preset,
        notices,
        pinned,
        old_version: None,
    }
}
