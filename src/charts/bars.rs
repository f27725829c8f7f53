//! Draws a [`BarChart`] on a canvas with plotters, sharp at any device pixel ratio.
//!
//! plotters-canvas draws in backing-store pixels and does not know about `devicePixelRatio`, so
//! `draw` sizes the backing store itself (CSS size x ratio) and scales fonts and margins to match.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::FontTransform;
use web_sys::HtmlCanvasElement;

use super::data::{BarChart, Layout};
use super::palette::Rgb;
pub use super::surface::Frame;
use super::surface::{draw_mesh, failed, open, unlabelled, Axis, Ink};

fn color(rgb: Rgb) -> RGBColor {
    RGBColor(rgb.0, rgb.1, rgb.2)
}

/// Paints `chart` into `canvas`, resizing its backing store for `frame`, every bar named under
/// it; sets `data-labels` on the canvas: each name and the x (CSS pixels) it is drawn at, as
/// `name@x`, separated by `|`.
pub fn draw(canvas: &HtmlCanvasElement, chart: &BarChart, frame: Frame) -> Result<(), String> {
    let positions = chart.labels.len();
    let Some((root, ink)) = open(canvas, frame, positions)? else {
        return Ok(());
    };
    let width = f64::from(root.dim_in_pixel().0);
    // The legend in as many rows as it needs, so every name shows whole on a phone.
    let rows = legend_rows(chart, width, ink);
    let (legend, plot) = root.split_vertically(ink.px(6.0 + 20.0 * rows.len() as f64));
    draw_legend(&legend, &rows, ink)?;
    let top = match chart.max_value() {
        max if max > 0.0 => max * 1.08,
        _ => 1.0,
    };
    // Every bar is named: across when the names fit side by side, else turned upright.
    let (margin_right, y_labels) = (12.0, 72.0);
    let slot = (width - ink.px(margin_right + y_labels) as f64) / positions.max(1) as f64;
    let widest = chart
        .labels
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0) as f64;
    let upright = (widest * LABEL_EM + 6.0) * ink.ratio > slot;
    let label_area = if upright {
        widest * LABEL_EM + 10.0
    } else {
        26.0
    };
    let values = |v: f64| chart.unit.format(v);
    let mut area = ChartBuilder::on(&plot)
        .margin_top(ink.px(6.0))
        .margin_right(ink.px(margin_right))
        .x_label_area_size(ink.px(label_area))
        .y_label_area_size(ink.px(y_labels))
        .build_cartesian_2d(
            Axis::new(0f64..positions as f64, &unlabelled),
            Axis::new(0f64..top, &values),
        )
        .map_err(failed)?;
    draw_mesh(area.configure_mesh().disable_x_mesh().y_labels(5), ink)?;
    area.draw_series(bar_rectangles(chart)).map_err(failed)?;

    // Position labels under their bars (plotters' numeric axis cannot place them there).
    let label_font = if upright {
        ink.font(11.0)
            .transform(FontTransform::Rotate270)
            .pos(Pos::new(HPos::Right, VPos::Center))
    } else {
        ink.font(11.0).pos(Pos::new(HPos::Center, VPos::Top))
    };
    let mut drawn = Vec::with_capacity(positions);
    for (i, label) in chart.labels.iter().enumerate() {
        let (x, y) = area.backend_coord(&(i as f64 + 0.5, 0.0));
        root.draw(&Text::new(
            label.clone(),
            (x, y + ink.px(6.0)),
            label_font.clone(),
        ))
        .map_err(failed)?;
        drawn.push(format!("{label}@{}", (f64::from(x) / ink.ratio).round()));
    }
    root.present().map_err(failed)?;
    // What a test can check against the pixels: each bar's name and where (CSS px) it is.
    canvas
        .set_attribute("data-labels", &drawn.join("|"))
        .map_err(|_| "cannot mark the drawn labels".to_string())?;
    Ok(())
}

/// About how wide a character of the 11 px label font is (CSS pixels).
const LABEL_EM: f64 = 6.6;

/// About how wide a character of the 12 px legend font is (CSS pixels).
const LEGEND_EM: f64 = 7.2;

/// The legend's entries (colour and name, each with its width in device pixels) in rows that fit
/// `width` device pixels.
fn legend_rows(chart: &BarChart, width: f64, ink: Ink) -> Vec<Vec<(RGBColor, String, i32)>> {
    let mut rows: Vec<Vec<(RGBColor, String, i32)>> = vec![Vec::new()];
    let mut x = ink.px(8.0);
    for series in &chart.series {
        let entry = ink.px(16.0 + LEGEND_EM * series.name.chars().count() as f64 + 16.0);
        let row_full = rows.last().is_some_and(|row| !row.is_empty());
        if row_full && f64::from(x + entry) > width {
            rows.push(Vec::new());
            x = ink.px(8.0);
        }
        if let Some(row) = rows.last_mut() {
            row.push((color(series.color), series.name.clone(), entry));
        }
        x += entry;
    }
    rows
}

/// The legend across the top, row by row: a swatch and a name per series.
fn draw_legend<DB: DrawingBackend>(
    legend: &DrawingArea<DB, plotters::coord::Shift>,
    rows: &[Vec<(RGBColor, String, i32)>],
    ink: Ink,
) -> Result<(), String> {
    let style = ink.font(12.0).pos(Pos::new(HPos::Left, VPos::Center));
    for (row, entries) in rows.iter().enumerate() {
        let middle = ink.px(14.0 + 20.0 * row as f64);
        let mut x = ink.px(8.0);
        for (swatch_color, name, entry) in entries {
            let swatch = [
                (x, middle - ink.px(6.0)),
                (x + ink.px(12.0), middle + ink.px(6.0)),
            ];
            legend
                .draw(&Rectangle::new(swatch, swatch_color.filled()))
                .map_err(failed)?;
            legend
                .draw(&Text::new(
                    name.clone(),
                    (x + ink.px(16.0), middle),
                    style.clone(),
                ))
                .map_err(failed)?;
            x += entry;
        }
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
