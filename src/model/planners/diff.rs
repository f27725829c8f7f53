//! Scenario A against scenario B: the inputs that differ, and the difference per lab, per
//! category and per student.

use serde::Serialize;

use crate::model::catalog::resource::Category;
use crate::model::catalog::Catalog;
use crate::model::engine::estimate::Estimate;
use crate::model::format;
use crate::model::plural::plural;
use crate::model::scenario::realism::OverrunFactors;
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
    pub label: &'static str,
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

/// A phase's VM and bare-metal overrun factors, the bare metal called `bare_metal` ("GPU nodes"
/// in the project, where the bare metal is the GPU pool).
fn overruns(factors: OverrunFactors, bare_metal: &str) -> String {
    format!(
        "VMs {}x, {bare_metal} {}x",
        format::quantity(factors.vm),
        format::quantity(factors.bare_metal)
    )
}

/// The inputs the comparison lists, each with how it reads.
const INPUTS: [(&str, Describe); 18] = [
    ("Students", |s, _| format::number(s.course.students, 0)),
    ("Provider", |s, c| {
        c.provider_name(&s.pricing.provider).to_string()
    }),
    ("Prices", |s, c| {
        c.snapshot_label(&s.pricing.snapshot).to_string()
    }),
    ("Buy instances", |s, _| s.pricing.model.label().to_string()),
    ("Spot re-run overhead", |s, _| {
        format!("{}%", format::quantity(s.pricing.rerun_overhead_pct))
    }),
    ("Negotiated discount", |s, _| {
        format!("{}%", format::quantity(s.pricing.discount_pct))
    }),
    ("Institutional overhead", |s, _| {
        format!("{}%", format::quantity(s.pricing.overhead_pct))
    }),
    ("Education credit per student", |s, _| {
        s.pricing.per_student(s.pricing.credit_per_student_usd)
    }),
    ("Currency", |s, _| s.pricing.currency.clone()),
    ("Price changes", |s, _| {
        (s.pricing.price_change.words()).unwrap_or_else(|| "list prices".to_string())
    }),
    ("Labs", |s, _| {
        let names: Vec<&str> = s.course.labs.iter().map(|l| l.name.as_str()).collect();
        format!("{}: {}", list_words(names.len(), "labs"), names.join(", "))
    }),
    ("Group project", |s, _| {
        let project = &s.course.project;
        format!(
            "{} {}, groups of {}, {} resource {}",
            format::quantity(project.weeks),
            plural(project.weeks, "week", "weeks"),
            format::quantity(project.group_size),
            project.uses.len(),
            plural(project.uses.len() as f64, "use", "uses"),
        )
    }),
    ("Overrun factors (labs)", |s, _| {
        overruns(s.realism.labs, "bare metal")
    }),
    ("Overrun factors (project)", |s, _| {
        overruns(s.realism.project, "GPU nodes")
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

/// The inputs that differ between `a` and `b`: the course, the pricing, the overrun factors and
/// the choices, each with its value on either side ("edited" when only a list's content differs).
pub fn input_differences(a: &Scenario, b: &Scenario, catalog: &Catalog) -> Vec<InputDiff> {
    let mut rows: Vec<InputDiff> = INPUTS
        .iter()
        .filter_map(|(label, describe)| {
            let (a_text, b_text) = (describe(a, catalog), describe(b, catalog));
            (a_text != b_text).then_some(InputDiff {
                label,
                a: a_text,
                b: b_text,
            })
        })
        .collect();
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
            a.course.project != b.course.project,
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
                label,
                a: "as in A".to_string(),
                b: "edited".to_string(),
            });
        }
    }
    rows
}
