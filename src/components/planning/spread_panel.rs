//! Per-student spread and the budget planner, over a Monte Carlo of whole course runs (see
//! [`use_spread_simulation`]).

use yew::prelude::*;

use super::budget_planner::budget_planner;
use super::spread_simulation::{use_spread_simulation, Finished};
use crate::charts::data::student_spread;
use crate::components::inputs::setting_input::{no_hint, setting_inputs};
use crate::components::results::bar_chart::BarChartView;
use crate::components::testbeds::planner_lines::cloudbank_line;
use crate::components::testbeds::planner_lines::su_cap_line;
use crate::model::format;
use crate::model::planners::spread::{SpreadInputs, SpreadResult};
use crate::model::plural::plural;
use crate::model::scenario::field::Setting;
use crate::model::scenario::pricing::BASE_CURRENCY;
use crate::model::scenario::setting_field::Section;
use crate::state::use_scenario;

/// A figure the paper reports, in its own US dollars whatever the scenario's currency.
fn paper_dollars(usd: f64) -> String {
    format::money(usd, BASE_CURRENCY, 1.0)
}

/// Median, 90th and 99th percentile (in closed form, from `inputs`: the figures the budget
/// planner and the SU cap show) and most expensive student of the simulated spread `result`, in the scenario's money; `paper_max_labs_usd` is the paper's most expensive
/// student's labs (US dollars), when the scenario started from the paper's course (whatever the
/// provider or edits since).
fn student_figures(
    inputs: &SpreadInputs,
    result: &SpreadResult,
    money: &dyn Fn(f64) -> String,
    paper_max_labs_usd: Option<f64>,
) -> Html {
    let most = html! {
        <>
            <span class="figure-detail">{ format!(
                "labs {}, in a typical run; 1 run in 10: over {}",
                money(result.max_labs_usd), money(result.max_p90_usd)
            ) }</span>
            if let Some(labs_usd) = paper_max_labs_usd {
                <span class="figure-paper" data-testid="spread-paper-comparison">{ format!(
                    "This scenario's most expensive student: {} of labs; the paper: more than {} \
                     (a comparison: the spread is not fitted to it).",
                    money(result.max_labs_usd), paper_dollars(labs_usd)
                ) }</span>
            }
        </>
    };
    html! {
        <dl class="figures spread-figures">
            { student_figure("Median student", "student-cost-p50", money(inputs.percentile_usd(50.0)), Html::default()) }
            { student_figure("90th percentile", "student-cost-p90", money(inputs.percentile_usd(90.0)), Html::default()) }
            { student_figure("99th percentile", "student-cost-p99", money(inputs.percentile_usd(99.0)), Html::default()) }
            { student_figure("Most expensive student", "student-cost-max", money(result.max_usd), most) }
        </dl>
    }
}

/// One figure of the spread: its name, its value (`data-testid` `testid`) and what follows the
/// value (`more`, or nothing).
fn student_figure(name: &'static str, testid: &'static str, value: String, more: Html) -> Html {
    html! {
        <div class="figure"><dt>{ name }</dt><dd>
            <span class="figure-value" data-testid={testid}>{ value }</span>{ more }</dd></div>
    }
}

/// What the simulation is doing: what it gives once current (its timing is for the bench, in
/// `data-compute-ms`, not the reader), else that it is working, or why it failed.
fn status_text(
    current: Option<&Finished>,
    latest: Option<&Finished>,
    failed: Option<&str>,
) -> String {
    match (current, latest) {
        (None, _) if failed.is_some() => failed.unwrap_or_default().to_string(),
        (Some(f), _) => format!(
            "{} simulated course runs of {} {}: the most expensive student, the students over the credit and the chart.",
            format::number(f.result.runs as f64, 0),
            format::number(f.inputs.students as f64, 0),
            plural(f.inputs.students as f64, "student", "students"),
        ),
        (None, Some(_)) => "Updating for your last change…".to_string(),
        (None, None) => "Simulating…".to_string(),
    }
}

/// The spread and budget panel.
#[component]
pub fn SpreadPanel() -> Html {
    let state = use_scenario();
    let estimate = &state.estimate;
    let planning = &state.scenario.planning;
    let pricing = &state.scenario.pricing;
    let inputs = SpreadInputs::of(estimate, planning);
    let (finished, failed) = use_spread_simulation(inputs);
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
    let paper = state.origin.paper.as_ref();
    // Every figure here is an amount per student: to the cent.
    let money = |usd: f64| pricing.per_student(usd);

    html! {
        <section class="panel no-print" aria-labelledby="spread-title">
            <h2 id="spread-title">{ "Student by student" }</h2>
            <p class="panel-intro" data-testid="spread-model">
                { format!("Only lab use without a lease end differs between students: lab VMs, their \
                   floating IPs and volumes, {} per student on average, times a random factor per \
                   student (log-normal, mean 1), so a few students cost many times the typical one. \
                   Bare-metal and edge blocks end with their lease ({} per student) and the project \
                   is shared equally ({}): every student pays those alike. The spread (sigma) is an \
                   assumption; no course publishes how its students differ.",
                   money(inputs.labs_overrun_mean_usd), money(inputs.labs_leased_usd),
                   money(inputs.project_share_usd)) }
            </p>
            { student_figures(&inputs, &result, &money, paper.map(|p| p.max_student_labs_usd)) }
            <p class="field-hint" data-testid="spread-status"
                data-compute-ms={current.map(|f| format!("{:.3}", f.compute_ms))}
                data-runs={current.map(|f| f.result.runs.to_string())}>
                { status_text(current, finished.as_ref(), failed.as_deref()) }
            </p>
            <BarChartView chart={chart} testid={"chart-student-spread"} height={240} />
            <div class="planner-grid">
                { setting_inputs(Section::Spread, &state.scenario, &|setting| {
                    (setting == Setting::CreditThreshold).then(|| inputs.over_credit_words(result.over_credit))
                }) }
            </div>
            { budget_planner(setting_inputs(Section::Budget, &state.scenario, &no_hint),
                planning, &inputs, &money) }
            { su_cap_line(&state) }
            { cloudbank_line(&state) }
        </section>
    }
}
