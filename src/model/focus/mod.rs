//! Reading a FOCUS cost-and-usage export (the FinOps Foundation's open billing format, versions
//! 1.0 to 1.3) and setting it against the scenario: billed against planned, and the overrun
//! factors that make the scenario's hours match the bill.
//!
//! - [`columns`]: the FOCUS columns the reader uses, found by name in any order;
//! - [`reader`]: a streaming CSV reader (csv-core) fed in slices, so a large file never sits
//!   in memory whole;
//! - [`classify`]: one row as compute hours by instance type, storage GB-months, public IPv4
//!   hours, or skipped with its reason (its JSON columns read by `model::json`, the app's one
//!   JSON reader);
//! - [`summary`]: the bill's sums, bounded whatever the file ([`keyed`]: bounded maps whose
//!   lookups cost the same whatever came before);
//! - [`compare`]: billed against planned per instance type and per course resource;
//! - [`calibrate`]: overrun factors from the bill, with their provenance;
//! - [`dated`]: the bill by day (charge period), to place it on the course's weeks;
//! - [`fold`]: what the tables and chart draw: the top entries, the rest folded into one line.

pub mod calibrate;
pub mod classify;
pub mod columns;
pub mod compare;
pub mod dated;
pub mod fold;
pub mod keyed;
mod read_error;
pub mod reader;
pub mod summary;
pub mod summary_words;
mod wire;

pub use reader::{FocusReader, ReadError};
pub use summary::BillSummary;
