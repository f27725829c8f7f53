//! Number fields, selects and notices shared by every panel.

pub mod notice;
pub mod number_input;
pub mod resource_select;
pub mod select;
