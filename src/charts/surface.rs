//! A canvas ready for plotters: its backing store sized for the screen's pixel ratio (plotters-canvas
//! does not know about `devicePixelRatio`), and the colours of the light or dark scheme. Every chart
//! starts here.

use std::ops::Range;

use plotters::chart::MeshStyle;
use plotters::coord::ranged1d::{KeyPointHint, NoDefaultFormatting, Ranged, ValueFormatter};
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::HtmlCanvasElement;

use crate::charts::palette::{Rgb, Theme};

/// Where and how big to draw.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// Width on the page (CSS pixels).
    pub css_width: u32,
    /// Height on the page (CSS pixels).
    pub css_height: u32,
    /// Device pixels per CSS pixel (`window.devicePixelRatio`).
    pub pixel_ratio: f64,
    /// Dark colour scheme.
    pub dark: bool,
    /// The page's own colours, when they could be read; they win over `dark`.
    pub theme: Option<Theme>,
}

/// Colours for text, grid lines and the background of a frame.
#[derive(Clone, Copy)]
pub struct Ink {
    /// Text and axes.
    pub text: RGBColor,
    /// Grid lines.
    pub grid: RGBColor,
    /// Background.
    pub paper: RGBColor,
    /// Device pixels per CSS pixel.
    pub ratio: f64,
}

impl Ink {
    /// `css` CSS pixels in device pixels.
    pub fn px(&self, css: f64) -> i32 {
        (css * self.ratio).round() as i32
    }

    /// The text font at `size` CSS pixels.
    pub fn font(&self, size: f64) -> TextStyle<'static> {
        // A FontFamily variant, not a string: parsing "sans-serif" pulls in Unicode case tables.
        (FontFamily::SansSerif, self.px(size))
            .into_font()
            .color(&self.text)
    }
}

/// A plotters drawing error, in words.
pub fn failed<E: std::error::Error + Send + Sync>(error: DrawingAreaErrorKind<E>) -> String {
    error.to_string()
}

/// The whole of a canvas, as plotters draws on it.
pub type Area = DrawingArea<CanvasBackend, Shift>;

/// Prepares `canvas` for `frame` (see [`prepare`]) and opens it for plotters: the whole drawing
/// area, filled with the paper colour, and the ink; `None` when the canvas has no size or, once
/// cleared, when there are no `items` to draw.
pub fn open(
    canvas: &HtmlCanvasElement,
    frame: Frame,
    items: usize,
) -> Result<Option<(Area, Ink)>, String> {
    let Some(ink) = prepare(canvas, frame)? else {
        return Ok(None);
    };
    let backend = CanvasBackend::with_canvas_object(canvas.clone())
        .ok_or_else(|| "this browser gives no 2D canvas".to_string())?;
    let root = backend.into_drawing_area();
    root.fill(&ink.paper).map_err(failed)?;
    Ok((items > 0).then_some((root, ink)))
}

/// A linear axis over `values` whose labels `label` writes. Every chart writes its own labels
/// (money, hours, or none), so plotters' own labels for floats, and their formatting code, are
/// left out of the wasm.
pub struct Axis<'a> {
    values: RangedCoordf64,
    label: &'a dyn Fn(f64) -> String,
}

impl<'a> Axis<'a> {
    /// The axis over `values`, each label written by `label`.
    pub fn new(values: Range<f64>, label: &'a dyn Fn(f64) -> String) -> Axis<'a> {
        Axis {
            values: values.into(),
            label,
        }
    }
}

impl Ranged for Axis<'_> {
    type FormatOption = NoDefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        self.values.map(value, limit)
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        self.values.key_points(hint)
    }

    fn range(&self) -> Range<f64> {
        self.values.range()
    }
}

impl ValueFormatter<f64> for Axis<'_> {
    fn format_ext(&self, value: &f64) -> String {
        (self.label)(*value)
    }
}

/// No label: for an axis whose values a chart names itself (bars by their names), or none.
pub fn unlabelled(_: f64) -> String {
    String::new()
}

/// Draws `mesh` in the ink's colours: small labels, grid lines at the major ticks only.
pub fn draw_mesh<X, Y, DB>(mesh: &mut MeshStyle<'_, '_, X, Y, DB>, ink: Ink) -> Result<(), String>
where
    X: Ranged + ValueFormatter<X::ValueType>,
    Y: Ranged + ValueFormatter<Y::ValueType>,
    DB: DrawingBackend,
{
    mesh.label_style(ink.font(11.0))
        .axis_style(ink.grid)
        .bold_line_style(ink.grid.mix(0.5))
        .light_line_style(TRANSPARENT)
        .draw()
        .map_err(failed)
}

/// Sets the canvas's size on the page through the CSSOM (`canvas.style.setProperty`), which a
/// Content-Security-Policy without `'unsafe-inline'` allows, unlike a `style` attribute.
fn set_css_size(canvas: &HtmlCanvasElement, width: u32, height: u32) -> Result<(), JsValue> {
    let style = js_sys::Reflect::get(canvas, &"style".into())?;
    let set: js_sys::Function = js_sys::Reflect::get(&style, &"setProperty".into())?.dyn_into()?;
    set.call2(&style, &"width".into(), &format!("{width}px").into())?;
    set.call2(&style, &"height".into(), &format!("{height}px").into())?;
    Ok(())
}

/// Sizes the canvas's backing store for `frame`; its colours, or `None` when it has no size.
pub fn prepare(canvas: &HtmlCanvasElement, frame: Frame) -> Result<Option<Ink>, String> {
    let ratio = if frame.pixel_ratio.is_finite() {
        frame.pixel_ratio.clamp(1.0, 4.0)
    } else {
        1.0
    };
    let width = (f64::from(frame.css_width) * ratio).round() as u32;
    let height = (f64::from(frame.css_height) * ratio).round() as u32;
    if width == 0 || height == 0 {
        return Ok(None);
    }
    if canvas.width() != width || canvas.height() != height {
        canvas.set_width(width);
        canvas.set_height(height);
        set_css_size(canvas, frame.css_width, frame.css_height)
            .map_err(|_| "cannot size the canvas".to_string())?;
    }
    let rgb = |Rgb(r, g, b): Rgb| RGBColor(r, g, b);
    let (text, grid, paper) = if let Some(theme) = frame.theme {
        (rgb(theme.text), rgb(theme.grid), rgb(theme.paper))
    } else if frame.dark {
        (
            RGBColor(230, 232, 236),
            RGBColor(90, 96, 110),
            RGBColor(22, 24, 29),
        )
    } else {
        (RGBColor(33, 37, 41), RGBColor(200, 204, 210), WHITE)
    };
    Ok(Some(Ink {
        text,
        grid,
        paper,
        ratio,
    }))
}
