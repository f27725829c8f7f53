//! Numbers as the reader types them, read in the reader's locale: what the page writes in that
//! locale reads back to the same value ("54.792" is 54,792 in German, "50'000" in Swiss German,
//! "1 234,5" with any space in French, "٥٠٬٠٠٠" with Arabic-Indic digits, "12,34,567" in Indian
//! English), and so does the American way of writing a number in any locale where it cannot be
//! taken for another. What could be read two ways is read as the locale writes it and said
//! ([`Reading::read_as`]: "Read as 50000."), or, when the locale does not settle it, asked about:
//! a thousands separator is never taken for a decimal point silently.

use crate::model::decimal;
use crate::model::number_style::NumberStyle;
use crate::model::quote::quoted;

/// A typed number as it was read.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    /// The value (finite; never -0).
    pub value: f64,
    /// The value written plainly in the reader's locale (its decimal sign, no grouping), for
    /// the field to show when the text was not plain to read: separators taken out or read one
    /// way of two, another decimal sign, other digits. `None` when the text said it plainly.
    pub read_as: Option<String>,
}

/// One character of a typed number, classified.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Symbol {
    Digit(u8),
    /// A separator that only ever groups digits: a space of any width, an apostrophe, `_`, `٬`.
    Group,
    /// A separator that only ever marks the decimals: `٫`.
    Decimal,
    /// `.` or `,`: either, depending on the locale and the digits around it.
    Either(char),
}

/// The digit `c` stands for, in Latin, Arabic-Indic, Eastern Arabic-Indic or Devanagari digits.
fn digit(c: char) -> Option<u8> {
    let zero = match c {
        '0'..='9' => '0',
        '\u{660}'..='\u{669}' => '\u{660}',
        '\u{6F0}'..='\u{6F9}' => '\u{6F0}',
        '\u{966}'..='\u{96F}' => '\u{966}',
        _ => return None,
    };
    u8::try_from(c as u32 - zero as u32).ok()
}

/// What `c` is in a number typed in `style`'s locale.
fn symbol(c: char, style: &NumberStyle) -> Option<Symbol> {
    if let Some(d) = digit(c) {
        return Some(Symbol::Digit(d));
    }
    match c {
        '.' | ',' => Some(Symbol::Either(c)),
        ' ' | '\u{a0}' | '\u{202f}' | '\u{2009}' | '\u{2007}' | '\'' | '\u{2019}' | '_'
        | '\u{66c}' => Some(Symbol::Group),
        '\u{66b}' => Some(Symbol::Decimal),
        _ if style.group.chars().eq(std::iter::once(c)) => Some(Symbol::Group),
        _ => None,
    }
}

/// Whether `c` can be part of a number's digits: a digit of any script, a separator or a sign.
fn is_numeric(c: char) -> bool {
    digit(c).is_some()
        || matches!(
            c,
            '.' | ',' | '\u{66b}' | '\u{66c}' | '-' | '+' | '\u{2212}'
        )
}

/// `text` without what is written around an amount (a currency's symbol or code, a percent
/// sign, spaces and directional marks: anything before the first and after the last character
/// of a number), and with its sign taken out: (negative, the rest). The sign may come before or
/// after a symbol (`-$5`, `$-50'000.00`).
fn without_affixes(text: &str) -> (bool, &str) {
    let around = |c: char| !is_numeric(c);
    let text = text.trim_matches(around);
    let (negative, text) = match text.strip_prefix(['-', '\u{2212}']) {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    (negative, text.trim_matches(around))
}

/// Whether digit groups (their lengths, first to last) are grouped as a locale groups them: the
/// first of one to three digits, the last of three, those between of two or three (Indian
/// grouping writes 12,34,567).
fn grouped_well(groups: &[usize]) -> bool {
    let Some((&last, rest)) = groups.split_last() else {
        return true;
    };
    let Some((&first, middle)) = rest.split_first() else {
        return true;
    };
    (1..=3).contains(&first) && last == 3 && middle.iter().all(|g| (2..=3).contains(g))
}

/// Reads `raw` as a number typed in `style`'s locale; the error says why it is not one, or asks
/// how it is meant when the locale leaves a separator undecided.
pub fn read_number(raw: &str, style: &NumberStyle) -> Result<Reading, String> {
    let not_a_number = || format!("{} is not a number", quoted(raw.trim()));
    let (negative, text) = without_affixes(raw);
    if text.is_empty() {
        return Err(if raw.trim().is_empty() {
            "enter a number".to_string()
        } else {
            not_a_number()
        });
    }
    // An exponent ("1e3") goes to Rust's reader as it is, after the mantissa's separators.
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(at) => (&text[..at], Some(&text[at + 1..])),
        None => (text, None),
    };
    let symbols: Vec<Symbol> = mantissa
        .chars()
        .map(|c| symbol(c, style))
        .collect::<Option<_>>()
        .ok_or_else(not_a_number)?;
    let decimal = decimal_at(&symbols, style).map_err(|ask| ask.unwrap_or_else(not_a_number))?;
    let (whole, fraction) = match decimal {
        Some(at) => (&symbols[..at], &symbols[at + 1..]),
        None => (&symbols[..], &[][..]),
    };
    // The whole part's groups; no separator after the decimal sign.
    let mut groups = vec![0];
    let mut digits = String::with_capacity(symbols.len() + 24);
    for s in whole {
        match s {
            Symbol::Digit(d) => {
                digits.push(char::from(b'0' + d));
                *groups.last_mut().unwrap_or(&mut 0) += 1;
            }
            _ => groups.push(0),
        }
    }
    let grouped = groups.len() > 1;
    if !grouped_well(&groups) || (grouped && groups.contains(&0)) {
        return Err(format!(
            "{}: its separators do not group digits by three",
            not_a_number()
        ));
    }
    if decimal.is_some() {
        digits.push('.');
    }
    for s in fraction {
        let Symbol::Digit(d) = s else {
            return Err(not_a_number());
        };
        digits.push(char::from(b'0' + d));
    }
    if let Some(exponent) = exponent {
        digits.push('e');
        digits.push_str(exponent);
    }
    let value = decimal::parse(&digits)
        .filter(|v| v.is_finite())
        .ok_or_else(not_a_number)?;
    // `-0` is read as 0: no figure ever shows "-0".
    let value = if negative { -value } else { value } + 0.0;
    // Plain: Latin digits, no separator taken out, and the locale's own decimal sign where it
    // cannot be read as grouping.
    let converted = mantissa
        .chars()
        .any(|c| !c.is_ascii_digit() && digit(c).is_some())
        || symbols.contains(&Symbol::Decimal);
    let decimal_plain = decimal.is_none_or(|at| {
        let own = style.decimal.chars().eq(match symbols[at] {
            Symbol::Either(c) => Some(c),
            _ => None,
        });
        own && !ambiguous(&symbols, at)
    });
    let plain = !grouped && !converted && decimal_plain;
    let read_as = (!plain).then(|| written_plainly(value, style));
    Ok(Reading { value, read_as })
}

