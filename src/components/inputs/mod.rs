//! Number fields, selects and notices shared by every panel.

pub mod citation;
pub mod notice;
pub mod number_input;
pub mod provenance_marker;
pub mod resource_select;
pub mod select;
pub mod setting_input;
pub mod static_markup;
pub mod table_head;
pub mod term;
