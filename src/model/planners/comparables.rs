//! Published costs of teaching with cloud resources (comparables), loaded from
//! `src/data/comparables.toml` (baked by `build.rs`), to place a scenario's cost per student among other courses.

use serde::Serialize;

/// Where a comparable figure was published.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Citation {
    /// Title of the page or paper.
    pub title: &'static str,
    /// Publisher or author.
    pub publisher: &'static str,
    /// Publication date (ISO date, year, or academic year).
    pub date: &'static str,
    /// Public address.
    pub url: &'static str,
}

/// One course's published cost figure.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparable {
    /// Course or programme.
    pub course: &'static str,
    /// Year the figure is from (calendar year; the first year of an academic year).
    pub year: u16,
    /// The period as the source gives it ("2024-25", "Spring 2025").
    pub period: &'static str,
    /// The figure in words, as published.
    pub figure: &'static str,
    /// What the figure covers.
    pub covers: &'static str,
    /// Low end per student (US dollars per student); `None` when the figure has no low end.
    pub per_student_low_usd: Option<f64>,
    /// High end per student (US dollars per student); `None` when the figure has no high end.
    pub per_student_high_usd: Option<f64>,
    /// The figure is an education credit handed to each student, not a measured cost.
    pub education_credit: bool,
    /// Where it was published.
    pub citation: Citation,
}

include!(concat!(env!("OUT_DIR"), "/comparables.rs"));

/// The comparables shipped with the app, in file order: baked at build time, so always there
/// (the `Result` is kept for callers written when they were parsed at startup).
pub fn builtin_comparables() -> Result<&'static [Comparable], String> {
    Ok(COMPARABLES)
}
