//! A canvas for the Plan view's charts (the savings waterfall, the tornado), redrawn when its
//! data, width, pixel ratio or colour scheme change; `data-drawn` counts the drawings.

use std::rc::Rc;

use gloo::events::EventListener;
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

use crate::charts::bars::Frame;
use crate::charts::tornado::{self, TornadoChart};
use crate::charts::waterfall::{self, Waterfall};
use crate::components::results::canvas_frame::{count_drawing, Surroundings};

/// What a [`PlanCanvas`] draws.
#[derive(Clone, Debug, PartialEq)]
pub enum Picture {
    /// The savings waterfall.
    Waterfall(Rc<Waterfall>),
    /// The tornado.
    Tornado(Rc<TornadoChart>),
}

impl Picture {
    fn draw(&self, canvas: &HtmlCanvasElement, frame: Frame) -> Result<(), String> {
        match self {
            Picture::Waterfall(chart) => waterfall::draw(canvas, chart, frame),
            Picture::Tornado(chart) => tornado::draw(canvas, chart, frame),
        }
    }

    fn summary(&self) -> String {
        match self {
            Picture::Waterfall(chart) => chart.summary(),
            Picture::Tornado(chart) => chart.summary(),
        }
    }
}

/// Props of [`PlanCanvas`].
#[derive(Properties, PartialEq)]
pub struct PlanCanvasProps {
    /// What to draw.
    pub picture: Picture,
    /// `data-testid` of the canvas.
    pub testid: AttrValue,
    /// Height on the page (CSS pixels).
    #[prop_or(260)]
    pub height: u32,
}

fn paint(canvas: &NodeRef, picture: &Picture, container: &NodeRef, height: u32) {
    if let Some(canvas) = canvas.cast::<HtmlCanvasElement>() {
        let frame = Surroundings::measure(container).frame(height);
        count_drawing(&canvas, picture.draw(&canvas, frame));
    }
}

/// A chart canvas with an accessible name (the chart in words).
#[component]
pub fn PlanCanvas(props: &PlanCanvasProps) -> Html {
    let container = use_node_ref();
    let canvas = use_node_ref();
    // The resize listener paints what is current, read from here.
    let latest = use_mut_ref(|| (props.picture.clone(), props.height));
    *latest.borrow_mut() = (props.picture.clone(), props.height);
    {
        let (container, canvas, latest) = (container.clone(), canvas.clone(), latest);
        use_effect_with((), move |_| {
            let listener = EventListener::new(&gloo::utils::window(), "resize", move |_| {
                let (picture, height) = latest.borrow().clone();
                paint(&canvas, &picture, &container, height);
            });
            move || drop(listener)
        });
    }
    {
        let (container, canvas) = (container.clone(), canvas.clone());
        use_effect_with(
            (props.picture.clone(), props.height),
            move |(picture, height)| paint(&canvas, picture, &container, *height),
        );
    }
    html! {
        <div class="chart-canvas" ref={container}>
            <canvas ref={canvas} data-testid={props.testid.clone()} role="img"
                aria-label={props.picture.summary()} height={props.height.to_string()} />
        </div>
    }
}
