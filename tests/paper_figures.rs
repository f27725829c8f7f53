//! One source of truth for the paper's figures (issue 33, item 4): its reported hours and its
//! total are written in tests/fixtures/paper.json and nowhere else in the tests or the
//! components (which read them from the fixture, or from the paper's preset). The preset carries
//! the same figures as the fixture.
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use std::fs;
use std::path::Path;

use common::{paper, reported};

/// The ways a whole number can be written: plain, grouped with commas, or with underscores.
fn spellings(value: f64) -> Vec<String> {
    let digits = format!("{value:.0}");
    let group = |separator: char| {
        let mut out = String::new();
        for (i, digit) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                out.push(separator);
            }
            out.push(digit);
        }
        out
    };
    let mut all = vec![digits.clone(), group(','), group('_')];
    all.dedup();
    all
}

/// Every `.rs` and `.mjs` file under `dir`, with its text.
fn files(dir: &Path, found: &mut Vec<(String, String)>) {
    for entry in fs::read_dir(dir).expect("readable").flatten() {
        let path = entry.path();
        let name = path.to_string_lossy().to_string();
        if path.is_dir() {
            if !name.ends_with("node_modules") && !name.ends_with("fixtures") {
                files(&path, found);
            }
        } else if name.ends_with(".rs") || name.ends_with(".mjs") {
            found.push((name, fs::read_to_string(&path).expect("text")));
        }
    }
}

/// Whether `text` holds `word` with no digit, comma-digit or underscore-digit around it.
fn holds(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        let digit_like = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit() || c == '_');
        !digit_like(before) && !digit_like(after)
    })
}

/// What the tests and the components may not write themselves: the paper's hours in any
/// spelling, and its total per student and for the course as dollar amounts.
fn forbidden() -> Vec<String> {
    let mut words = Vec::new();
    for name in [
        "instance_hours",
        "lab_instance_hours",
        "project_instance_hours",
        "project_gpu_hours",
    ] {
        words.extend(spellings(reported(name)));
    }
    for name in ["per_student_usd", "course_usd"] {
        words.extend(
            spellings(reported(name))
                .into_iter()
                .map(|s| format!("${s}")),
        );
    }
    words
}

/// Where the paper's figures are found in `found`'s files, as `file: word`.
fn offenders(found: &[(String, String)], words: &[String]) -> Vec<String> {
    found
        .iter()
        .flat_map(|(name, text)| {
            words
                .iter()
                .filter(|w| holds(text, w))
                .map(move |w| format!("{name}: {w}"))
        })
        .collect()
}

#[test]
fn the_papers_hours_and_total_are_written_only_in_the_fixture() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for dir in ["tests", "src/components", "src/state"] {
        files(&root.join(dir), &mut found);
    }
    assert!(found.len() > 100, "only {} files read", found.len());
    // This file names no figure either: it reads them from the fixture.
    let offenders = offenders(&found, &forbidden());
    assert!(
        offenders.is_empty(),
        "the paper's figures written outside tests/fixtures/paper.json:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn the_check_finds_a_figure_in_any_spelling_and_only_whole() {
    let words = spellings(5_000_123.0);
    assert_eq!(words, ["5000123", "5,000,123", "5_000_123"]);
    let file = |text: &str| vec![("a.rs".to_string(), text.to_string())];
    assert_eq!(offenders(&file("let h = 5_000_123.0;"), &words).len(), 1);
    assert_eq!(offenders(&file("// 5,000,123 hours"), &words).len(), 1);
    assert!(offenders(&file("15,000,123 or 5,000,1234"), &words).is_empty());
}

#[test]
fn the_papers_preset_carries_the_fixtures_figures() {
    let figures = paper()
        .paper
        .expect("the paper's preset carries its figures");
    assert_eq!(
        figures.hours.lab_instance_hours,
        reported("lab_instance_hours")
    );
    assert_eq!(
        figures.hours.project_instance_hours,
        reported("project_instance_hours")
    );
    assert_eq!(
        figures.hours.project_gpu_hours,
        reported("project_gpu_hours")
    );
    assert_eq!(figures.cost_per_student_usd, reported("per_student_usd"));
    assert_eq!(figures.course_cost_usd, reported("course_usd"));
    assert_eq!(
        figures.max_student_labs_usd,
        reported("most_expensive_student_labs_usd")
    );
    let (low, high) = common::reported_range("labs_per_student_usd");
    assert_eq!(
        (
            figures.labs_per_student_low_usd,
            figures.labs_per_student_high_usd
        ),
        (low, high)
    );
}
