//! `model::decimal` reads every text as `str::parse::<f64>` does, bit for bit: texts it accepts
//! and refuses, every float written shortest and long, random digit strings at any exponent,
//! and the exact midpoints between floats (ties to even) with numbers just above and below.
// Test code: a failed expectation is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::Rng;
use course_cost::model::decimal::parse;

/// `parse` and `str::parse` agree on `text`, bit for bit (any NaN for NaN).
fn agrees(text: &str) {
    let ours = parse(text);
    let std = text.parse::<f64>().ok();
    match (ours, std) {
        (Some(a), Some(b)) if a.is_nan() && b.is_nan() => {}
        _ => assert_eq!(ours.map(f64::to_bits), std.map(f64::to_bits), "{text:?}"),
    }
}

#[test]
fn reads_the_texts_str_parse_reads_and_refuses_the_others() {
    for text in [
        "0",
        "-0",
        "+0",
        "1",
        "-1",
        "+1.5",
        ".5",
        "5.",
        "-.5",
        "1e5",
        "1E5",
        "1e+5",
        "1e-5",
        "1.e5",
        ".5e-3",
        "007",
        "0.000",
        "00.100",
        "inf",
        "-inf",
        "+INF",
        "Infinity",
        "-infinity",
        "nan",
        "NaN",
        "-nan",
        "",
        ".",
        "-",
        "+",
        "e5",
        "1e",
        "1e+",
        "1e-",
        "1.2.3",
        "1e5e5",
        " 1",
        "1 ",
        "1_000",
        "1,5",
        "0x10",
        "--1",
        "+-1",
        "infinite",
        "in",
        "٣",
        "1e99999999999999999999",
        "1e-99999999999999999999",
        "0e99999999999",
        "1.7976931348623157e308",
        "1.7976931348623158e308",
        "1.7976931348623159e308",
        "179769313486231580793728971405301e276",
        "4.9e-324",
        "2.4703282292062327e-324",
        "2.4703282292062328e-324",
        "2.225073858507201e-308",
        "2.2250738585072014e-308",
        "9007199254740993",
        "9007199254740995",
        "9007199254740992.5",
        "0.1",
        "0.2",
        "0.3",
        "123456789012345678901234567890",
        "1e23",
        "8.589973e9",
        "1e-22",
        "1e22",
        "1e-23",
        "0.30000000000000004",
        "271828",
        "0.15367",
        "1.0737",
        "12345.678e-2",
    ] {
        agrees(text);
    }
}

#[test]
fn every_float_written_shortest_and_long_reads_back_as_str_parse_reads_it() {
    let mut draws = Rng::new(0x9E37_79B9_7F4A_7C15);
    for _ in 0..5_000 {
        let value = f64::from_bits(draws.next_u64() >> 1);
        if !value.is_finite() {
            continue;
        }
        for text in [
            format!("{value}"),
            format!("{value:e}"),
            format!("{value:.25e}"),
            format!("{value:.3e}"),
        ] {
            agrees(&text);
        }
    }
}

#[test]
fn random_digit_strings_with_any_exponent_read_as_str_parse_reads_them() {
    let mut draws = Rng::new(0xD1B5_4A32_D192_ED03);
    for _ in 0..5_000 {
        let length = 1 + draws.next_u64() % 40;
        let digits: String = (0..length)
            .map(|_| char::from(b'0' + (draws.next_u64() % 10) as u8))
            .collect();
        let exponent = (draws.next_u64() % 700) as i64 - 350;
        let point = (draws.next_u64() % (length + 1)) as usize;
        agrees(&format!(
            "{}.{}e{exponent}",
            &digits[..point],
            &digits[point..]
        ));
    }
}

/// The digits of a plain decimal times `factor`, as an integer's digits.
fn times(digits: &str, factor: u32) -> String {
    let mut carry = 0;
    let mut product: Vec<u8> = digits
        .bytes()
        .filter(u8::is_ascii_digit)
        .rev()
        .map(|b| {
            let digit = u32::from(b - b'0') * factor + carry;
            carry = digit / 10;
            b'0' + (digit % 10) as u8
        })
        .collect();
    product.extend(carry.to_string().bytes().rev());
    product.reverse();
    String::from_utf8(product).unwrap_or_default()
}

/// The sum of two integers' digits.
fn sum(a: &str, b: &str) -> String {
    let width = a.len().max(b.len()) + 1;
    let (a, b) = (format!("{a:0>width$}"), format!("{b:0>width$}"));
    let mut carry = 0;
    let mut digits: Vec<u8> = a
        .bytes()
        .zip(b.bytes())
        .rev()
        .map(|(x, y)| {
            let digit = (x - b'0') + (y - b'0') + carry;
            carry = digit / 10;
            b'0' + digit % 10
        })
        .collect();
    digits.reverse();
    String::from_utf8(digits).unwrap_or_default()
}

#[test]
fn exact_midpoints_between_floats_round_to_even_as_str_parse_rounds_them() {
    // A float's exact decimal has at most 1074 decimals; the midpoint above it is the float
    // plus half its step (five times the step, one decimal further), with 1101 decimals.
    let mut draws = Rng::new(0x6A09_E667_F3BC_C909);
    let mut values = vec![0.0, 5e-324, f64::MIN_POSITIVE, 1.0, 2f64.powi(53), f64::MAX];
    values.extend((0..300).map(|_| f64::from_bits(draws.next_u64() >> 1)));
    for value in values.into_iter().filter(|v| v.is_finite()) {
        let next = f64::from_bits(value.to_bits() + 1);
        let step = if next.is_finite() {
            next - value
        } else {
            value - f64::from_bits(value.to_bits() - 1)
        };
        let half_step = times(&format!("{step:.1100}"), 5);
        let midpoint = sum(&times(&format!("{value:.1101}"), 1), &half_step);
        let midpoint = midpoint.trim_start_matches('0');
        let tie = format!("{midpoint}e-1101");
        agrees(&tie);
        // Halfway, the float whose last bit is 0 (above the largest float, infinity).
        let even = if value.to_bits() % 2 == 0 {
            value
        } else {
            next
        };
        assert_eq!(parse(&tie).map(f64::to_bits), Some(even.to_bits()), "{tie}");
        // Just above the midpoint, by a little and by almost one of its last decimals.
        agrees(&format!("{midpoint}1e-1102"));
        agrees(&format!("{midpoint}9e-1102"));
        // Just below it.
        agrees(&format!("{}e-1102", minus_one(&times(midpoint, 10))));
    }
}

/// An integer's digits less one (the integer is above zero).
fn minus_one(digits: &str) -> String {
    let mut bytes = digits.as_bytes().to_vec();
    for b in bytes.iter_mut().rev() {
        if *b == b'0' {
            *b = b'9';
        } else {
            *b -= 1;
            break;
        }
    }
    String::from_utf8(bytes).unwrap_or_default()
}

#[test]
fn a_number_of_thousands_of_digits_reads_as_str_parse_reads_it() {
    let long = format!("0.{}", "123456789".repeat(400));
    agrees(&long);
    agrees(&format!("{long}e-300"));
    agrees(&format!("1{}", "0".repeat(308)));
    agrees(&format!("{}e-400", "9".repeat(1000)));
}
