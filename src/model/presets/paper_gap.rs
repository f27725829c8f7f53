//! How far a scenario's cost is from the paper's, and the largest reason, in one line a new user
//! understands.

use crate::model::catalog::Catalog;
use crate::model::engine::estimate::{evaluate, Estimate};
use crate::model::presets::{PaperFigures, Preset};
use crate::model::scenario::pricing::Pricing;
use crate::model::scenario::Scenario;

/// From this many times the paper's cost per student on, the gap is said as "N times", not as a
/// percentage above.
const RATIO_FROM: f64 = 10.0;
/// From this many times on, "more than a million times" (a larger ratio only says the inputs are
/// far off).
const RATIO_IN_WORDS_FROM: f64 = 1e6;

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
        self.words(&money, &money)
    }

    /// The line for the page in `pricing`'s currency: this scenario's figures per student to
    /// the cent, the paper's own ("about $250", "$110-125") whole, as it gives them.
    pub fn sentence_in(&self, pricing: &Pricing) -> String {
        self.words(&|usd| pricing.per_student(usd), &|usd| pricing.money(usd))
    }

    /// How this scenario's cost per student stands to the paper's: "15% above", "26 times",
    /// "the same as".
    pub fn direction(&self) -> String {
        let percent = (self.relative() * 100.0).round();
        let ratio = self.relative() + 1.0;
        // Beyond ten times, a percentage ("262180800000000300% above") says less than a ratio.
        if ratio >= RATIO_IN_WORDS_FROM {
            "more than a million times".to_string()
        } else if ratio >= RATIO_FROM {
            format!("{} times", crate::model::format::number(ratio, 0))
        } else if percent > 0.0 {
            format!("{percent}% above")
        } else if percent < 0.0 {
            format!("{}% below", -percent)
        } else {
            "the same as".to_string()
        }
    }

    /// The largest difference from the paper, labs or project, with this scenario's figures
    /// written by `ours` and the paper's by `papers`.
    pub fn reason(&self, ours: &dyn Fn(f64) -> String, papers: &dyn Fn(f64) -> String) -> String {
        let (low, high) = self.paper_labs_usd;
        let labs_gap = if self.labs_usd < low {
            self.labs_usd - low
        } else if self.labs_usd > high {
            self.labs_usd - high
        } else {
            0.0
        };
        let project_gap = self.project_usd - self.paper_project_usd;
        if labs_gap.abs() > project_gap.abs() {
            format!(
                "the labs, {} per student against the paper's {}-{}",
                ours(self.labs_usd),
                papers(low),
                papers(high)
            )
        } else {
            format!(
                "the group project, {} per student against about {} implied by the paper",
                ours(self.project_usd),
                papers(self.paper_project_usd)
            )
        }
    }

    /// The line, with this scenario's figures written by `ours` and the paper's by `papers`.
    fn words(&self, ours: &dyn Fn(f64) -> String, papers: &dyn Fn(f64) -> String) -> String {
        format!(
            "{} per student: {} the paper's {}. Largest difference: {}.",
            ours(self.per_student_usd),
            self.direction(),
            papers(self.paper_usd),
            self.reason(ours, papers),
        )
    }
}

/// The paper's comparison at the prices of the semester it reports, whatever prices the
/// scenario is on: the first screen's second line ("At Spring 2025 prices, the semester the
/// paper reports: $301.71 per student, 21% above its about $250").
#[derive(Clone, Debug, PartialEq)]
pub struct PaperLine {
    /// The semester the paper reports (`Spring 2025`).
    pub semester: &'static str,
    /// The scenario priced at that semester's prices, against the paper's figures.
    pub gap: PaperGap,
}

impl PaperLine {
    /// `scenario` (a course started from `preset`) priced with the prices of the semester
    /// `preset` reports, against its published figures; `None` for a preset without them, or
    /// when those prices cannot price the scenario.
    pub fn of(scenario: &Scenario, catalog: &Catalog, preset: &Preset) -> Option<PaperLine> {
        let paper = preset.paper.as_ref()?;
        let snapshot = &preset.scenario.pricing.snapshot;
        let semester = catalog.snapshot(snapshot)?.semester?;
        let mut then = scenario.clone();
        then.pricing.snapshot.clone_from(snapshot);
        let estimate = evaluate(&then, catalog).ok()?;
        estimate
            .totals
            .per_student_usd
            .is_finite()
            .then(|| PaperLine {
                semester,
                gap: PaperGap::new(&estimate, paper),
            })
    }

    /// The line, per-student amounts in `pricing`'s currency, the paper's own figure whole:
    /// "At Spring 2025 prices, the semester the paper reports: $301.71 per student, 21% above
    /// its about $250."
    pub fn sentence_in(&self, pricing: &Pricing) -> String {
        let gap = &self.gap;
        format!(
            "At {} prices, the semester the paper reports: {} per student, {} its about {}.",
            self.semester,
            pricing.per_student(gap.per_student_usd),
            gap.direction(),
            pricing.money(gap.paper_usd),
        )
    }

    /// The largest difference from the paper, in words: "the group project, $162.22 per student
    /// against about $132 implied by the paper".
    pub fn reason_in(&self, pricing: &Pricing) -> String {
        self.gap
            .reason(&|usd| pricing.per_student(usd), &|usd| pricing.money(usd))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gap(per_student_usd: f64) -> PaperGap {
        PaperGap {
            per_student_usd,
            paper_usd: 250.0,
            labs_usd: 120.0,
            paper_labs_usd: (110.0, 125.0),
            project_usd: per_student_usd - 120.0,
            paper_project_usd: 132.5,
        }
    }

    fn dollars(usd: f64) -> String {
        crate::model::format::money(usd, "USD", 1.0)
    }

    #[test]
    fn large_gaps_are_ratios_not_percentages() {
        // 262.5 / 250 = 1.05: 5% above.
        assert!(gap(262.5)
            .sentence(dollars)
            .contains("5% above the paper's $250"));
        // 2,250 / 250 = 9: still a percentage, 800% above.
        assert!(gap(2_250.0).sentence(dollars).contains("800% above"));
        // 6,500 / 250 = 26.
        let text = gap(6_500.0).sentence(dollars);
        assert!(text.contains("26 times the paper's $250"), "{text}");
        // The case: 262180800000000300% above is 2.6e15 times.
        let text = gap(250.0 * 2.621_808e15).sentence(dollars);
        assert!(text.contains("more than a million times"), "{text}");
        assert!(!text.contains('%'), "{text}");
        assert!(text.starts_with("over $1 trillion per student"), "{text}");
    }
}
