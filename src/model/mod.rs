//! The pure core: cost engine, price catalog, presets and editing rules.
//!
//! Nothing here imports yew, web-sys or gloo, so `cargo test` checks it natively and fast.
//!
//! The folders form a stack, each using only those above it in this list (the files directly
//! here, `format`, `sort`, `json` and the like, sit at the bottom):
//!
//! - [`catalog`]: Chameleon resources, commercial offers, the mapping between them;
//! - [`scenario`]: what a user sets (savings levers included), its typed field paths and its
//!   validation;
//! - [`engine`]: prices a valid scenario with its levers applied (the estimate, the same on
//!   every provider, calibration);
//! - [`presets`]: the ready-made scenarios and what they carry (the paper's figures and reported
//!   hours, provenance and its notes, the gap to the paper);
//! - [`edit`]: how a scenario changes (typed numbers, structural changes, the one commit path);
//! - [`share`]: the share-link codec;
//! - [`planners`]: beyond the paper (savings waterfall, spread, budget, pool counts, timeline,
//!   A/B difference);
//! - [`testbed`]: the testbeds' plans and requests (quota, fits, SU caps);
//! - [`focus`]: a FOCUS billing export read back into the plan (billed against planned);
//! - [`export`]: how figures are written for other programs; [`json`]: the JSON they and links
//!   are written in and read from; [`gzip`]: a packed export unpacked as it is read.
//!
//! No file here imports a file that imports it back, and no folder a folder that imports it
//! back, at any depth (`tests/model_imports.rs`), so each can be read and tested from the bottom
//! up.

pub mod calendar;
pub mod catalog;
pub mod decimal;
pub mod edit;
pub mod engine;
pub mod export;
pub mod export_csv;
pub mod focus;
pub mod format;
pub mod glossary;
pub mod gzip;
pub mod html;
pub mod json;
pub mod number_read;
pub mod number_style;
pub mod planners;
pub mod plural;
pub mod presets;
pub mod quote;
pub mod scenario;
#[cfg(test)]
pub(crate) mod serde_check;
pub mod share;
pub mod sort;
pub mod term;
pub mod testbed;
pub mod wire_bytes;
pub mod worker_jobs;
pub mod worker_protocol;
pub mod worker_wire;

pub use catalog::Catalog;
pub use engine::estimate::{evaluate, Estimate};
pub use scenario::Scenario;
