//! The view: components render state and dispatch actions, nothing more.

pub mod bar_chart;
pub mod calculator;
pub mod chart_table;
pub mod headline;
pub mod number_input;

pub use bar_chart::BarChartView;
pub use calculator::Calculator;
pub use chart_table::ChartTable;
pub use headline::Headline;
pub use number_input::NumberInput;
