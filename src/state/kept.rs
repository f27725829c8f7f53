//! Scenarios the user replaced (by Reset, a preset, an opened link, another tab's draft, or a
//! draft this version could not read whole), kept in this browser so they stay restorable
//! after a reload: the newest few, each with its name, why it was kept and when. No web types:
//! the list is JSON that `src/browser/storage.rs` stores.

use crate::model::format;
use crate::model::json::{json_struct, parse, ToJson, Value};
use crate::model::plural::plural;
use crate::model::Scenario;

/// Most scenarios kept; the oldest goes first.
pub const MAX_KEPT: usize = 5;

/// One kept scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct Kept {
    /// Its name: the scenario's title, or its size when it has none.
    pub name: String,
    /// Why it was kept ("replaced by Reset or a preset").
    pub why: String,
    /// When it was kept (milliseconds since 1970-01-01 UTC).
    pub at_ms: f64,
    /// Its share-link payload (as written, so parts this version cannot read are not lost).
    pub payload: String,
}

json_struct! { Kept { name, why, at_ms, payload } }

/// Why a scenario was kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeptWhy {
    /// Reset or a preset replaced it.
    Preset,
    /// A link opened over it.
    Link,
    /// Another tab saved its own draft over it.
    OtherTab,
    /// It was saved by a newer version, and this version rewrote it after an edit.
    NewerVersion,
}

impl KeptWhy {
    /// In words, for the list.
    pub fn words(self) -> &'static str {
        match self {
            KeptWhy::Preset => "replaced by Reset or a preset",
            KeptWhy::Link => "replaced when a link was opened",
            KeptWhy::OtherTab => "the draft of another tab",
            KeptWhy::NewerVersion => "your draft as a newer version saved it, kept whole",
        }
    }
}

/// A name for `scenario`: its title, else its size ("191 students, 8 labs").
pub fn name_of(scenario: &Scenario) -> String {
    let title = scenario.title.trim();
    if !title.is_empty() {
        return title.chars().take(80).collect();
    }
    format!(
        "Untitled: {} {}, {} {}",
        format::number(scenario.course.students, 0),
        plural(scenario.course.students, "student", "students"),
        scenario.course.labs.len(),
        plural(scenario.course.labs.len() as f64, "lab", "labs"),
    )
}

/// The kept list stored as `json`; an unreadable one (or one with an entry that is not a
/// [`Kept`] object) is an empty list (never a panic).
pub fn parse_kept(json: Option<&str>) -> Vec<Kept> {
    // Read through `Value`, the one JSON reader the app has (links are read so too).
    let list = json.and_then(|text| match parse(text.as_bytes()).ok()? {
        Value::Array(items) => items.iter().map(kept_of).collect::<Option<Vec<Kept>>>(),
        _ => None,
    });
    let mut list = list.unwrap_or_default();
    list.truncate(MAX_KEPT);
    list
}

/// One entry of the stored list: an object with the fields of [`Kept`] (others are ignored).
fn kept_of(entry: &Value) -> Option<Kept> {
    let text = |key: &str| entry.get(key)?.as_str().map(str::to_string);
    Some(Kept {
        name: text("name")?,
        why: text("why")?,
        at_ms: entry.get("at_ms")?.as_f64()?,
        payload: text("payload")?,
    })
}

/// `list` with `entry` first; an entry of the same payload moves up instead of appearing twice,
/// and the list keeps the newest [`MAX_KEPT`].
pub fn with_kept(list: &[Kept], entry: Kept) -> Vec<Kept> {
    let mut next = Vec::with_capacity(MAX_KEPT);
    let payload = entry.payload.clone();
    next.push(entry);
    next.extend(list.iter().filter(|k| k.payload != payload).cloned());
    next.truncate(MAX_KEPT);
    next
}

/// The list as the JSON stored.
pub fn kept_json(list: &[Kept]) -> String {
    list.to_json()
}
