//! A decimal number read to the nearest `f64`, exactly as `str::parse::<f64>` reads it: the same
//! texts accepted (`-1.5e3`, `.5`, `7.`, `inf`, `NaN`), the same bits, ties to even. The
//! standard library's reader carries a 10 kB table of 128-bit powers of five that gzip cannot
//! shrink (about 10 kB of the page's gzipped wasm) for a fast path that links, typed numbers
//! and bills hardly need: their numbers are short. Here a short number (at most 15 digits, a
//! power of ten up to 22) takes Clinger's exact fast path, one correctly rounded operation on
//! two exact floats; any other finds the nearest float by bisection on its bits (positive floats
//! order like their bits), comparing the decimal with each candidate's upper midpoint exactly,
//! in big integers. `tests/decimal.rs` checks it against `str::parse`.

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
