//! The table of stand-ins: one row per Chameleon resource.

use yew::prelude::*;

use super::choice_row::choice_row;
use super::view::StandInView;
use crate::components::inputs::table_head::table_head;
use crate::model::catalog::regional::priced_in;
use crate::model::Catalog;

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
