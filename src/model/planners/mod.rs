//! Beyond the paper: per-student spread, budget and quota planning, the semester timeline and the
//! difference between two scenarios.

pub mod budget;
pub mod comparables;
pub mod diff;
pub mod feasible;
pub mod held;
pub mod input_value;
pub mod interval;
pub mod levers;
pub mod pool;
pub mod spread;
pub mod stand_in_range;
pub mod timeline;
pub mod tornado;
pub mod uncertain;
