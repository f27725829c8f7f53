//! The share link of a state: its payload, deflated at once and, in the browser, compressed by
//! the browser later (`browser::link`), kept until the scenario changes.

use std::cell::{OnceCell, RefCell};
use std::fmt;

use super::ScenarioState;
use crate::model::presets::paper_course;
use crate::model::share::{encode_json, payload_now, PARAM};
use crate::model::Scenario;

/// A state's share-link payload, as far as it is known. Shared by the states that differ from
/// it only in what the link does not carry (a notice, a typed text), and filled in place: the
/// browser's answer changes no state, so it renders nothing but the parts that show the link.
#[derive(Default)]
pub(super) struct LinkCell {
    /// Deflated at once (`deflate_now`: fully natively, as stored blocks in the browser).
    now: OnceCell<String>,
    /// Compressed by the browser, which answers later ([`ScenarioState::keep_packed`]).
    packed: OnceCell<String>,
    /// What to run when `packed` arrives (re-rendering a part that shows the link).
    waiting: RefCell<Vec<Box<dyn Fn()>>>,
}

impl fmt::Debug for LinkCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LinkCell")
            .field("now", &self.now)
            .field("packed", &self.packed)
            .finish_non_exhaustive()
    }
}

impl ScenarioState {
    /// The share-link payload of this state: the scenario and, if pinned, scenario A. The
    /// browser's compressed payload once it has answered; until then the one deflated at once
    /// (`deflate_now`), which opens the same scenario.
    pub fn share_payload(&self) -> String {
        match self.link.packed.get() {
            Some(packed) => packed.clone(),
            None => self.payload_now(),
        }
    }

    /// The payload deflated at once, computed at most once per state.
    pub fn payload_now(&self) -> String {
        self.link
            .now
            .get_or_init(|| payload_now(self.share_json()))
            .clone()
    }

    /// Whether the browser's compressed payload is known (always false natively, where the
    /// payload is compressed at once).
    pub fn is_link_packed(&self) -> bool {
        self.link.packed.get().is_some()
    }

    /// Whether an address without a link opens this very state: the paper's course as it
    /// ships, unchanged, nothing pinned beside it. Its link need not be computed or written
    /// until something changes (the start's busiest second, on a phone, has better uses).
    pub fn needs_no_link(&self) -> bool {
        let paper = paper_course().ok();
        self.preset
            .zip(paper)
            .is_some_and(|(preset, paper)| std::ptr::eq(preset, paper))
            && self.pinned.is_none()
    }

    /// The JSON the share link deflates.
    pub fn share_json(&self) -> Vec<u8> {
        let pinned = self.pinned.as_ref().map(|a| &**a.scenario as &Scenario);
        encode_json(&self.scenario, pinned, self.origin)
    }

    /// The URL fragment (without `#`) of this state.
    pub fn share_fragment(&self) -> String {
        format!("{PARAM}={}", self.share_payload())
    }

    /// Keeps `packed`, the browser's compressed payload of this state's share link (the first
    /// one given), and runs what waits for it. No new state: writing the address bar at the
    /// start or after an edit re-renders nothing else.
    pub fn keep_packed(&self, packed: String) {
        if self.link.packed.set(packed).is_ok() {
            for run in self.link.waiting.take() {
                run();
            }
        }
    }

    /// Runs `run` once when the browser's compressed payload arrives, unless it is known
    /// already (a part showing the link re-renders then; see `use_share_fragment`).
    pub fn when_packed(&self, run: impl Fn() + 'static) {
        if !self.is_link_packed() {
            self.link.waiting.borrow_mut().push(Box::new(run));
        }
    }
}
