//! Every offer of the current provider with its hardware, prices, date and source.

use yew::prelude::*;

use super::offer_text::price_text;
use crate::components::inputs::citation::citation;
use crate::components::inputs::table_head::{num_cell, table_head};
use crate::model::catalog::offer::Offer;
use crate::model::catalog::regional::priced_in;
use crate::model::format;
use crate::model::Catalog;

/// Props of [`PriceCatalog`].
#[derive(Properties, PartialEq)]
pub(super) struct PriceCatalogProps {
    /// The provider whose offers are listed (id).
    pub provider: AttrValue,
    /// Its region, as the scenario stores it (empty: the default region).
    pub region: AttrValue,
    /// The price snapshot (id).
    pub snapshot: AttrValue,
}

/// One offer's row of the catalog.
fn offer_row(offer: &Offer, snapshot: &str) -> Html {
    let price = offer.price_in(snapshot);
    html! {
        <tr key={offer.id.to_string()}>
            <th scope="row">{ offer.sku.clone() }</th>
            <td>{ offer.hardware() }</td>
            { num_cell(price_text(offer, snapshot, 1.0)) }
            { num_cell(offer.spot_in(snapshot).map_or_else(|| "-".into(), |p| format::rate(p.usd))) }
            <td>{ price.as_of.to_string() }</td>
            <td class="small">{ citation(price.source) }</td>
        </tr>
    }
}

/// The price catalog of a provider, folded away under its summary.
#[component]
pub(super) fn PriceCatalog(props: &PriceCatalogProps) -> Html {
    let Ok(catalog) = Catalog::builtin() else {
        return html! {};
    };
    let provider = props.provider.as_str();
    let catalog = priced_in(catalog, provider, &props.region);
    let provider_name = catalog.provider_in_region(provider, &props.region);
    html! {
        <details class="catalog">
            <summary>{ format!("Price catalog: every offer of {provider_name}") }</summary>
            <div class="table-scroll" tabindex="0" role="region" aria-label="Price catalog table">
                <table class="data-table" data-testid="price-catalog">
                    { table_head(&["Offer", "Hardware", "On demand", "Spot", "As of", "Source"], false) }
                    <tbody>
                        for offer in catalog.offers.iter().filter(|o| o.provider == provider) {
                            { offer_row(offer, &props.snapshot) }
                        }
                    </tbody>
                </table>
            </div>
        </details>
    }
}
