//! The course cost calculator: what a hands-on ML-systems course costs in cloud compute.
//!
//! `model` is the pure core, `state` the app's one state and its reducer, and `charts::data`
//! shapes results for charts; all three are tested natively. The rest is the Yew app, compiled for the browser only.

pub mod charts;
pub mod model;
pub mod prerender;
pub mod state;

/// The tests' one seeded random generator (`tests/common/rng.rs`), for the unit tests here.
#[cfg(test)]
#[path = "../tests/common/rng.rs"]
pub(crate) mod test_rng;

/// The `refresh-prices` command's core: native only, never in the wasm.
#[cfg(not(target_arch = "wasm32"))]
pub mod refresh;

// Talc instead of the default dlmalloc in every wasm built from this crate (the page, the worker,
// the actuals views): smaller code in the download, and faster.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(target_arch = "wasm32")]
pub mod app;
#[cfg(target_arch = "wasm32")]
pub mod browser;
#[cfg(target_arch = "wasm32")]
pub mod components;
