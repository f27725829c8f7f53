//! Numbers typed the reader's way (issue 42, item 2): the one number reader of every field
//! (`model::number_read`, behind `edit::number::parse_number`) reads back every number the page
//! writes in the reader's locale, with the page's own writers (plain numbers, quantities,
//! field text, totals and amounts per student in each currency), for de-DE, de-CH, fr-FR, tr-TR,
//! ar-EG, hi-IN and en-US, their styles built from what Node's full ICU writes
//! (`tests/fixtures/intl-parts.json`, as `browser::locale` builds them). The expected values are
//! the written decimals themselves (`plain`), not what the reader makes of them. What could be
//! read two ways is read as the locale writes it and said, or asked about: a thousands
//! separator is never taken for a decimal point without a word.
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::intl_styles::{fixture, style_of};
use course_cost::model::edit::number::{parse_number, reading_of};
use course_cost::model::format::{self, plain, Amount, NumberStyle};
use course_cost::model::number_read::read_number;

const LOCALES: [&str; 7] = [
    "de-DE", "de-CH", "fr-FR", "tr-TR", "ar-EG", "hi-IN", "en-US",
];

/// The value the decimal `plain(value, decimals)` says.
fn rounded(value: f64, decimals: usize) -> f64 {
    plain(value, decimals).parse::<f64>().unwrap() + 0.0
}

const VALUES: [f64; 17] = [
    0.0,
    3.0,
    2.5,
    0.125,
    1.5,
    12.97,
    999.0,
    1000.0,
    1234.5,
    1.125,
    50_000.0,
    48_316.0,
    100_000.0,
    1_234_567.891,
    12_345_678.0,
    -1234.5,
    0.0416,
];

#[test]
fn every_number_the_page_writes_reads_back_in_every_locale() {
    let fixture = fixture();
    let mut checked = 0;
    for locale in LOCALES {
        let style = style_of(&fixture, locale);
        let back = |text: &str, want: f64, what: &str| {
            let read = read_number(text, &style)
                .unwrap_or_else(|e| panic!("{locale}: {what} {text:?} is refused: {e}"));
            assert_eq!(read.value, want, "{locale}: {what} {text:?}");
        };
        for value in VALUES {
            for decimals in 0..=3 {
                back(
                    &style.number(value, decimals),
                    rounded(value, decimals),
                    "number",
                );
            }
            back(&style.quantity(value), rounded(value, 2), "quantity");
            back(&style.trimmed(value, 4), rounded(value, 4), "field text");
            for currency in ["USD", "EUR", "CHF", "JPY", "INR"] {
                let minor = style.currency(currency).minor_digits;
                let total = style.money(value, currency, Amount::Total);
                back(&total, rounded(value, 0), "total");
                let each = style.money(value, currency, Amount::PerStudent);
                back(&each, rounded(value, minor), "per student");
                checked += 2;
            }
            checked += 6;
        }
        // Prices per hour to four significant digits, worked by hand.
        for (value, want) in [(0.0416, 0.0416), (16.3863, 16.39), (1234.5, 1235.0)] {
            back(&style.money(value, "USD", Amount::Hourly), want, "hourly");
        }
    }
    assert!(checked > 1000, "{checked} numbers read back");
}

