//! What the worker does with a request that is not a bill to read: the pure part, natively
//! tested (`tests/worker_protocol.rs`); `browser::worker_host` runs it, the band's draws a slice
//! at a time so a newer request can supersede them.

use crate::model::catalog::Catalog;
use crate::model::engine::estimate::price;
use crate::model::export::ExportKind;
use crate::model::focus::calibrate::calibrate_to_bill;
use crate::model::focus::compare::compare_mapped;
use crate::model::format;
use crate::model::number_style::NumberStyle;
use crate::model::planners::interval::Sampling;
use crate::model::planners::stand_in_range::stand_in_span;
use crate::model::planners::tornado::tornado;
use crate::model::presets::{builtin_presets, Preset};
use crate::model::scenario::valid::ValidScenario;
use crate::model::scenario::validate::FieldError;
use crate::model::worker_protocol::{BandRequest, CheckRequest, Checked, ExportRequest, Ranges};

/// Why a scenario sent to the worker is not priced, in words.
fn invalid(errors: &[FieldError]) -> String {
    match errors.first() {
        Some(first) => format!("The scenario is not valid: {first}"),
        None => "The scenario is not valid.".to_string(),
    }
}

/// The band's scenario validated again, and the preset it started from (found by id and
/// version); or why not, in words.
fn prepared(
    request: &BandRequest,
    catalog: &Catalog,
) -> Result<(ValidScenario, &'static Preset), String> {
    let origin = builtin_presets()?
        .iter()
        .find(|p| p.id == request.origin && p.version == request.origin_version)
        .ok_or_else(|| format!("No preset {} {}.", request.origin, request.origin_version))?;
    let scenario =
        ValidScenario::new(request.scenario.clone(), catalog).map_err(|e| invalid(&e))?;
    Ok((scenario, origin))
}

/// Why a priced variant failed, in words (validation bounds every variant, so this is rare).
fn unpriced(errors: &[FieldError]) -> String {
    format!("The scenario could not be priced ({}).", invalid(errors))
}

/// The draws asked for, ready to be made a slice at a time (or why they cannot be, in words).
pub fn band_sampling(request: &BandRequest, catalog: &Catalog) -> Result<Sampling, String> {
    let (scenario, origin) = prepared(request, catalog)?;
    let seed = scenario.planning.seed;
    Ok(Sampling::new(&scenario, origin, request.draws, seed))
}

/// The tornado's rows and the stand-ins' span of the band's scenario (`tornado`,
/// `stand_in_span`).
pub fn band_ranges(request: &BandRequest, catalog: &Catalog) -> Ranges {
    match prepared(request, catalog) {
        Ok((scenario, origin)) => Ranges {
            span: stand_in_span(&scenario, catalog).map_err(|e| unpriced(&e)),
            rows: tornado(&scenario, catalog, origin).map_err(|e| unpriced(&e)),
        },
        Err(why) => Ranges {
            span: Err(why.clone()),
            rows: Err(why),
        },
    }
}

/// The bill set against the scenario, and what Apply would set (`calibrate_to_bill`).
pub fn check_bill(request: &CheckRequest, catalog: &Catalog) -> Checked {
    let CheckRequest {
        scenario,
        bill,
        kept,
        mapped,
        ..
    } = request;
    let check = compare_mapped(bill, scenario, catalog, mapped)?;
    let calibration = calibrate_to_bill(&check, bill, scenario, catalog, kept);
    Ok((check, calibration))
}

/// Whether `style` is one the page's reading of the locale gives (`NumberStyle::from_parts`):
/// groups of 1 to 9 digits, grouping from 4 or 5 digits on, currencies to at most 4 decimals.
/// Any other would group digits without end or write thousands of decimals.
fn readable(style: &NumberStyle) -> bool {
    let group = 1..=9;
    group.contains(&style.primary_group)
        && group.contains(&style.secondary_group)
        && (1..=2).contains(&style.min_grouping)
        && style.currencies.iter().all(|c| c.minor_digits <= 4)
}

/// The export's text, the scenario validated and priced with `catalog` as the page does, in
/// the reader's style (the style before is back afterwards).
fn written(request: &ExportRequest, catalog: &Catalog) -> Result<String, String> {
    let scenario =
        ValidScenario::new(request.scenario.clone(), catalog).map_err(|e| invalid(&e))?;
    let estimate = price(&scenario, catalog).map_err(|e| unpriced(&e))?;
    let ExportRequest {
        kind, link, today, ..
    } = request;
    let mut text = kind.render(&scenario, &estimate, catalog, link, today);
    // The Markdown summary ends with the term view's status, when there is one.
    if let (ExportKind::Markdown, Some(term)) = (kind, &request.term) {
        text.push_str(&format!(
            "\n## During the term\n\n{term} Scenario: {link}\n"
        ));
    }
    Ok(text)
}

/// The text of the export asked for, as the page would write it from the same scenario
/// (`ExportKind::render`, and the term's status after the Markdown summary); or why not, in
/// words.
pub fn export(request: &ExportRequest, catalog: &Catalog) -> Result<String, String> {
    if !readable(&request.style) {
        return Err("The page's number style could not be read.".to_string());
    }
    let before = format::style();
    format::use_style(request.style.clone());
    let text = written(request, catalog);
    format::use_style((*before).clone());
    text
}
