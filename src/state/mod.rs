//! App state: one `ScenarioState`, changed only by `Action`s through its reducer, shared through a
//! context and read with the `use_scenario()` hook.
//!
//! The state and its reducer hold no web types, so `cargo test` checks them natively; only the
//! context (the Yew glue) is compiled for the browser alone.

mod action;
#[cfg(target_arch = "wasm32")]
mod context;
mod history;
pub mod kept;
mod priced;
mod replacement;
mod scenario_state;
mod typed_text;

pub use action::Action;
#[cfg(target_arch = "wasm32")]
pub use context::{
    use_scenario, use_scenario_if, use_share_fragment, when, Changed, Dispatch, ScenarioHandle,
    ScenarioProvider, ScenarioProviderProps,
};
pub use history::{History, Step, MAX_STEPS};
pub use priced::Priced;
pub use replacement::Replacement;
pub use scenario_state::ScenarioState;
pub use typed_text::{TypedText, TypedTexts};
