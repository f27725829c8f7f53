//! Share links: the scenario in the URL fragment.

pub mod link;
pub mod view;
