//! Stand-ins: which commercial offer stands in for each Chameleon resource on the current
//! provider, how much of it, custom offers (an institution's negotiated rate), and the price
//! catalog behind them. One part per file; [`StandInChoices`] is the section that holds them.

mod choice_row;
mod choice_table;
mod custom_offer_form;
mod custom_offer_list;
mod fraction_input;
mod offer_select;
mod offer_text;
mod price_catalog;
mod stand_in_choices;
mod view;

pub use stand_in_choices::StandInChoices;
