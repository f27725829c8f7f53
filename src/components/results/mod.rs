//! What it costs: headline, breakdown, providers side by side, charts.

pub mod bar_chart;
pub mod breakdown_table;
pub mod canvas_frame;
pub mod chart_table;
pub mod charts_panel;
pub mod headline;
pub mod price_age;
pub mod providers_table;
