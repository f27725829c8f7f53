//! The Plan view's views of what was measured, in a wasm of their own (`components::actuals`):
//! calibrate to measured hours, calibrate from a FOCUS bill, the term so far, other courses;
//! fetched the first time one of their folds is opened. Trunk builds it from index.html's
//! `data-bin="actuals"` link; assets/post_build.mjs names its files and writes its loader,
//! which the page runs (`browser::actuals`).

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    course_cost::components::actuals::island::serve();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The actuals wasm runs in the browser only (see index.html).");
}
