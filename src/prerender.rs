//! The first paint of the page, rendered natively at build time from the default scenario (see
//! `src/bin/prerender.rs`): the same header and summary bar the app draws first, so nothing
//! jumps when the app takes over.

use crate::model::engine::price_age::PriceAge;
use crate::model::html::escaped as escape;
use crate::model::presets::paper_gap::PaperLine;
use crate::model::share::Tab;
use crate::state::ScenarioState;

/// The page's header, which stays (the app does not draw it again: the largest text of the first
/// screen is painted once, before any script), then the summary bar of the paper's course, the
/// tabs and a loading note, which the app replaces when it starts.
pub fn first_paint() -> Result<String, String> {
    let state = ScenarioState::from_decoded(None, None)?;
    let estimate = &state.estimate;
    let totals = &estimate.totals;
    let pricing = &state.scenario.pricing;
    let money = |usd: f64| pricing.money(usd);
    let gap = PaperLine::of(&state.scenario, state.catalog, state.origin)
        .map(|line| line.sentence_in(pricing))
        .unwrap_or_default();
    // The summary bar's price-age warning, so the bar keeps its height when the app takes over.
    let price_warning = PriceAge::of_prices(&estimate.lines, state.catalog, &pricing.snapshot)
        .and_then(|age| age.warning())
        .map(|text| {
            format!(
                r#"<p class="warning price-age-warning" role="status">{}</p>"#,
                escape(&text)
            )
        })
        .unwrap_or_default();
    // The range's stand-in span, as the app draws it (its usage draws come after the start).
    let students = estimate.students.max(1.0);
    let stand_ins =
        crate::model::planners::stand_in_range::stand_in_span(&state.scenario, state.catalog)
            .map(|(low, high)| {
                format!(
                    "; which offers stand in: {}-{}",
                    pricing.per_student(low / students),
                    pricing.per_student(high / students)
                )
            })
            .unwrap_or_default();
    let tabs: String = Tab::ALL
        .iter()
        .map(|tab| {
            let current = if *tab == Tab::default() {
                " current"
            } else {
                ""
            };
            format!(
                "<span class=\"tab{current}\">{}</span>",
                escape(tab.label())
            )
        })
        .collect();
    Ok(format!(
        r#"<header class="site-header"><h1>Course cost calculator</h1>
<p class="tagline">What a hands-on ML-systems course costs in cloud compute, before you teach it. The default is the course analysed in <cite>The Cost of Teaching Operational ML</cite> (Fund, Keahey, Hammock, Richardson, Powers, Sherman; SC-W '25, <a href="https://doi.org/10.1145/3731599.3767385">doi:10.1145/3731599.3767385</a>).</p></header>
<div class="prerendered" aria-busy="true"><main class="calculator">
<section class="summary-bar" aria-label="Summary of the estimate"><p class="summary-name">{prices}</p><div class="summary-figures">
<p class="summary-figure"><span class="summary-label">Total</span> <strong>{total}</strong></p>
<p class="summary-figure"><span class="summary-label">Per student</span> <strong>{per_student}</strong></p>
<p class="summary-figure summary-split">labs {labs} · project {project}</p>
</div>{price_warning}</section>
<div class="first-lines"><p class="start-here no-print"><strong>Start here: </strong>your Students, then your cloud Provider.</p>
<p class="cost-range summary-range"><span class="summary-label">Per student, p10-p90: </span>usage: drawing 500 times…{stand_ins}</p>
<p class="summary-gap">{gap}</p></div>
<div class="tabs">{tabs}</div>
<p class="panel loading">Loading the calculator: the figures above are the paper's course; every parameter becomes editable in a moment.</p>
</main></div>"#,
        total = escape(&money(totals.net_usd)),
        per_student = escape(&pricing.per_student(totals.per_student_usd)),
        labs = escape(&pricing.per_student(estimate.labs_per_student_usd())),
        project = escape(&pricing.per_student(estimate.project_per_student_usd())),
        gap = escape(&gap),
        stand_ins = escape(&stand_ins),
        prices = escape(&format!(
            "{}, {}",
            crate::model::engine::priced_by::provider_short(state.catalog, pricing),
            state.catalog.price_set_words(&pricing.snapshot)
        )),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A figure of tests/fixtures/paper.json's default scenario, the tests' one source of them.
    fn expected(name: &str) -> f64 {
        let fixture: serde_json::Value =
            serde_json::from_str(include_str!("../tests/fixtures/paper.json")).expect("parses");
        fixture["default_scenario"][name]
            .as_f64()
            .expect("a figure")
    }

    /// `usd` in whole dollars with thousands commas, written out here.
    fn whole(usd: f64) -> String {
        let digits = format!("{:.0}", usd.round());
        let mut out = String::from("$");
        for (i, digit) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                out.push(',');
            }
            out.push(digit);
        }
        out
    }

    #[test]
    fn the_first_paint_holds_the_papers_course_figures() {
        let html = first_paint().expect("the default scenario renders");
        // The headline at the newest prices (issue 43)...
        let (total, per_student) = (
            expected("today_total_usd"),
            expected("today_per_student_usd"),
        );
        assert!(
            html.contains(&format!("<strong>{}</strong>", whole(total))),
            "{html}"
        );
        // Per student to the cent (the precision rule for per-student figures).
        assert!(html.contains(&format!("<strong>${per_student:.2}</strong>")));
        assert!(
            html.contains("newest prices (provider catalogs read "),
            "{html}"
        );
        // ... and the paper's line at its semester's prices, in whole percent above its $250.
        let then = expected("per_student_usd");
        let above = (then / 250.0 - 1.0) * 100.0;
        let line = format!(
            "At Spring 2025 prices, the semester the paper reports: ${then:.2} per student, {above:.0}% above its about $250."
        );
        assert!(html.contains(&line), "{html}");
        assert!(!html.contains("<script"));
        // The header stands outside what the app replaces.
        assert!(html.find("</header>") < html.find("class=\"prerendered\""));
    }
}
