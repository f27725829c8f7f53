//! How a reader's locale writes numbers and money, as plain data: the decimal and group
//! separators, how digits are grouped, the minus sign, and each currency's symbol and place.
//!
//! The browser reads these once at the start from `Intl.NumberFormat.prototype.formatToParts`
//! (`browser::locale`) and hands them over as parts ([`NumberStyle::from_parts`]); natively, and
//! until then, the style is [`NumberStyle::en_us`]. The core formats with the style itself, so
//! it stays free of web APIs and native tests check the exact strings (no-break spaces included)
//! a German, French or British reader sees.

use crate::model::decimal;

/// What a money figure is, which sets its precision: one rule for the whole page, its print, its
/// Markdown and its hints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Amount {
    /// A total (the course's, a lab's, a category's, a saving): whole units.
    Total,
    /// An amount per student: the currency's minor unit (cents; none for the yen).
    PerStudent,
    /// A price per hour (or per unit-hour): four significant digits, trailing zeros after the
    /// minor unit dropped.
    Hourly,
}

/// Text written before and after the digits of an amount.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Affixes {
    /// Before the digits (`€`, `-$`, `-`).
    pub prefix: String,
    /// After the digits (`\u{a0}€`, empty).
    pub suffix: String,
}

impl Affixes {
    fn new(prefix: &str, suffix: &str) -> Affixes {
        Affixes {
            prefix: prefix.to_string(),
            suffix: suffix.to_string(),
        }
    }

    /// `digits` between the affixes.
    fn around(&self, digits: &str) -> String {
        format!("{}{digits}{}", self.prefix, self.suffix)
    }
}

/// How one currency is written in the reader's locale.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CurrencyStyle {
    /// ISO 4217 code, upper case (`EUR`).
    pub code: String,
    /// Around a positive amount (`€` before in en-GB, `\u{a0}€` after in de-DE).
    pub positive: Affixes,
    /// Around a negative amount (`-€` before in en-GB; `-` before and `\u{a0}€` after in de-DE).
    pub negative: Affixes,
    /// Digits of the currency's minor unit (2 for cents, 0 for the yen).
    pub minor_digits: usize,
}

/// How the reader's locale writes numbers and money.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberStyle {
    /// The BCP 47 tag the conventions are of (`de-DE`).
    pub locale: String,
    /// Between the integer part and the fraction (`.` or `,`).
    pub decimal: String,
    /// Between groups of digits (`,`, `.`, U+202F in French).
    pub group: String,
    /// Digits in the last group (3).
    pub primary_group: usize,
    /// Digits in the groups before it (3; 2 in Indian English: 12,34,567).
    pub secondary_group: usize,
    /// Integer digits beyond the last group a number needs before it is grouped (1: 1,234; 2
    /// in Spanish, which writes 1234 but 12.345).
    pub min_grouping: usize,
    /// The minus sign of a plain number (`-`, U+2212 in some locales).
    pub minus: String,
    /// The currencies read for the locale; any other is written with its code in the first
    /// one's place ([`NumberStyle::currency`]).
    pub currencies: Vec<CurrencyStyle>,
}

/// The amount from which money is said in words (units of the currency): beyond it a figure says
/// nothing a reader can use (and its last digits would be floating-point noise).
pub const MONEY_IN_WORDS_FROM: f64 = 1e12;

/// `value` (finite) with `decimals` places and no separators, rounded as `Intl.NumberFormat`
/// rounds: the shortest decimal that reads back as `value`, halves away from zero (so 0.125 is
/// 0.13 and 1.005 is 1.01, as a reader's browser writes them); a value that rounds to zero is
/// "0", "0.00", never "-0".
pub fn plain(value: f64, decimals: usize) -> String {
    if !value.is_finite() {
        return format!("{value}");
    }
    // Rust writes the shortest round-trip decimal, never with an exponent.
    let shortest = format!("{}", value.abs());
    let (int, frac) = shortest.split_once('.').unwrap_or((&shortest, ""));
    let mut digits: Vec<u8> = int.bytes().collect();
    digits.extend(frac.bytes().take(decimals));
    digits.resize(int.len() + decimals, b'0');
    if frac.as_bytes().get(decimals).is_some_and(|d| *d >= b'5') {
        // Carry from the last kept digit.
        let mut at = digits.len();
        loop {
            if at == 0 {
                digits.insert(0, b'1');
                break;
            }
            at -= 1;
            if digits[at] == b'9' {
                digits[at] = b'0';
            } else {
                digits[at] += 1;
                break;
            }
        }
    }
    let zero = digits.iter().all(|d| *d == b'0');
    let split = digits.len() - decimals;
    let mut text = String::with_capacity(digits.len() + 2);
    if value < 0.0 && !zero {
        text.push('-');
    }
    text.extend(digits[..split].iter().map(|d| char::from(*d)));
    if decimals > 0 {
        text.push('.');
        text.extend(digits[split..].iter().map(|d| char::from(*d)));
    }
    text
}

