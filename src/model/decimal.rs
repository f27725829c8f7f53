//! A decimal number read to the nearest `f64`, exactly as `str::parse::<f64>` reads it: the same
//! texts accepted (`-1.5e3`, `.5`, `7.`, `inf`, `NaN`), the same bits, ties to even. The
//! standard library's reader carries a 10 kB table of 128-bit powers of five that gzip cannot
//! shrink (about 10 kB of the page's gzipped wasm) for a fast path that links, typed numbers
//! and bills hardly need: their numbers are short. Here a short number (at most 15 digits, a
//! power of ten up to 22) takes Clinger's exact fast path, one correctly rounded operation on
//! two exact floats; any other finds the nearest float by bisection on its bits (positive floats
//! order like their bits), comparing the decimal with each candidate's upper midpoint exactly,
//! in big integers. The tests check it against `str::parse`.

use std::cmp::Ordering;

/// `text` as a float, as `text.parse::<f64>().ok()` reads it.
pub fn parse(text: &str) -> Option<f64> {
    let (negative, unsigned) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let magnitude = special(unsigned).or_else(|| finite(unsigned))?;
    Some(if negative { -magnitude } else { magnitude })
}

/// Infinity and NaN, written as `str::parse` takes them (any case).
fn special(text: &str) -> Option<f64> {
    if text.eq_ignore_ascii_case("inf") || text.eq_ignore_ascii_case("infinity") {
        Some(f64::INFINITY)
    } else if text.eq_ignore_ascii_case("nan") {
        Some(f64::NAN)
    } else {
        None
    }
}

/// Powers of ten that are exact floats (5^22 < 2^53).
const EXACT_POWERS: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// More significant digits than a float's midpoint ever has (767): the digits after these only
/// tell that the number is above the digits kept, which a nonzero last digit keeps telling.
const KEPT_DIGITS: usize = 800;

/// A plain decimal without its sign, as `digits × 10^exponent`.
fn finite(text: &str) -> Option<f64> {
    let decimal = decimal(text)?;
    let (count, exponent) = (decimal.count as i64, decimal.exponent);
    if count == 0 || count + exponent < -324 {
        // Below 10^-325, under half the least float.
        return Some(0.0);
    }
    if count + exponent > 310 {
        // At least 10^310, beyond the largest float.
        return Some(f64::INFINITY);
    }
    if count <= 15 && exponent.abs() <= 22 {
        let whole = decimal.digits().fold(0u64, |n, d| n * 10 + u64::from(d)) as f64;
        let power = EXACT_POWERS[exponent.unsigned_abs() as usize];
        return Some(if exponent < 0 {
            whole / power
        } else {
            whole * power
        });
    }
    let mut digits: Vec<u8> = decimal.digits().take(KEPT_DIGITS).collect();
    let mut exponent = exponent;
    if decimal.count > KEPT_DIGITS {
        exponent += (decimal.count - KEPT_DIGITS - 1) as i64;
        digits.push(1);
    }
    Some(nearest(&digits, exponent))
}

/// A plain decimal without its sign: its significant digits (no leading or trailing zeros) as
/// they stand in the text, how many they are, and the power of ten they are scaled by.
struct Decimal<'a> {
    whole: &'a str,
    fraction: &'a str,
    count: usize,
    exponent: i64,
}

impl Decimal<'_> {
    fn digits(&self) -> impl Iterator<Item = u8> + '_ {
        let all = self.whole.bytes().chain(self.fraction.bytes());
        all.map(|b| b - b'0')
            .skip_while(|&d| d == 0)
            .take(self.count)
    }
}

