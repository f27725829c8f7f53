//! One stand-in row: the offer chosen for a Chameleon resource, how many of it, its price.

use yew::prelude::*;

use super::choice_table::StandInView;
use super::fraction_input::FractionInput;
use super::offer_select::OfferSelect;
use super::offer_text::price_text;
use crate::components::citation;
use crate::model::catalog::offer::Offer;
use crate::model::catalog::resource::Resource;
use crate::model::catalog::stand_in::{home_providers, suits, StandInClass, CUSTOM_PROVIDER};
use crate::model::edit::change::Change;
use crate::model::engine::stand_in::stand_in_for;
use crate::model::scenario::provenance_note::fraction_note;
use crate::model::Catalog;

/// Props of [`ChoiceRow`].
#[derive(Properties, PartialEq)]
pub(super) struct ChoiceRowProps {
    /// The Chameleon resource of the row.
    pub resource: &'static Resource,
    /// What the stand-ins are shown for.
    pub view: StandInView,
}

/// Why `offer` does not suit `resource`, in words.
fn mismatch_reason(resource: &Resource, offer: &Offer) -> &'static str {
    match (
        StandInClass::of_resource(resource),
        StandInClass::of_offer(offer),
    ) {
        (StandInClass::Gpu, StandInClass::Gpu) => "its GPUs have far less memory",
        (StandInClass::Gpu, _) => "it has no GPU",
        (_, StandInClass::Gpu) => "it is a GPU machine, priced far above what this needs",
        (_, StandInClass::Address) => "it is an IP address, not a machine",
        (StandInClass::Address, _) => "it is a machine, not an IP address",
        _ => "it is a different kind of resource",
    }
}

/// The provider's name when `offer` comes from a provider the list of `resource` on `provider`
/// does not hold by default (a RunPod offer chosen on AWS); `None` for its own and the user's.
fn other_provider<'a>(
    catalog: &'a Catalog,
    provider: &str,
    resource: &str,
    offer: &Offer,
) -> Option<&'a str> {
    let own = offer.provider == CUSTOM_PROVIDER
        || home_providers(catalog, provider, resource).contains(&&*offer.provider);
    (!own).then(|| {
        catalog
            .provider(&offer.provider)
            .map_or("another provider", |p| p.name)
    })
}

/// The row of one resource; nothing when no offer stands in for it on this provider.
#[component]
pub(super) fn ChoiceRow(props: &ChoiceRowProps) -> Html {
    let Ok(catalog) = Catalog::builtin() else {
        return html! {};
    };
    let resource = props.resource;
    let provider = props.view.provider.to_string();
    let Some(stand_in) = stand_in_for(
        &props.view.choices,
        &props.view.custom_offers,
        catalog,
        &provider,
        resource.id,
    ) else {
        return html! {};
    };
    let on_choose = {
        let (provider, resource) = (provider.clone(), resource.id.to_string());
        props
            .view
            .dispatch
            .change_with(move |offer: String| Change::ChooseOffer {
                provider: provider.clone(),
                resource: resource.clone(),
                offer,
            })
    };
    let on_reset = {
        let (provider, resource) = (provider.clone(), resource.id.to_string());
        props
            .view
            .dispatch
            .change_with(move |_: MouseEvent| Change::ResetChoice {
                provider: provider.clone(),
                resource: resource.clone(),
            })
    };
    let snapshot = props.view.snapshot.as_str();
    let price = stand_in.offer.price_in(snapshot);
    html! {
        <tr>
            <th scope="row">
                { resource.label }
                <span class="testbed-name">{ format!(" {}", resource.id) }</span>
                if stand_in.chosen { <span class="badge">{ "your choice" }</span> }
            </th>
            <td>
                <OfferSelect resource={resource} selected={stand_in.offer.id.clone()}
                    custom_offers={props.view.custom_offers.clone()} on_change={on_choose}
                    provider={props.view.provider.clone()} snapshot={props.view.snapshot.clone()}
                    model={props.view.model} show_all={props.view.show_all}
                    filter={props.view.filter.clone()} />
                if let Some(other) = other_provider(catalog, &provider, resource.id, stand_in.offer) {
                    <p class="warning" role="status" data-testid="stand-in-other-provider">
                        { format!(
                            "{} is sold by {other}, not {}: this resource is priced at {other}, \
                             so the scenario uses more than one provider.",
                            stand_in.offer.sku,
                            catalog.provider_name(&provider),
                        ) }
                    </p>
                }
                if !suits(resource, stand_in.offer) {
                    <p class="warning" role="status" data-testid="stand-in-mismatch">
                        { format!(
                            "{} does not fit a {}: {}.",
                            stand_in.offer.sku,
                            resource.label,
                            mismatch_reason(resource, stand_in.offer)
                        ) }
                    </p>
                }

            </td>
            <td>
                <FractionInput provider={provider} resource={resource.id}
                    value={stand_in.fraction} dispatch={props.view.dispatch.clone()}
                    provenance={fraction_note(resource, &stand_in)} />
                if stand_in.chosen {
                    <button type="button" class="secondary small" onclick={on_reset}>
                        { "Back to the default" }
                    </button>
                }
            </td>
            <td class="num">{ price_text(stand_in.offer, snapshot, stand_in.fraction) }</td>
            <td class="small">
                <details>
                    <summary>{ format!("as of {}", price.as_of) }</summary>
                    if !stand_in.note.is_empty() {
                        <p class="field-hint">{ format!("Why this offer: {}", stand_in.note) }</p>
                    }
                    { format!("{}. ", stand_in.offer.hardware()) }
                    { citation(price.source) }
                </details>
            </td>
        </tr>
    }
}
