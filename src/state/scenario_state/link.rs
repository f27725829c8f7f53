//! The share link of a state: its payload, deflated at once and, in the browser, compressed by
//! the browser later (`browser::link`), kept until the scenario changes.

use std::cell::OnceCell;
use std::rc::Rc;

use super::ScenarioState;
use crate::model::share::{deflate_now, encode_json, payload_of_deflated, PARAM};
use crate::model::Scenario;

/// A state's share-link payload, as far as it is known.
#[derive(Debug, Default)]
pub(super) struct LinkCell {
    /// Deflated at once ([`deflate_now`]: fully natively, as stored blocks in the browser).
    pub(super) now: OnceCell<String>,
    /// Compressed by the browser, which answers later ([`Action::LinkPacked`](crate::state::Action::LinkPacked)).
    pub(super) packed: Option<String>,
}

impl ScenarioState {
    /// The share-link payload of this state: the scenario and, if pinned, scenario A. The
    /// browser's compressed payload once it has answered; until then the one deflated at once
    /// ([`deflate_now`]), which opens the same scenario.
    pub fn share_payload(&self) -> String {
        match &self.link.packed {
            Some(packed) => packed.clone(),
            None => self.payload_now(),
        }
    }

    /// The payload deflated at once, computed at most once per state.
    pub fn payload_now(&self) -> String {
        self.link
            .now
            .get_or_init(|| payload_of_deflated(&deflate_now(&self.share_json())))
            .clone()
    }

    /// Whether the browser's compressed payload is known (always false natively, where the
    /// payload is compressed at once).
    pub fn is_link_packed(&self) -> bool {
        self.link.packed.is_some()
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

    /// This state with the browser's compressed payload `packed` of the payload `from`; itself
    /// when `from` is not its payload (the scenario has moved on since).
    pub(super) fn link_packed(self: Rc<Self>, from: String, packed: String) -> Rc<Self> {
        if self.link.now.get() != Some(&from) {
            return self;
        }
        let mut next = (*self).clone();
        next.link = Rc::new(LinkCell {
            now: OnceCell::from(from),
            packed: Some(packed),
        });
        Rc::new(next)
    }
}
