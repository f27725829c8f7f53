//! A plotters bar chart on a canvas that fills its container, redrawn when data, size, pixel
//! ratio or colour scheme change, with its table twin.

use std::rc::Rc;

use gloo::events::EventListener;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{
    Element, HtmlCanvasElement, IntersectionObserver, IntersectionObserverEntry,
    IntersectionObserverInit,
};
use yew::prelude::*;

use crate::charts::bars::{draw, Frame};
use crate::charts::data::BarChart;
use crate::components::results::chart_table::ChartTable;

/// Props of [`BarChartView`].
#[derive(Properties, PartialEq)]
pub struct BarChartViewProps {
    /// What to draw.
    pub chart: Rc<BarChart>,
    /// `data-testid` of the canvas.
    pub testid: AttrValue,
    /// Height on the page (CSS pixels).
    #[prop_or(300)]
    pub height: u32,
}

/// What the canvas is drawn for: container width, pixel ratio and colour scheme.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Surroundings {
    width: u32,
    pixel_ratio: f64,
    dark: bool,
}

fn measure(container: &NodeRef) -> Surroundings {
    let window = gloo::utils::window();
    let width = container
        .cast::<Element>()
        .map(|el| el.client_width().max(0) as u32)
        .unwrap_or(0);
    let dark = window
        .match_media("(prefers-color-scheme: dark)")
        .ok()
        .flatten()
        .is_some_and(|query| query.matches());
    Surroundings {
        width,
        pixel_ratio: window.device_pixel_ratio(),
        dark,
    }
}

/// The chart's surroundings, measured once mounted and then on every window resize (which zooming
/// also fires).
#[hook]
fn use_surroundings(container: NodeRef) -> Surroundings {
    let surroundings = use_state(|| Surroundings {
        width: 0,
        pixel_ratio: 1.0,
        dark: false,
    });
    {
        let surroundings = surroundings.clone();
        use_effect_with((), move |_| {
            surroundings.set(measure(&container));
            let listener = EventListener::new(&gloo::utils::window(), "resize", move |_| {
                let now = measure(&container);
                if now != *surroundings {
                    surroundings.set(now);
                }
            });
            move || drop(listener)
        });
    }
    *surroundings
}

/// Whether the container is on screen or within 300 pixels of it. Charts off screen are not drawn
/// on every edit: they are drawn when they come near the viewport, so typing only pays for what
/// can be seen.
#[hook]
fn use_near_viewport(container: NodeRef) -> bool {
    let near_viewport = use_state(|| false);
    {
        let near_viewport = near_viewport.clone();
        use_effect_with((), move |_| {
            let callback = Closure::<dyn FnMut(Vec<IntersectionObserverEntry>)>::new(
                move |entries: Vec<IntersectionObserverEntry>| {
                    if let Some(entry) = entries.last() {
                        near_viewport.set(entry.is_intersecting());
                    }
                },
            );
            let options = IntersectionObserverInit::new();
            options.set_root_margin("300px 0px");
            let observer =
                IntersectionObserver::new_with_options(callback.as_ref().unchecked_ref(), &options)
                    .ok();
            if let (Some(observer), Some(element)) = (&observer, container.cast::<Element>()) {
                observer.observe(&element);
            }
            move || {
                if let Some(observer) = observer {
                    observer.disconnect();
                }
                drop(callback);
            }
        });
    }
    *near_viewport
}

/// Draws `chart` on `canvas` and counts the drawing in its `data-drawn` attribute, a counter tests
/// and the benchmark can watch to see a redraw.
fn draw_and_count(canvas: &HtmlCanvasElement, chart: &BarChart, frame: Frame) {
    match draw(canvas, chart, frame) {
        Ok(()) => {
            let drawn = canvas
                .get_attribute("data-drawn")
                .and_then(|n| n.parse::<u64>().ok())
                .unwrap_or(0);
            let _ = canvas.set_attribute("data-drawn", &(drawn + 1).to_string());
        }
        Err(error) => gloo::console::warn!(format!("chart not drawn: {error}")),
    }
}

/// A bar chart with an accessible name, and its numbers as a table below.
#[component]
pub fn BarChartView(props: &BarChartViewProps) -> Html {
    let container = use_node_ref();
    let canvas = use_node_ref();
    let surroundings = use_surroundings(container.clone());
    let near_viewport = use_near_viewport(container.clone());
    {
        let canvas = canvas.clone();
        use_effect_with(
            (
                props.chart.clone(),
                surroundings,
                props.height,
                near_viewport,
            ),
            move |(chart, surroundings, height, near_viewport)| {
                if !*near_viewport {
                    return;
                }
                if let Some(canvas) = canvas.cast::<HtmlCanvasElement>() {
                    let frame = Frame {
                        css_width: surroundings.width,
                        css_height: *height,
                        pixel_ratio: surroundings.pixel_ratio,
                        dark: surroundings.dark,
                    };
                    draw_and_count(&canvas, chart, frame);
                }
            },
        );
    }

    html! {
        <figure class="chart">
            <div class="chart-canvas" ref={container}>
                <canvas
                    ref={canvas}
                    data-testid={props.testid.clone()}
                    role="img"
                    aria-label={props.chart.summary()}
                    height={props.height.to_string()}
                />
            </div>
            <details class="chart-twin">
                <summary>{ "Show the numbers as a table" }</summary>
                <ChartTable chart={props.chart.clone()} />
            </details>
        </figure>
    }
}
