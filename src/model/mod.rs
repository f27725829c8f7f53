//! The pure core: cost engine, price catalog, presets and editing rules.
//!
//! Nothing here imports yew, web-sys or gloo, so `cargo test` checks it natively and fast.

pub mod budget;
pub mod calibrate;
pub mod catalog;
pub mod change;
pub mod compare;
pub mod course;
pub mod diff;
pub mod edit;
pub mod estimate;
pub mod export;
pub mod format;
pub mod link;
pub mod offer;
pub mod planning;
pub mod presets;
pub mod pricing;
pub mod quota;
pub mod realism;
pub mod resource;
pub mod scenario;
pub mod spread;
pub mod timeline;
pub mod validate;

pub use catalog::Catalog;
pub use estimate::{evaluate, Estimate};
pub use scenario::Scenario;
