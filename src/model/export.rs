//! Exports of a priced scenario: CSV of the breakdown (RFC 4180), JSON of scenario and results,
//! and a Markdown summary for a syllabus, a grant or an e-mail.

use serde::Serialize;

use crate::model::catalog::resource::Category;
use crate::model::catalog::Catalog;
use crate::model::engine::estimate::Estimate;
use crate::model::engine::price_age::PriceAge;
use crate::model::export_csv::{budget_csv, CsvContext};
pub use crate::model::export_csv::{csv_field, guard_cell};
use crate::model::format;
use crate::model::html;
use crate::model::json::{indent_json, to_json};
use crate::model::plural::plural;
use crate::model::presets::paper_course;
use crate::model::scenario::choice::Choice;
use crate::model::scenario::pricing::BASE_CURRENCY;
use crate::model::scenario::setting::Setting;
use crate::model::scenario::Scenario;
use crate::model::testbed::request::{chameleon_request, jetstream_request};
pub use crate::model::testbed::words::testbeds_line;
use crate::model::testbed::TestbedTwin;

/// The formats the scenario can be exported in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportKind {
    /// Every priced line, for a spreadsheet.
    Csv,
    /// The scenario and its results, for another program.
    Json,
    /// A summary for a syllabus, a grant or an e-mail.
    Markdown,
}

impl ExportKind {
    /// Every format, in the order of the buttons.
    pub const ALL: [ExportKind; 3] = [ExportKind::Csv, ExportKind::Json, ExportKind::Markdown];

    /// Short id (`csv`, `json`, `markdown`).
    pub fn id(self) -> &'static str {
        match self {
            ExportKind::Csv => "csv",
            ExportKind::Json => "json",
            ExportKind::Markdown => "markdown",
        }
    }

    /// The button's label.
    pub fn label(self) -> &'static str {
        match self {
            ExportKind::Csv => "CSV",
            ExportKind::Json => "JSON",
            ExportKind::Markdown => "Markdown",
        }
    }

    /// The downloaded file's name.
    pub fn file_name(self) -> &'static str {
        match self {
            ExportKind::Csv => "course-cost-breakdown.csv",
            ExportKind::Json => "course-cost.json",
            ExportKind::Markdown => "course-cost-summary.md",
        }
    }

    /// Its media type.
    pub fn mime(self) -> &'static str {
        match self {
            ExportKind::Csv => "text/csv",
            ExportKind::Json => "application/json",
            ExportKind::Markdown => "text/markdown",
        }
    }

    /// The export of `scenario` and `estimate` on `date` (`YYYY-MM-DD`), naming `link` to
    /// reproduce it.
    pub fn render(
        self,
        scenario: &Scenario,
        estimate: &Estimate,
        catalog: &Catalog,
        link: &str,
        date: &str,
    ) -> String {
        match self {
            // The budget office's CSV (see [`crate::model::export_csv`]): name, date and link
            // first, then every priced line and the totals.
            ExportKind::Csv => budget_csv(&CsvContext {
                scenario,
                estimate,
                catalog,
                link,
                date,
            }),
            ExportKind::Json => json(scenario, estimate, link),
            ExportKind::Markdown => markdown(scenario, estimate, catalog, link),
        }
    }
}

/// Citation of the paper the default scenario comes from.
pub const PAPER_CITATION: &str = "Fund, Keahey, Hammock, Richardson, Powers, Sherman. The Cost of Teaching Operational ML. SC '25 Workshops (EduHPC), 2025. doi:10.1145/3731599.3767385";

/// Address schemes that run or smuggle content when a renderer turns text into a link.
const LIVE_SCHEMES: [&str; 4] = ["javascript", "vbscript", "data", "file"];

/// User (or catalog) text made inert in Markdown: HTML is escaped as entities; link, image,
/// emphasis, code, heading and table syntax is backslash-escaped; line breaks become spaces;
/// and the colon after `javascript`, `vbscript`, `data` or `file` is escaped (`javascript\:`),
/// so no renderer sees a live address. A name can neither run markup nor become a link.
pub fn escape_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '<' | '>' | '&' => out.push_str(html::entity(c).unwrap_or_default()),
            '\r' | '\n' => out.push(' '),
            '\\' | '`' | '*' | '_' | '[' | ']' | '(' | ')' | '!' | '|' | '#' | '~' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            ':' if ends_with_live_scheme(&out) => out.push_str("\\:"),
            _ => out.push(c),
        }
    }
    out
}

