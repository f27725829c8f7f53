//! The savings waterfall: the total with levers off, one falling bar per applied lever, and the
//! total with every applied lever (the headline total). Data is pure (tested natively); `draw`
//! paints it with plotters, sharp at any device pixel ratio.

use crate::model::format;
use crate::model::planners::levers::Savings;

/// What a bar of the waterfall stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarKind {
    /// The total with every lever off.
    Start,
    /// The saving of one applied lever, after the levers before it.
    Step,
    /// The total with every applied lever.
    End,
}

/// One bar: it spans `from` to `to` (in the display currency).
#[derive(Clone, Debug, PartialEq)]
pub struct WaterfallBar {
    /// What the bar is, in words.
    pub label: String,
    /// Start, step or end.
    pub kind: BarKind,
    /// The total (start, end) or the saving (step), in the display currency.
    pub amount: f64,
    /// Where the bar starts (display currency).
    pub from: f64,
    /// Where it ends (display currency).
    pub to: f64,
}

/// The waterfall's bars, in the display currency.
#[derive(Clone, Debug, PartialEq)]
pub struct Waterfall {
    /// Start bar, one bar per applied lever, end bar.
    pub bars: Vec<WaterfallBar>,
    /// The display currency's code.
    pub currency: String,
}

impl Waterfall {
    /// `amount` formatted as money in the display currency (a saving with a minus sign).
    pub fn money(&self, bar: &WaterfallBar) -> String {
        let amount = match bar.kind {
            BarKind::Step => -bar.amount,
            BarKind::Start | BarKind::End => bar.amount,
        };
        format::money(amount, &self.currency, 1.0)
    }

    /// Highest point any bar reaches (display currency; at least 0).
    pub fn top(&self) -> f64 {
        self.bars
            .iter()
            .map(|b| b.from.max(b.to))
            .fold(0.0, f64::max)
    }

    /// The chart in words, for its accessible name.
    pub fn summary(&self) -> String {
        let parts: Vec<String> = self
            .bars
            .iter()
            .map(|b| format!("{}: {}", b.label, self.money(b)))
            .collect();
        format!("Savings waterfall. {}.", parts.join("; "))
    }
}

/// The waterfall of `savings`, converted at `usd_to_currency` units of `currency` per US dollar.
pub fn waterfall(savings: &Savings, currency: &str, usd_to_currency: f64) -> Waterfall {
    let at = |usd: f64| usd * usd_to_currency;
    let mut bars = vec![WaterfallBar {
        label: "Levers off".to_string(),
        kind: BarKind::Start,
        amount: at(savings.start_usd),
        from: 0.0,
        to: at(savings.start_usd),
    }];
    let mut before = savings.start_usd;
    for step in &savings.steps {
        bars.push(WaterfallBar {
            label: step.label.to_string(),
            kind: BarKind::Step,
            amount: at(step.step_usd),
            from: at(before),
            to: at(step.after_usd),
        });
        before = step.after_usd;
    }
    bars.push(WaterfallBar {
        label: "With the levers".to_string(),
        kind: BarKind::End,
        amount: at(savings.end_usd),
        from: 0.0,
        to: at(savings.end_usd),
    });
    Waterfall {
        bars,
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

    use super::{BarKind, Waterfall};
    use crate::charts::palette::OKABE_ITO;
    use crate::charts::surface::{draw_mesh, failed, open, unlabelled, Axis, Frame};

    /// Paints `chart` into `canvas`: totals in blue, savings in bluish green.
    pub fn draw(canvas: &HtmlCanvasElement, chart: &Waterfall, frame: Frame) -> Result<(), String> {
        let count = chart.bars.len();
        let Some((root, ink)) = open(canvas, frame, count)? else {
            return Ok(());
        };
        let top = match chart.top() {
            t if t > 0.0 => t * 1.12,
            _ => 1.0,
        };
        let money = |v: f64| crate::model::format::money(v, &chart.currency, 1.0);
        let mut area = ChartBuilder::on(&root)
            .margin(ink.px(8.0))
            .x_label_area_size(ink.px(34.0))
            .y_label_area_size(ink.px(72.0))
            .build_cartesian_2d(
                Axis::new(0f64..count as f64, &unlabelled),
                Axis::new(0f64..top, &money),
            )
            .map_err(failed)?;
        draw_mesh(area.configure_mesh().disable_x_mesh().y_labels(5), ink)?;
        let (total, saving) = (OKABE_ITO[0], OKABE_ITO[2]);
        let rects = chart.bars.iter().enumerate().map(|(i, bar)| {
            let c = match bar.kind {
                BarKind::Step => saving,
                BarKind::Start | BarKind::End => total,
            };
            let (low, high) = (bar.from.min(bar.to), bar.from.max(bar.to));
            let left = i as f64 + 0.15;
            Rectangle::new(
                [(left, low), (left + 0.7, high)],
                RGBColor(c.0, c.1, c.2).filled(),
            )
        });
        area.draw_series(rects).map_err(failed)?;
        let above = ink.font(11.0).pos(Pos::new(HPos::Center, VPos::Bottom));
        let below = ink.font(11.0).pos(Pos::new(HPos::Center, VPos::Top));
        for (i, bar) in chart.bars.iter().enumerate() {
            let (x, y) = area.backend_coord(&(i as f64 + 0.5, bar.from.max(bar.to)));
            root.draw(&Text::new(
                chart.money(bar),
                (x, y - ink.px(3.0)),
                above.clone(),
            ))
            .map_err(failed)?;
            let (x, y) = area.backend_coord(&(i as f64 + 0.5, 0.0));
            let label: String = bar.label.chars().take(18).collect();
            root.draw(&Text::new(label, (x, y + ink.px(6.0)), below.clone()))
                .map_err(failed)?;
        }
        root.present().map_err(failed)?;
        Ok(())
    }
}
