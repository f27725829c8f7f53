//! Entry point: mounts the app when compiled for the browser.

// Talc instead of the default dlmalloc: smaller code in the download, and faster.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    use course_cost::app::{App, AppProps};
    // The link and the draft are decoded first (the browser inflates them asynchronously), so
    // the first render shows the right scenario; the prerendered first paint stays till then.
    wasm_bindgen_futures::spawn_local(async {
        let view = course_cost::model::share::view_of(&course_cost::browser::address::query());
        let initial = course_cost::browser::link::initial_state(view).await;
        let props = AppProps { initial };
        // Into #app, not <body>: Yew clears its root, and the served header must stay.
        let root = gloo::utils::document().get_element_by_id("app");
        match root {
            Some(root) => yew::Renderer::<App>::with_root_and_props(root, props).render(),
            None => yew::Renderer::<App>::with_props(props).render(),
        };
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "course-cost runs in the browser: serve it with `trunk serve` (see README.md). \
         The native build exists for tests and benchmarks."
    );
}
