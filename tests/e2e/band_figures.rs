//! The band of the first screen's scenario as the native engine draws it, for the browser test
//! that checks the page shows the same (`tests/e2e/worker.test.mjs`): `cargo run --quiet
//! --example band_figures [STUDENTS]` prints the percentiles (US dollars) and the students they
//! are shared by, as JSON. The draws are the page's: 500, with the scenario's own seed.

use course_cost::model::catalog::Catalog;
use course_cost::model::evaluate;
use course_cost::model::planners::interval::sample;
use course_cost::model::presets::paper_course;
use course_cost::model::scenario::valid::ValidScenario;

/// Draws of the band, as the page makes them (`components::planning::tornado_panel::DRAWS`).
const DRAWS: usize = 500;

fn main() -> Result<(), String> {
    let preset = paper_course()?;
    let catalog = Catalog::builtin()?;
    let mut scenario = preset.start.clone();
    if let Some(students) = std::env::args().nth(1) {
        scenario.course.students = students.parse().map_err(|_| "STUDENTS is a number")?;
    }
    let valid = ValidScenario::new(scenario, catalog).map_err(|e| format!("{e:?}"))?;
    let band = sample(&valid, catalog, preset, DRAWS, valid.planning.seed)
        .map_err(|e| format!("{e:?}"))?;
    let students = evaluate(&valid, catalog)
        .map_err(|e| format!("{e:?}"))?
        .students;
    println!(
        "{{\"p10_usd\":{},\"p50_usd\":{},\"p90_usd\":{},\"draws\":{},\"dropped\":{},\"typical_usd\":{},\"students\":{}}}",
        band.p10_usd, band.p50_usd, band.p90_usd, band.draws, band.dropped, band.typical_usd, students
    );
    Ok(())
}
