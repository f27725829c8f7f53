//! What the stand-in table and each of its rows are drawn from (below both: the table uses the
//! rows, and each row and its offer list read this).

use yew::AttrValue;

use crate::model::catalog::offer::{Offer, PriceModel};
use crate::model::scenario::OfferChoice;
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
