//! The view: components render state and dispatch actions, nothing more. One folder per feature.
//!
//! A component (`#[component]`) is kept where it holds state or hooks, or where Yew skipping an
//! unchanged subtree matters; the other parts of a view are plain functions returning `Html`,
//! since each component type adds its own copy of Yew's lifecycle code to the wasm (about 1.4 kB
//! raw). Markup that never changes is written as one node ([`static_html`]).
//! Glossary terms, provenance markers and folds are one component, `inputs::disclosure::Disclosure`,
//! each kind a plain function ([`fold`], `term`, `provenance_marker`) that fills its props.
//! A component used from several places gets its props written out and passed as `..props`
//! through one function ([`bar_chart`], `NumberInputProps::html`): the props builder's code is
//! generic per call site's set of props, so each `<X a={..} b={..} />` would ship its own copy.

pub mod calculator;
pub mod course;
pub mod inputs;
pub mod page;
pub mod planning;
pub mod prices;
pub mod results;
pub mod share;
pub mod testbeds;

pub use calculator::Calculator;
pub use course::course_panel::CoursePanel;
pub use course::labs_editor::LabsEditor;
pub use course::project_editor::ProjectEditor;
pub use course::schedule_panel::SchedulePanel;
pub use inputs::citation::citation;
pub use inputs::notice::notice;
pub use inputs::number_input::NumberInput;
pub use inputs::resource_select::resource_select;
pub use inputs::select::Select;
pub use inputs::static_markup::static_html;
pub use inputs::term::glossary;
pub use page::fold::fold;
pub use page::later::later;
pub use page::summary_bar::SummaryBar;
pub use page::tabs::tabs;
pub use planning::calibrate_form::CalibrateForm;
pub use planning::comparables_panel::ComparablesPanel;
pub use planning::compare_panel::ComparePanel;
pub use planning::focus_panel::FocusPanel;
pub use planning::savings_panel::SavingsPanel;
pub use planning::spread_panel::SpreadPanel;
pub use planning::tornado_panel::TornadoPanel;
pub use prices::pricing_panel::PricingPanel;
pub use prices::realism_panel::realism_panel;
pub use prices::stand_ins::StandInChoices;
pub use results::bar_chart::{bar_chart, BarChartView};
pub use results::breakdown_table::BreakdownTable;
pub use results::chart_table::chart_table;
pub use results::charts_panel::ChartsPanel;
pub use results::headline::headline;
pub use results::price_age::{price_age_line, price_age_warning};
pub use results::provider_comparison::ProviderComparison;
pub use share::embed_view::EmbedView;
pub use share::link_notice::LinkNotice;
pub use share::print_header::PrintHeader;
pub use share::share_bar::ShareBar;
pub use share::url_sync::UrlSync;
pub use testbeds::TestbedPanel;
