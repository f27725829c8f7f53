//! The sampled range of the total behind the tornado panel, drawn a slice at a time after the
//! panel is painted: opening the Plan view, or typing in it, never waits for 500 pricings.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use yew::prelude::*;

use super::savings_panel::ByPtr;
use crate::model::catalog::Catalog;
use crate::model::planners::interval::{CostInterval, Sampling};
use crate::model::presets::Preset;
use crate::model::scenario::valid::ValidScenario;
use crate::model::scenario::validate::FieldError;

/// Draws priced between two frames (each a copy of the scenario priced once: a few milliseconds
/// for 25 on a slow phone).
const DRAWS_PER_SLICE: usize = 25;

/// A finished range and the scenario it is for.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct SampledRange {
    /// The scenario the draws varied.
    pub scenario: Rc<ValidScenario>,
    /// Its percentiles, or why it could not be priced.
    pub interval: Result<CostInterval, Vec<FieldError>>,
}

/// Draws one slice, then schedules the next, until `sampling` is done; then hands the range to
/// `done`.
fn draw_slices(
    sampling: Rc<RefCell<Sampling>>,
    scenario: Rc<ValidScenario>,
    catalog: &'static Catalog,
    slot: Rc<RefCell<Option<Timeout>>>,
    done: UseStateHandle<Option<SampledRange>>,
) {
    let next_slot = slot.clone();
    let timeout = Timeout::new(0, move || {
        let advanced = sampling.borrow_mut().advance(catalog, DRAWS_PER_SLICE);
        let interval = match advanced {
            Ok(false) => {
                draw_slices(sampling.clone(), scenario, catalog, next_slot, done);
                return;
            }
            Ok(true) => sampling.borrow().interval(catalog),
            Err(errors) => Err(errors),
        };
        done.set(Some(SampledRange { scenario, interval }));
    });
    *slot.borrow_mut() = Some(timeout);
}

/// The latest finished range (of an older scenario while a new one is drawn); drawing starts
/// when `scenario` changes and stops, unfinished, when it changes again or the panel goes.
#[hook]
pub(super) fn use_sampled_range(
    scenario: Rc<ValidScenario>,
    catalog: &'static Catalog,
    origin: &'static Preset,
    draws: usize,
) -> Option<SampledRange> {
    let finished = use_state(|| None::<SampledRange>);
    let slot = use_mut_ref(|| None::<Timeout>);
    {
        let finished = finished.clone();
        use_effect_with(ByPtr(scenario), move |ByPtr(scenario)| {
            let sampling = Sampling::new(scenario, origin, draws, scenario.planning.seed);
            let sampling = Rc::new(RefCell::new(sampling));
            draw_slices(sampling, scenario.clone(), catalog, slot.clone(), finished);
            // Dropping the pending slice cancels it and frees the draws.
            move || drop(slot.borrow_mut().take())
        });
    }
    (*finished).clone()
}
