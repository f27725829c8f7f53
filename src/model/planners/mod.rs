//! Beyond the paper: per-student spread, budget and quota planning, the semester timeline and the
//! difference between two scenarios.

pub mod budget;
pub mod comparables;
pub mod diff;
pub mod interval;
pub mod levers;
pub mod quota;
pub mod spread;
pub mod timeline;
pub mod tornado;
