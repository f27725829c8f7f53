//! The list of offers that can stand in for one resource: by default only those that suit it
//! (a GPU node gets GPU offers of a similar class), grouped by provider, cheapest first.

use yew::prelude::*;

use crate::components::Select;
use crate::model::catalog::offer::Offer;
use crate::model::catalog::resource::Resource;
use crate::model::catalog::stand_in::{hourly_for, picker_offers, CUSTOM_PROVIDER};
use crate::model::format;
use crate::model::Catalog;

/// Props of [`OfferSelect`].
#[derive(Properties, PartialEq)]
pub(super) struct OfferSelectProps {
    /// The Chameleon resource the offers stand in for.
    pub resource: &'static Resource,
    /// The offer standing in now (id).
    pub selected: AttrValue,
    /// The user's own offers, listed after the catalog's.
    pub custom_offers: Vec<Offer>,
    /// Called with the id of the offer the user picked.
    pub on_change: Callback<String>,
    /// The price snapshot (id): offers not sold then are left out, prices are of then.
    pub snapshot: AttrValue,
    /// Every offer of the resource's price unit, not only those that suit it.
    pub show_all: bool,
}

/// One `<optgroup>` of a provider's offers, cheapest first, each with its price for one instance
/// of the resource and its hardware; nothing when it has none.
fn provider_group(
    label: &str,
    offers: &[&Offer],
    selected: &str,
    resource: &Resource,
    snapshot: &str,
) -> Html {
    if offers.is_empty() {
        return html! {};
    }
    html! {
        <optgroup label={label.to_string()}>
            for offer in offers {
                <option value={offer.id.clone()} selected={offer.id == selected}>
                    { format!(
                        "{}: {} ({})",
                        offer.sku,
                        format::rate(hourly_for(resource, offer, snapshot)),
                        offer.hardware(),
                    ) }
                </option>
            }
        </optgroup>
    }
}

/// Every offer, from any provider or of the user's own, that fits the resource.
#[component]
pub(super) fn OfferSelect(props: &OfferSelectProps) -> Html {
    let Ok(catalog) = Catalog::builtin() else {
        return html! {};
    };
    let resource = props.resource;
    let snapshot = props.snapshot.as_str();
    let mut offers = picker_offers(
        resource,
        catalog,
        &props.custom_offers,
        snapshot,
        props.show_all,
    );
    // The offer standing in now is listed even when it does not suit (the row warns).
    if !offers.iter().any(|o| *o.id == *props.selected) {
        let current = catalog.offer(&props.selected).or_else(|| {
            props
                .custom_offers
                .iter()
                .find(|o| *o.id == *props.selected)
        });
        offers.extend(current);
    }
    let groups = catalog
        .providers
        .iter()
        .map(|p| (p.id.as_str(), p.name.as_str()))
        .chain(std::iter::once((CUSTOM_PROVIDER, "Your offers")));
    html! {
        <Select aria_label={format!("Offer standing in for {}", resource.id)}
            testid={format!("choice-{}", resource.id)} value={props.selected.clone()}
            on_change={props.on_change.clone()}>
            for (provider, label) in groups {
                { provider_group(
                    label,
                    &offers.iter().copied().filter(|o| o.provider == provider).collect::<Vec<_>>(),
                    &props.selected,
                    resource,
                    snapshot,
                ) }
            }
        </Select>
    }
}
