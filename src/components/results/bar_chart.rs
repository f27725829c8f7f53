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

use crate::charts::bars::draw;
use crate::charts::data::BarChart;
use crate::components::results::canvas_frame::{count_drawing, Surroundings};
use crate::components::results::chart_table::chart_table;

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

/// The chart's surroundings, measured once mounted and then on every window resize (which zooming
/// also fires).
#[hook]
fn use_surroundings(container: NodeRef) -> Surroundings {
    let surroundings = use_state(Surroundings::default);
    {
        let surroundings = surroundings.clone();
        use_effect_with((), move |_| {
            surroundings.set(Surroundings::measure(&container));
            let listener = EventListener::new(&gloo::utils::window(), "resize", move |_| {
                let now = Surroundings::measure(&container);
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
                    count_drawing(&canvas, draw(&canvas, chart, surroundings.frame(*height)));
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
                { chart_table(&props.chart) }
            </details>
        </figure>
    }
}
