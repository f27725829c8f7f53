//! Entry point: mounts the app when compiled for the browser.

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    use course_cost::app::{App, AppProps};
    use gloo::timers::callback::Timeout;
    // The start in separate tasks (`setTimeout(0)`), not in the one that compiled and
    // instantiated the wasm, since on a slow phone each is long enough alone: first the link and
    // the draft, decoded before the first render (the browser inflates a link asynchronously) so
    // it shows the right scenario while the prerendered first paint stays (browser::link, itself
    // in a few tasks); then the first render.
    Timeout::new(0, || {
        // The reader's number conventions first: every figure from here on is written in them.
        course_cost::browser::locale::use_reader_style();
        wasm_bindgen_futures::spawn_local(async {
            let view = course_cost::model::share::view_of(&course_cost::browser::address::query());
            let initial = course_cost::browser::link::initial_state(view).await;
            Timeout::new(0, move || {
                let props = AppProps { initial };
                // Into #app, not <body>: Yew clears its root, and the served header must stay.
                let root = gloo::utils::document().get_element_by_id("app");
                course_cost::components::page::later::begin_start();
                match root {
                    Some(root) => yew::Renderer::<App>::with_root_and_props(root, props).render(),
                    None => yew::Renderer::<App>::with_props(props).render(),
                };
                course_cost::components::page::later::draw_in_slices();
            })
            .forget();
        });
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
