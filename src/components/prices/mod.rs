//! How the course is bought: provider, price model, stand-in offers, overrun factors.

pub mod pricing_panel;
pub mod realism_panel;
pub mod stand_ins;
