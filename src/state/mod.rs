//! App state: one `ScenarioState`, changed only by `Action`s through its reducer, shared through a
//! context and read with the `use_scenario()` hook.
//!
//! The state and its reducer hold no web types, so `cargo test` checks them natively; only the
//! context (the Yew glue) is compiled for the browser alone.
//!
//! The state holds the plan (the domain data: the scenario, its estimate, scenario A, the undo
//! history) apart from the visit's UI state ([`Visit`]: typed texts, notices, replaced
//! scenarios); see [`ScenarioState`] for the one thing written back without an action.
//!
//! Words with one meaning each, here and in the code that reads the state:
//! - **comparison**: the A/B comparison, scenario A pinned beside the scenario being edited (B).
//!   The same scenario on every provider is "every provider" (`on_every_provider`), a bill set
//!   against the plan is "billed against planned" (`focus::compare::BilledAgainstPlanned`).
//! - **draft**: the scenario saved in this browser, which the page reopens. What is being typed
//!   into a field is its typed text ([`TypedText`]).
//! - **field**: a number of the scenario, named by a `FieldPath`; what the page shows for it is
//!   its input. A bill's CSV has columns and cells.

mod action;
#[cfg(target_arch = "wasm32")]
mod context;
mod history;
pub mod kept;
mod priced;
mod replacement;
mod scenario_state;
mod typed_text;
mod visit;

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
pub use visit::{OpenBill, Visit};
