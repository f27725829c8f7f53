//! Loads the actuals wasm (`components::actuals`) the first time one of its views is opened: its
//! glue and its loader, named (comma-separated) by the page's `<meta name="actuals">` (written by
//! assets/post_build.mjs), as two scripts. Once started it puts its API on `window` and says
//! [`READY`]; its loader says [`FAILED`] when the wasm cannot be fetched or compiled.

use js_sys::{Array, Function, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Element, HtmlScriptElement};

use gloo::events::EventListener;

use super::actuals_protocol::{ActualsView, API, FAILED, READY};

/// Why such a view cannot be shown, in words.
const NOT_LOADED: &str =
    "This part of the calculator could not be loaded (it is fetched the first \
    time it is opened: offline, it works once it was opened online). Reload the page to try again.";

/// The API the actuals wasm put on `window`, once it has started.
fn api() -> Option<JsValue> {
    let api = Reflect::get(&gloo::utils::window(), &API.into()).ok()?;
    (!api.is_undefined()).then_some(api)
}

/// Whether the actuals wasm has started.
pub fn started() -> bool {
    api().is_some()
}

/// The script with `id` (added with `src` if it is not there yet); an error loading it removes
/// it (so a later try adds it again) and calls `failed`.
fn script(id: &str, src: &str, failed: Function) -> Option<HtmlScriptElement> {
    let document = gloo::utils::document();
    let script = match document.get_element_by_id(id) {
        Some(existing) => existing.dyn_into::<HtmlScriptElement>().ok()?,
        None => {
            let script: HtmlScriptElement =
                document.create_element("script").ok()?.dyn_into().ok()?;
            script.set_id(id);
            script.set_src(src);
            // In order: the loader calls what the glue defines.
            script.set_async(false);
            document.head()?.append_child(&script).ok()?;
            script
        }
    };
    let removed = script.clone();
    EventListener::once(&script, "error", move |_| {
        removed.remove();
        let _ = failed.call0(&JsValue::NULL);
    })
    .forget();
    Some(script)
}

/// Loads and starts the actuals wasm, unless it has started; the error says why it cannot.
pub async fn load() -> Result<(), String> {
    if started() {
        return Ok(());
    }
    let names = super::page_meta("actuals").unwrap_or_default();
    let mut names = names.split(',');
    let (Some(glue), Some(loader)) = (names.next(), names.next()) else {
        return Err(NOT_LOADED.into());
    };
    let window = gloo::utils::window();
    let promise = Promise::new(&mut |resolve, reject| {
        EventListener::once(&window, READY, move |_| {
            let _ = resolve.call0(&JsValue::NULL);
        })
        .forget();
        let failed = reject.clone();
        EventListener::once(&window, FAILED, move |_| {
            // The loader ran and the wasm did not start: the next try runs the loader again (the
            // glue, once run, cannot run twice).
            if let Some(loader) = gloo::utils::document().get_element_by_id("actuals-loader") {
                loader.remove();
            }
            let _ = failed.call0(&JsValue::NULL);
        })
        .forget();
        let added = script("actuals-glue", glue, reject.clone()).is_some()
            && script("actuals-loader", loader, reject.clone()).is_some();
        if !added {
            let _ = reject.call0(&JsValue::NULL);
        }
    });
    JsFuture::from(promise)
        .await
        .map(|_| ())
        .map_err(|_| NOT_LOADED.to_string())
}

/// Calls the API's `name` with `args`, once the actuals wasm has started.
fn call(name: &str, args: &Array) {
    let Some(api) = api() else {
        return;
    };
    if let Ok(function) = Reflect::get(&api, &name.into()).and_then(|f| f.dyn_into::<Function>()) {
        let _ = function.apply(&api, args);
    }
}

/// Shows `view` in `host` with the page's scenario (its link JSON) and link payload.
pub fn show(host: &Element, view: ActualsView, json: &str, link: &str) {
    call(
        "show",
        &Array::of4(host, &view.id().into(), &json.into(), &link.into()),
    );
}

/// Unmounts `view` (its fold closed).
pub fn hide(view: ActualsView) {
    call("hide", &Array::of1(&view.id().into()));
}
