//! The course cost calculator: what a hands-on ML-systems course costs in cloud compute.
//!
//! `model` is the pure core and `charts::data` shapes results for charts; both are tested
//! natively. The rest is the Yew app, compiled for the browser only.

pub mod charts;
pub mod model;

#[cfg(target_arch = "wasm32")]
pub mod app;
#[cfg(target_arch = "wasm32")]
pub mod browser;
#[cfg(target_arch = "wasm32")]
pub mod components;
#[cfg(target_arch = "wasm32")]
pub mod state;
