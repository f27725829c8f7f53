//! The sampled range of the total (the band: p10, median, p90 of the usage draws), drawn by the
//! page's lasting Web Worker (`browser::worker_shared`), never on the page's thread: a change is
//! asked for a moment after it is painted, and a newer change supersedes the draws of an older
//! one (the worker stops them; an answer carries its request's number, and only the newest is
//! kept). The summary bar, the results and the Plan view share one band per scenario.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use yew::prelude::*;

use super::savings_panel::ByPtr;
use crate::browser::worker_shared::{listen, next_id, post, Heard, Listening};
use crate::model::planners::interval::CostInterval;
use crate::model::presets::Preset;
use crate::model::scenario::valid::ValidScenario;
use crate::model::worker_protocol::{BandRequest, FromWorker, ToWorker};

/// Wait after a change before the band is asked for (milliseconds): the change is painted
/// first, and a burst of keystrokes asks once.
const ASK_DELAY_MS: u32 = 60;

/// A finished range and the scenario it is for.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct SampledRange {
    /// The scenario the draws varied.
    pub scenario: Rc<ValidScenario>,
    /// Its percentiles, or why there are none (in words).
    pub interval: Result<CostInterval, String>,
}

/// The band last asked for: its scenario, the request's number and, once there, the answer.
struct Asked {
    scenario: Rc<ValidScenario>,
    id: u64,
    answer: Option<Result<CostInterval, String>>,
}

thread_local! {
    static ASKED: RefCell<Option<Asked>> = const { RefCell::new(None) };
}

/// The band of `scenario` if it is already drawn.
fn drawn(scenario: &Rc<ValidScenario>) -> Option<SampledRange> {
    ASKED.with(|asked| {
        let asked = asked.borrow();
        let asked = asked
            .as_ref()
            .filter(|a| Rc::ptr_eq(&a.scenario, scenario))?;
        Some(SampledRange {
            scenario: asked.scenario.clone(),
            interval: asked.answer.clone()?,
        })
    })
}

/// Asks the worker for the band of `scenario`, unless it was the last asked for (by any part
/// of the page).
fn ask(scenario: &Rc<ValidScenario>, origin: &'static Preset, draws: usize) {
    let same = ASKED.with(|a| {
        a.borrow()
            .as_ref()
            .is_some_and(|a| Rc::ptr_eq(&a.scenario, scenario) && a.id != 0)
    });
    if same {
        return;
    }
    let id = next_id();
    ASKED.with(|a| {
        *a.borrow_mut() = Some(Asked {
            scenario: scenario.clone(),
            id,
            answer: None,
        })
    });
    post(ToWorker::Band(Box::new(BandRequest {
        id,
        scenario: (***scenario).clone(),
        origin: origin.id.to_string(),
        origin_version: origin.version,
        draws,
    })));
}

/// What the worker said, as the range of the scenario last asked for (kept for every part of
/// the page), or `None` for an answer to an older request or to something else.
fn heard(heard: &Heard) -> Option<SampledRange> {
    ASKED.with(|asked| {
        let mut asked = asked.borrow_mut();
        let asked = asked.as_mut()?;
        let interval = match heard {
            Ok(FromWorker::Band { id, interval }) if *id == asked.id => interval.clone(),
            Ok(_) => return None,
            // The worker could not be loaded or failed: the next change asks again.
            Err(why) => {
                asked.id = 0;
                return Some(SampledRange {
                    scenario: asked.scenario.clone(),
                    interval: Err(why.clone()),
                });
            }
        };
        asked.answer = Some(interval.clone());
        Some(SampledRange {
            scenario: asked.scenario.clone(),
            interval,
        })
    })
}

/// The latest finished range (of an older scenario while the worker draws a new one); the
/// worker is asked a moment after `scenario` changes.
#[hook]
pub(super) fn use_sampled_range(
    scenario: Rc<ValidScenario>,
    origin: &'static Preset,
    draws: usize,
) -> Option<SampledRange> {
    let finished = {
        let scenario = scenario.clone();
        use_state(move || drawn(&scenario))
    };
    let _listening: Rc<Listening> = {
        let finished = finished.clone();
        use_memo((), move |_| {
            listen(move |answer: &Heard| {
                if let Some(range) = heard(answer) {
                    finished.set(Some(range));
                }
            })
        })
    };
    let delay = use_mut_ref(|| None::<Timeout>);
    {
        let finished = finished.clone();
        use_effect_with(ByPtr(scenario), move |ByPtr(scenario)| {
            match drawn(scenario) {
                Some(range) => finished.set(Some(range)),
                None => {
                    let scenario = scenario.clone();
                    *delay.borrow_mut() = Some(Timeout::new(ASK_DELAY_MS, move || {
                        ask(&scenario, origin, draws)
                    }));
                }
            }
            // A change before the delay ends asks for the newer scenario only.
            move || drop(delay.borrow_mut().take())
        });
    }
    (*finished).clone()
}
