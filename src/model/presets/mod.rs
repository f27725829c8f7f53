//! Ready-made scenarios, from `src/data/presets/` (baked by `build.rs`, see `preset_data`).
//! The layer above the engine: a preset is a scenario with what it carries (the paper's
//! figures and reported hours, the provenance of its numbers and their notes, the gap to the
//! paper), so it may use the catalog, the scenario and the engine, and none of them uses it.

pub mod paper_figures;
pub mod paper_gap;
mod preset_data;
pub mod provenance_note;

use std::sync::OnceLock;

use crate::model::catalog::Catalog;
pub use crate::model::presets::paper_figures::PaperFigures;
use crate::model::presets::preset_data::{preset_files, PresetData};
use crate::model::scenario::provenance::ProvenanceEntry;
use crate::model::scenario::Scenario;

/// A named starting point.
#[derive(Clone, Debug, PartialEq)]
pub struct Preset {
    /// Short id used in links.
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// What it is and where it comes from.
    pub summary: &'static str,
    /// The scenario, as it ships: what share links made with it are differences from.
    pub scenario: Scenario,
    /// What a user starts from when picking it: `scenario` on the newest prices, for a past
    /// course too: the first answer is what the course would cost if taught now. A past course's
    /// `scenario` keeps the prices of the semester it was taught (what links made with it, which
    /// name no prices, mean), and its comparison with the published figures is computed at them
    /// (`paper_gap::PaperLine`).
    pub start: Scenario,
    /// Published figures, for a preset built from a real course.
    pub paper: Option<PaperFigures>,
    /// Where this preset's numbers come from, where it differs from the defaults.
    pub provenance: &'static [ProvenanceEntry],
    /// A frozen earlier version, kept so old share links decode exactly; not offered to pick.
    pub archived: bool,
    /// Which version of the preset this is (1 = the first one published).
    pub version: u32,
    /// For an archived version: the id of the preset that replaced it.
    pub superseded_by: Option<&'static str>,
}

impl From<&PresetData> for Preset {
    fn from(data: &PresetData) -> Preset {
        let scenario = data.scenario.scenario();
        let mut start = scenario.clone();
        let newest = Catalog::builtin().ok().and_then(Catalog::newest_snapshot);
        // Every preset is in US dollars, so no exchange rate follows the new prices' date.
        if let Some(newest) = newest.filter(|_| !data.archived) {
            start.pricing.snapshot = newest.id.to_string();
        }
        Preset {
            id: data.id,
            name: data.name,
            summary: data.summary,
            start,
            scenario,
            paper: data.paper,
            provenance: data.provenance,
            archived: data.archived,
            version: data.version,
            superseded_by: data.superseded_by,
        }
    }
}

impl Preset {
    /// The name a picker shows: an archived version says first which version it is (a narrow
    /// select shows the start of its option).
    pub fn label(&self) -> String {
        if self.archived {
            format!("Version {} (archived): {}", self.version, self.name)
        } else {
            self.name.to_string()
        }
    }

    /// The current preset that replaced this archived one, if any: the one it names, or, when
    /// that was archived in turn, the one that replaced that (version 1 -> 2 -> 3).
    pub fn successor(&self) -> Option<&'static Preset> {
        let presets = builtin_presets().ok()?;
        let mut id = self.superseded_by?;
        // Each step moves to a later version, so a chain ends within the presets' count.
        for _ in 0..presets.len() {
            let next = presets.iter().find(|p| p.id == id)?;
            match (next.archived, next.superseded_by) {
                (false, _) => return Some(next),
                (true, Some(later)) => id = later,
                (true, None) => return None,
            }
        }
        None
    }
}

/// Every preset shipped with the app, the paper's course first, the archived ones last. Their
/// data is baked at build time; the owned scenarios are made from it the first time this is
/// called (so always `Ok`: the `Result` is kept for callers written when they were parsed).
pub fn builtin_presets() -> Result<&'static [Preset], String> {
    static PRESETS: OnceLock<Vec<Preset>> = OnceLock::new();
    Ok(PRESETS.get_or_init(|| preset_files().iter().map(Preset::from).collect()))
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
