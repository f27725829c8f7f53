//! The CSV a budget office opens: the scenario's name, date and link first, one header row with
//! units, every priced line in words (labs by name, resources by hardware, the testbed id in its
//! own column, sources by title and date), rounded as a budget reads (money to cents, hours to
//! one decimal, factors to three), and the totals down to what the course pays.

use crate::model::catalog::resource::Resource;
use crate::model::catalog::Catalog;
use crate::model::engine::estimate::{CostLine, Estimate, Phase};
use crate::model::engine::price_age::PriceAge;
use crate::model::engine::priced_by::pricing_line;
use crate::model::format;
use crate::model::scenario::Scenario;

/// What the rows of the CSV are written for.
#[derive(Clone, Copy, Debug)]
pub struct CsvContext<'a> {
    /// The scenario.
    pub scenario: &'a Scenario,
    /// Its estimate.
    pub estimate: &'a Estimate,
    /// The catalog its prices come from.
    pub catalog: &'a Catalog,
    /// The share link that reproduces it.
    pub link: &'a str,
    /// When it is exported (`YYYY-MM-DD`).
    pub date: &'a str,
}

/// `value` with `decimals` decimals, no thousands separators (a spreadsheet reads it as a
/// number), never "-0.00"; a figure that is not finite is left empty.
pub fn fixed(value: f64, decimals: usize) -> String {
    if !value.is_finite() {
        return String::new();
    }
    format::plain(value, decimals)
}

