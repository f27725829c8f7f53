//! Issue 45: the Share tab's exports are written by the page's Web Worker, so the page's wasm
//! holds none of their code. What the worker writes must be what the page wrote before, byte for
//! byte: the request crosses as bytes (`model::worker_protocol`), the worker validates and
//! prices the scenario again with the shipped catalog and engine, and its text equals
//! `ExportKind::render` of the same scenario and estimate here (with the term's status after the
//! Markdown summary, as the page added it), in the reader's number style. A damaged or invalid
//! request is refused with a message, never a panic.
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::{catalog, estimate, paper};
use course_cost::model::edit::change::{apply_change, Change};
use course_cost::model::export::ExportKind;
use course_cost::model::format::{self, NumberStyle};
use course_cost::model::number_style::{Affixes, CurrencyStyle};
use course_cost::model::scenario::Scenario;
use course_cost::model::worker_jobs::export;
use course_cost::model::worker_protocol::{ExportRequest, FromWorker, ToWorker};

const LINK: &str = "https://example.edu/course-cost/#s=abc";
const TODAY: &str = "2026-12-06";
const TERM: &str = "Week 5 of 16: $1,234 billed so far, on track.";

fn request(kind: ExportKind, scenario: &Scenario, style: &NumberStyle) -> ExportRequest {
    ExportRequest {
        id: 41,
        kind,
        scenario: scenario.clone(),
        link: LINK.to_string(),
        today: TODAY.to_string(),
        term: Some(TERM.to_string()),
        style: style.clone(),
    }
}

/// The file the page downloads: the request sent to the worker as bytes, written there, and
/// the answer received as bytes.
fn through_the_worker(request: ExportRequest) -> Result<String, String> {
    let ToWorker::Export(received) =
        ToWorker::decode(&ToWorker::Export(Box::new(request.clone())).encode()).unwrap()
    else {
        panic!("not an export");
    };
    assert_eq!(*received, request);
    let text = export(&received, catalog());
    let answer = FromWorker::Exported { id: 41, text };
    match FromWorker::decode(&answer.encode()) {
        Some(back) => {
            assert_eq!(back, answer);
            let FromWorker::Exported { id, text } = back else {
                panic!("not an export");
            };
            assert_eq!(id, 41);
            text
        }
        None => panic!("the answer does not read back"),
    }
}

/// A German reader's style, as `Intl.NumberFormat('de-DE')` writes: "1.234,56 €".
fn german() -> NumberStyle {
    let euro = |prefix: &str| Affixes {
        prefix: prefix.into(),
        suffix: "\u{a0}€".into(),
    };
    NumberStyle {
        locale: "de-DE".into(),
        decimal: ",".into(),
        group: ".".into(),
        currencies: vec![CurrencyStyle {
            code: "EUR".into(),
            positive: euro(""),
            negative: euro("-"),
            minor_digits: 2,
        }],
        ..NumberStyle::en_us()
    }
}

/// The paper's course edited as a reader might: a title with Markdown and HTML in it, 120
/// students, AWS in Ireland at its prices, in euros, with a negotiated GPU machine of its own.
fn edited() -> Scenario {
    let c = catalog();
    let changes = [
        Change::SetTitle("Fall <ML> ops | *draft* [v2]".into()),
        Change::SetProvider("aws".into()),
        Change::SetRegion("eu-west-1".into()),
        Change::SetCurrency("EUR".into()),
        Change::AddCustomOffer(common::a100_custom_offer("University GPU cluster")),
    ];
    let mut s = paper().scenario.clone();
    for change in changes {
        s = apply_change(&s, c, change).unwrap();
    }
    s.course.students = 120.0;
    assert_ne!(
        estimate(&s).totals.net_usd,
        estimate(&paper().scenario).totals.net_usd
    );
    s
}

