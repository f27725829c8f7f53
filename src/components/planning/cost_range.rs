//! How sure the cost per student is, beside the headline: the span the usage draws give (p10 to
//! p90 of the same draws as the Plan view's band, per student) and, named apart, the span the
//! choice of stand-ins gives (every instance resource at the cheapest offer that fits, then at
//! the priciest). The draws are made by the page's Web Worker after the page is painted; until
//! they are there, the last range stays, said to be updating.

use std::rc::Rc;

use yew::prelude::*;

use super::range_sampling::use_sampled_range;
use super::tornado_panel::DRAWS;
use crate::components::inputs::term::term;
use crate::state::use_scenario;

/// What the range holds and what it leaves out, in one sentence.
pub const RANGE_NOTE: &str = "In it: how much students use (each usage input drawn within its \
    range, draws that need more than the reserved nodes supply dropped) and which commercial \
    offer stands in for each testbed node (cheapest to priciest that fits); not in it: price \
    changes, renting whole multi-GPU instances for one-GPU nodes, enrollment and the plan itself.";

/// Props of [`CostRange`].
#[derive(Properties, PartialEq)]
pub struct CostRangeProps {
    /// The one-line form of the summary bar (no sentence); else the Results form with it.
    #[prop_or_default]
    pub short: bool,
}

/// The per-student range beside the headline.
#[component]
pub fn CostRange(props: &CostRangeProps) -> Html {
    let state = use_scenario();
    let origin = state.origin;
    let pricing = state.scenario.pricing.clone();
    let (range, ranges) = use_sampled_range(state.scenario.clone(), origin, DRAWS);
    let current = range
        .as_ref()
        .filter(|r| Rc::ptr_eq(&r.scenario, &state.scenario));
    let usage = match range.as_ref().map(|r| (r, &r.interval)) {
        Some((r, Ok(i))) if i.draws > 0 => {
            let updating = if current.is_some() { "" } else { " (updating)" };
            // Per student of the scenario the draws are of (the last one's, while updating).
            let each = |usd: f64| pricing.per_student(usd / r.scenario.course.students.max(1.0));
            format!("usage {}-{}{updating}", each(i.p10_usd), each(i.p90_usd))
        }
        Some((_, Ok(_))) => "usage: no range for this scenario".to_string(),
        Some((_, Err(why))) if props.short || why.is_empty() => "usage: no range".to_string(),
        Some((_, Err(why))) => format!("usage: no range ({})", why.trim_end_matches('.')),
        None => format!("usage: drawing {DRAWS} times…"),
    };
    // The stand-ins' span (the worker sends it before the draws), per student of its scenario.
    let stand_ins = match ranges.as_ref().map(|r| (r, &r.span)) {
        Some((r, Ok((low, high)))) => {
            let updating = match Rc::ptr_eq(&r.scenario, &state.scenario) {
                true => "",
                false => " (updating)",
            };
            let each = |usd: f64| pricing.per_student(usd / r.scenario.course.students.max(1.0));
            format!(": {}-{}{updating}", each(*low), each(*high))
        }
        Some((_, Err(_))) => String::new(),
        None => ": working out…".to_string(),
    };
    let draws = current
        .and_then(|r| r.interval.as_ref().ok())
        .map(|i| i.draws.to_string());
    html! {
        <p class={classes!("cost-range", if props.short { "summary-range" } else { "no-print" })}
            data-testid={if props.short { "summary-range" } else { "per-student-range" }}
            data-draws={draws} aria-live="polite">
            <span class="summary-label">{ "Per student, " }{ term("p10", "p10-p90") }{ ": " }</span>
            <span data-testid="range-usage">{ usage }</span>
            if !stand_ins.is_empty() {
                { "; " }<span data-testid="range-stand-ins">{ "which offers " }{ term("stand-in", "stand in") }{ stand_ins }</span>
            }
            if !props.short {
                { ". " }<span class="field-hint" data-testid="range-note">{ RANGE_NOTE }</span>
            }
        </p>
    }
}
