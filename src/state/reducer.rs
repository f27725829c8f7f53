//! The one state of the app and the only way it changes.

use std::cell::OnceCell;
use std::collections::HashMap;
use std::rc::Rc;

use yew::Reducible;

use crate::model::catalog::presets::{builtin_presets, Preset};
use crate::model::edit::change::{apply_change, Change};
use crate::model::edit::number::{apply_number, NumberField};
use crate::model::engine::compare::{compare_providers, ProviderQuote};
use crate::model::engine::estimate::price_validated;
use crate::model::share::link::{decode, encode_pair, payload_of, Decoded, PARAM};
use crate::model::{evaluate, Catalog, Estimate, Scenario};

/// Text the user typed into a number field, kept exactly as typed.
#[derive(Clone, Debug, PartialEq)]
pub struct Draft {
    /// The raw text.
    pub text: String,
    /// Why it was not applied; `None` when it was.
    pub error: Option<String>,
}

/// Everything the UI renders from.
#[derive(Clone, Debug)]
pub struct ScenarioState {
    /// The catalog prices come from.
    pub catalog: &'static Catalog,
    /// The last valid scenario.
    pub scenario: Rc<Scenario>,
    /// Its estimate, computed once per change.
    pub estimate: Rc<Estimate>,
    /// The same scenario on every provider, computed once per change.
    pub comparison: Rc<Vec<ProviderQuote>>,
    /// The preset the scenario was loaded from, while it is unchanged.
    pub preset: Option<&'static Preset>,
    /// The preset the scenario started from, edited or not: share links are written against it.
    pub origin: &'static Preset,
    /// What a shared link held that could not be used.
    pub link_notices: Vec<String>,
    /// The draft saved in this browser, when a shared link was opened over it.
    pub saved_draft: Option<Rc<Scenario>>,
    /// Scenario A of an A/B comparison, with its estimate; the scenario being edited is B.
    pub pinned: Option<(Rc<Scenario>, Rc<Estimate>)>,
    /// The share-link payload, encoded (deflate) at most once per state, when first asked for.
    link: Rc<OnceCell<String>>,
    /// What the user typed per field, valid or not, so nothing typed is lost or reformatted
    /// under the cursor.
    pub drafts: HashMap<NumberField, Draft>,
    /// Why the last structural change was refused, until the next change succeeds.
    pub notice: Option<String>,
}

/// Cheap equality for the context: a new scenario is always a new `Rc`, so pointers decide, and
/// the deep comparison of two scenarios and estimates is never needed.
impl PartialEq for ScenarioState {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.scenario, &other.scenario)
            && Rc::ptr_eq(&self.estimate, &other.estimate)
            && self.drafts == other.drafts
            && self.notice == other.notice
            && self.link_notices == other.link_notices
            && self.saved_draft.is_some() == other.saved_draft.is_some()
            && match (&self.pinned, &other.pinned) {
                (Some(a), Some(b)) => Rc::ptr_eq(&a.0, &b.0),
                (None, None) => true,
                _ => false,
            }
    }
}

/// Every change the UI can ask for.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// The user typed `text` into `field`.
    EditNumber {
        /// Which field.
        field: NumberField,
        /// What is in it now.
        text: String,
    },
    /// The user left `field`: show its committed value again if the text was valid.
    FinishEdit(NumberField),
    /// Replace the scenario with a preset's.
    LoadPreset(String),
    /// A structural or choice edit.
    Change(Change),
    /// Load what a share link decoded to (the address bar changed).
    LoadLink(Rc<Decoded>),
    /// Go back to the draft that a shared link replaced.
    RestoreDraft,
    /// Hide the notices about a shared link.
    DismissLinkNotices,
    /// Pin the current scenario as A and keep editing it as B.
    PinAsA,
    /// Stop comparing.
    Unpin,
}

impl ScenarioState {
    /// The paper's course, priced; an error only if the shipped data is broken.
    pub fn initial() -> Result<ScenarioState, String> {
        Self::from_sources(None, None)
    }

