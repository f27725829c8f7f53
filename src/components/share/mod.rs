//! Links, drafts, the embedded view and print.

pub mod embed_dialog;
pub mod embed_view;
pub mod export_buttons;
pub mod kept_list;
pub mod link_notice;
pub mod print_header;
pub mod share_bar;
pub mod url_sync;
