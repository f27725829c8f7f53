//! How far a scenario's cost is from the paper's, and the largest reason, in one line a new user
//! understands.

use crate::model::catalog::presets::{PaperFigures, Preset};
use crate::model::engine::estimate::Estimate;

/// The scenario against the paper's published figures, in US dollars per student.
#[derive(Clone, Debug, PartialEq)]
pub struct PaperGap {
    /// This scenario's cost per student (US dollars).
    pub per_student_usd: f64,
    /// The paper's cost per student (US dollars).
    pub paper_usd: f64,
    /// This scenario's labs per student, at list price (US dollars).
    pub labs_usd: f64,
    /// The paper's labs per student, low and high (US dollars).
    pub paper_labs_usd: (f64, f64),
    /// This scenario's project per student, at list price (US dollars).
    pub project_usd: f64,
    /// The project per student the paper implies: its total less its labs' midpoint (US dollars).
    pub paper_project_usd: f64,
}

impl PaperGap {
    /// The scenario of `estimate` against `paper`.
    pub fn new(estimate: &Estimate, paper: &PaperFigures) -> PaperGap {
        let (low, high) = (
            paper.labs_per_student_low_usd,
            paper.labs_per_student_high_usd,
        );
        PaperGap {
            per_student_usd: estimate.totals.per_student_usd,
            paper_usd: paper.cost_per_student_usd,
            labs_usd: estimate.labs_per_student_usd(),
            paper_labs_usd: (low, high),
            project_usd: estimate.project_per_student_usd(),
            paper_project_usd: paper.cost_per_student_usd - (low + high) / 2.0,
        }
    }

    /// The scenario of `estimate` against the figures `preset` is checked against, where it has
    /// them.
    pub fn against(estimate: &Estimate, preset: &Preset) -> Option<PaperGap> {
        preset
            .paper
            .as_ref()
            .map(|paper| PaperGap::new(estimate, paper))
    }

    /// The difference from the paper's cost per student (fraction: 0.05 = 5% above).
    pub fn relative(&self) -> f64 {
        if self.paper_usd > 0.0 {
            self.per_student_usd / self.paper_usd - 1.0
        } else {
            0.0
        }
    }

    /// The line for the page, with money written by `money` (US dollars in, text out).
    pub fn sentence(&self, money: impl Fn(f64) -> String) -> String {
        let percent = (self.relative() * 100.0).round();
        let direction = if percent > 0.0 {
            format!("{percent}% above")
        } else if percent < 0.0 {
            format!("{}% below", -percent)
        } else {
            "the same as".to_string()
        };
        let (low, high) = self.paper_labs_usd;
        let labs_gap = if self.labs_usd < low {
            self.labs_usd - low
        } else if self.labs_usd > high {
            self.labs_usd - high
        } else {
            0.0
        };
        let project_gap = self.project_usd - self.paper_project_usd;
        let reason = if labs_gap.abs() > project_gap.abs() {
            format!(
                "the labs, {} per student against the paper's {}-{}",
                money(self.labs_usd),
                money(low),
                money(high)
            )
        } else {
            format!(
                "the group project, {} per student against about {} implied by the paper",
                money(self.project_usd),
                money(self.paper_project_usd)
            )
        };
        format!(
            "{} per student: {direction} the paper's {}. Largest difference: {reason}.",
            money(self.per_student_usd),
            money(self.paper_usd),
        )
    }
}
