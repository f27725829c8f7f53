//! No growth per edit (issue 37, item 3): thousands of edits through the state's `apply`, as the
//! page makes them (a number typed into a field, then the field left: one undo step each), and
//! what the state holds, counted by the allocator (allocation-counter's), stays bounded once the undo history is full.
//! The browser's figure is `bash .ci/bench`'s (tests/bench/edit_memory.mjs).
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

use std::cell::Cell;
use std::rc::Rc;

use course_cost::model::scenario::field::{FieldPath, Setting};
use course_cost::state::{Action, ScenarioState, MAX_STEPS};

thread_local! {
    /// Bytes that the counted work of this thread left held (see [`counted`]).
    static HELD: Cell<isize> = const { Cell::new(0) };
}

/// Runs `work` under allocation-counter's counting allocator (each test thread counts its own)
/// and adds what it leaves held to this thread's count.
fn counted<T>(work: impl FnOnce() -> T) -> T {
    let mut out = None;
    let info = allocation_counter::measure(|| out = Some(work()));
    HELD.with(|held| held.set(held.get() + info.bytes_current as isize));
    out.expect("the work ran")
}

/// Bytes the counted work left held so far.
fn held() -> isize {
    HELD.with(Cell::get)
}

fn students() -> FieldPath {
    Setting::Students.into()
}

/// `state` after `edits` more edits of the enrollment, the `from`-th onwards: students 120 to
/// 419, each typed and the field left, as the page's field sends them.
fn edited(mut state: Rc<ScenarioState>, from: usize, edits: usize) -> Rc<ScenarioState> {
    for i in from..from + edits {
        let text = (120 + i % 300).to_string();
        state = state.apply(Action::EditNumber {
            field: students(),
            text,
        });
        state = state.apply(Action::FinishEdit(students()));
    }
    state
}

#[test]
fn what_the_state_holds_stays_bounded_once_the_history_is_full() {
    // The catalog and presets are read once, before anything is counted.
    let start = Rc::new(ScenarioState::from_sources(None, None).expect("the paper's course loads"));
    drop(edited(start.clone(), 0, 3));
    let base = held();

    let mut state = start;
    let mut figures = Vec::new();
    let mut done = 0;
    for checkpoint in [MAX_STEPS, 1_000, 2_000, 3_000, 4_000] {
        state = counted(|| edited(state, done, checkpoint - done));
        done = checkpoint;
        assert_eq!(state.history.past.len(), MAX_STEPS, "{done} edits");
        assert!(state.history.future.is_empty());
        assert!(state.visit.typed.is_empty(), "every field was left");
        figures.push((done, held() - base));
    }
    let at = |edits: usize| {
        figures
            .iter()
            .find(|(n, _)| *n == edits)
            .expect("measured")
            .1
    };
    println!("bytes the state holds after n edits: {figures:?}");
    // A step holds its scenario, not the estimate (several times larger), which is computed
    // again when the step is restored.
    let (scenario_bytes, estimate_bytes) = sizes(&state);
    let per_step = at(MAX_STEPS) / MAX_STEPS as isize;
    println!(
        "per step {per_step} B; a scenario {scenario_bytes} B, its estimate {estimate_bytes} B"
    );
    assert!(estimate_bytes > 2 * scenario_bytes);
    assert!(
        per_step < scenario_bytes + estimate_bytes / 4,
        "{per_step} B per step"
    );
    // Full after 200 steps: from then on each edit replaces the oldest step by one of the same
    // size, so what is held does not grow at all (a few bytes of slack for a longer number).
    for (edits, bytes) in &figures {
        assert!(
            (bytes - at(MAX_STEPS)).abs() <= 1_024,
            "{edits} edits: {bytes} B held, {} B after {MAX_STEPS}",
            at(MAX_STEPS)
        );
    }
    // Undo all the way and redo: the history moves, nothing is added.
    for _ in 0..MAX_STEPS {
        state = counted(|| state.apply(Action::Undo));
    }
    assert!(state.history.past.is_empty());
    for _ in 0..MAX_STEPS {
        state = counted(|| state.apply(Action::Redo));
    }
    let travelled = held() - base;
    println!("after {MAX_STEPS} undos and redos: {travelled} B");
    assert!(
        (travelled - at(4_000)).abs() <= 1_024,
        "{travelled} B after undo and redo"
    );
    counted(|| drop(state));
    assert!(
        held() - base < 1_024,
        "{} B left after the state is gone",
        held() - base
    );
}

/// The bytes a copy of `state`'s scenario holds, and those of its estimate.
fn sizes(state: &ScenarioState) -> (isize, isize) {
    let before = held();
    let scenario: course_cost::model::Scenario = counted(|| (**state.scenario).clone());
    let copied = held();
    let estimate =
        counted(|| course_cost::model::evaluate(&scenario, state.catalog).expect("valid"));
    let priced = held();
    counted(|| drop((scenario, estimate)));
    (copied - before, priced - copied)
}