/// Whether `text` ends in one of [`LIVE_SCHEMES`] (any case, spaces and escapes ignored).
fn ends_with_live_scheme(text: &str) -> bool {
    let tail: String = text
        .chars()
        .rev()
        .filter(|c| !c.is_whitespace() && *c != '\\')
        .take(12)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect::<String>()
        .to_ascii_lowercase();
    LIVE_SCHEMES.iter().any(|scheme| tail.ends_with(scheme))
}

/// The price age of `estimate`'s figures, at the build date or at the date of the past
/// semester `scenario`'s prices stand for (`None` without a build date).
fn price_age(scenario: &Scenario, estimate: &Estimate) -> Option<PriceAge> {
    let catalog = Catalog::builtin().ok()?;
    PriceAge::of_prices(&estimate.lines, catalog, &scenario.pricing.snapshot)
}

/// What the JSON export holds, in this order.
#[derive(Serialize)]
pub(crate) struct JsonExport<'a> {
    generator: &'static str,
    title: &'a str,
    paper: &'static str,
    link: &'a str,
    scenario: &'a Scenario,
    /// The currency of every amount in `results` (plain numbers, `_usd` fields): the
    /// catalog's; the scenario's own currency and rate are in `scenario.pricing`.
    results_currency: &'static str,
    results: &'a Estimate,
    /// How old the prices behind `results` are, at the build date (or at the past semester's
    /// date the prices stand for).
    price_age: Option<PriceAge>,
    /// The price age in words.
    price_age_text: Option<String>,
    /// The same course on the free testbeds, in their service units.
    testbeds: Option<TestbedTwin>,
}

impl<'a> JsonExport<'a> {
    /// The export of `scenario` and `estimate`, naming `link`.
    pub(crate) fn of(scenario: &'a Scenario, estimate: &'a Estimate, link: &'a str) -> Self {
        JsonExport {
            generator: "course cost calculator",
            title: scenario.title.trim(),
            paper: PAPER_CITATION,
            link,
            scenario,
            results_currency: BASE_CURRENCY,
            results: estimate,
            price_age: price_age(scenario, estimate),
            price_age_text: price_age(scenario, estimate).map(|age| age.sentence()),
            testbeds: Catalog::builtin()
                .ok()
                .map(|catalog| TestbedTwin::of(scenario, estimate, catalog)),
        }
    }
}

/// Scenario and results as pretty JSON, with the share link that reproduces them.
pub fn json(scenario: &Scenario, estimate: &Estimate, link: &str) -> String {
    let export = JsonExport::of(scenario, estimate, link);
    // Written compact (as share links are), then indented as text: the model's writing is
    // compiled once, and every number keeps the digits written. Plain data always writes.
    to_json(&export)
        .map(|compact| indent_json(&compact))
        .unwrap_or_default()
}

/// The course in one phrase, as the Markdown summary and the printed page say it: "191
/// students, 8 labs and a 6-week group project".
pub fn course_in_brief(scenario: &Scenario) -> String {
    let course = &scenario.course;
    format!(
        "{} {}, {} {} and a {}-week group project",
        format::number(course.students, 0),
        plural(course.students, "student", "students"),
        course.labs.len(),
        plural(course.labs.len() as f64, "lab", "labs"),
        format::quantity(course.project.weeks),
    )
}

