//! Replacing the whole scenario: a preset picked, a link opened (what either replaces is kept
//! and announced, unless it was the untouched preset itself), and the scenario an edit in a view
//! of what was measured made (`components::actuals`), taken as the page's own edit.

use std::rc::Rc;

use super::ScenarioState;
use crate::model::presets::builtin_presets;
use crate::model::share::{Decoded, OldVersion};
use crate::model::Scenario;
use crate::state::priced::Priced;
use crate::state::replacement::Replacement;

impl ScenarioState {
    pub(super) fn load_preset(self: Rc<Self>, id: &str) -> Rc<Self> {
        let Some(preset) = builtin_presets()
            .ok()
            .and_then(|presets| presets.iter().find(|p| p.id == id))
        else {
            return self;
        };
        let Some(priced) = Priced::checked(preset.start.clone(), self.catalog) else {
            return self;
        };
        let mut next = self.with_priced(priced);
        // Only what this load replaces is announced: over an untouched preset nothing is, and
        // an older notice (what an earlier load or link replaced) goes with the scenario it was
        // about (what it kept stays in the kept list).
        let kept = self.kept_if_replaced(&preset.start);
        let fresh = kept.as_ref().is_some_and(|k| {
            self.visit
                .replaced_scenario
                .as_ref()
                .is_none_or(|old| !Rc::ptr_eq(k, old))
        });
        next.visit.replaced_scenario = kept.filter(|_| fresh);
        next.visit.replaced_by = next
            .visit
            .replaced_scenario
            .as_ref()
            .map(|_| Replacement::Preset(preset));
        next.origin = preset;
        next.preset = Some(preset);
        next.visit.clear_typed();
        next.visit.clear_link_notices();
        Rc::new(next)
    }

    pub(super) fn load_link(self: Rc<Self>, decoded: &Decoded) -> Rc<Self> {
        let current_a = self.pinned.as_ref().map(|a| &**a.scenario as &Scenario);
        let same_pinned = decoded.pinned.as_ref() == current_a;
        if decoded.scenario == **self.scenario && same_pinned && decoded.notices.is_empty() {
            return self;
        }
        let Some(priced) = Priced::checked(decoded.scenario.clone(), self.catalog) else {
            return self;
        };
        let mut next = self.with_priced(priced);
        next.visit.replaced_scenario = self.kept_if_replaced(&decoded.scenario);
        next.visit.replaced_by = next
            .visit
            .replaced_scenario
            .as_ref()
            .map(|_| Replacement::Link);
        next.origin = decoded.preset;
        next.preset = next.unchanged_origin();
        next.visit.clear_typed();
        next.visit.from_link = true;
        next.visit.link_notices = decoded.notices.clone();
        next.visit.link_version = decoded.old_version.as_ref().map(OldVersion::notice);
        next.pinned = decoded
            .pinned
            .clone()
            .and_then(|a| Priced::checked(a, self.catalog));
        Rc::new(next)
    }
}

impl ScenarioState {
    /// Takes `scenario`, made by an edit in a view of what was measured (`components::actuals`:
    /// a wasm of their own, which applied the edit through the same commit path), checked and
    /// priced again here: the same state when it is the scenario already shown, the same
    /// scenario and a notice when it cannot be priced. Scenario A and the origin stay.
    pub(super) fn adopt(self: Rc<Self>, scenario: &Scenario) -> Rc<Self> {
        if *scenario == **self.scenario {
            return self;
        }
        let Some(priced) = Priced::checked(scenario.clone(), self.catalog) else {
            let mut next = (*self).clone();
            next.visit.notice = Some(
                "The change made in that view cannot be priced; the scenario is unchanged.".into(),
            );
            return Rc::new(next);
        };
        let mut next = self.with_priced(priced);
        next.visit.clear_typed();
        Rc::new(next)
    }
}
