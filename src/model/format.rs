//! Numbers as people read them, in the reader's locale: money at the precision of what it is
//! (totals whole, per student to the cent, hourly prices to four significant digits), plain
//! numbers with the locale's separators, hours (each line's math is
//! [`crate::model::engine::line_math`]).
//!
//! The conventions are a [`NumberStyle`] (`model::number_style`): American English natively;
//! in the browser, the reader's, read from `Intl.NumberFormat` once before the first render
//! ([`use_style`]). It is this thread's, for the page's life, so the functions here keep their
//! plain signatures and every caller (page, print, Markdown) writes in the same locale. Text a
//! program reads back ([`plain`], [`exact`]) is never localised; text a field shows to be edited
//! ([`typed`], [`editable`]) is written in the reader's locale, which the field's reader
//! (`model::number_read`) reads back to the same value.

use std::cell::RefCell;
use std::rc::Rc;

pub use crate::model::number_style::{plain, Amount, NumberStyle, MONEY_IN_WORDS_FROM};

thread_local! {
    /// The reader's number style (American English until [`use_style`] sets another).
    static STYLE: RefCell<Rc<NumberStyle>> = RefCell::new(Rc::new(NumberStyle::en_us()));
}

/// Makes `style` the one every figure on this thread is written in (the browser calls it once,
/// before the first render; a test, to check another locale's strings).
pub fn use_style(style: NumberStyle) {
    STYLE.with(|current| *current.borrow_mut() = Rc::new(style));
}

/// The number style figures are written in.
pub fn style() -> Rc<NumberStyle> {
    STYLE.with(|current| current.borrow().clone())
}

/// A number with `decimals` places and the locale's separators; "-0" is shown as "0".
pub fn number(value: f64, decimals: usize) -> String {
    style().number(value, decimals)
}

/// The warning an estimate carries when its cost is said in words.
pub const OVER_A_TRILLION: &str =
    "The cost is over $1 trillion: check the inputs (a count, the hours or a price is likely far too large).";

/// A total given in US dollars, converted and written in the locale: "$49,750", "45.770 €".
/// Whole units (the rule for totals); "over $1 trillion" from [`MONEY_IN_WORDS_FROM`] on.
pub fn money(usd: f64, currency: &str, usd_to_currency: f64) -> String {
    style().money(usd * usd_to_currency, currency, Amount::Total)
}

/// An amount per student given in US dollars, converted and written in the locale to the
/// currency's minor unit: "$262.70", "241,26 €".
pub fn per_student(usd: f64, currency: &str, usd_to_currency: f64) -> String {
    style().money(usd * usd_to_currency, currency, Amount::PerStudent)
}

/// A price per hour given in US dollars, converted and written in the locale to four
/// significant digits: "$0.0416", "$16.39", "3,000 €".
pub fn hourly(usd_per_hour: f64, currency: &str, usd_to_currency: f64) -> String {
    style().money(usd_per_hour * usd_to_currency, currency, Amount::Hourly)
}

/// A catalog price per hour in US dollars (four significant digits): "$0.0416", "$16.39".
pub fn rate(usd_per_hour: f64) -> String {
    hourly(usd_per_hour, "USD", 1.0)
}

/// A quantity with up to two decimals, trailing zeros dropped, in the locale: 95.5, 3, 12.97.
pub fn quantity(value: f64) -> String {
    style().quantity(value)
}

/// A number with up to `decimals` places, trailing zeros dropped, in the locale: 0.5, 20,000.
pub fn trimmed(value: f64, decimals: usize) -> String {
    style().trimmed(value, decimals)
}

/// A number as a field shows it to be edited and read back: up to two decimals, trailing zeros
/// dropped, in the reader's locale as the figures beside it (1,000 and 3.5; 1.000 and 3,5 in
/// German), which the field's reader reads back to the same value (`model::number_read`).
pub fn typed(value: f64) -> String {
    style().quantity(value)
}

/// A count or factor as a field shows it to be edited: up to four decimals (0.125, 1,125 in
/// German), in the reader's locale, read back to the same value.
pub fn editable(value: f64) -> String {
    style().trimmed(value, 4)
}

/// A share of an instance exactly, never rounded: a whole count as a count ("1", "2"), a simple
/// fraction below one as one ("1/8", "3/4"), anything else to four decimals ("0.3333").
pub fn share(value: f64) -> String {
    if (value - value.round()).abs() < 1e-9 {
        return quantity(value);
    }
    if value > 0.0 && value < 1.0 {
        for denominator in 2..=16_u32 {
            let numerator = value * f64::from(denominator);
            if (numerator - numerator.round()).abs() < 1e-9 {
                return format!("{}/{denominator}", numerator.round());
            }
        }
    }
    exact(value)
}

