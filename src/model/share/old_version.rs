//! A link made with an earlier version of a preset: it opens that version (archived, frozen),
//! and says so, with what today's version of the preset gives beside it. The catalog is not
//! frozen with the preset (prices are corrected in place), so the link's own figure is said to be
//! what it costs with today's prices, which may differ from what the page showed when the link
//! was made.

use crate::model::catalog::Catalog;
use crate::model::engine::estimate::evaluate;
use crate::model::presets::Preset;
use crate::model::scenario::pricing::Pricing;
use crate::model::scenario::Scenario;
use crate::model::share::read::Reader;
use crate::model::share::wire::WireV2;

/// What a link made with an archived preset shows, and what today's version gives.
#[derive(Clone, Debug, PartialEq)]
pub struct OldVersion {
    /// The archived preset the link was made with (and is read against).
    pub made_with: &'static Preset,
    /// The current preset that replaced it.
    pub today: &'static Preset,
    /// Whether the link holds changes to its preset (then today's figure has them too).
    pub edited: bool,
    /// Cost per student of the scenario as the link opens it, on the archived version, priced
    /// with today's catalog (US dollars per student).
    pub archived_per_student_usd: f64,
    /// Cost per student of today's version with the link's changes applied to it, as far as they
    /// apply (US dollars per student).
    pub today_per_student_usd: f64,
    /// The link's currency and rate, in which the notice gives both figures.
    pub pricing: Pricing,
}

impl OldVersion {
    /// The notice for the reader, amounts in the link's currency, to the cent.
    pub fn notice(&self) -> String {
        let money = |usd: f64| per_student_money(usd, &self.pricing);
        let changes = if self.edited {
            ", with this link's changes where they apply,"
        } else {
            ""
        };
        format!(
            "This link was made with version {} of \"{}\" (archived) and opens that version. With today's prices: {} per student (what it showed when it was made may differ where prices have been corrected since). Today's version {}{changes} gives {}.",
            self.made_with.version,
            self.made_with.name,
            money(self.archived_per_student_usd),
            self.today.version,
            money(self.today_per_student_usd),
        )
    }
}

/// `usd` per student in `pricing`'s currency and the reader's locale, to the cent: "$313.46",
/// "280,61 €".
fn per_student_money(usd: f64, pricing: &Pricing) -> String {
    pricing.per_student(usd)
}

/// When `preset` is an archived version with a successor: the link `wire` (already read to
/// `scenario` against `preset`) read once more against today's version, and both priced. `None`
/// for a current preset, or when either figure cannot be priced.
pub(super) fn old_version(
    wire: WireV2,
    preset: &'static Preset,
    scenario: &Scenario,
    catalog: &Catalog,
) -> Option<OldVersion> {
    if !preset.archived {
        return None;
    }
    let today = preset.successor()?;
    let mut reader = Reader::new(today, catalog, Vec::new());
    reader.read_all(wire, today);
    let (today_scenario, _) = reader.finish();
    let per_student = |s: &Scenario| {
        evaluate(s, catalog)
            .ok()
            .map(|e| e.totals.per_student_usd)
            .filter(|usd| usd.is_finite())
    };
    Some(OldVersion {
        made_with: preset,
        today,
        edited: *scenario != preset.scenario,
        archived_per_student_usd: per_student(scenario)?,
        today_per_student_usd: per_student(&today_scenario)?,
        pricing: scenario.pricing.clone(),
    })
}
