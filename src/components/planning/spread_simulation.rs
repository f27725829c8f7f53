//! The Monte Carlo of whole course runs behind the spread panel, run in the app's Web Worker
//! (fetched the first time the panel opens, `browser::worker_client`), started a moment after
//! the last edit: the page never computes it, so typing never waits for it.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use yew::prelude::*;

use crate::browser::file_stream::now_ms;
use crate::browser::worker_client::WorkerJob;
use crate::model::planners::spread::{SpreadInputs, SpreadResult};
use crate::model::worker_protocol::{FromWorker, ToWorker};

/// Wait after the last edit before simulating (milliseconds).
const START_DELAY_MS: u32 = 120;

/// A finished simulation with its timing.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Finished {
    /// What the simulation found.
    pub result: SpreadResult,
    /// What it was run for.
    pub inputs: SpreadInputs,
    /// Time the worker spent computing (milliseconds).
    pub compute_ms: f64,
    /// Time from the request to the answer (milliseconds).
    pub wall_ms: f64,
}

/// The request last posted: its number, inputs and time; answers to older ones are dropped.
#[derive(Clone, Copy)]
struct Asked {
    id: u64,
    inputs: SpreadInputs,
    at_ms: f64,
}

/// The worker, started on first use, with what it was last asked.
#[derive(Default)]
struct Simulator {
    worker: Option<WorkerJob>,
    asked: Option<Asked>,
}

type Shared = Rc<RefCell<Simulator>>;

/// Asks the worker (started if need be) to simulate `inputs`.
fn ask(
    simulator: &Shared,
    inputs: SpreadInputs,
    finished: &UseStateHandle<Option<Finished>>,
    failed: &UseStateHandle<Option<String>>,
) {
    let mut state = simulator.borrow_mut();
    let id = state.asked.map_or(1, |a| a.id + 1);
    state.asked = Some(Asked {
        id,
        inputs,
        at_ms: now_ms(),
    });
    if state.worker.is_none() {
        let on_answer = {
            let (simulator, finished) = (Rc::downgrade(simulator), finished.clone());
            move |answer: FromWorker| {
                let FromWorker::Spread {
                    id,
                    result,
                    compute_ms,
                } = answer
                else {
                    return;
                };
                let asked = simulator.upgrade().and_then(|s| s.borrow().asked);
                if let Some(asked) = asked.filter(|a| a.id == id) {
                    // Kept under the inputs asked for (the simulation bounds its own runs and
                    // students), so the panel knows the result is for what it shows.
                    finished.set(Some(Finished {
                        result,
                        inputs: asked.inputs,
                        compute_ms,
                        wall_ms: now_ms() - asked.at_ms,
                    }));
                }
            }
        };
        let on_failure = {
            let failed = failed.clone();
            move |why: String| failed.set(Some(why))
        };
        match WorkerJob::start(on_answer, on_failure) {
            Ok(worker) => state.worker = Some(worker),
            Err(why) => return failed.set(Some(why)),
        }
    }
    failed.set(None);
    if let Some(worker) = &state.worker {
        worker.post(ToWorker::Spread { id, inputs }, None);
    }
}

/// The latest finished simulation (possibly of older inputs while a new one runs), and why the
/// worker could not run one, if it could not; a new one starts a moment after `inputs` change.
#[hook]
pub(super) fn use_spread_simulation(
    inputs: SpreadInputs,
) -> (UseStateHandle<Option<Finished>>, Option<String>) {
    let finished = use_state(|| None::<Finished>);
    let failed = use_state(|| None::<String>);
    let simulator: Shared = use_mut_ref(Simulator::default);
    let delay = use_mut_ref(|| None::<Timeout>);
    {
        // Closing the panel ends the worker, and a simulation it is running.
        let simulator = simulator.clone();
        use_effect_with((), move |_| {
            move || drop(simulator.borrow_mut().worker.take())
        });
    }
    {
        let (finished, failed) = (finished.clone(), failed.clone());
        // Inputs as bits: f64 is not Eq, and an exact comparison is what is wanted here.
        let key = (
            inputs.labs_overrun_mean_usd.to_bits(),
            inputs.labs_leased_usd.to_bits(),
            inputs.project_share_usd.to_bits(),
            inputs.sigma.to_bits(),
            inputs.students,
            inputs.runs,
            inputs.seed,
            inputs.credit_usd.to_bits(),
        );
        use_effect_with(key, move |_| {
            // Replacing the pending timeout drops a request not yet made.
            *delay.borrow_mut() = Some(Timeout::new(START_DELAY_MS, move || {
                ask(&simulator, inputs, &finished, &failed);
            }));
            move || drop(delay.borrow_mut().take())
        });
    }
    (finished, (*failed).clone())
}
