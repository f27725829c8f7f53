//! The view: components render state and dispatch actions, nothing more. One folder per feature.

pub mod calculator;
pub mod course;
pub mod inputs;
pub mod page;
pub mod planning;
pub mod prices;
pub mod results;
pub mod share;

pub use calculator::Calculator;
pub use course::course_panel::CoursePanel;
pub use course::labs_editor::LabsEditor;
pub use course::project_editor::ProjectEditor;
pub use course::schedule_panel::SchedulePanel;
pub use inputs::notice::Notice;
pub use inputs::number_input::NumberInput;
pub use inputs::resource_select::ResourceSelect;
pub use inputs::select::Select;
pub use inputs::term::{Glossary, Term};
pub use page::summary_bar::SummaryBar;
pub use page::tabs::Tabs;
pub use planning::compare_panel::ComparePanel;
pub use planning::spread_panel::SpreadPanel;
pub use prices::pricing_panel::PricingPanel;
pub use prices::realism_panel::RealismPanel;
pub use prices::stand_ins::GpuChoices;
pub use results::bar_chart::BarChartView;
pub use results::breakdown_table::BreakdownTable;
pub use results::chart_table::ChartTable;
pub use results::charts_panel::ChartsPanel;
pub use results::headline::Headline;
pub use results::provider_comparison::ProviderComparison;
pub use share::embed_view::EmbedView;
pub use share::link_notice::LinkNotice;
pub use share::print_header::PrintHeader;
pub use share::share_bar::ShareBar;
pub use share::url_sync::UrlSync;
