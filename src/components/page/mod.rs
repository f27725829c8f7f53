//! The page frame: the summary that stays in view, the views (tabs), keyboard shortcuts, and the
//! start in slices.

pub mod fold;
pub mod shortcuts;
pub mod start;
pub mod summary_bar;
pub mod tabs;
