//! How a scenario changes: a typed number, a structural change, or a decoded link, each committed
//! only if the whole scenario stays valid.

pub mod change;
pub mod commit;
pub mod number;
pub mod pool_change;
mod stand_in_change;
