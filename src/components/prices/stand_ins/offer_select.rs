//! The list of offers that can stand in for one resource: the scenario's provider's offers that
//! suit it and the user's own, cheapest first by what the scenario pays; "show all" adds every
//! other provider's (under a warning in the section), and the section's filter box narrows it.

use yew::prelude::*;

use crate::components::Select;
use crate::model::catalog::offer::{Offer, PriceModel};
use crate::model::catalog::resource::Resource;
use crate::model::catalog::stand_in::{
    home_providers, option_text, picker_offers, PickerScope, CUSTOM_PROVIDER,
};
use crate::model::Catalog;

/// Props of [`OfferSelect`].
#[derive(Properties, PartialEq)]
pub(super) struct OfferSelectProps {
    /// The Chameleon resource the offers stand in for.
    pub resource: &'static Resource,
    /// The offer standing in now (id).
    pub selected: AttrValue,
    /// The user's own offers, listed with the provider's.
    pub custom_offers: Vec<Offer>,
    /// Called with the id of the offer the user picked.
    pub on_change: Callback<String>,
    /// The scenario's provider (id).
    pub provider: AttrValue,
    /// The price snapshot (id): offers not sold then are left out, prices are of then.
    pub snapshot: AttrValue,
    /// The price model the scenario buys by: the list is priced and sorted by it.
    pub model: PriceModel,
    /// Every provider's offers of the resource's price unit, not only the provider's that suit.
    pub show_all: bool,
    /// Only offers whose text holds this (any case); the one standing in now stays listed.
    pub filter: AttrValue,
}

/// One `<optgroup>` of offers in the order given; nothing when it has none.
fn offer_group(
    label: String,
    offers: &[&Offer],
    selected: &str,
    resource: &Resource,
    scope: PickerScope<'_>,
) -> Html {
    if offers.is_empty() {
        return html! {};
    }
    html! {
        <optgroup {label}>
            for offer in offers {
                <option value={offer.id.clone()} selected={offer.id == selected}>
                    { option_text(resource, offer, scope) }
                </option>
            }
        </optgroup>
    }
}

/// The offers of the list (the one standing in now always among them), grouped: the provider's
/// and the user's own first, then, when all are shown, every other provider's.
fn grouped_offers<'a>(
    catalog: &'a Catalog,
    props: &'a OfferSelectProps,
    scope: PickerScope<'_>,
    filter: &str,
) -> Vec<(String, Vec<&'a Offer>)> {
    let resource = props.resource;
    let mut offers = picker_offers(resource, catalog, &props.custom_offers, scope);
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
    // ASCII case folding: offer texts are ASCII, and Unicode folding would add its tables to the wasm.
    let needle = filter.trim().to_ascii_lowercase();
    offers.retain(|o| {
        *o.id == *props.selected
            || needle.is_empty()
            || option_text(resource, o, scope)
                .to_ascii_lowercase()
                .contains(&needle)
    });
    let homes = home_providers(catalog, scope.provider, resource.id);
    let home_names: Vec<&str> = homes.iter().map(|p| catalog.provider_name(p)).collect();
    let (home, others): (Vec<&Offer>, Vec<&Offer>) = offers
        .into_iter()
        .partition(|o| o.provider == CUSTOM_PROVIDER || homes.contains(&&*o.provider));
    let mut groups = vec![(
        format!(
            "{} and your own offers, cheapest first",
            home_names.join(" and ")
        ),
        home,
    )];
    for provider in catalog.providers.iter().filter(|p| !homes.contains(&p.id)) {
        let of_provider: Vec<&Offer> = others
            .iter()
            .copied()
            .filter(|o| o.provider == provider.id)
            .collect();
        groups.push((format!("Other provider: {}", provider.name), of_provider));
    }
    groups
}

/// The picker of one resource's stand-in.
#[component]
pub(super) fn OfferSelect(props: &OfferSelectProps) -> Html {
    let Ok(catalog) = Catalog::builtin() else {
        return html! {};
    };
    let resource = props.resource;
    let scope = PickerScope {
        provider: &props.provider,
        snapshot: &props.snapshot,
        model: props.model,
        all: props.show_all,
    };
    let groups = grouped_offers(catalog, props, scope, &props.filter);
    html! {
        <Select aria_label={format!("Offer standing in for {} ({})", resource.label, resource.id)}
            testid={format!("choice-{}", resource.id)} value={props.selected.clone()}
            on_change={props.on_change.clone()}>
            for (label, offers) in groups {
                { offer_group(label, &offers, &props.selected, resource, scope) }
            }
        </Select>
    }
}