    /// The state to start with: a share link in the URL fragment wins; else the draft saved in
    /// this browser (a link payload); else the paper's course. A draft that a link replaced is
    /// kept so the user can get it back.
    pub fn from_sources(
        fragment: Option<&str>,
        saved_draft: Option<&str>,
    ) -> Result<ScenarioState, String> {
        let catalog = Catalog::builtin()?;
        let default = builtin_presets()?
            .first()
            .ok_or_else(|| "no preset is shipped".to_string())?;
        let draft = saved_draft
            .and_then(|payload| decode(payload, catalog))
            .filter(|d| d.notices.is_empty());
        let link = fragment
            .and_then(payload_of)
            .and_then(|payload| decode(payload, catalog));
        let (start, notices, kept_draft, pinned) = match (link, draft) {
            (Some(link), draft) => {
                let kept = draft
                    .filter(|d| d.scenario != link.scenario)
                    .map(|d| Rc::new(d.scenario));
                (
                    (link.scenario, link.preset),
                    link.notices,
                    kept,
                    link.pinned,
                )
            }
            (None, Some(draft)) => (
                (draft.scenario, draft.preset),
                Vec::new(),
                None,
                draft.pinned,
            ),
            (None, None) => ((default.scenario.clone(), default), Vec::new(), None, None),
        };
        let pinned = pinned.and_then(|a| {
            let estimate = evaluate(&a, catalog).ok()?;
            Some((Rc::new(a), Rc::new(estimate)))
        });
        let (scenario, origin) = start;
        // A link is validated while decoding, so this only fails if the shipped data is broken.
        let estimate = evaluate(&scenario, catalog).map_err(|errors| {
            let list: Vec<String> = errors.iter().map(ToString::to_string).collect();
            format!("the starting scenario is invalid: {}", list.join("; "))
        })?;
        Ok(ScenarioState {
            catalog,
            comparison: Rc::new(compare_providers(&scenario, catalog)),
            preset: (origin.scenario == scenario).then_some(origin),
            origin,
            scenario: Rc::new(scenario),
            estimate: Rc::new(estimate),
            drafts: HashMap::new(),
            notice: None,
            link_notices: notices,
            saved_draft: kept_draft,
            pinned,
            link: Rc::default(),
        })
    }

    /// The share-link payload of this state: the scenario and, if pinned, scenario A.
    pub fn share_payload(&self) -> String {
        self.link
            .get_or_init(|| {
                encode_pair(
                    &self.scenario,
                    self.pinned.as_ref().map(|(a, _)| a.as_ref()),
                    self.origin,
                )
            })
            .clone()
    }

    /// The URL fragment (without `#`) of this state.
    pub fn share_fragment(&self) -> String {
        format!("{PARAM}={}", self.share_payload())
    }

    /// A state with `scenario` committed, if it prices; otherwise `None` (the caller keeps the
    /// old state).
    fn with_scenario(&self, scenario: Scenario) -> Option<ScenarioState> {
        let estimate = evaluate(&scenario, self.catalog).ok()?;
        Some(self.with_priced(scenario, estimate))
    }

    /// Like [`Self::with_scenario`] for a scenario an edit has just validated.
    fn with_validated(&self, scenario: Scenario) -> Option<ScenarioState> {
        let estimate = price_validated(&scenario, self.catalog).ok()?;
        Some(self.with_priced(scenario, estimate))
    }

    fn with_priced(&self, scenario: Scenario, estimate: Estimate) -> ScenarioState {
        let preset = (self.origin.scenario == scenario).then_some(self.origin);
        ScenarioState {
            catalog: self.catalog,
            comparison: Rc::new(compare_providers(&scenario, self.catalog)),
            scenario: Rc::new(scenario),
            estimate: Rc::new(estimate),
            preset,
            origin: self.origin,
            drafts: self.drafts.clone(),
            notice: None,
            link_notices: self.link_notices.clone(),
            saved_draft: self.saved_draft.clone(),
            pinned: self.pinned.clone(),
            link: Rc::default(),
        }
    }
}

