//! The one state of the app and the only way it changes. No web types: tested natively.

use std::borrow::Cow;
use std::cell::OnceCell;
use std::rc::Rc;

use crate::model::catalog::regional::priced_in;
use crate::model::edit::change::Change;
use crate::model::edit::commit::{commit, Edit, Rejection};
use crate::model::edit::number::{parse_number, reading_of};
use crate::model::engine::compare::{compare_providers, ProviderEstimate};
use crate::model::presets::{builtin_presets, Preset};
use crate::model::scenario::field::FieldPath;
use crate::model::scenario::valid::ValidScenario;
use crate::model::share::Decoded;
#[cfg(not(target_arch = "wasm32"))]
use crate::model::share::{decode, payload_of};
use crate::model::testbed::TestbedTwin;
use crate::model::{Catalog, Estimate, Scenario};

use super::action::{Action, REPLACING};
use super::history::{History, Step};
use super::priced::Priced;
use super::replacement::Replacement;
use super::typed_text::{number_of, TypedText};
use super::visit::Visit;
mod bill;
mod link;
mod load;

/// Everything the UI renders from: the plan (the domain data: the scenario, its estimate,
/// scenario A of an A/B comparison, the undo history, the preset it started from), the visit's
/// UI state beside it ([`Visit`]: typed texts, notices, replaced scenarios), and what is derived
/// from the plan when first asked for (the providers, the testbeds, the share link).
///
/// It changes only through [`ScenarioState::apply`] with an [`Action`], with one documented
/// exception: the browser's compressed share-link payload, which arrives later, is written back
/// in place ([`ScenarioState::keep_packed`]). It is derived from the plan, not part of it, so
/// it is no action and no undo step, and only the parts that show the link render again
/// (tested by `tests/link_pack.rs`,
/// `the_browsers_compressed_payload_is_kept_for_its_own_state_only`).
#[derive(Clone, Debug)]
pub struct ScenarioState {
    /// The catalog prices come from.
    pub catalog: &'static Catalog,
    /// The last valid scenario (scenario B while comparing).
    pub scenario: Rc<ValidScenario>,
    /// Its estimate, computed once per change.
    pub estimate: Rc<Estimate>,
    /// The preset the scenario was loaded from, while it is unchanged.
    pub preset: Option<&'static Preset>,
    /// The preset the scenario started from, edited or not: share links are written against it.
    pub origin: &'static Preset,
    /// Scenario A of an A/B comparison, with its estimate; the scenario being edited is B.
    pub pinned: Option<Priced>,
    /// Undo and redo.
    pub history: Rc<History>,
    /// This visit's UI state beside the plan.
    pub visit: Visit,
    /// The same scenario on every provider, computed when first shown.
    providers: Rc<OnceCell<Rc<Vec<ProviderEstimate>>>>,
    /// The same course on the free testbeds, computed when first shown.
    testbeds: Rc<OnceCell<Rc<TestbedTwin>>>,
    /// The share-link payload, encoded at most once per state, when first asked for.
    link: Rc<link::LinkCell>,
}

/// Cheap equality for the context: a new scenario is always a new `Rc`, so pointers decide, and
/// the deep equality of two scenarios and estimates is never needed.
impl PartialEq for ScenarioState {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.scenario, &other.scenario)
            && Rc::ptr_eq(&self.estimate, &other.estimate)
            && self.visit == other.visit
            && Rc::ptr_eq(&self.history, &other.history)
            && Rc::ptr_eq(&self.link, &other.link)
            && match (&self.pinned, &other.pinned) {
                (Some(a), Some(b)) => Rc::ptr_eq(&a.scenario, &b.scenario),
                (None, None) => true,
                _ => false,
            }
    }
}

impl ScenarioState {
    /// The state to start with: a share link in the URL fragment wins; else the draft saved in
    /// this browser (a link payload); else the paper's course. A draft that a link replaced is
    /// kept so the user can get it back. Native builds only: the browser decodes the payloads
    /// asynchronously, then calls [`ScenarioState::from_decoded`].
    #[cfg(not(target_arch = "wasm32"))]
    pub fn from_sources(
        fragment: Option<&str>,
        saved_draft: Option<&str>,
    ) -> Result<ScenarioState, String> {
        let catalog = Catalog::builtin()?;
        let draft = saved_draft.and_then(|payload| decode(payload, catalog));
        let link = fragment
            .and_then(payload_of)
            .and_then(|payload| decode(&payload, catalog));
        ScenarioState::from_decoded(link, draft)
    }

