//! Dates without a clock: days counted from 1970-01-01 (the proleptic Gregorian calendar, as
//! ISO 8601 writes dates), and instants as hours from its midnight (UTC), read from the ISO 8601
//! text of a FOCUS charge period.

/// Earliest day read (1970-01-01): a bill's dates are never earlier.
pub const FIRST_DAY: i64 = 0;
/// Latest day read (2199-12-31).
pub const LAST_DAY: i64 = 84_005;

/// Day number (days from 1970-01-01) of a date; the month and day must be valid.
pub fn day_of(year: i64, month: u32, day: u32) -> Option<i64> {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let length = match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        1..=12 => 31,
        _ => return None,
    };
    if day == 0 || day > length {
        return None;
    }
    // Howard Hinnant's days_from_civil.
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe - 719_468)
}

/// The date of a day number: (year, month, day).
pub fn date_of(day: i64) -> (i64, u32, u32) {
    let z = day + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// "2025-01-21".
pub fn day_text(day: i64) -> String {
    let (y, m, d) = date_of(day);
    format!("{y:04}-{m:02}-{d:02}")
}

/// A whole number of `digits` ASCII digits at the start of `text`.
fn digits(text: &str, count: usize) -> Option<u32> {
    let part = text.get(..count)?;
    part.bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| part.parse().ok())?
}

/// The day number of a date written `YYYY-MM-DD` (what a date field gives), within
/// [`FIRST_DAY`]..=[`LAST_DAY`].
pub fn parse_day(text: &str) -> Option<i64> {
    let text = text.trim();
    let bytes = text.as_bytes();
    if bytes.len() < 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return None;
    }
    let year = digits(text, 4)?;
    let month = digits(text.get(5..)?, 2)?;
    let day = digits(text.get(8..)?, 2)?;
    day_of(i64::from(year), month, day).filter(|d| (FIRST_DAY..=LAST_DAY).contains(d))
}

/// An ISO 8601 instant (`2025-01-21`, `2025-01-21T05:00:00Z`, `2025-01-21 05:00:00.000`,
/// `2025-01-21T05:00:00+02:00`) as hours from 1970-01-01 00:00 UTC; a time without an offset is
/// taken as UTC, as FOCUS requires.
pub fn parse_hours(text: &str) -> Option<f64> {
    let text = text.trim();
    let day = parse_day(text)?;
    let mut hours = day as f64 * 24.0;
    let rest = &text[10..];
    let Some(time) = rest.strip_prefix(['T', 't', ' ']) else {
        return rest.is_empty().then_some(hours);
    };
    let h = digits(time, 2)?;
    let m = if time.get(2..3) == Some(":") {
        digits(&time[3..], 2)?
    } else {
        0
    };
    if h > 24 || m > 59 {
        return None;
    }
    hours += f64::from(h) + f64::from(m) / 60.0;
    // An offset east of UTC is that much earlier in UTC.
    if let Some(at) = time.rfind(['+', '-']).filter(|at| *at >= 5) {
        let sign = if time.as_bytes()[at] == b'+' {
            -1.0
        } else {
            1.0
        };
        let zone = &time[at + 1..];
        let oh = digits(zone, 2)?;
        let om = zone.get(3..5).and_then(|z| digits(z, 2)).unwrap_or(0);
        hours += sign * (f64::from(oh) + f64::from(om) / 60.0);
    }
    Some(hours)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_and_dates_round_trip() {
        // 2025-01-21 is 20,109 days after 1970-01-01: 55 years of 365 days, 14 leap days
        // (1972 to 2024, every fourth year) and 20 days of January.
        assert_eq!(day_of(2025, 1, 21), Some(55 * 365 + 14 + 20));
        assert_eq!(day_text(20_109), "2025-01-21");
        assert_eq!(date_of(day_of(2024, 2, 29).unwrap()), (2024, 2, 29));
        assert_eq!(day_of(2025, 2, 29), None);
        assert_eq!(parse_day("2025-13-01"), None);
        assert_eq!(parse_day("20250121"), None);
    }

    #[test]
    fn instants_read_with_their_offset() {
        let day = 20_109.0 * 24.0;
        assert_eq!(parse_hours("2025-01-21"), Some(day));
        assert_eq!(parse_hours("2025-01-21T05:30:00Z"), Some(day + 5.5));
        assert_eq!(parse_hours("2025-01-21 05:00:00.000"), Some(day + 5.0));
        assert_eq!(parse_hours("2025-01-21T05:00:00+02:00"), Some(day + 3.0));
        assert_eq!(parse_hours("2025-01-21T05:00:00-05:00"), Some(day + 10.0));
        assert_eq!(parse_hours("2025-01-21Tnoon"), None);
        assert_eq!(parse_hours("not a date"), None);
    }
}