#[test]
fn the_issues_entries_read_as_the_reader_meant_them() {
    let fixture = fixture();
    let read = |locale: &str, text: &str| read_number(text, &style_of(&fixture, locale));
    let value = |locale: &str, text: &str| read(locale, text).unwrap().value;
    // German and Turkish group with ".": 50.000 is fifty thousand, and said so.
    for locale in ["de-DE", "tr-TR"] {
        assert_eq!(value(locale, "50.000"), 50_000.0);
        assert_eq!(value(locale, "1.500"), 1500.0);
        assert_eq!(value(locale, "20.000"), 20_000.0);
        assert_eq!(value(locale, "2,5"), 2.5);
        assert_eq!(value(locale, "48.316 $"), 48_316.0);
        assert_eq!(
            read(locale, "50.000").unwrap().read_as.as_deref(),
            Some("50000")
        );
        // A point that cannot group is a decimal point, said in the locale's sign.
        assert_eq!(value(locale, "1.5"), 1.5);
        assert_eq!(read(locale, "1.5").unwrap().read_as.as_deref(), Some("1,5"));
        // Its own decimal sign where grouping is possible: read as decimals, and said.
        assert_eq!(value(locale, "1,500"), 1.5);
        assert!(read(locale, "1,500").unwrap().read_as.is_some());
    }
    // Swiss German: both apostrophes the browsers write, and the error's own "50'000 USD".
    for text in [
        "50'000",
        "50\u{2019}000",
        "50'000 USD",
        "CHF 50'000.00",
        "$-50'000.00",
    ] {
        assert_eq!(value("de-CH", text).abs(), 50_000.0, "{text}");
    }
    // French: a narrow or a normal no-break space, or a space, and a decimal comma.
    for text in ["50\u{202f}000", "50\u{a0}000", "50 000", "50 000,00\u{a0}€"] {
        assert_eq!(value("fr-FR", text), 50_000.0, "{text:?}");
    }
    assert_eq!(value("fr-FR", "2,5"), 2.5);
    // Arabic-Indic digits and separators, and the marks a copied Arabic figure holds.
    assert_eq!(value("ar-EG", "٥٠٬٠٠٠"), 50_000.0);
    assert_eq!(value("ar-EG", "٢٫٥"), 2.5);
    assert_eq!(value("ar-EG", "\u{200f}\u{200e}-50,000.00 US$"), -50_000.0);
    assert_eq!(
        read("ar-EG", "٥٠٬٠٠٠").unwrap().read_as.as_deref(),
        Some("50000")
    );
    // Indian grouping.
    assert_eq!(value("hi-IN", "12,34,567"), 1_234_567.0);
    assert_eq!(value("hi-IN", "50,000"), 50_000.0);
    // American: as before.
    assert_eq!(value("en-US", "1,000"), 1000.0);
    assert_eq!(value("en-US", "3,5"), 3.5);
    assert_eq!(read("en-US", "3.5").unwrap().read_as, None);
    assert_eq!(value("en-US", "1.234,5"), 1234.5);
    // Where the locale settles nothing (French writes neither "." nor a three-digit ","
    // grouping... but "." is not its sign at all), the field asks rather than guess.
    let asked = read("fr-FR", "1.500").unwrap_err();
    assert!(asked.contains("could be 1500 or 1,500"), "{asked}");
    let asked = read("de-CH", "1,500").unwrap_err();
    assert!(asked.contains("could be 1500 or 1.500"), "{asked}");
    // Separators that do not group by three are refused, not read as some other number.
    for text in ["1'5", "50 00", "1.0000.000", "1,2.3,4", "١٫٢٫٣"] {
        assert!(read("de-CH", text).is_err(), "{text}");
    }
}

#[test]
fn a_thousands_separator_is_never_taken_for_a_decimal_point_without_a_word() {
    let fixture = fixture();
    for locale in LOCALES {
        let style = style_of(&fixture, locale);
        for text in ["50.000", "50,000", "1.500", "1,500", "20.000"] {
            let thousands: f64 = text.replace(['.', ','], "").parse().unwrap();
            match read_number(text, &style) {
                Ok(read) if read.value == thousands => {}
                Ok(read) => assert!(
                    read.read_as.is_some(),
                    "{locale}: {text} read as {} without a word",
                    read.value
                ),
                Err(asked) => assert!(asked.contains("could be"), "{locale}: {asked}"),
            }
        }
    }
}

#[test]
fn the_fields_reader_is_the_readers_locale() {
    let german = style_of(&fixture(), "de-DE");
    format::use_style(german);
    let read = (
        parse_number("50.000"),
        reading_of("50.000"),
        format::typed(50_000.0),
    );
    let arrow = format::editable(1000.0);
    format::use_style(NumberStyle::en_us());
    assert_eq!(
        read,
        (
            Ok(50_000.0),
            Some("50000".to_string()),
            "50.000".to_string()
        )
    );
    assert_eq!(arrow, "1.000");
    assert_eq!(parse_number("50.000"), Ok(50.0));
    assert_eq!(reading_of("50.000").as_deref(), Some("50"));
}
