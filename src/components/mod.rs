//! The view: components render state and dispatch actions, nothing more.

pub mod bar_chart;
pub mod breakdown_table;
pub mod calculator;
pub mod chart_table;
pub mod charts_panel;
pub mod course_panel;
pub mod gpu_choices;
pub mod headline;
pub mod labs_editor;
pub mod notice;
pub mod number_input;
pub mod pricing_panel;
pub mod project_editor;
pub mod provider_comparison;
pub mod realism_panel;
pub mod resource_select;

pub use bar_chart::BarChartView;
pub use breakdown_table::BreakdownTable;
pub use calculator::Calculator;
pub use chart_table::ChartTable;
pub use charts_panel::ChartsPanel;
pub use course_panel::CoursePanel;
pub use gpu_choices::GpuChoices;
pub use headline::Headline;
pub use labs_editor::LabsEditor;
pub use notice::Notice;
pub use number_input::NumberInput;
pub use pricing_panel::PricingPanel;
pub use project_editor::ProjectEditor;
pub use provider_comparison::ProviderComparison;
pub use realism_panel::RealismPanel;
pub use resource_select::ResourceSelect;
