//! Draws a [`BarChart`] on a canvas with plotters, sharp at any device pixel ratio.
//!
//! plotters-canvas draws in backing-store pixels and does not know about `devicePixelRatio`, so
//! `draw` sizes the backing store itself (CSS size x ratio) and scales fonts and margins to match.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use web_sys::HtmlCanvasElement;

use super::data::{BarChart, Layout};
use super::palette::Rgb;
pub use super::surface::Frame;
use super::surface::{draw_mesh, failed, open, Ink};

fn color(rgb: Rgb) -> RGBColor {
    RGBColor(rgb.0, rgb.1, rgb.2)
}

/// Paints `chart` into `canvas`, resizing its backing store for `frame`.
pub fn draw(canvas: &HtmlCanvasElement, chart: &BarChart, frame: Frame) -> Result<(), String> {
    let positions = chart.labels.len();
    let Some((root, ink)) = open(canvas, frame, positions)? else {
        return Ok(());
    };
    let (legend, plot) = root.split_vertically(ink.px(26.0));
    draw_legend(&legend, chart, ink)?;
    let top = match chart.max_value() {
        max if max > 0.0 => max * 1.08,
        _ => 1.0,
    };
    let mut area = ChartBuilder::on(&plot)
        .margin_top(ink.px(6.0))
        .margin_right(ink.px(12.0))
        .x_label_area_size(ink.px(26.0))
        .y_label_area_size(ink.px(72.0))
        .build_cartesian_2d(0f64..positions as f64, 0f64..top)
        .map_err(failed)?;
    let unit = chart.unit.clone();
    draw_mesh(
        area.configure_mesh()
            .disable_x_mesh()
            .x_label_formatter(&|_| String::new())
            .y_labels(5)
            .y_label_formatter(&|v| unit.format(*v)),
        ink,
    )?;
    area.draw_series(bar_rectangles(chart)).map_err(failed)?;

    // Position labels, centred under their bars (plotters' numeric axis cannot place them there);
    // where they would overlap (many narrow bars), every n-th bar only.
    let label_font = ink.font(11.0).pos(Pos::new(HPos::Center, VPos::Top));
    let slot = f64::from(area.backend_coord(&(1.0, 0.0)).0 - area.backend_coord(&(0.0, 0.0)).0);
    let every = label_step(chart, slot, ink.ratio);
    for (i, label) in chart.labels.iter().enumerate().step_by(every) {
        let (x, y) = area.backend_coord(&(i as f64 + 0.5, 0.0));
        root.draw(&Text::new(
            label.clone(),
            (x, y + ink.px(6.0)),
            label_font.clone(),
        ))
        .map_err(failed)?;
    }
    root.present().map_err(failed)?;
    Ok(())
}

/// The legend across the top: a swatch and a name per series.
fn draw_legend<DB: DrawingBackend>(
    legend: &DrawingArea<DB, plotters::coord::Shift>,
    chart: &BarChart,
    ink: Ink,
) -> Result<(), String> {
    let font = ink.font(12.0);
    let mut x = ink.px(8.0);
    for series in &chart.series {
        let swatch = [(x, ink.px(8.0)), (x + ink.px(12.0), ink.px(20.0))];
        legend
            .draw(&Rectangle::new(swatch, color(series.color).filled()))
            .map_err(failed)?;
        let at = (x + ink.px(16.0), ink.px(14.0));
        let style = font.pos(Pos::new(HPos::Left, VPos::Center));
        legend
            .draw(&Text::new(series.name.clone(), at, style))
            .map_err(failed)?;
        // Approximate text width: about 0.6 em per character at 12 px.
        x += ink.px(16.0 + 7.2 * series.name.chars().count() as f64 + 16.0);
    }
    Ok(())
}

/// Every bar of `chart`, stacked or grouped, in chart coordinates.
fn bar_rectangles(chart: &BarChart) -> Vec<Rectangle<(f64, f64)>> {
    let bar_width = 0.7;
    let mut bars = Vec::new();
    for i in 0..chart.labels.len() {
        let left = i as f64 + (1.0 - bar_width) / 2.0;
        let value_of = |series: &super::data::Series| series.values.get(i).copied().unwrap_or(0.0);
        match chart.layout {
            Layout::Stacked => {
                let mut bottom = 0.0;
                for series in &chart.series {
                    let value = value_of(series);
                    let corners = [(left, bottom), (left + bar_width, bottom + value)];
                    bars.push(Rectangle::new(corners, color(series.color).filled()));
                    bottom += value;
                }
            }
            Layout::Grouped => {
                let each = bar_width / chart.series.len().max(1) as f64;
                for (j, series) in chart.series.iter().enumerate() {
                    let x0 = left + each * j as f64;
                    let corners = [(x0, 0.0), (x0 + each, value_of(series))];
                    bars.push(Rectangle::new(corners, color(series.color).filled()));
                }
            }
        }
    }
    bars
}

/// Label every n-th bar, so that labels `slot` device pixels apart do not overlap.
fn label_step(chart: &BarChart, slot: f64, ratio: f64) -> usize {
    let widest = chart
        .labels
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0) as f64;
    let needed = (widest * 6.6 + 6.0) * ratio;
    if slot > 0.0 {
        (needed / slot).ceil().max(1.0) as usize
    } else {
        1
    }
}
