//! Entry point: mounts the app when compiled for the browser.

// Talc instead of the default dlmalloc: smaller code in the download, and faster.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    // In a task of its own (`setTimeout(0)`), not in the one that compiled and instantiated the
    // wasm: on a slow phone each is long enough alone (see calculator.rs for the view's parts).
    gloo::timers::callback::Timeout::new(0, || {
        // Into #app, not <body>: Yew clears its root, and the served header must stay.
        let root = gloo::utils::document().get_element_by_id("app");
        match root {
            Some(root) => yew::Renderer::<course_cost::app::App>::with_root(root).render(),
            None => yew::Renderer::<course_cost::app::App>::new().render(),
        };
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
