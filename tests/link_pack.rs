//! The links' compression seam: stored deflate blocks (what the browser build writes until its
//! own deflater answers) read by any inflater to the same JSON, bounded inflating, and the
//! compressed payload kept in the state.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use std::cell::Cell;
use std::rc::Rc;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use common::{catalog, paper};
use course_cost::model::edit::change::Change;
use course_cost::model::share::{
    decode, decode_inflated, encode, encode_json, miniz, payload_of_deflated, stored_deflate,
    unpack, Inflated, MAX_JSON_BYTES,
};
use course_cost::state::{Action, ScenarioState};

#[test]
fn stored_blocks_follow_rfc_1951_and_inflate_to_their_input() {
    // RFC 1951 s. 3.2.4: a stored block is the header bits BFINAL and BTYPE = 00 padded to a
    // byte, then LEN and its ones' complement NLEN, little-endian, then LEN bytes.
    assert_eq!(stored_deflate(b"ab"), vec![1, 2, 0, 0xfd, 0xff, b'a', b'b']);
    // The empty input is one empty final block.
    assert_eq!(stored_deflate(b""), vec![1, 0, 0, 0xff, 0xff]);
    // A block holds at most 65,535 bytes: 65,536 take two, the first not final.
    let long = vec![7u8; 65_536];
    let packed = stored_deflate(&long);
    assert_eq!(&packed[..5], &[0, 0xff, 0xff, 0, 0]);
    assert_eq!(
        &packed[5 + 65_535..5 + 65_535 + 6],
        &[1, 1, 0, 0xfe, 0xff, 7]
    );
    assert_eq!(packed.len(), long.len() + 10);
    for size in [0, 1, 300, 65_535, 65_536, 200_000] {
        let input: Vec<u8> = (0..size).map(|i| (i * 31 % 251) as u8).collect();
        assert_eq!(
            miniz::inflate(&stored_deflate(&input)),
            Inflated::Json(input),
            "{size} bytes"
        );
    }
}

#[test]
fn a_stored_blocks_link_opens_the_same_scenario_as_a_compressed_one() {
    let mut scenario = paper().scenario.clone();
    scenario.course.students = 345.0;
    scenario.title = "Spring section".into();
    let json = encode_json(&scenario, None, paper());
    let stored = payload_of_deflated(&stored_deflate(&json));
    let compressed = encode(&scenario, paper());
    assert!(compressed.len() < stored.len());
    let from_stored = decode(&stored, catalog()).unwrap();
    assert!(from_stored.notices.is_empty(), "{:?}", from_stored.notices);
    assert_eq!(from_stored, decode(&compressed, catalog()).unwrap());
    assert_eq!(from_stored.scenario, scenario);
}

#[test]
fn inflating_stops_at_the_limit_and_every_failure_is_a_notice() {
    // One byte past the limit is refused; the limit itself is read.
    let bomb = miniz::deflate(&vec![b' '; MAX_JSON_BYTES + 1]);
    assert!(bomb.len() < 2_000, "a bomb is small: {} bytes", bomb.len());
    assert_eq!(miniz::inflate(&bomb), Inflated::TooLarge);
    let full = miniz::deflate(&vec![b' '; MAX_JSON_BYTES]);
    assert_eq!(
        miniz::inflate(&full),
        Inflated::Json(vec![b' '; MAX_JSON_BYTES])
    );
    let notice = |inflated: Inflated| {
        let decoded = decode_inflated(&bomb, inflated, catalog()).unwrap();
        assert_eq!(decoded.scenario, paper().start);
        assert_eq!(decoded.notices.len(), 1);
        decoded.notices[0].clone()
    };
    assert!(notice(Inflated::TooLarge).contains("too large"));
    assert!(notice(Inflated::Unavailable).contains("DecompressionStream"));
    // Bytes that are not deflate are read as JSON: here they are not JSON either.
    assert!(notice(Inflated::NotDeflate).contains("damaged"));
    // A payload too long, or not base64, is refused before any inflating.
    assert!(unpack(&"A".repeat(16_385))
        .unwrap_err()
        .contains("too long"));
    assert!(unpack("not base64!").unwrap_err().contains("damaged"));
    // Plain JSON, not deflated, is read as it is (hand-written links).
    let plain = URL_SAFE_NO_PAD.encode(br#"{"v":2,"ti":"By hand"}"#);
    let bytes = unpack(&plain).unwrap();
    let decoded = decode_inflated(&bytes, miniz::inflate(&bytes), catalog()).unwrap();
    assert_eq!(decoded.scenario.title, "By hand");
}

#[test]
fn the_browsers_compressed_payload_is_kept_for_its_own_state_only() {
    let state = Rc::new(ScenarioState::from_decoded(None, None).unwrap());
    let now = state.payload_now();
    assert!(!state.is_link_packed());
    // A refused change keeps the scenario: its state shares the link with the one before.
    let refused = state.clone().apply(Action::Change(Change::RemoveLab(999)));
    assert!(
        refused.visit.notice.is_some(),
        "a lab that does not exist is refused"
    );
    let shown = Rc::new(Cell::new(0));
    let counter = shown.clone();
    state.when_packed(move || counter.set(counter.get() + 1));
    let packed = "compressed-by-the-browser".to_string();
    let before = (*state).clone();
    state.keep_packed(packed.clone());
    assert!(state.is_link_packed());
    assert_eq!(state.share_payload(), packed);
    assert_eq!(state.share_fragment(), format!("s={packed}"));
    assert_eq!(refused.share_payload(), packed);
    // What waited for it ran once; a later answer does not replace the first.
    assert_eq!(shown.get(), 1);
    state.keep_packed("another".into());
    assert_eq!((state.share_payload(), shown.get()), (packed.clone(), 1));
    // The one thing written back without an action (ScenarioState's documented exception): not
    // an undo step, and no new state, which equals the one before (nothing but what shows the
    // link renders again).
    assert_eq!(state.history.undo_label(), None);
    assert!(*state == before, "the same plan and visit");
    assert!(Rc::ptr_eq(&state.scenario, &before.scenario));
    assert_ne!(now, packed);
    // An edit starts afresh: the payload is that of the new scenario.
    let edited = state.apply(Action::EditNumber {
        field: course_cost::model::scenario::field::Setting::Students.into(),
        text: "250".into(),
    });
    assert!(!edited.is_link_packed());
    let decoded = decode(&edited.share_payload(), edited.catalog).unwrap();
    assert_eq!(decoded.scenario.course.students, 250.0);
}
