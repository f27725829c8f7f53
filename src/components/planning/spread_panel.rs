//! Per-student spread and the budget planner: a Monte Carlo of whole course runs, computed in
//! slices so the page keeps drawing, started a moment after the last edit.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use yew::prelude::*;

use crate::charts::data::student_spread;
use crate::components::{BarChartView, NumberInput};
use crate::model::format;
use crate::model::planners::budget::plan_budget;
use crate::model::planners::spread::{Simulation, SpreadInputs, SpreadResult};
use crate::model::scenario::field::{FieldPath, Setting};
use crate::state::use_scenario;

/// Course runs simulated between two frames.
const RUNS_PER_SLICE: usize = 500;
/// Wait after the last edit before simulating (milliseconds).
const START_DELAY_MS: u32 = 120;

/// A finished simulation with its timing.
#[derive(Clone, Debug, PartialEq)]
struct Finished {
    result: SpreadResult,
    inputs: SpreadInputs,
    /// Time spent computing, summed over slices (milliseconds).
    compute_ms: f64,
    /// Time from start to end, yields included (milliseconds).
    wall_ms: f64,
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
        let finished = simulation.borrow_mut().advance(RUNS_PER_SLICE);
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

/// The spread and budget panel.
#[component]
pub fn SpreadPanel() -> Html {
    let state = use_scenario();
    let estimate = &state.estimate;
    let scenario = &state.scenario;
    let planning = &scenario.planning;
    let pricing = &scenario.pricing;
    let money = |usd: f64| format::money(usd, &pricing.currency, pricing.usd_to_currency);
    let inputs = SpreadInputs {
        labs_mean_usd: estimate.labs_per_student_usd(),
        project_share_usd: estimate.project_per_student_usd(),
        sigma: planning.spread_sigma,
        students: estimate.students as usize,
        runs: planning.runs as usize,
        seed: planning.seed,
        credit_usd: planning.credit_threshold_usd,
    };
    let finished = use_state(|| None::<Finished>);
    let slot = use_mut_ref(|| None::<Timeout>);
    {
        let finished = finished.clone();
        let slot = slot.clone();
        // Inputs as bits: f64 is not Eq, and an exact comparison is what is wanted here.
        let key = (
            inputs.labs_mean_usd.to_bits(),
            inputs.project_share_usd.to_bits(),
            inputs.sigma.to_bits(),
            inputs.students,
            inputs.runs,
            inputs.seed,
            inputs.credit_usd.to_bits(),
        );
        use_effect_with(key, move |_| {
            let done = Callback::from(move |f: Finished| finished.set(Some(f)));
            let slices = slot.clone();
            // Replacing the pending timeout cancels a simulation still running for old inputs.
            *slot.borrow_mut() = Some(Timeout::new(START_DELAY_MS, move || {
                let simulation = Rc::new(RefCell::new(Simulation::new(inputs)));
                run_slices(simulation, slices, now_ms(), 0.0, done);
            }));
        });
    }
    let current = finished.as_ref().filter(|f| f.inputs == inputs);
    let result = finished
        .as_ref()
        .map(|f| f.result.clone())
        .unwrap_or_default();
    let chart = use_memo(
        (
            finished.clone(),
            pricing.currency.clone(),
            pricing.usd_to_currency.to_bits(),
        ),
        |(finished, currency, rate)| {
            let result = finished
                .as_ref()
                .map(|f| f.result.clone())
                .unwrap_or_default();
            student_spread(&result, currency, f64::from_bits(*rate))
        },
    );
    let percentile_cost = {
        let p = planning.percentile;
        // Interpolate between the simulated percentiles the planner shows.
        if p <= 50.0 {
            result.p50_usd
        } else if p <= 90.0 {
            result.p50_usd + (result.p90_usd - result.p50_usd) * (p - 50.0) / 40.0
        } else {
            result.p90_usd + (result.p99_usd - result.p90_usd) * ((p - 90.0) / 9.0).min(1.0)
        }
    };
    let plan = plan_budget(planning.budget_usd, percentile_cost);
    let status = match (current, finished.as_ref()) {
        (Some(f), _) => format!(
            "{} simulated course runs of {} students: {} ms of computing ({} ms with pauses for drawing).",
            format::number(f.result.runs as f64, 0),
            format::number(f.inputs.students as f64, 0),
            format::number(f.compute_ms, 1),
            format::number(f.wall_ms, 0),
        ),
        (None, Some(_)) => "Updating for your last change…".to_string(),
        (None, None) => "Simulating…".to_string(),
    };
    let paper = state.preset.and_then(|p| p.paper.as_ref());

    html! {
        <section class="panel no-print" aria-labelledby="spread-title">
            <h2 id="spread-title">{ "Student by student" }</h2>
            <p class="panel-intro">
                { "Each student's lab use is the course's mean times a random factor (log-normal, mean 1): \
                   a few students cost many times the typical one. The project is shared equally. The \
                   default spread makes the paper's course's most expensive student cost over $600 of \
                   labs, as the paper reports." }
            </p>
            <dl class="figures spread-figures">
                <div class="figure"><dt>{ "Median student" }</dt><dd>
                    <span class="figure-value" data-testid="student-cost-p50">{ money(result.p50_usd) }</span></dd></div>
                <div class="figure"><dt>{ "90th percentile" }</dt><dd>
                    <span class="figure-value" data-testid="student-cost-p90">{ money(result.p90_usd) }</span></dd></div>
                <div class="figure"><dt>{ "99th percentile" }</dt><dd>
                    <span class="figure-value" data-testid="student-cost-p99">{ money(result.p99_usd) }</span></dd></div>
                <div class="figure"><dt>{ "Most expensive student" }</dt><dd>
                    <span class="figure-value" data-testid="student-cost-max">{ money(result.max_usd) }</span>
                    <span class="figure-detail">{ format!(
                        "labs {}, in a typical run; 1 run in 10: over {}",
                        money(result.max_labs_usd), money(result.max_p90_usd)
                    ) }</span>
                    if let Some(p) = paper {
                        <span class="figure-paper">{ format!("Paper: labs over {}", format::money(p.max_student_labs_usd, "USD", 1.0)) }</span>
                    }
                </dd></div>
            </dl>
            <p class="field-hint" data-testid="spread-status"
                data-compute-ms={current.map(|f| format!("{:.3}", f.compute_ms))}
                data-runs={current.map(|f| f.result.runs.to_string())}>
                { status }
            </p>
            <BarChartView chart={chart} testid="chart-student-spread" height={240} />
            <div class="planner-grid">
                <NumberInput field={FieldPath::from(Setting::SpreadSigma)} value={planning.spread_sigma}
                    label="Spread between students" unit="sigma" step={0.05} slider={Some((0.0, 2.0))}
                    testid="spread-input"
                    hint="0 = every student uses the mean; 0.75 = calibrated on the paper's course." />
                <NumberInput field={FieldPath::from(Setting::CreditThreshold)} value={planning.credit_threshold_usd}
                    label="Credit per student to compare with" unit="US$" step={10.0}
                    testid="credit-threshold-input"
                    hint={format!("About {} students per course run would cost more than this.",
                        format::number(result.over_credit, 0))} />
            </div>
            <h3>{ "Budget planner" }</h3>
            <div class="planner-grid">
                <NumberInput field={FieldPath::from(Setting::Budget)} value={planning.budget_usd}
                    label="Budget" unit="US$" step={1000.0} testid="budget-input" />
                <NumberInput field={FieldPath::from(Setting::Percentile)} value={planning.percentile}
                    label="Plan every student at percentile" unit="%" step={5.0} slider={Some((50.0, 99.0))}
                    testid="percentile-input"
                    hint="50 = the typical student; 90 = 9 in 10 students cost less." />
            </div>
            <p class="planner-answer">
                { "It covers " }
                <strong data-testid="budget-students">{ format::number(plan.students_covered, 0) }</strong>
                { format!(
                    " students at {} each; to cover {}% of students fully, give each a credit of ",
                    money(plan.per_student_usd), format::quantity(planning.percentile)
                ) }
                <strong data-testid="budget-credit">{ money(plan.credit_per_student_usd) }</strong>
                { "." }
            </p>
        </section>
    }
}
