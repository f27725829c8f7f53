//! The CSV a budget office opens as is: the header in row one, one row per priced line in words
//! (labs by name, resources by hardware, the testbed id in its own column, sources by title and
//! date), machine numbers with a point and no separators whatever the reader's locale, the
//! currency in a column of its own, the price and the billed quantity at full precision so that
//! price x quantity = cost in the sheet, dates as ISO dates or the word "undated"; then the
//! totals down to what the course pays, then the scenario's name, date, link and notes, and last
//! every setting of the settings table as a machine number (money in the scenario's currency).

use crate::model::catalog::resource::Resource;
use crate::model::catalog::Catalog;
use crate::model::decimal;
use crate::model::engine::estimate::{CostLine, Estimate, Phase};
use crate::model::engine::price_age::{Age, PriceAge};
use crate::model::engine::priced_by::pricing_line;
use crate::model::format;
use crate::model::scenario::setting::Setting;
use crate::model::scenario::Scenario;
use crate::model::testbed::words::tier_name;
use crate::model::testbed::{TestbedTwin, Testbeds};

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

/// `value` at full precision: the shortest decimal that reads back as the same number, never
/// with an exponent (a spreadsheet multiplies what it was given); empty when not finite.
pub fn full(value: f64) -> String {
    if !value.is_finite() {
        return String::new();
    }
    // Rust writes the shortest round-trip decimal without an exponent; -0 is written 0.
    format!("{}", value + 0.0)
}

/// Decimals of a billed quantity: a millionth of a unit-hour (3.6 ms).
const BILLED_DECIMALS: usize = 6;

/// A billed quantity (unit-hours) rounded to [`BILLED_DECIMALS`] decimals, halves away from
/// zero, trailing zeros dropped: the product of two decimals (hours x reruns) is written as a
/// decimal says it, 728.8, not as the floating point holds it (728.8000000000001). The rounding
/// moves price x quantity by at most half a millionth of an hour's price, under a tenth of a cent
/// at any price up to $1,000 an hour; empty when not finite.
pub fn billed(value: f64) -> String {
    trimmed(value, BILLED_DECIMALS)
}

/// `value` with up to `decimals` decimals, trailing zeros dropped.
fn trimmed(value: f64, decimals: usize) -> String {
    let text = fixed(value, decimals);
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// A count (students, instances, GB) with up to three decimals, trailing zeros dropped.
fn count(value: f64) -> String {
    trimmed(value, 3)
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

/// The columns, each with its unit, in order. Money is in the row's `Currency`.
const HEADER: [&str; 24] = [
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
    "Spot re-run (factor)",
    "Billed unit-hours (h)",
    "Offer",
    "Provider",
    "Offers per unit (factor)",
    "Price model",
    "Price per unit-hour",
    "Currency",
    "Cost",
    "Price as of",
    "Price source",
];

/// Where `name` is in [`HEADER`].
fn column(name: &str) -> usize {
    HEADER.iter().position(|h| *h == name).unwrap_or(0)
}

/// A price's date as a budget office files it: the ISO date, or "undated" (a year, a period such
/// as `2025-26`, no date, or the user's own figure).
fn price_date(line: &CostLine) -> String {
    match Age::of(&line.offer_id, &line.as_of) {
        Age::Dated(day) => day.to_string(),
        Age::Undated | Age::Yours => "undated".to_string(),
    }
}

/// What the source gives instead of a day, when it gives something ("period 2025-26"), for the
/// source column of an undated price.
fn period_note(line: &CostLine) -> Option<String> {
    let as_of = line.as_of.trim();
    let dated = matches!(Age::of(&line.offer_id, as_of), Age::Dated(_));
    (!dated && !as_of.is_empty() && as_of != "undated")
        .then(|| format!("dated {as_of}, no day given"))
}

/// One priced line as a row of [`HEADER`]'s columns.
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
    let source = source_words(catalog, &line.source);
    let source = match period_note(line) {
        Some(note) => format!("{note}; {source}"),
        None => source,
    };
    // The price as the engine multiplies it, at full precision; the billed quantity to the
    // microhour ([`billed`]), so the sheet's price x quantity is the cost to the cent.
    let billed_hours = line.actual_hours * line.rerun;
    let price = line.usd_per_hour * rate;
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
        fixed(line.rerun, 3),
        billed(billed_hours),
        line.sku.clone(),
        provider,
        fixed(line.fraction, 3),
        line.model.label().to_string(),
        full(price),
        pricing.currency.clone(),
        fixed(line.cost_usd * rate, 2),
        price_date(line),
        source,
    ]
}

