//! The user's own offers, each with a button that removes it.

use yew::prelude::*;

use crate::components::inputs::click_change;
use crate::model::catalog::offer::Offer;
use crate::model::edit::change::Change;
use crate::model::format;
use crate::state::Dispatch;

/// The list of the user's own `offers`, each with a button whose removal goes to `dispatch`;
/// nothing while there are none.
pub(super) fn custom_offer_list(offers: &[Offer], dispatch: &Dispatch) -> Html {
    if offers.is_empty() {
        return html! {};
    }
    html! {
        <ul class="custom-offers">
            for offer in offers.iter() {
                <li key={offer.id.to_string()}>
                    { format!("{}: {}, {}/h ", offer.sku, offer.hardware(), format::rate(offer.usd)) }
                    <button type="button" class="secondary small"
                        onclick={click_change(dispatch, Change::RemoveCustomOffer(offer.id.to_string()))}>
                        { "Remove" }
                    </button>
                </li>
            }
        </ul>
    }
}