    /// The state to start with, from what the link in the URL fragment and the saved draft
    /// decoded to (`None` when there is none): the link wins; else the draft; else the paper's
    /// course. A draft that a link replaced is kept so the user can get it back.
    pub fn from_decoded(
        link: Option<Decoded>,
        draft: Option<Decoded>,
    ) -> Result<ScenarioState, String> {
        let catalog = Catalog::builtin()?;
        let default = builtin_presets()?
            .first()
            .ok_or_else(|| "no preset is shipped".to_string())?;
        // A draft keeps its valid parts, like a link; what could not be read is said.
        let draft = draft.map(|mut d| {
            for notice in &mut d.notices {
                *notice = format!("Your saved draft: {notice}");
            }
            d.old_version = None;
            d
        });
        let from_link = link.is_some();
        let (start, replaced) = match (link, draft) {
            (Some(link), draft) => {
                let replaced = draft
                    .filter(|d| d.scenario != link.scenario)
                    .map(|d| Rc::new(d.scenario));
                (link, replaced)
            }
            (None, Some(draft)) => (draft, None),
            (None, None) => (Decoded::of_preset(default), None),
        };
        // A link is validated while decoding, so this only fails if the shipped data is broken.
        let priced = Priced::checked(start.scenario, catalog)
            .ok_or_else(|| "the starting scenario cannot be priced".to_string())?;
        let mut state = ScenarioState {
            catalog,
            preset: None,
            origin: start.preset,
            scenario: priced.scenario,
            estimate: priced.estimate,
            pinned: start.pinned.and_then(|a| Priced::checked(a, catalog)),
            history: Rc::default(),
            visit: Visit {
                link_notices: start.notices,
                link_version: start.old_version.map(|old| old.notice()),
                replaced_by: replaced.as_ref().map(|_| Replacement::LinkOverSavedDraft),
                replaced_scenario: replaced,
                from_link,
                ..Visit::default()
            },
            providers: Rc::default(),
            testbeds: Rc::default(),
            link: Rc::default(),
        };
        state.preset = state.unchanged_origin();
        Ok(state)
    }