/// `text` as a decimal; `None` when it is not one.
fn decimal(text: &str) -> Option<Decimal<'_>> {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(at) => (&text[..at], exponent(&text[at + 1..])?),
        None => (text, 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all = || whole.bytes().chain(fraction.bytes());
    if (whole.is_empty() && fraction.is_empty()) || !all().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // After the leading zeros: how many digits, and how many up to the last that is not 0.
    let (mut length, mut count) = (0, 0);
    for (i, b) in all().skip_while(|&b| b == b'0').enumerate() {
        length = i + 1;
        if b != b'0' {
            count = i + 1;
        }
    }
    Some(Decimal {
        whole,
        fraction,
        count,
        exponent: exponent - fraction.len() as i64 + (length - count) as i64,
    })
}

/// An exponent's digits with their sign, held within ±10^12 (far past where a float ends).
fn exponent(text: &str) -> Option<i64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value = digits.bytes().fold(0i64, |n, b| {
        (n * 10 + i64::from(b - b'0')).min(1_000_000_000_000)
    });
    Some(if negative { -value } else { value })
}

/// The float nearest `digits × 10^exponent`, ties to even: the least float whose upper
/// midpoint the decimal stays below (or meets, when the float's last bit is 0). The search
/// starts from a float within a few steps of it (the leading digits scaled in floats), widens
/// until it brackets the answer, then halves the bracket: a few exact comparisons for a number
/// of 16 to 19 digits, as a bill's amounts often are.
fn nearest(digits: &[u8], exponent: i64) -> f64 {
    let mut decimal = Big::of_digits(digits);
    let mut power = Big(vec![1]);
    if exponent >= 0 {
        decimal.mul_pow10(exponent.unsigned_abs());
    } else {
        power.mul_pow10(exponent.unsigned_abs());
    }
    let rounds_to = |bits: u64| match decimal.cmp_midpoint(&power, bits) {
        Ordering::Less => true,
        Ordering::Equal => bits % 2 == 0,
        Ordering::Greater => false,
    };
    let largest = f64::MAX.to_bits();
    let start = guess(digits, exponent).to_bits().min(largest);
    let mut step = 1;
    let (mut low, mut high) = if rounds_to(start) {
        let mut high = start;
        loop {
            let probe = high.saturating_sub(step);
            if probe == high || !rounds_to(probe) {
                break (if probe == high { 0 } else { probe + 1 }, high);
            }
            high = probe;
            step *= 2;
        }
    } else {
        let mut low = start + 1;
        loop {
            let probe = low.saturating_add(step - 1).min(largest);
            if rounds_to(probe) {
                break (low, probe);
            }
            if probe == largest {
                return f64::INFINITY;
            }
            low = probe + 1;
            step *= 2;
        }
    };
    while low < high {
        let middle = low + (high - low) / 2;
        if rounds_to(middle) {
            high = middle;
        } else {
            low = middle + 1;
        }
    }
    f64::from_bits(low)
}

/// `digits × 10^exponent` roughly: its first 19 digits scaled in two steps (so neither power
/// leaves the floats' range), within a few steps of the nearest float.
fn guess(digits: &[u8], exponent: i64) -> f64 {
    let taken = digits.len().min(19);
    let leading = digits[..taken]
        .iter()
        .fold(0u64, |n, &d| n * 10 + u64::from(d)) as f64;
    let scale = (exponent + (digits.len() - taken) as i64) as i32;
    let half = scale / 2;
    leading * 10f64.powi(half) * 10f64.powi(scale - half)
}

/// A non-negative integer in base 2^32, least significant limb first.
#[derive(Clone)]
struct Big(Vec<u32>);

impl Big {
    fn of_digits(digits: &[u8]) -> Self {
        let mut big = Big(Vec::new());
        for chunk in digits.chunks(9) {
            let value = chunk.iter().fold(0, |n, &d| n * 10 + u32::from(d));
            big.mul_add(10u32.pow(chunk.len() as u32), value);
        }
        big
    }

