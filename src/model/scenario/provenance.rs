//! Where each number comes from: sourced (a public citation), calibrated (from a reported figure
//! by a formula), assumed (and why), or the user's own. The defaults live in
//! `src/data/provenance.toml`; a preset's own entries win over them.

use serde::{Deserialize, Serialize};

use crate::model::scenario::field::FieldPath;
use crate::model::scenario::Scenario;

/// What kind of origin a number has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProvenanceKind {
    /// From a public source a reader can follow.
    Sourced,
    /// Derived from a reported figure by a stated formula.
    Calibrated,
    /// A stated assumption.
    Assumed,
    /// Entered by the user.
    User,
}

impl ProvenanceKind {
    /// The word used in the page and in `data-provenance`.
    pub fn word(self) -> &'static str {
        match self {
            ProvenanceKind::Sourced => "sourced",
            ProvenanceKind::Calibrated => "calibrated",
            ProvenanceKind::Assumed => "assumed",
            ProvenanceKind::User => "user",
        }
    }
}

/// Where the numbers at `path` come from.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProvenanceEntry {
    /// The field path, `*` standing for any index or name (`course.labs[*].start_week`).
    pub path: &'static str,
    /// Sourced, calibrated or assumed.
    pub kind: ProvenanceKind,
    /// The citation, the formula, or the reason, in words for the reader.
    pub text: &'static str,
    /// A link to the public source, where there is one.
    pub url: Option<&'static str>,
}

include!(concat!(env!("OUT_DIR"), "/provenance.rs"));

/// The default entries (`src/data/provenance.toml`, baked by `build.rs`).
pub fn default_entries() -> &'static [ProvenanceEntry] {
    DEFAULT_ENTRIES
}

/// Whether `path` (`course.labs[2].name`) matches `pattern` (`course.labs[*].name`).
pub fn matches(pattern: &str, path: &str) -> bool {
    let (mut pattern, mut path) = (pattern.split('.'), path.split('.'));
    loop {
        match (pattern.next(), path.next()) {
            (None, None) => return true,
            (Some(p), Some(q)) if segment_matches(p, q) => {}
            _ => return false,
        }
    }
}

fn segment_matches(pattern: &str, segment: &str) -> bool {
    if pattern == "*" || pattern == segment {
        return true;
    }
    match (pattern.split_once('['), segment.split_once('[')) {
        (Some((name, "*]")), Some((other, index))) => {
            name == other && index.ends_with(']') && index.len() > 1
        }
        _ => false,
    }
}

/// What a scenario started from, as provenance sees it: the starting scenario's values and its
/// own entries (a preset's, which win over the defaults). Made from a preset with `From`.
#[derive(Clone, Copy, Debug)]
pub struct Origin<'a> {
    /// The scenario as it started.
    pub scenario: &'a Scenario,
    /// Its own provenance entries, read before [`default_entries`].
    pub entries: &'a [ProvenanceEntry],
}

/// The first entry for `field`: the origin's own, then the defaults.
pub fn entry_for(field: FieldPath, entries: &[ProvenanceEntry]) -> Option<&ProvenanceEntry> {
    let path = field.to_string();
    entries
        .iter()
        .chain(default_entries())
        .find(|entry| matches(entry.path, &path))
}

/// The provenance of `field` in `scenario`, started from `origin`: the user's when its value
/// differs from the origin's (or the origin has no such field), else the origin's entry.
pub fn provenance_of<'a>(
    field: FieldPath,
    scenario: &Scenario,
    origin: impl Into<Origin<'a>>,
) -> (ProvenanceKind, Option<&'a ProvenanceEntry>) {
    let origin = origin.into();
    let current = field.number(scenario);
    let preset = field.number(origin.scenario);
    let same = match (current, preset) {
        (Some(a), Some(b)) => a.to_bits() == b.to_bits(),
        _ => false,
    };
    match entry_for(field, origin.entries) {
        Some(entry) if same => (entry.kind, Some(entry)),
        _ => (ProvenanceKind::User, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_match_indices_and_names() {
        assert!(matches(
            "course.labs[*].start_week",
            "course.labs[12].start_week"
        ));
        assert!(matches("realism.*.*", "realism.labs.edge"));
        assert!(!matches(
            "course.labs[*].start_week",
            "course.labs[1].due_week"
        ));
        assert!(!matches("course.labs[*]", "course.labs"));
        assert!(!default_entries().is_empty());
    }
}
