//! Ready-made scenarios, loaded from `src/data/presets/`.

use serde::{Deserialize, Serialize};

use crate::model::embedded::{embedded_json, load_json, parsed_once};
use crate::model::engine::calibrate::ReportedHours;
use crate::model::scenario::Scenario;

/// Published figures a preset is checked against, shown beside the calculator's own.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PaperFigures {
    /// Reported actual hours (the calibration targets).
    pub hours: ReportedHours,
    /// Reported commercial cost per student (US dollars per student).
    pub cost_per_student_usd: f64,
    /// Reported commercial cost of the whole course (US dollars), as the paper rounds it.
    pub course_cost_usd: f64,
    /// Reported lab cost per student, low end (US dollars per student).
    pub labs_per_student_low_usd: f64,
    /// Reported lab cost per student, high end (US dollars per student).
    pub labs_per_student_high_usd: f64,
    /// Reported cost of the most expensive student's labs, a lower bound (US dollars).
    pub max_student_labs_usd: f64,
    /// Reported project block storage (GB).
    pub project_block_storage_gb: f64,
    /// Reported project object storage (GB).
    pub project_object_storage_gb: f64,
    /// Where these figures come from.
    pub source: String,
}

/// A named starting point.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Preset {
    /// Short id used in links.
    pub id: String,
    /// Display name.
    pub name: String,
    /// What it is and where it comes from.
    pub summary: String,
    /// The scenario.
    pub scenario: Scenario,
    /// Published figures, for a preset built from a real course.
    #[serde(default)]
    pub paper: Option<PaperFigures>,
    /// Where this preset's numbers come from, where it differs from the defaults.
    #[serde(default)]
    pub provenance: Vec<crate::model::scenario::provenance::ProvenanceEntry>,
    /// A frozen earlier version, kept so old share links decode exactly; not offered to pick.
    #[serde(default)]
    pub archived: bool,
    /// Which version of the preset this is (1 = the first one published).
    #[serde(default = "first_version")]
    pub version: u32,
    /// For an archived version: the id of the preset that replaced it.
    #[serde(default)]
    pub superseded_by: Option<String>,
}

/// The version of a preset that names none.
fn first_version() -> u32 {
    1
}

impl Preset {
    /// The name a picker shows: an archived version says first which version it is (a narrow
    /// select shows the start of its option).
    pub fn label(&self) -> String {
        if self.archived {
            format!("Version {} (archived): {}", self.version, self.name)
        } else {
            self.name.clone()
        }
    }

    /// The current preset that replaced this archived one, if any.
    pub fn successor(&self) -> Option<&'static Preset> {
        let id = self.superseded_by.as_deref()?;
        builtin_presets()
            .ok()?
            .iter()
            .find(|p| p.id == id && !p.archived)
    }
}

/// The current presets first (the paper's course is the default), then the frozen ones.
const PRESET_FILES: [(&str, &str); 6] = [
    (
        "paper-course.toml",
        embedded_json!("presets-paper-course.json"),
    ),
    ("cpu-only.toml", embedded_json!("presets-cpu-only.json")),
    ("gpu-heavy.toml", embedded_json!("presets-gpu-heavy.json")),
    (
        "archive/paper-course.toml",
        embedded_json!("presets-archive-paper-course.json"),
    ),
    (
        "archive/cpu-only.toml",
        embedded_json!("presets-archive-cpu-only.json"),
    ),
    (
        "archive/gpu-heavy.toml",
        embedded_json!("presets-archive-gpu-heavy.json"),
    ),
];

/// Every preset shipped with the app, the paper's course first, the archived ones last; parsed
/// once.
pub fn builtin_presets() -> Result<&'static [Preset], String> {
    parsed_once!(
        Vec<Preset>,
        PRESET_FILES
            .iter()
            .map(|(file, json)| load_json(&format!("presets/{file}"), json))
            .collect()
    )
    .as_ref()
    .map(Vec::as_slice)
    .map_err(Clone::clone)
}

/// The paper's course, the default scenario.
pub fn paper_course() -> Result<&'static Preset, String> {
    builtin_presets()?
        .first()
        .ok_or_else(|| "no preset is shipped".to_string())
}

/// The presets a user can pick: every one that is not archived.
pub fn current_presets() -> Result<impl Iterator<Item = &'static Preset>, String> {
    Ok(builtin_presets()?.iter().filter(|p| !p.archived))
}
