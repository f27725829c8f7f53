//! Scenario A against scenario B: the inputs that differ, and the difference per lab, per
//! category and per student.

use serde::Serialize;

use crate::model::catalog::resource::Category;
use crate::model::catalog::Catalog;
use crate::model::engine::estimate::Estimate;
use crate::model::scenario::choice::Choice;
use crate::model::scenario::setting::{Section, Setting};
use crate::model::scenario::Scenario;

/// One compared figure.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DiffRow {
    /// What is compared.
    pub label: String,
    /// In scenario A (US dollars); `None` where A has no such lab.
    pub a_usd: Option<f64>,
    /// In scenario B (US dollars); `None` where B has no such lab.
    pub b_usd: Option<f64>,
    /// An amount per student (written to the cent), not a total (written whole).
    pub per_student: bool,
}

impl DiffRow {
    /// B minus A (US dollars), a missing side counting as zero.
    pub fn delta_usd(&self) -> f64 {
        self.b_usd.unwrap_or(0.0) - self.a_usd.unwrap_or(0.0)
    }
}

/// Labs matched by name (in B's order, then A's labs B lacks), the project, each category,
/// the total and the cost per student.
pub fn difference(a: &Estimate, b: &Estimate) -> Vec<DiffRow> {
    let mut rows = Vec::new();
    for lab in &b.labs {
        rows.push(DiffRow {
            label: lab.name.clone(),
            a_usd: a
                .labs
                .iter()
                .find(|l| l.name == lab.name)
                .map(|l| l.cost_usd),
            b_usd: Some(lab.cost_usd),
            per_student: false,
        });
    }
    for lab in a
        .labs
        .iter()
        .filter(|l| !b.labs.iter().any(|m| m.name == l.name))
    {
        rows.push(DiffRow {
            label: lab.name.clone(),
            a_usd: Some(lab.cost_usd),
            b_usd: None,
            per_student: false,
        });
    }
    rows.push(DiffRow {
        label: a.project.name.clone(),
        a_usd: Some(a.project.cost_usd),
        b_usd: Some(b.project.cost_usd),
        per_student: false,
    });
    for category in Category::ALL {
        rows.push(DiffRow {
            label: format!("All: {}", category.label()),
            a_usd: Some(a.cost_by_category[category.index()]),
            b_usd: Some(b.cost_by_category[category.index()]),
            per_student: false,
        });
    }
    rows.push(DiffRow {
        label: "Total".into(),
        a_usd: Some(a.totals.net_usd),
        b_usd: Some(b.totals.net_usd),
        per_student: false,
    });
    rows.push(DiffRow {
        label: "Per student".into(),
        a_usd: Some(a.totals.per_student_usd),
        b_usd: Some(b.totals.per_student_usd),
        per_student: true,
    });
    rows
}

/// One input that differs between scenario A and scenario B, in words.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct InputDiff {
    /// What the input is ("Students", "Provider").
    pub label: String,
    /// Its value in A.
    pub a: String,
    /// Its value in B.
    pub b: String,
}

/// The row that names the price changes, one row for the four classes (their words say which
/// moved).
const PRICE_CHANGES: &str = "Price changes";

/// The row of the comparison that lists `setting`: its own, under its field's label in B's
/// currency, except the price changes, which share one row.
pub fn setting_row_label(setting: Setting, b: &Scenario) -> String {
    if setting.field().section == Section::PriceChange {
        PRICE_CHANGES.to_string()
    } else {
        setting.label_in(b)
    }
}

/// The inputs that differ between `a` and `b`: every number of the settings table (the course,
/// the pricing, the overrun factors, the planners), then every other setting of the choices
/// table (the provider, its region, the prices, lists and choices), each with its value on
/// either side ("as in A" and "edited" when only a list's content differs).
pub fn input_differences(a: &Scenario, b: &Scenario, catalog: &Catalog) -> Vec<InputDiff> {
    let mut rows: Vec<InputDiff> = Vec::new();
    // Settings differ by value (money reads differently at another exchange rate alone).
    for &setting in Setting::ALL.iter().filter(|s| s.get(a) != s.get(b)) {
        let label = setting_row_label(setting, b);
        if rows.iter().any(|r| r.label == label) {
            continue;
        }
        let (a_text, b_text) = if label == PRICE_CHANGES {
            let words = |s: &Scenario| s.pricing.price_change.words();
            let list = || "list prices".to_string();
            (words(a).unwrap_or_else(list), words(b).unwrap_or_else(list))
        } else {
            (setting.value_words(a), setting.value_words(b))
        };
        rows.push(InputDiff {
            label,
            a: a_text,
            b: b_text,
        });
    }
    for &choice in Choice::ALL.iter().filter(|c| c.differs(a, b)) {
        let (a_text, b_text) = (choice.words(a, catalog), choice.words(b, catalog));
        let (a_text, b_text) = if a_text == b_text {
            ("as in A".to_string(), "edited".to_string())
        } else {
            (a_text, b_text)
        };
        rows.push(InputDiff {
            label: choice.label().to_string(),
            a: a_text,
            b: b_text,
        });
    }
    rows
}
