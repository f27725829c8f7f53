//! The `refresh-prices` command's core: it reads each provider's public price catalog in the
//! format the provider publishes it, keeps the figures the course needs, and writes the dated
//! snapshots the app bakes (`src/data/prices/<provider>-<region>.json`, the format in
//! `price-snapshot-format.md`'s contract, restated in [`snapshot`]).
//!
//! Native only: `lib.rs` compiles this module for no wasm target, and the HTTP client behind
//! `--fetch` ([`fetch`]) only with the `fetch` feature.
//!
//! The flow: a folder of catalog files with a [`manifest`] saying what each file is and where it
//! was published; the SKU list ([`watch`], from `src/data/offers.toml`); one reader per format
//! (the providers' own: [`aws`], [`azure`], [`gcp`], [`lambda`], [`runpod`]; and the dated
//! secondary tables that exist today, clearly labelled as derived: [`derived`]); the newest figure
//! per SKU and region ([`merge`]); what moved since the previous snapshot ([`changes`]); the
//! files ([`snapshot`], [`report`]). [`run`] ties them together; [`cli`] reads the arguments.

pub mod aws;
pub mod azure;
pub mod catalog;
pub mod changes;
pub mod cli;
pub mod course;
pub mod csv_rows;
pub mod date;
pub mod derived;
pub mod error;
#[cfg(feature = "fetch")]
pub mod fetch;
pub mod gcp;
pub mod json;
pub mod lambda;
pub mod manifest;
pub mod merge;
pub mod report;
pub mod run;
pub mod runpod;
pub mod snapshot;
pub mod source;
pub mod storage;
pub mod watch;
pub mod words;
pub mod write;
