//! How old the prices behind the estimate are: a line in Results (printed too) naming the oldest
//! and newest dates and how many figures are undated or more than a year old at the build date,
//! and the summary bar's warning when more than a quarter of the cost rests on such figures.

use yew::prelude::*;

use crate::model::engine::price_age::PriceAge;
use crate::state::ScenarioState;

/// The price age of `state`'s estimate, at the build date or at the date of the past semester
/// its prices stand for.
fn price_age(state: &ScenarioState) -> Option<PriceAge> {
    let snapshot = &state.scenario.pricing.snapshot;
    PriceAge::of_prices(&state.estimate.lines, state.catalog, snapshot)
}

/// The price-age line of Results and the printed page.
pub fn price_age_line(state: &ScenarioState) -> Html {
    match price_age(state) {
        Some(age) => html! {
            <p class="price-age" data-testid="price-age">{ age.sentence() }</p>
        },
        None => html! {},
    }
}

/// The summary bar's warning when more than a quarter of the cost rests on undated or old prices.
pub fn price_age_warning(state: &ScenarioState) -> Html {
    match price_age(state).and_then(|age| age.warning()) {
        Some(text) => html! {
            <p class="warning price-age-warning" data-testid="price-age-warning" role="status">{ text }</p>
        },
        None => html! {},
    }
}