/// Whether the single `.` or `,` at `at` could be read two ways: one to three digits before it
/// (not a lone zero), exactly three after it.
fn ambiguous(symbols: &[Symbol], at: usize) -> bool {
    let is_digit = |s: &Symbol| matches!(s, Symbol::Digit(_));
    let (before, after) = (&symbols[..at], &symbols[at + 1..]);
    let lone_zero = before.iter().all(|s| *s == Symbol::Digit(0));
    after.len() == 3
        && after.iter().all(is_digit)
        && (1..=3).contains(&before.len())
        && before.iter().all(is_digit)
        && !lone_zero
}

/// Where the decimal sign is in `symbols` (`None`: a whole number), or why it cannot be said:
/// `Err(Some(question))` when the locale leaves it open, `Err(None)` when it is not a number.
fn decimal_at(symbols: &[Symbol], style: &NumberStyle) -> Result<Option<usize>, Option<String>> {
    let marked: Vec<usize> = positions(symbols, |s| s == Symbol::Decimal);
    let either: Vec<usize> = positions(symbols, |s| matches!(s, Symbol::Either(_)));
    let has_group = symbols.contains(&Symbol::Group);
    match marked.as_slice() {
        [at] if either.iter().all(|e| e < at) => return Ok(Some(*at)),
        [] => {}
        _ => return Err(None),
    }
    let Some(&last) = either.last() else {
        return Ok(None);
    };
    let Symbol::Either(sign) = symbols[last] else {
        return Err(None);
    };
    let same = either
        .iter()
        .filter(|&&at| symbols[at] == symbols[last])
        .count();
    let kinds_differ = either.iter().any(|&at| symbols[at] != symbols[last]);
    if kinds_differ {
        // "1.234,5" and "1,234.5": the last sign is the decimal one, if it comes once.
        return if same == 1 { Ok(Some(last)) } else { Err(None) };
    }
    if same > 1 {
        // "1.000.000": a decimal sign comes once, so these group.
        return Ok(None);
    }
    if has_group || !ambiguous(symbols, last) {
        return Ok(Some(last));
    }
    // "50.000": grouping where the locale groups with it, decimals where it marks them with it.
    let is = |text: &str| text.chars().eq(std::iter::once(sign));
    if is(&style.group) {
        Ok(None)
    } else if is(&style.decimal) {
        Ok(Some(last))
    } else {
        let text: String = symbols
            .iter()
            .map(|s| match s {
                Symbol::Digit(d) => char::from(b'0' + d),
                _ => sign,
            })
            .collect();
        Err(Some(format!(
            "\"{text}\" could be {} or {}: type it without \"{sign}\", or with \"{}\" before \
             its decimals",
            text.replace(sign, ""),
            text.replace(sign, &style.decimal),
            style.decimal
        )))
    }
}

/// Indexes of the symbols that `keep` keeps.
fn positions(symbols: &[Symbol], keep: impl Fn(Symbol) -> bool) -> Vec<usize> {
    (0..symbols.len()).filter(|&i| keep(symbols[i])).collect()
}

/// `value` in the locale's minus and decimal sign, without grouping: the shortest decimal that
/// reads back as it (50000, 1,5 in German), which no reader can take two ways.
fn written_plainly(value: f64, style: &NumberStyle) -> String {
    let text = format!("{value}");
    let (sign, digits) = match text.strip_prefix('-') {
        Some(rest) => (style.minus.as_str(), rest),
        None => ("", text.as_str()),
    };
    format!("{sign}{}", digits.replacen('.', &style.decimal, 1))
}