impl Reducible for ScenarioState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        match action {
            Action::EditNumber { field, text } => {
                match apply_number(&self.scenario, self.catalog, field, &text) {
                    Ok(edited) => match self.with_validated(edited) {
                        Some(mut next) => {
                            next.drafts.insert(field, Draft { text, error: None });
                            Rc::new(next)
                        }
                        None => self,
                    },
                    Err(error) => {
                        let mut next = (*self).clone();
                        next.drafts.insert(
                            field,
                            Draft {
                                text,
                                error: Some(error),
                            },
                        );
                        Rc::new(next)
                    }
                }
            }
            Action::FinishEdit(field) => match self.drafts.get(&field) {
                Some(draft) if draft.error.is_none() => {
                    let mut next = (*self).clone();
                    next.drafts.remove(&field);
                    Rc::new(next)
                }
                _ => self,
            },
            Action::LoadPreset(id) => {
                let Some(preset) = builtin_presets()
                    .ok()
                    .and_then(|presets| presets.iter().find(|p| p.id == id))
                else {
                    return self;
                };
                match self.with_scenario(preset.scenario.clone()) {
                    Some(mut next) => {
                        next.preset = Some(preset);
                        next.origin = preset;
                        next.drafts.clear();
                        next.link_notices.clear();
                        Rc::new(next)
                    }
                    None => self,
                }
            }
            Action::LoadLink(decoded) => {
                let same_pinned =
                    decoded.pinned.as_ref() == self.pinned.as_ref().map(|(a, _)| a.as_ref());
                if decoded.scenario == *self.scenario && same_pinned && decoded.notices.is_empty() {
                    return self;
                }
                match self.with_scenario(decoded.scenario.clone()) {
                    Some(mut next) => {
                        next.origin = decoded.preset;
                        next.preset =
                            (decoded.preset.scenario == decoded.scenario).then_some(decoded.preset);
                        next.drafts.clear();
                        next.link_notices = decoded.notices.clone();
                        next.pinned = decoded.pinned.as_ref().and_then(|a| {
                            let estimate = evaluate(a, self.catalog).ok()?;
                            Some((Rc::new(a.clone()), Rc::new(estimate)))
                        });
                        next.link = Rc::default();
                        Rc::new(next)
                    }
                    None => self,
                }
            }
            Action::RestoreDraft => {
                let Some(draft) = self.saved_draft.clone() else {
                    return self;
                };
                match self.with_scenario((*draft).clone()) {
                    Some(mut next) => {
                        next.saved_draft = None;
                        next.link_notices.clear();
                        next.drafts.clear();
                        Rc::new(next)
                    }
                    None => self,
                }
            }
            Action::PinAsA => {
                let mut next = (*self).clone();
                next.pinned = Some((self.scenario.clone(), self.estimate.clone()));
                next.link = Rc::default();
                Rc::new(next)
            }
            Action::Unpin => {
                let mut next = (*self).clone();
                next.pinned = None;
                next.link = Rc::default();
                Rc::new(next)
            }
            Action::DismissLinkNotices => {
                let mut next = (*self).clone();
                next.link_notices.clear();
                Rc::new(next)
            }
            Action::Change(change) => {
                let refused = |state: &Self, why: String| {
                    let mut next = state.clone();
                    next.notice = Some(why);
                    Rc::new(next)
                };
                match apply_change(&self.scenario, self.catalog, change) {
                    Ok(changed) => match self.with_validated(changed) {
                        Some(mut next) => {
                            // Indices may have shifted: drafts would point at the wrong fields.
                            next.drafts.clear();
                            Rc::new(next)
                        }
                        None => refused(&self, "that change cannot be priced".to_string()),
                    },
                    Err(why) => refused(&self, why),
                }
            }
        }
    }
}