    /// The origin preset, if the scenario still equals it.
    fn unchanged_origin(&self) -> Option<&'static Preset> {
        (self.origin.start == **self.scenario).then_some(self.origin)
    }

    /// The catalog priced in the scenario's region: what the stand-in lists and prices show
    /// (the engine prices with it too).
    pub fn prices(&self) -> &'static Catalog {
        let pricing = &self.scenario.pricing;
        priced_in(self.catalog, &pricing.provider, &pricing.region)
    }

    /// The scenario on every provider, priced the first time it is asked for in this state.
    pub fn on_every_provider(&self) -> Rc<Vec<ProviderEstimate>> {
        self.providers
            .get_or_init(|| Rc::new(compare_providers(&self.scenario, self.catalog)))
            .clone()
    }

    /// The scenario on the free testbeds, computed the first time it is asked for in this state.
    pub fn testbeds(&self) -> Rc<TestbedTwin> {
        self.testbeds
            .get_or_init(|| {
                Rc::new(TestbedTwin::of(
                    &self.scenario,
                    &self.estimate,
                    self.catalog,
                ))
            })
            .clone()
    }

    /// What the user typed into `field`, if it differs from the committed value's display.
    pub fn typed_text(&self, field: &FieldPath) -> Option<&TypedText> {
        self.visit.typed.get(field)
    }

    /// This state with `priced` committed; derived data (providers, testbeds, link) starts
    /// afresh.
    fn with_priced(&self, priced: Priced) -> ScenarioState {
        let mut next = ScenarioState {
            scenario: priced.scenario,
            estimate: priced.estimate,
            providers: Rc::default(),
            testbeds: Rc::default(),
            link: Rc::default(),
            ..self.clone()
        };
        next.visit.notice = None;
        next.visit.from_link = false;
        // "Your kept scenario is back" is said until the next change.
        next.visit.replaced_by = self
            .visit
            .replaced_by
            .filter(|r| *r != Replacement::Restored);
        next.preset = next.unchanged_origin();
        next
    }

    /// Applies `action`; the old state when nothing changes. Every change of the scenario (or of
    /// scenario A) is one undo step; keystrokes in one field are one step together.
    pub fn apply(self: Rc<Self>, action: Action) -> Rc<Self> {
        let (label, typing) = (action.label(), action.typing());
        match action {
            Action::Undo => return self.travel(true),
            Action::Redo => return self.travel(false),
            Action::FinishEdit(_) => {
                let next = self.clone().act(action);
                let mut next = (*next).clone();
                next.history = self.history.end_typing();
                return Rc::new(next);
            }
            _ => {}
        }
        let next = self.clone().act(action);
        let pinned_same = match (&self.pinned, &next.pinned) {
            (Some(a), Some(b)) => Rc::ptr_eq(&a.scenario, &b.scenario),
            (None, None) => true,
            _ => false,
        };
        if Rc::ptr_eq(&self.scenario, &next.scenario) && pinned_same {
            return next;
        }
        let mut next = (*next).clone();
        next.history = Rc::new(self.history.record(self.step(label), typing));
        Rc::new(next)
    }

    /// The current scenario, to keep restorable when `incoming` replaces it (nothing is kept
    /// when they are the same, or when the current one is an untouched preset).
    fn kept_if_replaced(&self, incoming: &Scenario) -> Option<Rc<Scenario>> {
        let current: &Scenario = &self.scenario;
        if current == incoming || self.preset.is_some() {
            return self.visit.replaced_scenario.clone();
        }
        Some(Rc::new(current.clone()))
    }

    /// This state as an undo step labelled `label`.
    fn step(&self, label: Cow<'static, str>) -> Step {
        Step {
            scenario: self.scenario.clone(),
            net_usd: self.estimate.totals.net_usd,
            origin: self.origin,
            pinned: self.pinned.as_ref().map(|a| a.scenario.clone()),
            label,
        }
    }

    /// This state with `step` in place of its scenario, priced again (scenario A only when it
    /// is not the one pinned now); `None` if it cannot be, which a step that was priced once
    /// always can.
    fn restored(&self, step: Step, history: History) -> Option<Rc<Self>> {
        let pinned = match (step.pinned, &self.pinned) {
            (Some(a), Some(now)) if Rc::ptr_eq(&a, &now.scenario) => Some(now.clone()),
            (Some(a), _) => Some(Priced::again(a, self.catalog)?),
            (None, _) => None,
        };
        let mut next = self.with_priced(Priced::again(step.scenario, self.catalog)?);
        next.origin = step.origin;
        next.preset = next.unchanged_origin();
        next.pinned = pinned;
        next.visit.clear_typed();
        next.history = Rc::new(history);
        Some(Rc::new(next))
    }

    /// Goes one step back in the history (undo) or forward (redo), the present moving to the
    /// other side.
    fn travel(self: Rc<Self>, back: bool) -> Rc<Self> {
        let mut history = (*self.history).clone();
        let (from, to) = if back {
            (&mut history.past, &mut history.future)
        } else {
            (&mut history.future, &mut history.past)
        };
        let Some(step) = from.pop() else {
            return self;
        };
        to.reserve_exact(1);
        to.push(self.step(step.label.clone()));
        history.typing = None;
        // Undoing what replaced the whole scenario (a preset, Reset, a link, a restore) undoes
        // what its notices describe: they go (what was replaced stays in the kept list).
        let replacement = back && REPLACING.contains(&&*step.label);
        let Some(restored) = self.restored(step, history) else {
            return self;
        };
        if !replacement {
            return restored;
        }
        let mut next = (*restored).clone();
        next.visit.replaced_scenario = None;
        next.visit.replaced_by = None;
        next.visit.clear_link_notices();
        Rc::new(next)
    }

    /// Applies `action` to the scenario, without touching the history.
    fn act(self: Rc<Self>, action: Action) -> Rc<Self> {
        match action {
            Action::EditNumber { field, text } => self.edit_number(field, text),
            Action::FinishEdit(field) => match self.visit.typed.get(&field) {
                Some(typed) if typed.error.is_none() => {
                    let mut next = (*self).clone();
                    next.visit.typed.remove(&field);
                    next.visit.editing_from = None;
                    Rc::new(next)
                }
                _ => self,
            },
            Action::LoadPreset(id) => self.load_preset(&id),
            Action::Change(change) => self.change(change),
            Action::CalibrateFromBill {
                calibration,
                confirmed,
            } => self.calibrate_from_bill(&calibration, confirmed),
            Action::LoadLink(decoded) => self.load_link(&decoded),
            Action::RestoreReplaced => {
                let Some(replaced) = self.visit.replaced_scenario.clone() else {
                    return self;
                };
                let Some(priced) = Priced::checked((*replaced).clone(), self.catalog) else {
                    return self;
                };
                let mut next = self.with_priced(priced);
                next.visit.replaced_scenario = None;
                next.visit.replaced_by = Some(Replacement::Restored);
                next.visit.clear_link_notices();
                next.visit.clear_typed();
                Rc::new(next)
            }
            Action::PinAsA | Action::Unpin => {
                let mut next = (*self).clone();
                next.pinned = matches!(action, Action::PinAsA).then(|| Priced {
                    scenario: self.scenario.clone(),
                    estimate: self.estimate.clone(),
                });
                next.link = Rc::default();
                Rc::new(next)
            }
            Action::DismissLinkNotices => {
                let mut next = (*self).clone();
                next.visit.clear_link_notices();
                Rc::new(next)
            }
            Action::TermStatus(text) => self.keep_term_status(text),
            Action::AdoptScenario { scenario, .. } => self.adopt(&scenario),
            Action::Notice(text) => {
                let mut next = (*self).clone();
                next.visit.notice = Some(text);
                Rc::new(next)
            }
            Action::KeepBill(bill) => {
                let mut next = (*self).clone();
                next.visit.bill = bill;
                Rc::new(next)
            }
            Action::Undo | Action::Redo => self,
        }
    }

    fn edit_number(self: Rc<Self>, field: FieldPath, text: String) -> Rc<Self> {
        // Money is typed in the scenario's currency and kept in US dollars.
        let rate = match field {
            FieldPath::Setting(setting) if setting.is_money() => {
                self.scenario.pricing.usd_to_currency
            }
            _ => 1.0,
        };
        // The scenario from before this field's edit began: the results show it while the text
        // is not valid, so a half-typed "1e-300" never prices one student.
        let from = match &self.visit.editing_from {
            Some((editing, from)) if *editing == field => from.clone(),
            _ => Priced {
                scenario: self.scenario.clone(),
                estimate: self.estimate.clone(),
            },
        };
        let committed = parse_number(&text).and_then(|typed| {
            let value = typed / rate;
            commit(&from.scenario, self.catalog, Edit::Number { field, value })
                .map_err(|rejection| rejection.message_for(field))
        });
        let (next, error) = match committed.map(|valid| Priced::new(valid, self.catalog)) {
            Ok(Some(priced)) => (self.with_priced(priced), None),
            Ok(None) => (
                self.back_to(&from),
                Some("this value cannot be priced".into()),
            ),
            Err(error) => (self.back_to(&from), Some(error)),
        };
        let mut next = next;
        let read_as = reading_of(&text).filter(|_| error.is_none());
        let results_use = error
            .is_some()
            .then(|| number_of(&from.scenario, field).map(|v| v * rate))
            .flatten();
        next.visit.typed.insert(
            field,
            TypedText {
                text,
                error,
                read_as,
                results_use,
            },
        );
        next.visit.editing_from = Some((field, from));
        Rc::new(next)
    }

    /// This state showing `from` again (itself when it already does).
    fn back_to(&self, from: &Priced) -> ScenarioState {
        if Rc::ptr_eq(&self.scenario, &from.scenario) {
            return self.clone();
        }
        self.with_priced(from.clone())
    }

    fn change(self: Rc<Self>, change: Change) -> Rc<Self> {
        let committed = commit(&self.scenario, self.catalog, Edit::Change(change));
        self.committed(committed)
    }

    /// This state with `committed` in place, or the same scenario with the notice of why not.
    fn committed(self: Rc<Self>, committed: Result<ValidScenario, Rejection>) -> Rc<Self> {
        let refused = |why: String| {
            let mut next = (*self).clone();
            next.visit.notice = Some(why);
            Rc::new(next)
        };
        match committed {
            Ok(valid) => match Priced::new(valid, self.catalog) {
                Some(priced) => {
                    let mut next = self.with_priced(priced);
                    // Indices may have shifted: typed texts would point at the wrong fields.
                    next.visit.clear_typed();
                    Rc::new(next)
                }
                None => refused("that change cannot be priced".to_string()),
            },
            Err(Rejection::Refused(why)) => refused(why),
            Err(rejection) => refused(rejection.to_string()),
        }
    }
}
