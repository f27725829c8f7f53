//! Entry point: mounts the app when compiled for the browser.

// Talc instead of the default dlmalloc: smaller code in the download, and faster.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    use gloo::timers::callback::Timeout;
    // The start in three tasks (`setTimeout(0)`), not in the one that compiled and instantiated
    // the wasm, since on a slow phone each is long enough alone: the built-in data, read once
    // and kept (an error is reported by the app, which reads it again), then the first screen
    // (see src/components/calculator.rs for the parts after it).
    Timeout::new(0, || {
        let _ = course_cost::model::Catalog::builtin();
        let _ = course_cost::model::catalog::presets::builtin_presets();
        Timeout::new(0, || {
            // Into #app, not <body>: Yew clears its root, and the served header must stay.
            let root = gloo::utils::document().get_element_by_id("app");
            match root {
                Some(root) => yew::Renderer::<course_cost::app::App>::with_root(root).render(),
                None => yew::Renderer::<course_cost::app::App>::new().render(),
            };
        })
        .forget();
    })
    .forget();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "course-cost runs in the browser: serve it with `trunk serve` (see README.md). \
         The native build exists for tests and benchmarks."
    );
}
