//! The page frame: the summary that stays in view, the views (tabs), and keyboard shortcuts.

pub mod fold;
pub mod go_to;
pub mod later;
pub mod shortcuts;
pub mod summary_bar;
pub mod tabs;
