//! What the worker does with a request that is not a bill to read: the pure part, natively
//! tested (`tests/worker_protocol.rs`); `browser::worker_host` runs it, the band's draws a slice
//! at a time so a newer request can supersede them.

use crate::model::catalog::Catalog;
use crate::model::focus::calibrate::calibrate_to_bill;
use crate::model::focus::compare::compare_mapped;
use crate::model::planners::interval::Sampling;
use crate::model::presets::builtin_presets;
use crate::model::scenario::valid::ValidScenario;
use crate::model::scenario::validate::FieldError;
use crate::model::worker_protocol::{BandRequest, CheckRequest, Checked};

/// Why a scenario sent to the worker is not priced, in words.
fn invalid(errors: &[FieldError]) -> String {
    match errors.first() {
        Some(first) => format!("The scenario is not valid: {first}"),
        None => "The scenario is not valid.".to_string(),
    }
}

/// The draws asked for, ready to be made a slice at a time (or why they cannot be, in words):
/// the scenario validated again, the preset it started from found by id and version.
pub fn band_sampling(request: &BandRequest, catalog: &Catalog) -> Result<Sampling, String> {
    let origin = builtin_presets()?
        .iter()
        .find(|p| p.id == request.origin && p.version == request.origin_version)
        .ok_or_else(|| format!("No preset {} {}.", request.origin, request.origin_version))?;
    let scenario =
        ValidScenario::new(request.scenario.clone(), catalog).map_err(|e| invalid(&e))?;
    Ok(Sampling::new(
        &scenario,
        origin,
        request.draws,
        scenario.planning.seed,
    ))
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
