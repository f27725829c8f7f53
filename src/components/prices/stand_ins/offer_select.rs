//! The list of offers that can stand in for one resource: the scenario's provider's offers that
//! suit it and the user's own, cheapest first by what the scenario pays; "show all" adds every
//! other provider's (under a warning in the section), and the section's filter box narrows it.

use yew::prelude::*;

use super::view::StandInView;
use crate::components::inputs::select::Select;
use crate::model::catalog::offer::Offer;
use crate::model::catalog::resource::Resource;
use crate::model::catalog::stand_in::{
    home_providers, option_text, paid_per_hour, picker_offers, PickerScope, CUSTOM_PROVIDER,
};
use crate::model::Catalog;

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

/// The offers of the list of `resource` (`selected`, the one standing in now, always among them),
/// grouped: the provider's and the user's own first, then, when all are shown, every other
/// provider's; only those whose text holds `filter` (any case) besides the one standing in now.
fn grouped_offers<'a>(
    catalog: &'a Catalog,
    resource: &Resource,
    selected: &str,
    custom_offers: &'a [Offer],
    scope: PickerScope<'_>,
    filter: &str,
) -> Vec<(String, Vec<&'a Offer>)> {
    let mut offers = picker_offers(resource, catalog, custom_offers, scope);
    // The offer standing in now is listed even when it does not fit (it says so, and so does
    // the row), in its place by price.
    if !offers.iter().any(|o| *o.id == *selected) {
        let current = catalog
            .offer(selected)
            .or_else(|| custom_offers.iter().find(|o| *o.id == *selected));
        offers.extend(current);
        let paid = |o: &Offer| paid_per_hour(resource, o, scope.snapshot, scope.model);
        crate::model::sort::sort_by(&mut offers, |a, b| paid(a).total_cmp(&paid(b)));
    }
    // ASCII case folding: offer texts are ASCII, and Unicode folding would add its tables to the wasm.
    let needle = filter.trim().to_ascii_lowercase();
    offers.retain(|o| {
        *o.id == *selected
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

/// The picker of `resource`'s stand-in in `view`'s lists, `selected` (an offer id) standing in
/// now; the id of the offer the user picks goes to `on_change`.
pub(super) fn offer_select(
    catalog: &Catalog,
    resource: &Resource,
    selected: &str,
    view: &StandInView,
    on_change: Callback<String>,
) -> Html {
    let scope = PickerScope {
        provider: &view.provider,
        snapshot: &view.snapshot,
        model: view.model,
        all: view.show_all,
    };
    let groups = grouped_offers(
        catalog,
        resource,
        selected,
        &view.custom_offers,
        scope,
        &view.filter,
    );
    html! {
        <Select value={selected.to_string()} aria_label={format!("Offer standing in for {} ({})", resource.label, resource.id)}
            testid={format!("choice-{}", resource.id)} on_change={on_change}>
            { groups
                .into_iter()
                .map(|(label, offers)| offer_group(label, &offers, selected, resource, scope))
                .collect::<Html>() }
        </Select>
    }
}
