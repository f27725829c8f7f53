//! The tornado chart: for each uncertain input, the total with the input at its low and at its
//! high end (others typical), largest swing first. Data is pure; `draw` paints horizontal bars
//! around the typical total.

use crate::model::format;
use crate::model::planners::tornado::{Provenance, TornadoRow};

/// Where an input's range comes from, in one word, and the detail.
pub fn provenance_words(provenance: Provenance) -> (&'static str, &'static str) {
    match provenance {
        Provenance::Sourced(detail) => ("sourced", detail),
        Provenance::Calibrated(detail) => ("calibrated", detail),
        Provenance::Assumed(detail) => ("assumed", detail),
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

#[cfg(target_arch = "wasm32")]
pub use canvas::draw;

#[cfg(target_arch = "wasm32")]
mod canvas {
    use plotters::prelude::*;
    use plotters::style::text_anchor::{HPos, Pos, VPos};
    use web_sys::HtmlCanvasElement;

    use super::TornadoChart;
    use crate::charts::palette::OKABE_ITO;
    use crate::charts::surface::{draw_mesh, failed, open, Frame};

    /// Paints `chart`: one row per input, the low end's bar in blue and the high end's in orange,
    /// both from the typical total (the vertical line).
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
        let currency = chart.currency.clone();
        let mut area = ChartBuilder::on(&root)
            .margin(ink.px(8.0))
            .x_label_area_size(ink.px(24.0))
            .build_cartesian_2d((lo - pad)..(hi + pad), 0f64..rows as f64)
            .map_err(failed)?;
        draw_mesh(
            area.configure_mesh()
                .disable_y_mesh()
                .y_labels(0)
                .x_labels(5)
                .x_label_formatter(&|v| crate::model::format::money(*v, &currency, 1.0)),
            ink,
        )?;
        let (low_c, high_c) = (OKABE_ITO[0], OKABE_ITO[1]);
        let mut rects = Vec::with_capacity(rows * 2);
        for (i, bar) in chart.bars.iter().enumerate() {
            // Row 0 at the top.
            let y0 = (rows - 1 - i) as f64 + 0.15;
            for (end, c) in [(bar.low, low_c), (bar.high, high_c)] {
                rects.push(Rectangle::new(
                    [
                        (chart.typical.min(end), y0),
                        (chart.typical.max(end), y0 + 0.45),
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
        let left = ink.font(11.0).pos(Pos::new(HPos::Left, VPos::Bottom));
        for (i, bar) in chart.bars.iter().enumerate() {
            let y = (rows - 1 - i) as f64 + 0.95;
            let (x, y) = area.backend_coord(&(lo - pad, y));
            let name: String = bar.name.chars().take(60).collect();
            root.draw(&Text::new(name, (x + ink.px(4.0), y), left.clone()))
                .map_err(failed)?;
        }
        root.present().map_err(failed)?;
        Ok(())
    }
}
