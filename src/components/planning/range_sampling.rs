//! The sampled range of the total (the band: p10, median, p90 of the usage draws), drawn by the
//! page's lasting Web Worker (`browser::worker_shared`), never on the page's thread: a change is
//! asked for a moment after it is painted, and a newer change supersedes the draws of an older
//! one (the worker stops them; an answer carries its request's number, and only the newest is
//! kept). Before its draws the worker sends the tornado's rows and the stand-ins' span of the
//! same scenario. The summary bar, the results and the Plan view share one band per scenario.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use yew::prelude::*;

use super::savings_panel::ByPtr;
use crate::browser::worker_shared::{listen, next_id, post, Heard, Listening};
use crate::model::planners::interval::CostInterval;
use crate::model::planners::uncertain::TornadoRow;
use crate::model::presets::Preset;
use crate::model::scenario::valid::ValidScenario;
use crate::model::worker_protocol::{BandRequest, FromWorker, Ranges, ToWorker};

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

/// The tornado's rows and the stand-ins' span, and the scenario they are for.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct SampledRanges {
    /// The scenario.
    pub scenario: Rc<ValidScenario>,
    /// The net cost at the cheapest stand-ins and at the priciest (US dollars), or why not.
    pub span: Result<(f64, f64), String>,
    /// The tornado's rows, largest swing first, or why not.
    pub rows: Rc<Result<Vec<TornadoRow>, String>>,
}

/// The band last asked for: its scenario, the request's number and, once there, the answers.
struct Asked {
    scenario: Rc<ValidScenario>,
    id: u64,
    ranges: Option<SampledRanges>,
    answer: Option<Result<CostInterval, String>>,
}

thread_local! {
    static ASKED: RefCell<Option<Asked>> = const { RefCell::new(None) };
    /// Keeps each answer in `ASKED` whether or not a part of the page listens when it comes: a
    /// view being swapped for another has no listener for a moment, and an answer lost then
    /// would never be asked for again.
    static KEEPER: RefCell<Option<Listening>> = const { RefCell::new(None) };
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
    KEEPER.with(|keeper| {
        keeper.borrow_mut().get_or_insert_with(|| {
            listen(|answer: &Heard| {
                heard(answer);
            })
        });
    });
    let id = next_id();
    ASKED.with(|a| {
        *a.borrow_mut() = Some(Asked {
            scenario: scenario.clone(),
            id,
            ranges: None,
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

/// What the worker said, for the scenario last asked for (kept for every part of the page).
enum Said {
    /// The tornado's rows and the stand-ins' span.
    Ranges(SampledRanges),
    /// The band's draws, or why there are none.
    Band(SampledRange),
}

/// The worker's answer as the page keeps it; nothing for an answer to an older request or to
/// something else.
fn heard(heard: &Heard) -> Vec<Said> {
    ASKED.with(|asked| {
        let mut asked = asked.borrow_mut();
        let Some(asked) = asked.as_mut() else {
            return Vec::new();
        };
        let scenario = asked.scenario.clone();
        match heard {
            Ok(FromWorker::Ranges { id, ranges }) if *id == asked.id => {
                let Ranges { span, rows } = (**ranges).clone();
                let ranges = SampledRanges {
                    scenario,
                    span,
                    rows: Rc::new(rows),
                };
                asked.ranges = Some(ranges.clone());
                vec![Said::Ranges(ranges)]
            }
            Ok(FromWorker::Band { id, interval }) if *id == asked.id => {
                asked.answer = Some(interval.clone());
                let interval = interval.clone();
                vec![Said::Band(SampledRange { scenario, interval })]
            }
            Ok(_) => Vec::new(),
            // The worker could not be loaded or failed: said for the scenario asked for, and
            // the next change asks again.
            Err(why) => {
                asked.id = 0;
                let ranges = SampledRanges {
                    scenario: scenario.clone(),
                    span: Err(why.clone()),
                    rows: Rc::new(Err(why.clone())),
                };
                let interval = Err(why.clone());
                vec![
                    Said::Ranges(ranges),
                    Said::Band(SampledRange { scenario, interval }),
                ]
            }
        }
    })
}

/// The tornado's rows and the span of `scenario` if the worker sent them.
fn worked_out(scenario: &Rc<ValidScenario>) -> Option<SampledRanges> {
    ASKED.with(|asked| {
        let asked = asked.borrow();
        let asked = asked
            .as_ref()
            .filter(|a| Rc::ptr_eq(&a.scenario, scenario))?;
        asked.ranges.clone()
    })
}

/// The latest finished range and the latest tornado and span (of an older scenario while the
/// worker works on a new one); the worker is asked a moment after `scenario` changes.
#[hook]
pub(super) fn use_sampled_range(
    scenario: Rc<ValidScenario>,
    origin: &'static Preset,
    draws: usize,
) -> (Option<SampledRange>, Option<SampledRanges>) {
    let finished = {
        let scenario = scenario.clone();
        use_state(move || drawn(&scenario))
    };
    let ranges = {
        let scenario = scenario.clone();
        use_state(move || worked_out(&scenario))
    };
    let _listening: Rc<Listening> = {
        let (finished, ranges) = (finished.clone(), ranges.clone());
        use_memo((), move |_| {
            listen(move |answer: &Heard| {
                for said in heard(answer) {
                    match said {
                        Said::Ranges(worked) => ranges.set(Some(worked)),
                        Said::Band(range) => finished.set(Some(range)),
                    }
                }
            })
        })
    };
    let delay = use_mut_ref(|| None::<Timeout>);
    {
        let (finished, ranges) = (finished.clone(), ranges.clone());
        use_effect_with(ByPtr(scenario), move |ByPtr(scenario)| {
            if let Some(worked) = worked_out(scenario) {
                ranges.set(Some(worked));
            }
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
    ((*finished).clone(), (*ranges).clone())
}
