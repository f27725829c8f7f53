//! The "GPU choices and prices" section: stand-ins, custom offers and the price catalog.

use yew::prelude::*;

use super::choice_table::ChoiceTable;
use super::custom_offer_form::CustomOfferForm;
use super::custom_offer_list::CustomOfferList;
use super::price_catalog::PriceCatalog;
use crate::state::use_scenario;

/// GPU choices, custom offers and the price catalog of the current provider.
#[doc(alias = "StandIns")]
#[component]
pub fn GpuChoices() -> Html {
    let state = use_scenario();
    let dispatch = state.dispatch();
    let scenario = &state.scenario;
    let provider = AttrValue::from(scenario.pricing.provider.clone());
    let snapshot = AttrValue::from(scenario.pricing.snapshot.clone());
    html! {
        <section class="panel no-print" aria-labelledby="choices-title">
            <h2 id="choices-title">{ "GPU choices and prices" }</h2>
            <p class="panel-intro">
                { "Which commercial offer stands in for each Chameleon resource on this provider, and how \
                   many of it one Chameleon instance equals (0.5 = half of an 8-GPU machine). Pick any \
                   offer, from any provider, or add your own." }
            </p>
            <div class="table-scroll">
                <ChoiceTable
                    provider={provider.clone()}
                    snapshot={snapshot.clone()}
                    choices={scenario.gpu_choices.clone()}
                    custom_offers={scenario.custom_offers.clone()}
                    dispatch={dispatch.clone()}
                />
            </div>
            <CustomOfferList offers={scenario.custom_offers.clone()} dispatch={dispatch.clone()} />
            <CustomOfferForm {dispatch} />
            <PriceCatalog {provider} {snapshot} />
        </section>
    }
}
