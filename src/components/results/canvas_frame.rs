//! What a chart canvas is drawn for, measured from its container, and the count of its drawings
//! in its `data-drawn` attribute: shared by the bar charts and the Plan view's canvas.

use web_sys::{Element, HtmlCanvasElement};
use yew::prelude::*;

use crate::charts::bars::Frame;
use crate::charts::palette::Theme;

/// What the canvas is drawn for: container width, pixel ratio and colour scheme.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Surroundings {
    /// Width of the container (CSS pixels).
    pub width: u32,
    /// Device pixels per CSS pixel.
    pub pixel_ratio: f64,
    /// Dark colour scheme.
    pub dark: bool,
    /// The page's theme colours (its computed custom properties), when readable.
    pub theme: Option<Theme>,
}

impl Default for Surroundings {
    fn default() -> Self {
        Self {
            width: 0,
            pixel_ratio: 1.0,
            dark: false,
            theme: None,
        }
    }
}

impl Surroundings {
    /// The surroundings of `container` now.
    pub fn measure(container: &NodeRef) -> Self {
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
        // The page's computed theme: an embed's `theme=dark` on a light system draws dark.
        let theme = gloo::utils::document()
            .document_element()
            .and_then(|root| window.get_computed_style(&root).ok().flatten())
            .and_then(|style| {
                Theme::from_properties(|name| style.get_property_value(name).unwrap_or_default())
            });
        Self {
            width,
            pixel_ratio: window.device_pixel_ratio(),
            dark: theme.map_or(dark, Theme::is_dark),
            theme,
        }
    }

    /// The frame to draw a chart `height` CSS pixels high in these surroundings.
    pub fn frame(self, height: u32) -> Frame {
        Frame {
            css_width: self.width,
            css_height: height,
            pixel_ratio: self.pixel_ratio,
            dark: self.dark,
            theme: self.theme,
        }
    }
}

/// Counts a drawing of `canvas` in its `data-drawn` attribute, a counter tests and the benchmark
/// can watch to see a redraw; a drawing that failed is warned about instead.
pub fn count_drawing(canvas: &HtmlCanvasElement, drawn: Result<(), String>) {
    match drawn {
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