#[test]
fn every_export_written_by_the_worker_is_the_one_the_page_wrote() {
    let c = catalog();
    for (scenario, style) in [
        (paper().scenario.clone(), NumberStyle::en_us()),
        (edited(), NumberStyle::en_us()),
        (edited(), german()),
    ] {
        for kind in ExportKind::ALL {
            let worker = through_the_worker(request(kind, &scenario, &style)).unwrap();
            // The page's own writing, as it was: the scenario's estimate rendered in the
            // reader's style, and the term's paragraph after the Markdown summary.
            format::use_style(style.clone());
            let mut page = kind.render(&scenario, &estimate(&scenario), c, LINK, TODAY);
            format::use_style(NumberStyle::en_us());
            if kind == ExportKind::Markdown {
                page.push_str(&format!(
                    "\n## During the term\n\n{TERM} Scenario: {LINK}\n"
                ));
            }
            assert_eq!(worker, page, "{kind:?} of {}", scenario.title);
            assert!(worker.contains(LINK), "{kind:?}");
        }
    }
    // The style a request carries is the worker's only while it writes.
    assert_eq!(*format::style(), NumberStyle::en_us());
}

#[test]
fn the_readers_style_and_the_term_reach_the_markdown_only() {
    let scenario = edited();
    let result = estimate(&scenario);
    // The total in euros as a German reader reads it, worked out here: whole euros, grouped
    // by threes with a dot, then a no-break space and the sign.
    let euros = (result.totals.net_usd * scenario.pricing.usd_to_currency).round() as u64;
    let digits = euros.to_string();
    let mut grouped = String::new();
    for (at, digit) in digits.chars().enumerate() {
        if at > 0 && (digits.len() - at) % 3 == 0 {
            grouped.push('.');
        }
        grouped.push(digit);
    }
    let md = through_the_worker(request(ExportKind::Markdown, &scenario, &german())).unwrap();
    assert!(
        md.contains(&format!("**Total: {grouped}\u{a0}€**")),
        "{grouped}: {md}"
    );
    assert!(md.ends_with(&format!("{TERM} Scenario: {LINK}\n")), "{md}");
    // Without a term's status, the summary ends with the allocation requests.
    let mut plain = request(ExportKind::Markdown, &scenario, &german());
    plain.term = None;
    let without = through_the_worker(plain).unwrap();
    assert!(!without.contains("During the term"));
    assert!(md.starts_with(&without));
    // The CSV and the JSON carry no term paragraph and no locale's signs.
    for kind in [ExportKind::Csv, ExportKind::Json] {
        let text = through_the_worker(request(kind, &scenario, &german())).unwrap();
        assert!(
            !text.contains("During the term") && !text.contains('€'),
            "{kind:?}"
        );
    }
}

#[test]
fn an_invalid_or_damaged_export_request_is_refused_with_a_message() {
    let style = NumberStyle::en_us();
    // A scenario validation refuses: the worker says so, naming the field.
    let mut bad = paper().scenario.clone();
    bad.course.students = -3.0;
    let why = through_the_worker(request(ExportKind::Csv, &bad, &style)).unwrap_err();
    assert!(why.starts_with("The scenario is not valid"), "{why}");
    assert!(why.contains("tudents"), "{why}");
    // A number style no locale has (groups of no digits would never end) is not used.
    for damage in [
        |s: &mut NumberStyle| s.primary_group = 0,
        |s: &mut NumberStyle| s.secondary_group = 0,
        |s: &mut NumberStyle| s.min_grouping = 0,
        |s: &mut NumberStyle| s.currencies[0].minor_digits = 1 << 40,
    ] {
        let mut odd = style.clone();
        damage(&mut odd);
        let why =
            through_the_worker(request(ExportKind::Markdown, &paper().scenario, &odd)).unwrap_err();
        assert!(why.contains("number style"), "{why}");
    }
    assert_eq!(*format::style(), NumberStyle::en_us());
    // Damaged bytes: every cut, one byte more, and a format past the three are not a request.
    let message = ToWorker::Export(Box::new(request(
        ExportKind::Json,
        &paper().scenario,
        &style,
    )));
    let bytes = message.encode();
    for end in 0..bytes.len() {
        assert!(ToWorker::decode(&bytes[..end]).is_none(), "cut at {end}");
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(ToWorker::decode(&longer).is_none());
    // The format is the byte after the tag and the number.
    assert_eq!(bytes[1 + 8], 1, "JSON is the second format");
    let mut unknown = bytes;
    unknown[1 + 8] = 3;
    assert!(ToWorker::decode(&unknown).is_none());
    // And a damaged answer is not one.
    let answer = FromWorker::Exported {
        id: 3,
        text: Ok("Part,Cost\r\n".to_string()),
    };
    let bytes = answer.encode();
    for end in 0..bytes.len() {
        assert!(FromWorker::decode(&bytes[..end]).is_none(), "cut at {end}");
    }
}