/// Decimals that show `value` to four significant digits (0 from 1,000 on).
fn significant_decimals(value: f64) -> usize {
    let magnitude = value.abs();
    if magnitude == 0.0 || !magnitude.is_finite() {
        return 2;
    }
    // Rounded first, so 9.9996 counts as 10.00, not 9.9996 (which would give 5 digits).
    let exponent = magnitude.log10().floor() as i32;
    let rounded = plain(magnitude, (3 - exponent).clamp(0, 15) as usize);
    let exponent = decimal::parse(&rounded).map_or(exponent, |r| r.log10().floor() as i32);
    (3 - exponent).clamp(0, 15) as usize
}

/// `text` without trailing zeros after the first `keep` decimals (and without a bare point).
fn trim_zeros(text: &str, keep: usize) -> String {
    let Some((int, frac)) = text.split_once('.') else {
        return text.to_string();
    };
    let trimmed = frac.trim_end_matches('0');
    let frac = if trimmed.len() >= keep {
        trimmed
    } else {
        &frac[..keep.min(frac.len())]
    };
    if frac.is_empty() {
        int.to_string()
    } else {
        format!("{int}.{frac}")
    }
}

impl NumberStyle {
    /// American English, as `Intl.NumberFormat('en-US')` writes it (CLDR's symbols: `CA$`,
    /// `A$`, `CN¥`; the yen without decimals): the style natively and before the browser's is
    /// read.
    pub fn en_us() -> NumberStyle {
        let prefixed = |code: &str, symbol: &str, minor_digits: usize| CurrencyStyle {
            code: code.to_string(),
            positive: Affixes::new(symbol, ""),
            negative: Affixes::new(&format!("-{symbol}"), ""),
            minor_digits,
        };
        NumberStyle {
            locale: "en-US".to_string(),
            decimal: ".".to_string(),
            group: ",".to_string(),
            primary_group: 3,
            secondary_group: 3,
            min_grouping: 1,
            minus: "-".to_string(),
            currencies: vec![
                prefixed("USD", "$", 2),
                prefixed("EUR", "€", 2),
                prefixed("GBP", "£", 2),
                prefixed("CAD", "CA$", 2),
                prefixed("AUD", "A$", 2),
                prefixed("JPY", "¥", 0),
                prefixed("INR", "₹", 2),
                prefixed("CNY", "CN¥", 2),
            ],
        }
    }

    /// The style of `locale` from what `Intl.NumberFormat` wrote: `number`, the parts of
    /// -1234567.891 with two decimals at most; `four_digits`, the parts of 1234 (grouped or
    /// not); and each currency's style ([`CurrencyStyle::from_parts`]). A part missing from
    /// `number` keeps the American convention for it.
    pub fn from_parts<S: AsRef<str>>(
        locale: &str,
        number: &[(S, S)],
        four_digits: &[(S, S)],
        currencies: Vec<CurrencyStyle>,
    ) -> NumberStyle {
        let first = |kind: &str| {
            number
                .iter()
                .find(|(k, _)| k.as_ref() == kind)
                .map(|(_, v)| v.as_ref().to_string())
        };
        let integers: Vec<usize> = number
            .iter()
            .filter(|(k, _)| k.as_ref() == "integer")
            .map(|(_, v)| v.as_ref().chars().count())
            .collect();
        let american = NumberStyle::en_us();
        let last = |back: usize, otherwise: usize| {
            integers
                .len()
                .checked_sub(back)
                .and_then(|at| integers.get(at).copied())
                .filter(|_| integers.len() > 1)
                .unwrap_or(otherwise)
        };
        let grouped_at_four = four_digits.iter().any(|(k, _)| k.as_ref() == "group");
        NumberStyle {
            locale: locale.to_string(),
            decimal: first("decimal").unwrap_or(american.decimal),
            group: first("group").unwrap_or_default(),
            primary_group: last(1, 3).max(1),
            secondary_group: last(2, 3).max(1),
            min_grouping: if grouped_at_four { 1 } else { 2 },
            // Everything before the digits of the negative sample: the minus sign, and the
            // left-to-right mark Arabic locales write before it.
            minus: first("minusSign")
                .map(|_| {
                    number
                        .iter()
                        .take_while(|(k, _)| k.as_ref() != "integer")
                        .map(|(_, v)| v.as_ref())
                        .collect()
                })
                .unwrap_or(american.minus),
            currencies: if currencies.is_empty() {
                american.currencies
            } else {
                currencies
            },
        }
    }

