//! The app's Web Worker: reads bills and runs the spread's simulation off the page's thread
//! (`browser::worker_host`; the messages are `model::worker_protocol`). Trunk builds it from
//! index.html's `data-type="worker"` link; the page starts it the first time it is needed.

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    course_cost::browser::worker_host::serve();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The calculator's Web Worker runs in the browser only (see index.html).");
}
