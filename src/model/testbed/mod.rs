//! The free-testbed twin: what a course costs in the service units of the research testbeds it
//! could run on for free, Chameleon and Jetstream2 (whose SUs are ACCESS credits), whether it fits
//! the allocation, and which tier or how many recharges to request.
//!
//! - [`data`]: the rates, rules and resource mappings of `src/data/testbeds.toml`, with sources;
//! - [`su`]: each resource's charge and the SUs of priced lines;
//! - [`chameleon_fit`], [`access_fit`]: allocations, recharges by week, tiers and their rules;
//! - [`student_cap`]: the per-student SU budget that keeps a share of students within it;
//! - [`idle`]: instance states and leases, and auto-stop's saving in SUs;
//! - [`cloudbank`]: whether a CloudBank fund covers the commercial estimate;
//! - [`reserved`]: what is charged by reservation or allocation: the reserved pool's leases, and
//!   Jetstream2 storage in credits;
//! - [`twin`]: all of it for one priced scenario; [`request`]: the allocation request's text.

pub mod access_fit;
pub mod chameleon_fit;
pub mod cloudbank;
pub mod data;
pub mod idle;
pub mod quota;
pub mod request;
pub mod reserved;
pub mod student_cap;
pub mod su;
pub mod twin;
pub mod words;

pub use data::Testbeds;
pub use twin::TestbedTwin;
