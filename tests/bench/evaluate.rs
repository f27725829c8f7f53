//! Native benchmark of the cost engine: how long one evaluation of the default scenario takes.
//! Run with `cargo bench --bench evaluate` (or `bash .ci/bench`, which also reports sizes).

use std::hint::black_box;
use std::time::{Duration, Instant};

use course_cost::model::planners::spread::{simulate, SpreadInputs};
use course_cost::model::presets::paper_course;
use course_cost::model::{evaluate, Catalog};

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let index = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[index]
}

fn main() {
    let catalog = match Catalog::builtin() {
        Ok(catalog) => catalog,
        Err(error) => return eprintln!("catalog: {error}"),
    };
    let scenario = match paper_course() {
        Ok(preset) => &preset.scenario,
        Err(error) => return eprintln!("preset: {error}"),
    };
    for _ in 0..200 {
        black_box(evaluate(black_box(scenario), catalog).ok());
    }
    const RUNS: usize = 5_000;
    let mut times = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let start = Instant::now();
        black_box(evaluate(black_box(scenario), catalog).ok());
        times.push(start.elapsed());
    }
    times.sort_unstable();
    let mean = times.iter().sum::<Duration>() / RUNS as u32;
    println!(
        "evaluate(default scenario), native, {RUNS} runs: median {:.1} µs, p95 {:.1} µs, mean {:.1} µs",
        percentile(&times, 0.5).as_secs_f64() * 1e6,
        percentile(&times, 0.95).as_secs_f64() * 1e6,
        mean.as_secs_f64() * 1e6,
    );

    // The per-student Monte Carlo of the default scenario: 10,000 course runs of 191 students.
    let Ok(estimate) = evaluate(scenario, catalog) else {
        return eprintln!("the default scenario does not price");
    };
    let inputs = SpreadInputs::of(&estimate, &scenario.planning);
    let mut times: Vec<Duration> = (0..7)
        .map(|_| {
            let start = Instant::now();
            black_box(simulate(black_box(inputs)));
            start.elapsed()
        })
        .collect();
    times.sort_unstable();
    println!(
        "Monte Carlo, native, {} runs of 191 students: median {:.1} ms over 7 repetitions",
        inputs.runs,
        percentile(&times, 0.5).as_secs_f64() * 1e3,
    );
}
