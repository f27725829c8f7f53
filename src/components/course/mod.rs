//! The course: enrollment, term, labs, the project and the schedule.

pub mod course_panel;
pub mod labs_editor;
pub mod pool_editor;
pub mod project_editor;
pub mod scenario_title;
pub mod schedule_panel;
pub mod uses_table;
