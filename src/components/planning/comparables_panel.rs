//! How does it compare: the paper's course and other courses' published cloud costs, each with
//! its year, figure and citation, and where this scenario's cost per student sits among them.

use yew::prelude::*;

use super::parts::alert;
use crate::components::inputs::table_head::table_head;
use crate::model::format;
use crate::model::planners::comparables::{builtin_comparables, Comparable};
use crate::model::scenario::pricing::BASE_CURRENCY;
use crate::state::use_scenario;

/// Where `per_student_usd` sits against a comparable's per-student range.
pub fn position(per_student_usd: f64, comparable: &Comparable) -> &'static str {
    let (low, high) = (
        comparable.per_student_low_usd,
        comparable.per_student_high_usd,
    );
    match (low, high) {
        (None, None) => "no per-student figure",
        (Some(low), _) if per_student_usd < low => "below",
        (_, Some(high)) if per_student_usd > high => "above",
        _ => "within",
    }
}

/// The per-student figure of a comparable, in the paper's US dollars.
fn per_student(comparable: &Comparable) -> String {
    let dollars = |usd: f64| format::money(usd, BASE_CURRENCY, 1.0);
    match (
        comparable.per_student_low_usd,
        comparable.per_student_high_usd,
    ) {
        (Some(low), Some(high)) if low == high => dollars(low),
        (Some(low), Some(high)) => format!("{} - {}", dollars(low), dollars(high)),
        (Some(low), None) => format!("{} or more", dollars(low)),
        (None, Some(high)) => format!("up to {}", dollars(high)),
        (None, None) => "n/a".to_string(),
    }
}

/// A sentence on where the scenario sits among the measured costs (credits left out).
fn summary(per_student_usd: f64, comparables: &[Comparable]) -> String {
    let measured: Vec<&Comparable> = comparables.iter().filter(|c| !c.education_credit).collect();
    let count = |word: &str| {
        measured
            .iter()
            .filter(|c| position(per_student_usd, c) == word)
            .count()
    };
    let credits: Vec<f64> = comparables
        .iter()
        .filter(|c| c.education_credit)
        .filter_map(|c| c.per_student_high_usd.or(c.per_student_low_usd))
        .collect();
    let covered = credits.iter().filter(|c| **c >= per_student_usd).count();
    format!(
        "This scenario: {} per student (US dollars). Among {} measured costs it is above {}, \
         within {} and below {}; {} of {} education credits per student would cover it.",
        format::per_student(per_student_usd, BASE_CURRENCY, 1.0),
        measured.len(),
        count("above"),
        count("within"),
        count("below"),
        covered,
        credits.len()
    )
}

/// The comparables panel.
#[component]
pub fn ComparablesPanel() -> Html {
    let state = use_scenario();
    let per_student_usd = state.estimate.totals.per_student_usd;
    let comparables = match builtin_comparables() {
        Ok(list) => list,
        Err(why) => {
            return html! {
                <section class="panel" data-testid="comparables">
                    { alert(None, why) }
                </section>
            }
        }
    };
    html! {
        <section class="panel no-print" aria-labelledby="comparables-title" data-testid="comparables">
            <h2 id="comparables-title">{ "How it compares" }</h2>
            <p class="panel-intro">
                { "Published costs of teaching with cloud resources. Mind the year: prices and \
                  what courses ask of students have changed a lot. Education credits are what \
                  each student was given, not what was spent." }
            </p>
            <p data-testid="comparables-position">{ summary(per_student_usd, comparables) }</p>
            <div class="table-scroll" role="region" aria-label="Other courses" tabindex="0">
            <table class="data-table">
                <caption>{ "Other courses, oldest first" }</caption>
                { table_head(&["Course", "Year", "Figure", "Per student", "This scenario is", "Source"], false) }
                <tbody>
                    for (i, c) in sorted(comparables).into_iter().enumerate() {
                        <tr data-testid={format!("comparable-row-{i}")}>
                            <th scope="row">{ c.course }</th>
                            <td>{ format!("{} ({})", c.year, c.period) }</td>
                            <td>{ c.figure }<br /><span class="field-hint">{ c.covers }</span></td>
                            <td class="num">{ per_student(c) }
                                if c.education_credit { <br /><span class="field-hint">{ "credit" }</span> }
                            </td>
                            <td data-testid="comparable-position">{ position(per_student_usd, c) }</td>
                            <td><a href={c.citation.url} target="_blank" rel="noopener noreferrer">
                                { format!("{}, {} ({})", c.citation.title, c.citation.publisher, c.citation.date) }
                            </a></td>
                        </tr>
                    }
                </tbody>
            </table>
            </div>
        </section>
    }
}

/// The comparables, oldest first (those of one year in their listed order). An insertion into
/// place: the list is a dozen lines, and the standard library's sort would add 3.5 kB of wasm
/// for it.
fn sorted(comparables: &[Comparable]) -> Vec<&Comparable> {
    let mut list: Vec<&Comparable> = Vec::with_capacity(comparables.len());
    for comparable in comparables {
        let at = list.partition_point(|c| c.year <= comparable.year);
        list.insert(at, comparable);
    }
    list
}