/// A count shown exactly enough to read back: up to four decimals, trailing zeros dropped
/// (0.125, 0.5, 0.3333).
pub fn exact(value: f64) -> String {
    let text = format!("{value:.4}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    // A value that rounds to zero is "0", never "-0".
    if text == "-0" || text == "-" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

/// A ratio shown to a reader: three significant digits at most and three decimals at most
/// (41.4, 1.23, 0.407, 0.012; whole from 100 on), "<0.001" below that, so no figure claims a
/// precision its inputs do not have (the bill view's factors: issue 46).
pub fn ratio(value: f64) -> String {
    let size = value.abs();
    if size > 0.0 && size < 0.001 {
        return format!("<{}", number(0.001, 3));
    }
    let decimals = match size {
        s if s >= 100.0 => 0,
        s if s >= 10.0 => 1,
        s if s >= 1.0 => 2,
        _ => 3,
    };
    number(value, decimals)
}

/// The decimals that show `value` to `digits` significant digits when it is below 0.1 in size,
/// `digits` otherwise: 0.000536 to 2 is 5 ("0.00054"), 0.5 to 2 is 2 ("0.50").
pub fn significant_decimals(value: f64, digits: usize) -> usize {
    let (mut scaled, mut decimals) = (value.abs(), digits);
    while scaled > 0.0 && scaled < 0.1 && decimals < 15 {
        scaled *= 10.0;
        decimals += 1;
    }
    decimals
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratios_have_three_significant_digits_at_most() {
        assert_eq!(ratio(41.4276), "41.4");
        assert_eq!(ratio(12.8176), "12.8");
        assert_eq!(ratio(1.23456), "1.23");
        assert_eq!(ratio(0.40741), "0.407");
        assert_eq!(ratio(0.0123), "0.012");
        assert_eq!(ratio(0.000536), "<0.001");
        assert_eq!(ratio(1234.5), "1,235");
        assert_eq!(ratio(0.0), "0.000");
    }

    #[test]
    fn groups_thousands_and_drops_negative_zero() {
        assert_eq!(number(1_234_567.456, 1), "1,234,567.5");
        assert_eq!(number(-0.001, 2), "0.00");
        assert_eq!(number(999.0, 0), "999");
        assert_eq!(number(-1234.0, 0), "-1,234");
        assert_eq!(number(f64::NAN, 0), "n/a");
    }

    #[test]
    fn totals_are_whole_per_student_to_the_cent_and_words_from_a_trillion() {
        let cases = [
            (49_750.4, "USD", 1.0, "$49,750"),
            (12.345, "USD", 1.0, "$12"),
            (100.0, "EUR", 0.9, "€90"),
            (-5.0, "USD", 1.0, "-$5"),
            (-0.4, "USD", 1.0, "$0"),
            (-0.0, "EUR", 1.0, "€0"),
            (1000.0, "CHF", 1.0, "CHF\u{a0}1,000"),
            (999_999_999_999.0, "USD", 1.0, "$999,999,999,999"),
            (1e12, "USD", 1.0, "over $1 trillion"),
            (6.5e27, "USD", 1.0, "over $1 trillion"),
            (-2e12, "USD", 1.0, "below -$1 trillion"),
            (1e10, "JPY", 148.66, "over ¥1 trillion"),
        ];
        for (usd, currency, rate, text) in cases {
            assert_eq!(
                money(usd, currency, rate),
                text,
                "{usd} {currency} at {rate}"
            );
        }
        assert_eq!(per_student(262.704, "USD", 1.0), "$262.70");
        assert_eq!(per_student(-5.0, "USD", 1.0), "-$5.00");
        assert_eq!(per_student(262.704, "JPY", 150.0), "¥39,406");
        assert!(money(f64::MAX, "USD", 1.0).len() <= 22);
    }

    #[test]
    fn no_negative_zero() {
        for value in [-0.0, -0.000_01, -0.000_04] {
            assert_eq!(quantity(value), "0");
            assert_eq!(exact(value), "0");
            assert_eq!(number(value, 0), "0");
            assert_eq!(typed(value), "0");
        }
    }

    #[test]
    fn small_values_keep_their_significant_digits() {
        assert_eq!(
            number(0.000_536, significant_decimals(0.000_536, 2)),
            "0.00054"
        );
        assert_eq!(number(0.5, significant_decimals(0.5, 2)), "0.50");
        assert_eq!(significant_decimals(0.0, 4), 4);
        assert_eq!(
            number(6.0737e-6, significant_decimals(6.0737e-6, 4)),
            "0.000006074"
        );
    }

    #[test]
    fn quantities_drop_trailing_zeros_and_prices_keep_four_digits() {
        assert_eq!(quantity(95.5), "95.5");
        assert_eq!(quantity(3.0), "3");
        assert_eq!(quantity(12.974), "12.97");
        assert_eq!(typed(1000.0), "1,000");
        // Four significant digits: 0.0416 has three (no fourth is invented beyond the cents'
        // place), 16.3863 rounds to 16.39, 3 keeps its cents, 1234.5 is whole.
        assert_eq!(rate(0.0416), "$0.0416");
        assert_eq!(rate(16.3863), "$16.39");
        assert_eq!(rate(3.0), "$3.00");
        assert_eq!(rate(0.000_065_75), "$0.00006575");
        assert_eq!(rate(1234.5), "$1,235");
    }
}
