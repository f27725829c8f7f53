//! What the page and the actuals wasm (`components::actuals`) call each other: the API's name
//! on `window`, the events, and the views by name. Both sides build from this one file.

/// The loader's event on `window` when the wasm cannot be started (its `detail` says why;
/// assets/post_build.mjs writes the loader).
pub const FAILED: &str = "course-cost-actuals-failed";
/// The global the actuals wasm puts its API under once started.
pub const API: &str = "courseCostActuals";
/// The event on `window` that says the actuals wasm has started.
pub const READY: &str = "course-cost-actuals-ready";
/// A view's edit: `detail` is `{ json, label }`, the scenario's link JSON and the edit's label.
pub const EDIT: &str = "course-cost-actuals-edit";
/// A view's notice (a refused edit, and why): `detail` is the text.
pub const NOTICE: &str = "course-cost-actuals-notice";
/// The term view's status paragraph (or `null` when it has none): `detail`.
pub const TERM_STATUS: &str = "course-cost-term-status";

/// One of the views of what was measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActualsView {
    /// Calibrate to a course's measured hours (the paper's, or your own).
    Hours,
    /// Calibrate from a bill (a FOCUS export of a past run).
    Focus,
    /// During the term: the bill so far, the forecast, when the budget runs out.
    Term,
    /// How the course compares with other courses' reported costs.
    Comparables,
}

impl ActualsView {
    /// Its name in the API's calls.
    pub fn id(self) -> &'static str {
        match self {
            ActualsView::Hours => "hours",
            ActualsView::Focus => "focus",
            ActualsView::Term => "term",
            ActualsView::Comparables => "comparables",
        }
    }

    /// The view named `id`.
    pub fn of_id(id: &str) -> Option<ActualsView> {
        [
            ActualsView::Hours,
            ActualsView::Focus,
            ActualsView::Term,
            ActualsView::Comparables,
        ]
        .into_iter()
        .find(|view| view.id() == id)
    }
}
