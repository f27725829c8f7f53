//! Numbers as people read them: money with thousands separators, hours (each line's math is
//! [`crate::model::engine::line_math`]).

/// Groups the integer part of a decimal string in threes: "1234567.5" becomes "1,234,567.5".
fn group_thousands(text: &str) -> String {
    let (sign, digits) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text),
    };
    let (int_part, frac_part) = match digits.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (digits, None),
    };
    let mut grouped = String::with_capacity(int_part.len() + int_part.len() / 3);
    for (i, c) in int_part.chars().enumerate() {
        if i > 0 && (int_part.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    match frac_part {
        Some(f) => format!("{sign}{grouped}.{f}"),
        None => format!("{sign}{grouped}"),
    }
}

/// `value` (finite) with `decimals` places and no separators; a value that rounds to zero is
/// "0", "0.00", never "-0".
pub fn plain(value: f64, decimals: usize) -> String {
    let text = format!("{value:.decimals$}");
    if text
        .trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        text.trim_start_matches('-').to_string()
    } else {
        text
    }
}

/// A number with `decimals` places and thousands separators; "-0" is shown as "0".
pub fn number(value: f64, decimals: usize) -> String {
    if !value.is_finite() {
        return "n/a".to_string();
    }
    group_thousands(&plain(value, decimals))
}

/// The largest amount of money written in figures (units of the currency): beyond it a figure
/// says nothing a reader can use (and its last digits would be floating-point noise), so it is
/// said in words: "over $1 trillion".
pub const MONEY_IN_WORDS_FROM: f64 = 1e12;

/// The warning an estimate carries when its cost is said in words.
pub const OVER_A_TRILLION: &str =
    "The cost is over $1 trillion: check the inputs (a count, the hours or a price is likely far too large).";

/// A money amount given in US dollars, converted and labelled: "$49,750" or "45,770 EUR".
/// Whole units at 100 and above, cents below; "over $1 trillion" (or "over 1 trillion EUR") from
/// [`MONEY_IN_WORDS_FROM`] on, so a figure is never longer than 22 characters.
pub fn money(usd: f64, currency: &str, usd_to_currency: f64) -> String {
    let value = usd * usd_to_currency + 0.0;
    let usd_sign = currency.eq_ignore_ascii_case("USD");
    if value.abs() >= MONEY_IN_WORDS_FROM {
        let (side, minus) = if value > 0.0 {
            ("over", "")
        } else {
            ("below", "-")
        };
        return if usd_sign {
            format!("{side} {minus}$1 trillion")
        } else {
            format!("{side} {minus}1 trillion {currency}")
        };
    }
    let decimals = if value.abs() >= 100.0 { 0 } else { 2 };
    if usd_sign {
        let text = number(value.abs(), decimals);
        if value < 0.0 && text.chars().any(|c| c.is_ascii_digit() && c != '0') {
            format!("-${text}")
        } else {
            format!("${text}")
        }
    } else {
        format!("{} {}", number(value, decimals), currency)
    }
}

/// A price per hour with enough digits for small rates: "$0.0416/h", "$16.39/h".
pub fn rate(usd_per_hour: f64) -> String {
    let decimals = if usd_per_hour >= 1.0 {
        2
    } else if usd_per_hour >= 0.01 {
        4
    } else {
        6
    };
    format!("${}", number(usd_per_hour, decimals))
}

/// A quantity with up to two decimals, trailing zeros dropped: 95.5, 3, 12.97.
pub fn quantity(value: f64) -> String {
    let text = number(value, 2);
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
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
    fn groups_thousands_and_drops_negative_zero() {
        assert_eq!(number(1_234_567.456, 1), "1,234,567.5");
        assert_eq!(number(-0.001, 2), "0.00");
        assert_eq!(number(999.0, 0), "999");
        assert_eq!(number(-1234.0, 0), "-1,234");
        assert_eq!(number(f64::NAN, 0), "n/a");
    }

    #[test]
    fn money_uses_cents_only_below_100_and_words_from_a_trillion() {
        let cases = [
            (49_750.4, "USD", 1.0, "$49,750"),
            (12.345, "USD", 1.0, "$12.35"),
            (100.0, "EUR", 0.9, "90.00 EUR"),
            (-5.0, "USD", 1.0, "-$5.00"),
            (-0.0, "USD", 1.0, "$0.00"),
            (-0.0, "EUR", 1.0, "0.00 EUR"),
            (999_999_999_999.0, "USD", 1.0, "$999,999,999,999"),
            (1e12, "USD", 1.0, "over $1 trillion"),
            (6.5e27, "USD", 1.0, "over $1 trillion"),
            (-2e12, "USD", 1.0, "below -$1 trillion"),
            (1e10, "JPY", 148.66, "over 1 trillion JPY"),
        ];
        for (usd, currency, rate, text) in cases {
            assert_eq!(
                money(usd, currency, rate),
                text,
                "{usd} {currency} at {rate}"
            );
        }
        assert!(money(f64::MAX, "USD", 1.0).len() <= 22);
    }

    #[test]
    fn no_negative_zero() {
        for value in [-0.0, -0.000_01, -0.000_04] {
            assert_eq!(quantity(value), "0");
            assert_eq!(exact(value), "0");
            assert_eq!(number(value, 0), "0");
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
    fn quantities_drop_trailing_zeros() {
        assert_eq!(quantity(95.5), "95.5");
        assert_eq!(quantity(3.0), "3");
        assert_eq!(quantity(12.974), "12.97");
        assert_eq!(rate(0.0416), "$0.0416");
        assert_eq!(rate(16.3863), "$16.39");
    }
}
