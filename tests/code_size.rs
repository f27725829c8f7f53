//! Files and functions a newcomer can hold in their head: no Rust file in `src/` over 500 lines
//! and no function over 100 lines, components included (clippy's `too_many_lines` does not see
//! the bodies of `#[component]` functions, which a macro expands).
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

use std::fs;
use std::path::{Path, PathBuf};

const MAX_FILE_LINES: usize = 500;
const MAX_FN_LINES: usize = 100;

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// Each function's first line and length, for rustfmt-formatted code: a function starts at a
/// line whose first word after the visibility is `fn` and ends at the next line holding only
/// `}` at the same indentation.
fn functions(text: &str) -> Vec<(usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let body = trimmed
            .strip_prefix("pub(crate) ")
            .or_else(|| trimmed.strip_prefix("pub "))
            .unwrap_or(trimmed);
        if !(body.starts_with("fn ") || body.starts_with("const fn ")) || trimmed.ends_with(';') {
            continue;
        }
        let indent = &line[..line.len() - trimmed.len()];
        let close = format!("{indent}}}");
        if let Some(end) = lines[start..].iter().position(|l| *l == close) {
            found.push((start + 1, end + 1));
        }
    }
    found
}

#[test]
fn files_and_functions_stay_small() {
    let mut files = Vec::new();
    rust_files(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
        &mut files,
    );
    assert!(files.len() > 20, "the source tree was not found");
    // The build script and its modules too (issue 45: the build converts data, in small files).
    let build = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/build"));
    let before = files.len();
    rust_files(build, &mut files);
    assert!(files.len() >= before + 4, "build/ was not found");
    files.push(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/build.rs")).to_path_buf());
    let mut too_big = Vec::new();
    for file in files {
        let text = fs::read_to_string(&file).expect("a source file reads");
        let name = file.display();
        let lines = text.lines().count();
        if lines > MAX_FILE_LINES {
            too_big.push(format!("{name}: {lines} lines (at most {MAX_FILE_LINES})"));
        }
        for (line, length) in functions(&text) {
            if length > MAX_FN_LINES {
                too_big.push(format!(
                    "{name}:{line}: a function of {length} lines (at most {MAX_FN_LINES})"
                ));
            }
        }
    }
    assert!(too_big.is_empty(), "{}", too_big.join("\n"));
}

#[test]
fn the_function_finder_measures_rustfmt_code() {
    let text = "fn a() {\n    x();\n}\n\npub fn b(\n    y: u8,\n) {\n}\n";
    assert_eq!(functions(text), vec![(1, 3), (5, 4)]);
}