    /// How `code` (any case) is written: its own style when it was read, else the code in the
    /// first currency's place (a no-break space between it and the digits, as `Intl` writes a
    /// code).
    pub fn currency(&self, code: &str) -> CurrencyStyle {
        let code = code.trim().to_ascii_uppercase();
        if let Some(style) = self.currencies.iter().find(|c| c.code == code) {
            return style.clone();
        }
        let swap = |affixes: &Affixes, symbol: &str| {
            let (prefix, suffix) = (&affixes.prefix, &affixes.suffix);
            if !symbol.is_empty() && prefix.contains(symbol) {
                let touching = prefix.ends_with(symbol);
                let code = if touching {
                    format!("{code}\u{a0}")
                } else {
                    code.clone()
                };
                Affixes {
                    prefix: prefix.replacen(symbol, &code, 1),
                    suffix: suffix.clone(),
                }
            } else if !symbol.is_empty() && suffix.contains(symbol) {
                let code = if suffix.starts_with(symbol) {
                    format!("\u{a0}{code}")
                } else {
                    code.clone()
                };
                Affixes {
                    prefix: prefix.clone(),
                    suffix: suffix.replacen(symbol, &code, 1),
                }
            } else {
                Affixes {
                    prefix: format!("{prefix}{code}\u{a0}"),
                    suffix: suffix.clone(),
                }
            }
        };
        match self.currencies.first() {
            Some(model) => {
                let symbol = model.symbol();
                CurrencyStyle {
                    code: code.clone(),
                    positive: swap(&model.positive, &symbol),
                    negative: swap(&model.negative, &symbol),
                    minor_digits: 2,
                }
            }
            None => CurrencyStyle {
                code: code.clone(),
                positive: Affixes::new(&format!("{code}\u{a0}"), ""),
                negative: Affixes::new(&format!("-{code}\u{a0}"), ""),
                minor_digits: 2,
            },
        }
    }

    /// The digits of `text` (a plain non-negative decimal, `1234567.5`) grouped and with the
    /// locale's decimal separator.
    fn digits(&self, text: &str) -> String {
        let (int, frac) = match text.split_once('.') {
            Some((int, frac)) => (int, Some(frac)),
            None => (text, None),
        };
        let mut grouped = String::with_capacity(text.len() + 8);
        let n = int.len();
        if self.group.is_empty() || n < self.primary_group + self.min_grouping {
            grouped.push_str(int);
        } else {
            // Group ends from the right: the primary group, then secondary ones.
            let mut cuts = vec![n - self.primary_group];
            while let Some(&cut) = cuts.last() {
                if cut <= self.secondary_group {
                    break;
                }
                cuts.push(cut - self.secondary_group);
            }
            let mut start = 0;
            for &cut in cuts.iter().rev() {
                grouped.push_str(&int[start..cut]);
                grouped.push_str(&self.group);
                start = cut;
            }
            grouped.push_str(&int[start..]);
        }
        if let Some(frac) = frac {
            grouped.push_str(&self.decimal);
            grouped.push_str(frac);
        }
        grouped
    }

    /// A number with `decimals` places, grouped, in the locale's signs; "-0" is "0"; "n/a" for
    /// a value that is not finite.
    pub fn number(&self, value: f64, decimals: usize) -> String {
        if !value.is_finite() {
            return "n/a".to_string();
        }
        let text = plain(value, decimals);
        match text.strip_prefix('-') {
            Some(unsigned) => format!("{}{}", self.minus, self.digits(unsigned)),
            None => self.digits(&text),
        }
    }

    /// A quantity with up to two decimals, trailing zeros dropped: 95.5, 3, 12.97 (95,5 in
    /// German).
    pub fn quantity(&self, value: f64) -> String {
        self.trimmed(value, 2)
    }

    /// A number with up to `decimals` places, trailing zeros dropped, grouped, in the locale's
    /// signs: 0.5, 20,000, 1.125 (0,5, 20.000 and 1,125 in German); "n/a" when not finite.
    pub fn trimmed(&self, value: f64, decimals: usize) -> String {
        if !value.is_finite() {
            return "n/a".to_string();
        }
        let text = trim_zeros(&plain(value, decimals), 0);
        match text.strip_prefix('-') {
            Some(unsigned) => format!("{}{}", self.minus, self.digits(unsigned)),
            None => self.digits(&text),
        }
    }

