//! The tornado chart: for each uncertain input, the total with the input at its low and at its
//! high end (others typical), largest swing first. Data is pure; `draw` paints horizontal bars
//! around the typical total.

use crate::model::format;
use crate::model::planners::tornado::{RangeOrigin, TornadoRow};

/// Where an input's range comes from, in one word, and the detail.
pub fn provenance_words(provenance: RangeOrigin) -> (&'static str, &'static str) {
    match provenance {
        RangeOrigin::Sourced(detail) => ("sourced", detail),
        RangeOrigin::Calibrated(detail) => ("calibrated", detail),
        RangeOrigin::Assumed(detail) => ("assumed", detail),
    }
}

/// One bar of the tornado, in the display currency.
#[derive(Clone, Debug, PartialEq)]
pub struct TornadoBar {
    /// The input in plain words.
    pub name: String,
    /// Total with the input at its low end.
    pub low: f64,
    /// Total with the input at its high end.
    pub high: f64,
}

/// The tornado's bars, in the display currency.
#[derive(Clone, Debug, PartialEq)]
pub struct TornadoChart {
    /// Largest swing first.
    pub bars: Vec<TornadoBar>,
    /// Total with every input typical.
    pub typical: f64,
    /// The display currency's code.
    pub currency: String,
}

impl TornadoChart {
    /// Lowest and highest total any bar reaches (with the typical total).
    pub fn span(&self) -> (f64, f64) {
        self.bars
            .iter()
            .fold((self.typical, self.typical), |(lo, hi), b| {
                (lo.min(b.low).min(b.high), hi.max(b.low).max(b.high))
            })
    }

    /// `value` as money in the display currency.
    pub fn money(&self, value: f64) -> String {
        format::money(value, &self.currency, 1.0)
    }

    /// The chart in words, for its accessible name.
    pub fn summary(&self) -> String {
        let parts: Vec<String> = self
            .bars
            .iter()
            .map(|b| {
                let (low, high) = (self.money(b.low), self.money(b.high));
                format!("{}: {low} to {high}", b.name)
            })
            .collect();
        format!(
            "Tornado around a typical total of {}. {}.",
            self.money(self.typical),
            parts.join("; ")
        )
    }
}

/// The chart of `rows` (already ordered), converted at `usd_to_currency`.
pub fn tornado_chart(rows: &[TornadoRow], currency: &str, usd_to_currency: f64) -> TornadoChart {
    let at = |usd: f64| usd * usd_to_currency;
    TornadoChart {
        bars: rows
            .iter()
            .map(|r| TornadoBar {
                name: r.name.to_string(),
                low: at(r.low_total_usd),
                high: at(r.high_total_usd),
            })
            .collect(),
        typical: rows.first().map_or(0.0, |r| at(r.typical_total_usd)),
        currency: currency.to_string(),
    }
}

/// Where one row of the tornado sits, top to bottom in the chart's own units: each row is one
/// unit tall, its label in the upper part and its bar below it, so a label can only be read
/// with its own bar.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RowLayout {
    /// Bottom of the bar (rows from the chart's bottom).
    pub bar_low: f64,
    /// Top of the bar.
    pub bar_high: f64,
    /// Top of the label (the label hangs down from it, above the bar).
    pub label_top: f64,
}

/// The layout of row `index` (0 = top) of `rows`.
pub fn row_layout(index: usize, rows: usize) -> RowLayout {
    let base = rows.saturating_sub(index + 1) as f64;
    RowLayout {
        bar_low: base + 0.08,
        bar_high: base + 0.46,
        label_top: base + 0.96,
    }
}

/// Which label each bar carries, top to bottom, from where they were drawn (device pixels,
/// y downwards): bar k owns the labels whose vertical middle lies between the bottom of the bar
/// above it (or the top) and its own bottom. `bars` and `labels` are `(top, bottom)` spans with
/// the row's name; a bar without a label gets an empty name.
pub fn labels_on_bars(bars: &[(f64, f64, &str)], labels: &[(f64, f64, &str)]) -> Vec<String> {
    let mut order: Vec<&(f64, f64, &str)> = bars.iter().collect();
    crate::model::sort::sort_by(&mut order, |a, b| a.0.total_cmp(&b.0));
    let mut above = f64::NEG_INFINITY;
    order
        .iter()
        .map(|&&(_, bottom, _)| {
            let band = (above, bottom);
            above = bottom;
            labels
                .iter()
                .find(|(top, low, _)| {
                    let middle = (top + low) / 2.0;
                    band.0 < middle && middle <= band.1
                })
                .map_or(String::new(), |(_, _, name)| (*name).to_string())
        })
        .collect()
}

/// `name` cut to fit `room` (pixels) as `width` measures it, with an ellipsis when cut.
pub fn fitted(name: &str, room: f64, width: impl Fn(&str) -> f64) -> String {
    if width(name) <= room {
        return name.to_string();
    }
    let chars: Vec<char> = name.chars().collect();
    let mut keep = chars.len();
    while keep > 1 {
        keep -= 1;
        let cut: String = chars[..keep]
            .iter()
            .collect::<String>()
            .trim_end()
            .to_string()
            + "…";
        if width(&cut) <= room {
            return cut;
        }
    }
    "…".to_string()
}

