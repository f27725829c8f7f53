//! Entry point: mounts the app when compiled for the browser.

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    yew::Renderer::<course_cost::app::App>::new().render();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "course-cost runs in the browser: serve it with `trunk serve` (see README.md). \
         The native build exists for tests and benchmarks."
    );
}
