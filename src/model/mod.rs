//! The pure core: cost engine, price catalog, presets and editing rules.
//!
//! Nothing here imports yew, web-sys or gloo, so `cargo test` checks it natively and fast.
//!
//! - [`scenario`]: what a user sets (savings levers included), its typed field paths and its
//!   validation;
//! - [`catalog`]: Chameleon resources, commercial offers, the mapping between them, presets;
//! - [`engine`]: prices a valid scenario with its levers applied (the estimate, the provider
//!   comparison, calibration);
//! - [`edit`]: how a scenario changes (typed numbers, structural changes, the one commit path);
//! - [`share`]: the share-link codec;
//! - [`focus`]: a FOCUS billing export read back into the plan (billed against planned);
//!   [`gzip`]: a packed export unpacked as it is read;
//! - [`planners`]: beyond the paper (savings waterfall, spread, budget, quota, timeline, A/B
//!   difference);
//! - [`format`] and [`export`]: how figures are written for people and for other programs;
//!   [`json`]: the JSON they and links are written in and read from.
//!
//! No file here imports a file that imports it back (`tests/model_imports.rs`), so each can be
//! read and tested from the bottom up: `limits`, `format` and the catalog's types first, then
//! the scenario, the engine, edits, links and planners.

pub mod catalog;
pub mod edit;
pub mod engine;
pub mod export;
pub mod export_csv;
pub mod focus;
pub mod format;
pub mod glossary;
pub mod gzip;
pub mod json;
pub mod number_style;
pub mod planners;
pub mod plural;
pub mod scenario;
pub mod share;
pub mod sort;
pub mod testbed;

pub use catalog::Catalog;
pub use engine::estimate::{evaluate, Estimate};
pub use scenario::Scenario;