/// A Markdown summary: headline figures, a table per lab and category, assumptions and sources.
pub fn markdown(scenario: &Scenario, estimate: &Estimate, catalog: &Catalog, link: &str) -> String {
    let pricing = &scenario.pricing;
    // In the reader's locale, as on the page: totals whole, per student to the cent.
    let money = |usd: f64| pricing.money(usd);
    let per_student = |usd: f64| pricing.per_student(usd);
    let totals = &estimate.totals;
    let provider = escape_markdown(&catalog.provider_in_region(&pricing.provider, &pricing.region));
    let snapshot = escape_markdown(&catalog.price_set_words(&pricing.snapshot));
    let escape = escape_markdown;
    let mut md = String::new();
    if scenario.title.trim().is_empty() {
        md.push_str("# Cloud cost estimate for the course\n\n");
    } else {
        md.push_str(&format!("# {}\n\n", escape(scenario.title.trim())));
    }
    if !scenario.notes.trim().is_empty() {
        md.push_str(&format!("{}\n\n", escape(scenario.notes.trim())));
    }
    let moved = pricing.price_change.words().map_or(String::new(), |words| {
        format!("; list prices moved: {words}")
    });
    md.push_str(&format!(
        "{}, priced on {provider} ({}, {snapshot}{moved}).\n\n",
        course_in_brief(scenario),
        pricing.model.label().to_ascii_lowercase(),
    ));
    md.push_str(&format!(
        "- **Total: {}** ({} per student)\n- Labs: {} ({} per student); project: {}\n- Instance-hours: {} planned, {} actual (planned x overrun); GPU node-hours: {}\n- GPU share of cost: {}%\n",
        money(totals.net_usd),
        per_student(totals.per_student_usd),
        money(totals.labs_usd),
        per_student(estimate.labs_per_student_usd()),
        money(totals.project_usd),
        format::number(totals.planned_instance_hours, 0),
        format::number(totals.actual_instance_hours, 0),
        format::number(totals.gpu_hours, 0),
        format::number(estimate.gpu_share() * 100.0, 0),
    ));
    let twin = TestbedTwin::of(scenario, estimate, catalog);
    md.push_str(&format!("- {}\n\n", testbeds_line(&twin)));
    md.push_str(&cost_table(estimate, &money));
    if totals.discount_usd > 0.0 || totals.overhead_usd > 0.0 || totals.credit_usd > 0.0 {
        md.push_str(&format!(
            "Discount -{}, institutional overhead +{}, education credits -{}: total {}.\n\n",
            money(totals.discount_usd),
            money(totals.overhead_usd),
            money(totals.credit_usd),
            money(totals.net_usd)
        ));
    }
    let realism = scenario.realism;
    md.push_str(&format!(
        "Actual use is planned use times an overrun factor: lab VMs {}x, lab bare metal {}x, project VMs {}x, project GPU nodes {}x",
        format::quantity(realism.labs.vm),
        format::quantity(realism.labs.bare_metal),
        format::quantity(realism.project.vm),
        format::quantity(realism.project.bare_metal),
    ));
    md.push_str(&calibrated_words(scenario));
    md.push_str(".\n\n");
    md.push_str(&settings_table(scenario, catalog));
    for warning in &estimate.warnings {
        md.push_str(&format!("> {}\n\n", escape(warning)));
    }
    if let Some(age) = price_age(scenario, estimate) {
        md.push_str(&format!("{}\n\n", age.sentence()));
    }
    md.push_str(&format!(
        "Prices: list prices with their dates and sources in the calculator's catalog. Method and default course: {PAPER_CITATION}.\n\nReproduce or change this estimate: <{link}>\n"
    ));
    let link = format!("<{link}>");
    md.push_str(&format!(
        "\n## Allocation requests\n\n**Chameleon.** {}\n\n**Jetstream2 (ACCESS).** {}\n",
        chameleon_request(scenario, &twin, &link, &escape),
        jetstream_request(scenario, &twin, &link, &escape),
    ));
    md
}