/// A count (students, instances, GB) with up to three decimals, trailing zeros dropped.
fn count(value: f64) -> String {
    let text = fixed(value, 3);
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// A price's `source` field in words: each cited source as "title, publisher (date)", and what
/// is left of the field (a note such as "spot: midpoint of ...").
pub fn source_words(catalog: &Catalog, source: &str) -> String {
    let (cited, rest) = catalog.citations(source);
    let mut parts: Vec<String> = cited
        .iter()
        .map(|s| format!("{}, {} ({})", s.title, s.publisher, s.date))
        .collect();
    let rest = rest.trim().trim_end_matches(':').trim();
    if !rest.is_empty() {
        parts.insert(0, rest.to_string());
    }
    parts.join("; ")
}

/// The header row: what each column is, with its unit.
fn header(currency: &str) -> Vec<String> {
    [
        "Part",
        "Lab",
        "Option",
        "Resource",
        "Testbed id",
        "Category",
        "Takers",
        "Takers are",
        "Count per taker",
        "Counted in",
        "Planned hours per unit (h)",
        "Overrun (factor)",
        "Actual unit-hours (h)",
        "Offer",
        "Provider",
        "Offers per unit (factor)",
        "Price model",
        &format!("Price ({currency} per unit-hour)"),
        "Spot re-run (factor)",
        &format!("Cost ({currency})"),
        "Price as of",
        "Price source",
    ]
    .map(String::from)
    .to_vec()
}

/// One priced line as a row of [`header`]'s columns.
fn line_row(context: &CsvContext<'_>, line: &CostLine) -> Vec<String> {
    let catalog = context.catalog;
    let pricing = &context.scenario.pricing;
    let rate = pricing.usd_to_currency;
    let resource = catalog
        .resource(&line.resource)
        .map_or(line.resource.as_str(), |r: &Resource| r.label);
    let provider = line.offer_id.split('/').next().unwrap_or_default();
    let provider = match catalog.provider(provider) {
        Some(p) => p.name.to_string(),
        None => "your own offer".to_string(),
    };
    vec![
        match line.phase {
            Phase::Lab(_) => "Lab".to_string(),
            Phase::Project => "Group project".to_string(),
        },
        line.activity.clone(),
        line.option.clone(),
        resource.to_string(),
        line.resource.clone(),
        line.category.label().to_string(),
        count(line.takers),
        line.takers_unit.to_string(),
        count(line.count),
        line.count_unit.to_string(),
        fixed(line.planned_hours, 1),
        fixed(line.overrun, 3),
        fixed(line.actual_hours, 1),
        line.sku.clone(),
        provider,
        fixed(line.fraction, 3),
        line.model.label().to_string(),
        fixed(line.usd_per_hour * rate, 4),
        fixed(line.rerun, 3),
        fixed(line.cost_usd * rate, 2),
        line.as_of.clone(),
        source_words(catalog, &line.source),
    ]
}

/// A row with `label` in the first column and `amount` (US dollars) in the cost column.
fn total_row(label: &str, amount_usd: f64, rate: f64, width: usize, cost: usize) -> String {
    let mut row = vec![String::new(); width];
    row[0] = label.to_string();
    row[cost] = fixed(amount_usd * rate, 2);
    csv_row(&row)
}

/// The whole CSV; lines end in CRLF (RFC 4180), every text cell formula-safe.
pub fn budget_csv(context: &CsvContext<'_>) -> String {
    let scenario = context.scenario;
    let pricing = &scenario.pricing;
    let totals = &context.estimate.totals;
    let title = scenario.title.trim();
    let mut out = String::new();
    for (what, value) in [
        (
            "Scenario",
            if title.is_empty() {
                "Untitled scenario"
            } else {
                title
            },
        ),
        ("Exported on", context.date),
        ("Link that reproduces it", context.link),
        (
            "Priced with",
            &pricing_line(context.catalog, pricing, context.estimate),
        ),
        ("Currency", &pricing.currency),
    ] {
        out.push_str(&csv_row(&[what.to_string(), value.to_string()]));
    }
    // How old the prices are, judged at the build date (as on the page's `price-age`).
    if let Some(age) =
        PriceAge::of_prices(&context.estimate.lines, context.catalog, &pricing.snapshot)
    {
        out.push_str(&csv_row(&["Price age".to_string(), age.sentence()]));
    }
    out.push_str("\r\n");
    let header = header(&pricing.currency);
    let (width, cost) = (header.len(), header.len() - 3);
    out.push_str(&csv_row(&header));
    for line in &context.estimate.lines {
        out.push_str(&csv_row(&line_row(context, line)));
    }
    let rate = pricing.usd_to_currency;
    let mut rows = vec![("List price, all lines", totals.list_usd)];
    if totals.discount_usd > 0.0 {
        rows.push(("Negotiated discount", -totals.discount_usd));
    }
    if totals.overhead_usd > 0.0 {
        rows.push(("Institutional overhead", totals.overhead_usd));
    }
    if totals.credit_usd > 0.0 {
        rows.push(("Education credits", -totals.credit_usd));
    }
    rows.push(("Total (what the course pays)", totals.net_usd));
    rows.push(("Per student", totals.per_student_usd));
    for (label, amount) in rows {
        out.push_str(&total_row(label, amount, rate, width, cost));
    }
    out
}

/// Whether `text` is a plain decimal number a spreadsheet reads as that number and nothing
/// else: an optional sign, digits with at most one point, an optional exponent. `inf`, `NaN`
/// and anything with an operator inside are not.
fn is_plain_number(text: &str) -> bool {
    let unsigned = text.strip_prefix(['-', '+']).unwrap_or(text);
    let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
        Some((m, e)) => (m, Some(e.strip_prefix(['-', '+']).unwrap_or(e))),
        None => (unsigned, None),
    };
    let digits = |part: &str| !part.is_empty() && part.chars().all(|c| c.is_ascii_digit());
    let mantissa_ok = match mantissa.split_once('.') {
        Some((int, frac)) => {
            (digits(int) || int.is_empty()) && (digits(frac) || frac.is_empty()) && mantissa != "."
        }
        None => digits(mantissa),
    };
    mantissa_ok && exponent.is_none_or(digits) && text.parse::<f64>().is_ok_and(f64::is_finite)
}

/// One spreadsheet cell made inert: text a spreadsheet would evaluate (it starts with `=`,
/// `+`, `-`, `@`, a tab, a carriage return or a line feed, also after leading spaces, and is not
/// a plain number) gets a leading apostrophe, as OWASP's CSV-injection guidance advises, so a lab
/// named `=HYPERLINK(...)`, `-inf` or `+NaN` stays text. Plain numbers (`-5`, `+3.5`) stay
/// numbers. Reusable for any CSV layout: every cell goes through it.
pub fn guard_cell(text: &str) -> String {
    const LIVE: [char; 7] = ['=', '+', '-', '@', '\t', '\r', '\n'];
    let live = text.starts_with(LIVE) || text.trim_start_matches(' ').starts_with(LIVE);
    if live && !is_plain_number(text) {
        format!("'{text}")
    } else {
        text.to_string()
    }
}

/// One CSV field: guarded by [`guard_cell`], then quoted when it holds a comma, a quote or a
/// line break (RFC 4180 s.2).
pub fn csv_field(text: &str) -> String {
    let text = guard_cell(text);
    if text.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// One CSV record of `fields`, each made safe by [`csv_field`], ended by CRLF.
pub(crate) fn csv_row(fields: &[String]) -> String {
    let mut row = fields
        .iter()
        .map(|f| csv_field(f))
        .collect::<Vec<_>>()
        .join(",");
    row.push_str("\r\n");
    row
}
