//! App state: one `ScenarioState`, changed only by `Action`s through its reducer, shared through a
//! context and read with the `use_scenario()` hook.

mod context;
mod reducer;

pub use context::{
    use_scenario, Dispatch, ScenarioHandle, ScenarioProvider, ScenarioProviderProps,
};
pub use reducer::{Action, Draft, ScenarioState};