/// The Markdown table of cost by lab and category, the course's list price in its last row.
fn cost_table(estimate: &Estimate, money: &dyn Fn(f64) -> String) -> String {
    let mut md = String::new();
    md.push_str(
        "| Lab | CPU compute | GPU | Storage | Network | Total |\n|---|---:|---:|---:|---:|---:|\n",
    );
    for summary in estimate
        .labs
        .iter()
        .chain(std::iter::once(&estimate.project))
    {
        md.push_str(&format!("| {} |", escape_markdown(&summary.name)));
        for category in Category::ALL {
            md.push_str(&format!(
                " {} |",
                money(summary.cost_by_category[category.index()])
            ));
        }
        md.push_str(&format!(" {} |\n", money(summary.cost_usd)));
    }
    md.push_str("| **Course (list price)** |");
    for category in Category::ALL {
        md.push_str(&format!(
            " {} |",
            money(estimate.cost_by_category[category.index()])
        ));
    }
    md.push_str(&format!(" **{}** |\n\n", money(estimate.totals.list_usd)));
    md
}

/// Every setting of the settings and choices tables with its value in words, as a Markdown
/// table.
fn settings_table(scenario: &Scenario, catalog: &Catalog) -> String {
    let mut md = String::from("| Setting | Value |\n|---|---:|\n");
    let mut row = |label: &str, value: &str| {
        let (label, value) = (escape_markdown(label), escape_markdown(value));
        md.push_str(&format!("| {label} | {value} |\n"));
    };
    for &setting in Setting::ALL {
        row(&setting.label_in(scenario), &setting.value_words(scenario));
    }
    for &choice in Choice::ALL {
        row(choice.label(), &choice.words(scenario, catalog));
    }
    md.push('\n');
    md
}

/// After the overrun factors: that they are the paper's course's calibration, or the
/// per-resource factors a bill set.
fn calibrated_words(scenario: &Scenario) -> String {
    let per_resource = &scenario.resource_factors;
    if per_resource.is_empty() {
        let paper = paper_course().is_ok_and(|p| p.scenario.realism == scenario.realism);
        return if paper {
            " (calibrated on the paper's course)"
        } else {
            ""
        }
        .to_string();
    }
    let each: Vec<String> = per_resource
        .iter()
        .map(|f| format!("{} {}x", f.resource, format::quantity(f.factor)))
        .collect();
    format!(", and per resource {}", each.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::export_csv::csv_row;

    #[test]
    fn csv_fields_are_quoted_only_when_needed() {
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("two\nlines"), "\"two\nlines\"");
        assert_eq!(csv_row(&["a".into(), "b,c".into()]), "a,\"b,c\"\r\n");
    }

    #[test]
    fn formulas_stay_text_and_numbers_stay_numbers() {
        // (field, as written): a leading formula character is neutralised with an apostrophe
        // unless the field is a plain signed number.
        let cases = [
            ("=1+1", "'=1+1"),
            (
                "=HYPERLINK(\"http://evil.example/\",\"x\")",
                "\"'=HYPERLINK(\"\"http://evil.example/\"\",\"\"x\"\")\"",
            ),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("-5", "-5"),
            ("+3.5", "+3.5"),
            ("\tx", "'\tx"),
            ("-inf", "'-inf"),
            ("+NaN", "'+NaN"),
            ("-infinity", "'-infinity"),
            ("  =1+1", "'  =1+1"),
            ("\r=1", "\"'\r=1\""),
            ("-1e5", "-1e5"),
            ("-1+2", "'-1+2"),
            ("-.", "'-."),
            ("-", "'-"),
        ];
        for (field, written) in cases {
            assert_eq!(csv_field(field), written, "{field:?}");
        }
    }

    #[test]
    fn markdown_user_text_is_inert() {
        let text = escape_markdown("<img src=x onerror=alert(1)> [click](javascript:alert(1))");
        assert!(!text.contains('<'));
        assert!(!text.contains("]("));
        assert!(text.contains("&lt;img"));
        assert!(!text.contains("javascript:"));
        for scheme in [
            "JavaScript :x",
            "data:text/html,x",
            "vbscript:x",
            "`code` ~~s~~ {x}",
        ] {
            let text = escape_markdown(scheme);
            assert!(
                !text.to_lowercase().replace(' ', "").contains("script:"),
                "{text}"
            );
            assert!(!text.contains("data:"), "{text}");
            assert!(!text.contains("~~") && !text.starts_with('`'), "{text}");
        }
        assert_eq!(escape_markdown("Lab 1: setup"), "Lab 1: setup");
    }
}
