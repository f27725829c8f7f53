//! The Monte Carlo of whole course runs behind the spread panel, computed in slices so the page
//! keeps drawing, started a moment after the last edit.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use yew::prelude::*;

use crate::model::planners::spread::{Simulation, SpreadInputs, SpreadResult};

/// Student draws simulated between two frames (500 runs of the paper's 191 students, a few
/// milliseconds): a large course gets fewer runs per slice, so no slice blocks input for long.
const DRAWS_PER_SLICE: usize = 95_500;
/// Wait after the last edit before simulating (milliseconds).
const START_DELAY_MS: u32 = 120;

/// A finished simulation with its timing.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Finished {
    /// What the simulation found.
    pub result: SpreadResult,
    /// What it was run for.
    pub inputs: SpreadInputs,
    /// Time spent computing, summed over slices (milliseconds).
    pub compute_ms: f64,
    /// Time from start to end, yields included (milliseconds).
    pub wall_ms: f64,
}

fn now_ms() -> f64 {
    gloo::utils::window().performance().map_or(0.0, |p| p.now())
}

/// Runs `simulation` slice by slice on timeouts, then hands the result to `done`.
fn run_slices(
    simulation: Rc<RefCell<Simulation>>,
    slot: Rc<RefCell<Option<Timeout>>>,
    started: f64,
    computed: f64,
    done: Callback<Finished>,
) {
    let next_slot = slot.clone();
    let timeout = Timeout::new(0, move || {
        let begin = now_ms();
        let students = simulation.borrow().inputs().students.max(1);
        let finished = simulation
            .borrow_mut()
            .advance((DRAWS_PER_SLICE / students).max(1));
        let computed = computed + (now_ms() - begin);
        if finished {
            let simulation = simulation.borrow();
            done.emit(Finished {
                result: simulation.result(),
                inputs: *simulation.inputs(),
                compute_ms: computed,
                wall_ms: now_ms() - started,
            });
        } else {
            run_slices(simulation.clone(), next_slot, started, computed, done);
        }
    });
    *slot.borrow_mut() = Some(timeout);
}

/// The latest finished simulation (possibly of older inputs while a new one runs); a new one
/// starts a moment after `inputs` change, and cancels one still running for old inputs.
#[hook]
pub(super) fn use_spread_simulation(inputs: SpreadInputs) -> UseStateHandle<Option<Finished>> {
    let finished = use_state(|| None::<Finished>);
    let slot = use_mut_ref(|| None::<Timeout>);
    {
        let finished = finished.clone();
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
            // Kept under the inputs asked for (the simulation bounds its own runs and students),
            // so the panel knows the result is for what it shows.
            let done =
                Callback::from(move |f: Finished| finished.set(Some(Finished { inputs, ..f })));
            let slices = slot.clone();
            // Replacing the pending timeout cancels a simulation still running for old inputs.
            *slot.borrow_mut() = Some(Timeout::new(START_DELAY_MS, move || {
                let simulation = Rc::new(RefCell::new(Simulation::new(inputs)));
                run_slices(simulation, slices, now_ms(), 0.0, done);
            }));
            // When the panel closes (or the view changes) the run stops with it: dropping the
            // pending slice cancels its timeout and frees the simulation.
            move || drop(slot.borrow_mut().take())
        });
    }
    finished
}
