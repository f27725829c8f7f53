//! Draws a [`BarChart`] on a canvas with plotters, sharp at any device pixel ratio.
//!
//! plotters-canvas draws in backing-store pixels and does not know about `devicePixelRatio`, so
//! `draw` sizes the backing store itself (CSS size x ratio) and scales fonts and margins to match.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters_canvas::CanvasBackend;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::HtmlCanvasElement;

use super::data::{BarChart, Layout};
use super::palette::Rgb;

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
}

fn color(rgb: Rgb) -> RGBColor {
    RGBColor(rgb.0, rgb.1, rgb.2)
}

/// Sets the canvas's size on the page through the CSSOM (`canvas.style.setProperty`), which a
/// Content-Security-Policy without `'unsafe-inline'` allows, unlike a `style` attribute.
fn set_css_size(canvas: &HtmlCanvasElement, width: u32, height: u32) -> Result<(), JsValue> {
    let style = js_sys::Reflect::get(canvas, &"style".into())?;
    let set_property: js_sys::Function =
        js_sys::Reflect::get(&style, &"setProperty".into())?.dyn_into()?;
    set_property.call2(&style, &"width".into(), &format!("{width}px").into())?;
    set_property.call2(&style, &"height".into(), &format!("{height}px").into())?;
    Ok(())
}

/// Paints `chart` into `canvas`, resizing its backing store for `frame`.
pub fn draw(canvas: &HtmlCanvasElement, chart: &BarChart, frame: Frame) -> Result<(), String> {
    let ratio = if frame.pixel_ratio.is_finite() {
        frame.pixel_ratio.clamp(1.0, 4.0)
    } else {
        1.0
    };
    let width = (f64::from(frame.css_width) * ratio).round() as u32;
    let height = (f64::from(frame.css_height) * ratio).round() as u32;
    if width == 0 || height == 0 {
        return Ok(());
    }
    // Resizing reallocates the canvas's pixels: only when the size really changes.
    if canvas.width() != width || canvas.height() != height {
        canvas.set_width(width);
        canvas.set_height(height);
        set_css_size(canvas, frame.css_width, frame.css_height)
            .map_err(|_| "cannot size the canvas".to_string())?;
    }

    let px = |css: f64| (css * ratio).round() as i32;
    let (ink, grid, paper) = if frame.dark {
        (
            RGBColor(230, 232, 236),
            RGBColor(90, 96, 110),
            RGBColor(22, 24, 29),
        )
    } else {
        (RGBColor(33, 37, 41), RGBColor(200, 204, 210), WHITE)
    };
    let font = |size: f64| ("sans-serif", px(size)).into_font().color(&ink);
    let failed = |e: DrawingAreaErrorKind<_>| e.to_string();

    let backend = CanvasBackend::with_canvas_object(canvas.clone())
        .ok_or_else(|| "this browser gives no 2D canvas".to_string())?;
    let root = backend.into_drawing_area();
    root.fill(&paper).map_err(failed)?;
    let positions = chart.labels.len();
    if positions == 0 {
        return Ok(());
    }

    // Legend across the top: a swatch and a name per series.
    let (legend, plot) = root.split_vertically(px(26.0));
    let mut x = px(8.0);
    for series in &chart.series {
        legend
            .draw(&Rectangle::new(
                [(x, px(8.0)), (x + px(12.0), px(20.0))],
                color(series.color).filled(),
            ))
            .map_err(failed)?;
        legend
            .draw(&Text::new(
                series.name.clone(),
                (x + px(16.0), px(14.0)),
                font(12.0).pos(Pos::new(HPos::Left, VPos::Center)),
            ))
            .map_err(failed)?;
        // Approximate text width: about 0.6 em per character at 12 px.
        x += px(16.0 + 7.2 * series.name.chars().count() as f64 + 16.0);
    }

    let top = match chart.max_value() {
        max if max > 0.0 => max * 1.08,
        _ => 1.0,
    };
    let mut area = ChartBuilder::on(&plot)
        .margin_top(px(6.0))
        .margin_right(px(12.0))
        .x_label_area_size(px(26.0))
        .y_label_area_size(px(72.0))
        .build_cartesian_2d(0f64..positions as f64, 0f64..top)
        .map_err(failed)?;
    let unit = chart.unit.clone();
    area.configure_mesh()
        .disable_x_mesh()
        .x_label_formatter(&|_| String::new())
        .y_labels(5)
        .y_label_formatter(&|v| unit.format(*v))
        .label_style(font(11.0))
        .axis_style(grid)
        .bold_line_style(grid.mix(0.5))
        .light_line_style(TRANSPARENT)
        .draw()
        .map_err(failed)?;

    let bar_width = 0.7;
    let mut bars = Vec::new();
    for i in 0..positions {
        let left = i as f64 + (1.0 - bar_width) / 2.0;
        match chart.layout {
            Layout::Stacked => {
                let mut bottom = 0.0;
                for series in &chart.series {
                    let value = series.values.get(i).copied().unwrap_or(0.0);
                    bars.push(Rectangle::new(
                        [(left, bottom), (left + bar_width, bottom + value)],
                        color(series.color).filled(),
                    ));
                    bottom += value;
                }
            }
            Layout::Grouped => {
                let each = bar_width / chart.series.len().max(1) as f64;
                for (j, series) in chart.series.iter().enumerate() {
                    let value = series.values.get(i).copied().unwrap_or(0.0);
                    let x0 = left + each * j as f64;
                    bars.push(Rectangle::new(
                        [(x0, 0.0), (x0 + each, value)],
                        color(series.color).filled(),
                    ));
                }
            }
        }
    }
    area.draw_series(bars).map_err(failed)?;

    // Position labels, centred under their bars (plotters' numeric axis cannot place them there).
    let label_font = font(11.0).pos(Pos::new(HPos::Center, VPos::Top));
    // Where labels would overlap (many narrow bars), label every n-th bar only.
    let slot = f64::from(area.backend_coord(&(1.0, 0.0)).0 - area.backend_coord(&(0.0, 0.0)).0);
    let widest = chart
        .labels
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0) as f64;
    let needed = (widest * 6.6 + 6.0) * ratio;
    let every = if slot > 0.0 {
        (needed / slot).ceil().max(1.0) as usize
    } else {
        1
    };
    for (i, label) in chart.labels.iter().enumerate().step_by(every) {
        let (x, y) = area.backend_coord(&(i as f64 + 0.5, 0.0));
        root.draw(&Text::new(
            label.clone(),
            (x, y + px(6.0)),
            label_font.clone(),
        ))
        .map_err(failed)?;
    }
    root.present().map_err(failed)?;
    Ok(())
}
