//! One stand-in row: the offer chosen for a Chameleon resource, how many of it, its price.

use yew::prelude::*;

use super::fraction_input::FractionInput;
use super::offer_select::offer_select;
use super::offer_text::price_text;
use super::view::StandInView;
use crate::components::inputs::citation::citation;
use crate::components::inputs::click_change;
use crate::components::inputs::notice::field_hint;
use crate::components::inputs::table_head::num_cell;
use crate::model::catalog::fit::fit_at;
use crate::model::catalog::offer::{Offer, PriceUnit};
use crate::model::catalog::resource::Resource;
use crate::model::catalog::stand_in::{home_providers, CUSTOM_PROVIDER};
use crate::model::edit::change::Change;
use crate::model::engine::stand_in::stand_in_for;
use crate::model::format;
use crate::model::presets::provenance_note::fraction_note;
use crate::model::Catalog;

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

/// A stand-in change of `resource` on `provider`, on the event `T`: `make` builds the change.
fn row_change<T: 'static>(
    view: &StandInView,
    provider: &str,
    resource: &str,
    make: fn(String, String, T) -> Change,
) -> Callback<T> {
    let (provider, resource) = (provider.to_string(), resource.to_string());
    view.dispatch
        .change_with(move |event: T| make(provider.clone(), resource.clone(), event))
}

/// The row of `resource` in `view` (keyed by the resource); `None` when no offer stands in for
/// it on this provider.
pub(super) fn choice_row(
    catalog: &Catalog,
    resource: &'static Resource,
    view: &StandInView,
) -> Option<Html> {
    let provider = view.provider.as_str();
    let stand_in = stand_in_for(
        &view.choices,
        &view.custom_offers,
        catalog,
        provider,
        resource.id,
    )?;
    let on_choose = row_change(view, provider, resource.id, |provider, resource, offer| {
        Change::ChooseOffer {
            provider,
            resource,
            offer,
        }
    });
    let on_reset = click_change(
        &view.dispatch,
        Change::ResetChoice {
            provider: provider.to_string(),
            resource: resource.id.to_string(),
        },
    );
    let snapshot = view.snapshot.as_str();
    let price = stand_in.offer.price_in(snapshot);
    let fit = fit_at(resource, stand_in.offer, stand_in.fraction);
    Some(html! {
        <tr key={resource.id}>
            <th scope="row">
                { resource.label }
                <span class="testbed-name">{ format!(" {}", resource.id) }</span>
                if stand_in.chosen { <span class="badge">{ "your choice" }</span> }
            </th>
            <td>
                { offer_select(catalog, resource, &stand_in.offer.id, view, on_choose) }
                if let Some(other) = other_provider(catalog, provider, resource.id, stand_in.offer) {
                    <p class="warning" role="status" data-testid="stand-in-other-provider">
                        { format!(
                            "{} is sold by {other}, not {}: this resource is priced at {other}, \
                             so the scenario uses more than one provider.",
                            stand_in.offer.sku,
                            catalog.provider_name(provider),
                        ) }
                    </p>
                }
                if !fit.fits() {
                    // One short line, so the row keeps its height: the select names the offer.
                    <p class="misfit-note" role="note" data-testid="stand-in-mismatch">
                        { format!("Does not fit: {}.", fit.words()) }
                    </p>
                }

            </td>
            <td>
                <FractionInput provider={view.provider.clone()} resource={resource.id}
                    value={stand_in.fraction} dispatch={view.dispatch.clone()}
                    provenance={fraction_note(resource, &stand_in)} />
                if stand_in.chosen {
                    <button type="button" class="secondary small" onclick={on_reset}>
                        { "Back to the default" }
                    </button>
                }
            </td>
            if stand_in.fraction < 1.0 && stand_in.offer.unit == PriceUnit::Hour {
                <td class="num">
                    { price_text(stand_in.offer, snapshot, stand_in.fraction) }
                    // A share of an instance is an assumption: it is rented whole.
                    <span class="whole-price" data-testid="whole-instance-price"
                        title={format!(
                            "Assumed: {} rents only whole {} instances; {} of one is priced here.",
                            catalog.provider_name(&stand_in.offer.provider),
                            stand_in.offer.sku,
                            format::exact(stand_in.fraction),
                        )}>
                        { format!("of {} whole", price_text(stand_in.offer, snapshot, 1.0)) }
                    </span>
                </td>
            } else {
                { num_cell(price_text(stand_in.offer, snapshot, stand_in.fraction)) }
            }
            <td class="small">
                <details>
                    <summary>{ format!("as of {}", price.as_of) }</summary>
                    if !stand_in.note.is_empty() {
                        { field_hint(format!("Why this offer: {}", stand_in.note)) }
                    }
                    { format!("{}. ", stand_in.offer.hardware()) }
                    { citation(price.source) }
                </details>
            </td>
        </tr>
    })
}
