//! Scenario A against scenario B: the inputs that differ, and the difference per lab, per
//! category and per student.

use serde::Serialize;

use crate::model::catalog::resource::Category;
use crate::model::catalog::Catalog;
use crate::model::engine::estimate::Estimate;
use crate::model::format;
use crate::model::plural::plural;
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

/// An input of a scenario written in words, for the comparison.
type Describe = fn(&Scenario, &Catalog) -> String;

/// A list input that is compared whole: its size in words, or "edited" when only its content
/// differs.
fn list_words(len: usize, what: &str) -> String {
    format!("{len} {what}")
}

/// The row that names the price changes, one row for the four classes (their words say which
/// moved).
const PRICE_CHANGES: &str = "Price changes";

/// The inputs that are not a number of the settings table, each with how it reads; the settings
/// follow them, each on its own row ([`setting_row_label`]).
const INPUTS: [(&str, Describe); 11] = [
    ("Provider", |s, c| {
        c.provider_name(&s.pricing.provider).to_string()
    }),
    ("Prices", |s, c| c.price_set_words(&s.pricing.snapshot)),
    ("Buy instances", |s, _| s.pricing.model.label().to_string()),
    ("Currency", |s, _| s.pricing.currency.clone()),
    (PRICE_CHANGES, |s, _| {
        (s.pricing.price_change.words()).unwrap_or_else(|| "list prices".to_string())
    }),
    ("Labs", |s, _| {
        let names: Vec<&str> = s.course.labs.iter().map(|l| l.name.as_str()).collect();
        format!("{}: {}", list_words(names.len(), "labs"), names.join(", "))
    }),
    ("Group project", |s, _| {
        let uses = s.course.project.uses.len();
        format!("{uses} resource {}", plural(uses as f64, "use", "uses"))
    }),
    ("Overrun factors per resource", |s, _| {
        let factors = s.resource_factors.iter();
        let each: Vec<String> = factors
            .map(|f| format!("{} {}x", f.resource, format::quantity(f.factor)))
            .collect();
        if each.is_empty() {
            "none".to_string()
        } else {
            each.join(", ")
        }
    }),
    ("Stand-ins you chose", |s, _| {
        list_words(s.stand_in_choices.len(), "choices")
    }),
    ("Your own offers", |s, _| {
        list_words(s.custom_offers.len(), "offers")
    }),
    ("Reserved capacity", |s, _| {
        list_words(s.capacity.len(), "pools")
    }),
];

/// The row of the comparison that lists `setting`: its own, under its field's label in B's
/// currency, except the price changes, which share one row.
pub fn setting_row_label(setting: Setting, b: &Scenario) -> String {
    if setting.field().section == Section::PriceChange {
        PRICE_CHANGES.to_string()
    } else {
        setting.label_in(b)
    }
}

/// The inputs that differ between `a` and `b`: every setting of the settings table (the
/// course, the pricing, the overrun factors, the planners), then the provider, prices, lists
/// and choices, each with its value on either side ("edited" when only a list's content
/// differs).
pub fn input_differences(a: &Scenario, b: &Scenario, catalog: &Catalog) -> Vec<InputDiff> {
    let mut rows: Vec<InputDiff> = Vec::new();
    let mut push = |label: String, a_text: String, b_text: String| {
        if a_text != b_text && !rows.iter().any(|r: &InputDiff| r.label == label) {
            rows.push(InputDiff {
                label,
                a: a_text,
                b: b_text,
            });
        }
    };
    // Settings differ by value (money reads differently at another exchange rate alone).
    let differ = |s: &Setting| s.get(a) != s.get(b) && s.field().section != Section::PriceChange;
    for &setting in Setting::ALL.iter().filter(|s| differ(s)) {
        push(
            setting_row_label(setting, b),
            setting.value_words(a),
            setting.value_words(b),
        );
    }
    for (label, describe) in INPUTS {
        push(
            label.to_string(),
            describe(a, catalog),
            describe(b, catalog),
        );
    }
    // Lists of the same length that differ in content, and the rest of the scenario.
    // (label, differs, the row above that already says so)
    let edited = [
        (
            "Lab details (options, uses, weeks)",
            a.course.labs != b.course.labs,
            "Labs",
        ),
        (
            "Project uses",
            a.course.project.uses != b.course.project.uses,
            "Group project",
        ),
        (
            "Stand-in choices",
            a.stand_in_choices != b.stand_in_choices,
            "Stand-ins you chose",
        ),
        ("Savings levers", a.levers != b.levers, ""),
        (
            "Reserved capacity details",
            a.capacity != b.capacity,
            "Reserved capacity",
        ),
    ];
    for (label, differs, covered_by) in edited {
        if differs && !rows.iter().any(|r| r.label == covered_by) {
            rows.push(InputDiff {
                label: label.to_string(),
                a: "as in A".to_string(),
                b: "edited".to_string(),
            });
        }
    }
    rows
}