#[cfg(target_arch = "wasm32")]
pub use canvas::draw;

#[cfg(target_arch = "wasm32")]
mod canvas {
    use plotters::prelude::*;
    use plotters::style::text_anchor::{HPos, Pos, VPos};
    use wasm_bindgen::JsCast;
    use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

    use super::{fitted, labels_on_bars, row_layout, TornadoChart};
    use crate::charts::palette::OKABE_ITO;
    use crate::charts::surface::{draw_mesh, failed, open, unlabelled, Axis, Frame};

    /// Label size (CSS pixels).
    const LABEL_PX: f64 = 11.0;

    /// A measure of text width in device pixels at the labels' font (a rough one if the
    /// canvas gives no 2D context).
    fn measure(canvas: &HtmlCanvasElement, px: i32) -> impl Fn(&str) -> f64 {
        let context = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok());
        if let Some(context) = &context {
            context.set_font(&format!("{px}px sans-serif"));
        }
        move |text: &str| match &context {
            Some(context) => context
                .measure_text(text)
                .map_or(f64::from(px) * 0.6 * text.chars().count() as f64, |m| {
                    m.width()
                }),
            None => f64::from(px) * 0.6 * text.chars().count() as f64,
        }
    }

    /// Paints `chart`: one row per input, its label on the upper part of the row and its bars
    /// below (the low end's in blue and the high end's in orange, both from the typical total,
    /// the vertical line). Sets `data-rows` on the canvas: the label each bar carries, top to
    /// bottom, read back from the pixels they were drawn at, separated by `|`.
    pub fn draw(
        canvas: &HtmlCanvasElement,
        chart: &TornadoChart,
        frame: Frame,
    ) -> Result<(), String> {
        let rows = chart.bars.len();
        let Some((root, ink)) = open(canvas, frame, rows)? else {
            return Ok(());
        };
        let (lo, hi) = chart.span();
        let pad = ((hi - lo) * 0.05).max(1.0);
        let money = |v: f64| crate::model::format::money(v, &chart.currency, 1.0);
        let mut area = ChartBuilder::on(&root)
            .margin(ink.px(8.0))
            .x_label_area_size(ink.px(24.0))
            .build_cartesian_2d(
                Axis::new((lo - pad)..(hi + pad), &money),
                Axis::new(0f64..rows as f64, &unlabelled),
            )
            .map_err(failed)?;
        draw_mesh(
            area.configure_mesh()
                .disable_y_mesh()
                .y_labels(0)
                .x_labels(5),
            ink,
        )?;
        let (low_c, high_c) = (OKABE_ITO[0], OKABE_ITO[1]);
        let mut rects = Vec::with_capacity(rows * 2);
        for (i, bar) in chart.bars.iter().enumerate() {
            let row = row_layout(i, rows);
            for (end, c) in [(bar.low, low_c), (bar.high, high_c)] {
                rects.push(Rectangle::new(
                    [
                        (chart.typical.min(end), row.bar_low),
                        (chart.typical.max(end), row.bar_high),
                    ],
                    RGBColor(c.0, c.1, c.2).filled(),
                ));
            }
        }
        area.draw_series(rects).map_err(failed)?;
        area.draw_series(std::iter::once(PathElement::new(
            vec![(chart.typical, 0.0), (chart.typical, rows as f64)],
            ink.text.stroke_width(1),
        )))
        .map_err(failed)?;
        let font_px = ink.px(LABEL_PX);
        let style = ink.font(LABEL_PX).pos(Pos::new(HPos::Left, VPos::Top));
        let width = measure(canvas, font_px);
        let (left, right) = (
            area.backend_coord(&(lo - pad, 0.0)).0,
            area.backend_coord(&(hi + pad, 0.0)).0,
        );
        let room = f64::from(right - left) - f64::from(ink.px(8.0));
        let (mut bars, mut labels) = (Vec::new(), Vec::new());
        for (i, bar) in chart.bars.iter().enumerate() {
            let row = row_layout(i, rows);
            let y = |v: f64| f64::from(area.backend_coord(&(lo - pad, v)).1);
            bars.push((y(row.bar_high), y(row.bar_low), bar.name.as_str()));
            let top = area.backend_coord(&(lo - pad, row.label_top)).1;
            labels.push((f64::from(top), f64::from(top + font_px), bar.name.as_str()));
            let shown = fitted(&bar.name, room, &width);
            root.draw(&Text::new(shown, (left + ink.px(4.0), top), style.clone()))
                .map_err(failed)?;
        }
        root.present().map_err(failed)?;
        canvas
            .set_attribute("data-rows", &labels_on_bars(&bars, &labels).join("|"))
            .map_err(|_| "cannot mark the drawn rows".to_string())?;
        Ok(())
    }
}