    /// `amount` (already in `currency`) written as the locale writes money, at the precision of
    /// what it is; from [`MONEY_IN_WORDS_FROM`] on in words ("over €1 trillion"), so a figure is
    /// never longer than about 22 characters.
    pub fn money(&self, amount: f64, currency: &str, what: Amount) -> String {
        if !amount.is_finite() {
            return "n/a".to_string();
        }
        let style = self.currency(currency);
        let amount = amount + 0.0;
        if amount.abs() >= MONEY_IN_WORDS_FROM {
            return if amount > 0.0 {
                format!("over {}", style.positive.around("1 trillion"))
            } else {
                format!("below {}", style.negative.around("1 trillion"))
            };
        }
        let text = match what {
            Amount::Total => plain(amount.abs(), 0),
            Amount::PerStudent => plain(amount.abs(), style.minor_digits),
            Amount::Hourly => {
                let decimals = significant_decimals(amount);
                trim_zeros(
                    &plain(amount.abs(), decimals),
                    style.minor_digits.min(decimals),
                )
            }
        };
        let zero = text.chars().all(|c| c == '0' || c == '.');
        let affixes = if amount < 0.0 && !zero {
            &style.negative
        } else {
            &style.positive
        };
        affixes.around(&self.digits(&text))
    }
}

impl CurrencyStyle {
    /// The style of `code` from what `Intl.NumberFormat` with `style: 'currency'` wrote for
    /// 1234567.891 (`positive`) and -1234567.891 (`negative`), and its resolved
    /// `maximumFractionDigits` (`minor_digits`): everything before the first digit is the prefix,
    /// everything after the last the suffix.
    pub fn from_parts<S: AsRef<str>>(
        code: &str,
        positive: &[(S, S)],
        negative: &[(S, S)],
        minor_digits: usize,
    ) -> CurrencyStyle {
        CurrencyStyle {
            code: code.trim().to_ascii_uppercase(),
            positive: affixes_of(positive),
            negative: affixes_of(negative),
            minor_digits: minor_digits.min(4),
        }
    }

    /// The currency's symbol as it is written (`€`, `US$`): its affixes without spaces and
    /// signs.
    fn symbol(&self) -> String {
        format!("{}{}", self.positive.prefix, self.positive.suffix)
            .trim_matches(|c: char| c.is_whitespace() || c == '\u{a0}' || c == '\u{202f}')
            .to_string()
    }
}

/// The text before the first and after the last digit part of an `Intl` rendering.
fn affixes_of<S: AsRef<str>>(parts: &[(S, S)]) -> Affixes {
    const DIGITS: [&str; 4] = ["integer", "group", "decimal", "fraction"];
    let is_digit = |(kind, _): &(S, S)| DIGITS.contains(&kind.as_ref());
    let (Some(first), Some(last)) = (
        parts.iter().position(is_digit),
        parts.iter().rposition(is_digit),
    ) else {
        return Affixes::default();
    };
    let join = |parts: &[(S, S)]| parts.iter().map(|(_, v)| v.as_ref()).collect::<String>();
    Affixes {
        prefix: join(&parts[..first]),
        suffix: join(&parts[last + 1..]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_halves_away_from_zero_on_the_shortest_decimal() {
        assert_eq!(plain(0.125, 2), "0.13");
        assert_eq!(plain(1.005, 2), "1.01");
        assert_eq!(plain(-2.5, 0), "-3");
        assert_eq!(plain(999.96, 1), "1000.0");
        assert_eq!(plain(-0.004, 2), "0.00");
        assert_eq!(plain(1234.0, 0), "1234");
        assert_eq!(plain(0.1, 3), "0.100");
        assert_eq!(plain(1e-7, 2), "0.00");
    }

    #[test]
    fn significant_decimals_count_after_rounding() {
        assert_eq!(significant_decimals(0.0416), 5);
        assert_eq!(significant_decimals(16.3863), 2);
        assert_eq!(significant_decimals(9.9996), 2);
        assert_eq!(significant_decimals(1234.5), 0);
        assert_eq!(trim_zeros("0.04160", 2), "0.0416");
        assert_eq!(trim_zeros("3.000", 2), "3.00");
        assert_eq!(trim_zeros("120.0", 0), "120");
    }

    #[test]
    fn indian_grouping_and_ungrouped_four_digits() {
        let mut style = NumberStyle::en_us();
        style.secondary_group = 2;
        assert_eq!(style.number(1_234_567.0, 0), "12,34,567");
        assert_eq!(style.number(123.0, 0), "123");
        style.min_grouping = 2;
        assert_eq!(style.number(1234.0, 0), "1234");
        assert_eq!(style.number(12_345.0, 0), "12,345");
    }
}
