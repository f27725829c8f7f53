//! Scenario A against scenario B: the difference per lab, per category and per student.

use serde::Serialize;

use crate::model::catalog::resource::Category;
use crate::model::engine::estimate::Estimate;

/// One compared figure.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DiffRow {
    /// What is compared.
    pub label: String,
    /// In scenario A (US dollars); `None` where A has no such lab.
    pub a_usd: Option<f64>,
    /// In scenario B (US dollars); `None` where B has no such lab.
    pub b_usd: Option<f64>,
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
        });
    }
    rows.push(DiffRow {
        label: a.project.name.clone(),
        a_usd: Some(a.project.cost_usd),
        b_usd: Some(b.project.cost_usd),
    });
    for category in Category::ALL {
        rows.push(DiffRow {
            label: format!("All: {}", category.label()),
            a_usd: Some(a.cost_by_category[category.index()]),
            b_usd: Some(b.cost_by_category[category.index()]),
        });
    }
    rows.push(DiffRow {
        label: "Total".into(),
        a_usd: Some(a.totals.net_usd),
        b_usd: Some(b.totals.net_usd),
    });
    rows.push(DiffRow {
        label: "Per student".into(),
        a_usd: Some(a.totals.per_student_usd),
        b_usd: Some(b.totals.per_student_usd),
    });
    rows
}