    /// `self × factor + add`.
    fn mul_add(&mut self, factor: u32, add: u32) {
        let mut carry = u64::from(add);
        for limb in &mut self.0 {
            let product = u64::from(*limb) * u64::from(factor) + carry;
            *limb = product as u32;
            carry = product >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn mul_pow10(&mut self, mut exponent: u64) {
        while exponent > 0 {
            let step = exponent.min(9);
            self.mul_add(10u32.pow(step as u32), 0);
            exponent -= step;
        }
    }

    /// `self × 2^bits`.
    fn shl(&mut self, bits: u64) {
        let (limbs, bits) = ((bits / 32) as usize, (bits % 32) as u32);
        if bits > 0 {
            self.mul_add(1 << bits, 0);
        }
        self.0.splice(0..0, std::iter::repeat_n(0, limbs));
    }

    /// `self × factor`.
    fn times(&self, factor: u64) -> Self {
        let mut product = Vec::with_capacity(self.0.len() + 2);
        let mut carry = 0u128;
        for &limb in &self.0 {
            let value = u128::from(limb) * u128::from(factor) + carry;
            product.push(value as u32);
            carry = value >> 32;
        }
        while carry > 0 {
            product.push(carry as u32);
            carry >>= 32;
        }
        Big(product)
    }

    fn significant(&self) -> &[u32] {
        let length = self
            .0
            .iter()
            .rposition(|&limb| limb != 0)
            .map_or(0, |i| i + 1);
        &self.0[..length]
    }

    fn compare(&self, other: &Self) -> Ordering {
        let (a, b) = (self.significant(), other.significant());
        a.len()
            .cmp(&b.len())
            .then_with(|| a.iter().rev().cmp(b.iter().rev()))
    }

    /// `self / power` against the midpoint between the float of `bits` (positive, finite) and
    /// the next one up: `(2m + 1) × 2^(k - 1)` for the float `m × 2^k`.
    fn cmp_midpoint(&self, power: &Self, bits: u64) -> Ordering {
        let (biased, fraction) = ((bits >> 52) as i64, bits & ((1 << 52) - 1));
        let (mantissa, scale) = if biased == 0 {
            (fraction, -1074)
        } else {
            (fraction | (1 << 52), biased - 1075)
        };
        let mut left = self.clone();
        let mut right = power.times(2 * mantissa + 1);
        let twos = scale - 1;
        if twos >= 0 {
            right.shl(twos.unsigned_abs());
        } else {
            left.shl(twos.unsigned_abs());
        }
        left.compare(&right)
    }
}

#[cfg(test)]
mod tests {
    use super::parse;

    /// `parse` and `str::parse` agree on `text`, bit for bit (any NaN for NaN).
    fn agrees(text: &str) {
        let ours = parse(text);
        let std = text.parse::<f64>().ok();
        match (ours, std) {
            (Some(a), Some(b)) if a.is_nan() && b.is_nan() => {}
            _ => assert_eq!(ours.map(f64::to_bits), std.map(f64::to_bits), "{text:?}"),
        }
    }

    /// A small deterministic generator (xorshift64*), so a failure repeats.
    struct Draws(u64);

    impl Draws {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
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
            "109837",
            "0.15367",
            "1.0737",
            "12345.678e-2",
        ] {
            agrees(text);
        }
    }

    #[test]
    fn every_float_written_shortest_and_long_reads_back_as_str_parse_reads_it() {
        let mut draws = Draws(0x9E37_79B9_7F4A_7C15);
        for _ in 0..5_000 {
            let value = f64::from_bits(draws.next() >> 1);
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
        let mut draws = Draws(0xD1B5_4A32_D192_ED03);
        for _ in 0..5_000 {
            let length = 1 + draws.next() % 40;
            let digits: String = (0..length)
                .map(|_| char::from(b'0' + (draws.next() % 10) as u8))
                .collect();
            let exponent = (draws.next() % 700) as i64 - 350;
            let point = (draws.next() % (length + 1)) as usize;
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
        let mut draws = Draws(0x6A09_E667_F3BC_C909);
        let mut values = vec![0.0, 5e-324, f64::MIN_POSITIVE, 1.0, 2f64.powi(53), f64::MAX];
        values.extend((0..300).map(|_| f64::from_bits(draws.next() >> 1)));
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
}
