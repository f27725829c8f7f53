//! The free-testbed twin: the course in Chameleon and Jetstream2 service units beside the
//! commercial providers, whether it fits the allocation, which tier or how many recharges to
//! request, and the paragraph that requests it (`model::testbed` computes all of it).

pub mod details;
pub mod fit_table;
pub mod planner_lines;
pub mod rates_table;
pub mod request_box;
pub mod sources;
pub mod testbed_panel;
