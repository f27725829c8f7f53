//! Published costs of teaching with cloud resources (comparables), loaded from
//! `src/data/comparables.toml`, to place a scenario's cost per student among other courses.

use serde::{Deserialize, Serialize};

use crate::model::embedded::{embedded_json, load_json, parsed_once};

/// Where a comparable figure was published.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Citation {
    /// Title of the page or paper.
    pub title: String,
    /// Publisher or author.
    pub publisher: String,
    /// Publication date (ISO date, year, or academic year).
    pub date: String,
    /// Public address.
    pub url: String,
}

/// One course's published cost figure.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Comparable {
    /// Course or programme.
    pub course: String,
    /// Year the figure is from (calendar year; the first year of an academic year).
    pub year: u16,
    /// The period as the source gives it ("2024-25", "Spring 2025").
    pub period: String,
    /// The figure in words, as published.
    pub figure: String,
    /// What the figure covers.
    pub covers: String,
    /// Low end per student (US dollars per student); `None` when the figure has no low end.
    #[serde(default)]
    pub per_student_low_usd: Option<f64>,
    /// High end per student (US dollars per student); `None` when the figure has no high end.
    #[serde(default)]
    pub per_student_high_usd: Option<f64>,
    /// The figure is an education credit handed to each student, not a measured cost.
    #[serde(default)]
    pub education_credit: bool,
    /// Where it was published.
    pub citation: Citation,
}

#[derive(Deserialize)]
struct ComparablesFile {
    comparables: Vec<Comparable>,
}

const COMPARABLES_JSON: &str = embedded_json!("comparables.json");

/// The comparables shipped with the app, in file order; parsed once.
pub fn builtin_comparables() -> Result<&'static [Comparable], String> {
    parsed_once!(
        ComparablesFile,
        load_json("comparables.toml", COMPARABLES_JSON)
    )
    .as_ref()
    .map(|file| file.comparables.as_slice())
    .map_err(Clone::clone)
}
