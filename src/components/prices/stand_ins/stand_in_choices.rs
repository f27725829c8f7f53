//! The "GPU choices and prices" section: stand-ins, custom offers and the price catalog.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::choice_table::ChoiceTable;
use super::custom_offer_form::CustomOfferForm;
use super::custom_offer_list::custom_offer_list;
use super::price_catalog::PriceCatalog;
use super::view::StandInView;
use crate::components::inputs::term::term;
use crate::components::page::fold::fold;
use crate::state::use_scenario;

/// GPU choices, custom offers and the price catalog of the current provider.
#[doc(alias = "StandIns")]
#[component]
pub fn StandInChoices() -> Html {
    let state = use_scenario();
    let dispatch = state.dispatch();
    let scenario = &state.scenario;
    let provider = AttrValue::from(scenario.pricing.provider.clone());
    let region = AttrValue::from(scenario.pricing.region.clone());
    let snapshot = AttrValue::from(scenario.pricing.snapshot.clone());
    let show_all = use_state(|| false);
    let filter = use_state(String::new);
    let on_filter = {
        let filter = filter.clone();
        Callback::from(move |event: InputEvent| {
            filter.set(event.target_unchecked_into::<HtmlInputElement>().value());
        })
    };
    let on_show_all = {
        let show_all = show_all.clone();
        Callback::from(move |_: Event| show_all.set(!*show_all))
    };
    let view = StandInView {
        provider: provider.clone(),
        region: region.clone(),
        snapshot: snapshot.clone(),
        model: scenario.pricing.model,
        choices: scenario.stand_in_choices.clone(),
        custom_offers: scenario.custom_offers.clone(),
        dispatch: dispatch.clone(),
        show_all: *show_all,
        filter: AttrValue::from((*filter).clone()),
    };
    html! {
        <section class="panel no-print" aria-labelledby="choices-title">
            <h2 id="choices-title">{ "Commercial equivalents (" }{ term("stand-in", "stand-ins") }{ ") and prices" }</h2>
            <p class="panel-intro">
                { "The commercial offer that stands in for each Chameleon resource on this \
                  provider, and how many of it one instance equals (0.5 = half of an 8-GPU \
                  machine). Each list holds this provider's offers that fit and your own, \
                  cheapest first by what you pay per hour." }
            </p>
            <p class="offer-tools">
                <input type="search" class="offer-filter" value={(*filter).clone()} oninput={on_filter}
                    placeholder="Filter the lists (e.g. A100, 8x, t3)"
                    aria-label="Filter the offers of every list" data-testid="offer-filter" />
                <input type="checkbox" id="show-all-offers" data-testid="show-all-offers" checked={*show_all} onchange={on_show_all} />
                <label for="show-all-offers">{ " Show all offers: other providers' and ones that do not fit (for experts)" }</label>
            </p>
            if *show_all {
                <p class="warning" role="status" data-testid="show-all-warning">
                    { "The lists now hold every provider's offers and ones that do not fit the \
                      resource. An offer of another provider prices that resource there, so the \
                      scenario then uses more than one provider; one that does not fit is \
                      flagged in its row." }
                </p>
            }
            <div class="table-scroll" role="region" aria-label="Stand-ins table" tabindex="0">
                <ChoiceTable {view} />
            </div>
            { custom_offer_list(&scenario.custom_offers, &dispatch) }
            { fold("custom-offer", "Add your own offer (a negotiated or on-premises rate)", false,
                html! { <CustomOfferForm {dispatch} /> }) }
            <PriceCatalog {provider} {region} {snapshot} />
        </section>
    }
}