/// A row with `label` in the first column and `amount` (US dollars) in the cost column, in
/// `currency` at `rate`.
fn total_row(label: &str, amount_usd: f64, currency: &str, rate: f64) -> String {
    let mut row = vec![String::new(); HEADER.len()];
    row[0] = label.to_string();
    row[column("Currency")] = currency.to_string();
    row[column("Cost")] = fixed(amount_usd * rate, 2);
    csv_row(&row)
}

/// The rows after the table: what the scenario is, when it was exported, the link that
/// reproduces it, how it is priced, the price age, the notes and every setting, each a label and
/// a value.
fn about_rows(context: &CsvContext<'_>) -> String {
    let scenario = context.scenario;
    let pricing = &scenario.pricing;
    let title = scenario.title.trim();
    let mut rows = vec![
        (
            "Scenario",
            if title.is_empty() {
                "Untitled scenario".to_string()
            } else {
                title.to_string()
            },
        ),
        ("Exported on", context.date.to_string()),
        ("Link that reproduces it", context.link.to_string()),
        (
            "Priced with",
            pricing_line(context.catalog, pricing, context.estimate),
        ),
        ("Currency", pricing.currency.clone()),
    ];
    rows.extend(testbed_rows(&TestbedTwin::of(
        scenario,
        context.estimate,
        context.catalog,
    )));
    // How old the prices are, judged at the build date (as on the page's `price-age`).
    if let Some(age) =
        PriceAge::of_prices(&context.estimate.lines, context.catalog, &pricing.snapshot)
    {
        rows.push(("Price age", age.sentence()));
    }
    if !scenario.notes.trim().is_empty() {
        rows.push(("Notes", scenario.notes.trim().to_string()));
    }
    let mut rows: Vec<(String, String)> = rows
        .into_iter()
        .map(|(what, value)| (what.to_string(), value))
        .collect();
    // Every setting, from the settings table.
    for &setting in Setting::ALL {
        let rate = if setting.is_money() {
            pricing.usd_to_currency
        } else {
            1.0
        };
        rows.push((
            setting.label_in(scenario),
            full(setting.get(scenario) * rate),
        ));
    }
    rows.into_iter()
        .map(|(what, value)| csv_row(&[what, value]))
        .collect()
}

/// The free-testbed twin at actual hours as machine numbers (a spreadsheet sums them; the
/// page and Markdown say the same in words).
fn testbed_rows(twin: &TestbedTwin) -> Vec<(&'static str, String)> {
    let testbeds = Testbeds::builtin();
    let total = twin.actual.split.total();
    vec![
        ("Chameleon SU, today's rates", fixed(total.chameleon, 0)),
        (
            "Chameleon SU, rules before July 2025 (low-high)",
            format!(
                "{}-{}",
                fixed(total.before_low, 0),
                fixed(total.before_high, 0)
            ),
        ),
        ("Jetstream2 credits", fixed(twin.actual.access.credits, 0)),
        (
            "ACCESS tier",
            tier_name(&twin.actual.access, &testbeds.access).to_string(),
        ),
    ]
}

/// The whole CSV; lines end in CRLF (RFC 4180), every text cell formula-safe.
pub fn budget_csv(context: &CsvContext<'_>) -> String {
    let pricing = &context.scenario.pricing;
    let totals = &context.estimate.totals;
    let mut out = csv_row(&HEADER.map(String::from));
    for line in &context.estimate.lines {
        out.push_str(&csv_row(&line_row(context, line)));
    }
    let (currency, rate) = (&pricing.currency, pricing.usd_to_currency);
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
        out.push_str(&total_row(label, amount, currency, rate));
    }
    out.push_str("\r\n");
    out.push_str(&about_rows(context));
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
    mantissa_ok && exponent.is_none_or(digits) && decimal::parse(text).is_some_and(f64::is_finite)
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
