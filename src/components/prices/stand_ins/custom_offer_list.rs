//! The user's own offers, each with a button that removes it.

use yew::prelude::*;

use crate::model::catalog::offer::Offer;
use crate::model::edit::change::Change;
use crate::model::format;
use crate::state::Dispatch;

/// Props of [`CustomOfferList`].
#[derive(Properties, PartialEq)]
pub(super) struct CustomOfferListProps {
    /// The user's own offers.
    pub offers: Vec<Offer>,
    /// Where removals go.
    pub dispatch: Dispatch,
}

/// The list of custom offers; nothing while there are none.
#[component]
pub(super) fn CustomOfferList(props: &CustomOfferListProps) -> Html {
    if props.offers.is_empty() {
        return html! {};
    }
    html! {
        <ul class="custom-offers">
            for offer in props.offers.iter() {
                <li key={offer.id.to_string()}>
                    { format!("{}: {}, {}/h ", offer.sku, offer.hardware(), format::rate(offer.usd)) }
                    <button type="button" class="secondary small"
                        onclick={props.dispatch.change_with({
                            let id = offer.id.to_string();
                            move |_: MouseEvent| Change::RemoveCustomOffer(id.clone())
                        })}>
                        { "Remove" }
                    </button>
                </li>
            }
        </ul>
    }
}
