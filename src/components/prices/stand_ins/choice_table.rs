//! The table of stand-ins: one row per Chameleon resource.

use yew::prelude::*;

use super::choice_row::choice_row;
use crate::components::inputs::table_head::table_head;
use crate::model::catalog::offer::{Offer, PriceModel};
use crate::model::catalog::regional::priced_in;
use crate::model::scenario::OfferChoice;
use crate::model::Catalog;
use crate::state::Dispatch;

/// What the stand-ins are shown for: only what the choices depend on, so editing anything else
/// does not re-render the table's hundreds of options. The table and each of its rows take it.
#[derive(Clone, PartialEq)]
pub(super) struct StandInView {
    /// The provider whose stand-ins are shown (id).
    pub provider: AttrValue,
    /// Its region, as the scenario stores it (empty: the default region).
    pub region: AttrValue,
    /// The price snapshot (id).
    pub snapshot: AttrValue,
    /// The price model the scenario buys by (the lists are priced by it).
    pub model: PriceModel,
    /// The user's choices of offer, on every provider.
    pub choices: Vec<OfferChoice>,
    /// The user's own offers.
    pub custom_offers: Vec<Offer>,
    /// Where choices, fractions and resets go.
    pub dispatch: Dispatch,
    /// Every offer of each resource's price unit in the lists, not only those that suit it.
    pub show_all: bool,
    /// What the filter box holds: the lists show only offers whose text holds it.
    pub filter: AttrValue,
}

/// Props of [`ChoiceTable`].
#[derive(Properties, PartialEq)]
pub(super) struct ChoiceTableProps {
    /// What the stand-ins are shown for.
    pub view: StandInView,
}

/// The choice rows; re-rendered only when the scenario changes, not on every keystroke elsewhere.
#[component]
pub(super) fn ChoiceTable(props: &ChoiceTableProps) -> Html {
    let Ok(catalog) = Catalog::builtin() else {
        return html! {};
    };
    let provider = props.view.provider.as_str();
    // The lists price the region's offers.
    let catalog = priced_in(catalog, provider, &props.view.region);
    let provider_name = catalog.provider_in_region(provider, &props.view.region);
    html! {
        <table class="data-table choices" data-testid="gpu-choices">
            <caption>{ format!("Stand-ins on {provider_name}") }</caption>
            { table_head(&["Resource (testbed name)", "Stands in", "How many", "Price per instance", "Why, date and source"], false) }
            <tbody>
                for row in catalog.resources.iter().filter_map(|r| choice_row(catalog, r, &props.view)) {
                    { row }
                }
            </tbody>
        </table>
    }
}
