//! What the worker does with a request that is not a bill to read: the pure part, natively
//! tested (`tests/worker_protocol.rs`); `browser::worker_host` runs it, the band's draws a slice
//! at a time so a newer request can supersede them.

use crate::model::catalog::Catalog;
use crate::model::focus::calibrate::calibrate_to_bill;
use crate::model::focus::compare::compare_mapped;
use crate::model::planners::interval::Sampling;
use crate::model::planners::stand_in_range::stand_in_span;
use crate::model::planners::tornado::tornado;
use crate::model::presets::{builtin_presets, Preset};
use crate::model::scenario::valid::ValidScenario;
use crate::model::scenario::validate::FieldError;
use crate::model::worker_protocol::{BandRequest, CheckRequest, Checked, Ranges};

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
