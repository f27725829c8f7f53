//! The Plan view's views of what was measured (calibrate to a course's measured hours, calibrate
//! from a FOCUS bill, the term so far, how it compares with other courses) in a wasm of their
//! own, `actuals`, fetched the first time one of their folds is opened: most readers never open
//! one, so the page's wasm carries neither these views nor the code only they use.
//!
//! - `host` (the page): a fold's body holds a host element; the page loads the actuals wasm
//!   (`browser::actuals`), hands it the host, the scenario (its link JSON) and the link, again on
//!   every change, and takes what the view sends back: a scenario an edit made (one undo step
//!   with the edit's label), a notice, the term's status paragraph.
//! - `island` (the actuals wasm): each view is a Yew app with a mirror of the page's state, kept
//!   by the same reducer; it applies the view's own actions (a bill kept open stays its own), and
//!   sends the page what they did to the scenario. Closing the fold unmounts the view (a read
//!   under way stops); the mirror, and a bill kept open, stay for the visit.
//!
//! The two talk through the host element: the page calls the API the actuals wasm puts on
//! `window` (`API`: `show(host, view, json, link)`, `hide(view)`), and the views dispatch
//! the `EDIT`, `NOTICE` and `TERM_STATUS` events on the host (`browser::actuals_protocol`).

pub mod host;
pub mod island;
