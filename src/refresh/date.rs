//! ISO dates: today's (UTC), and the date part of the timestamps catalogs write. `build.rs`
//! includes this file too (for the build date), so it uses nothing but `std`.

use std::time::{SystemTime, UNIX_EPOCH};

/// The civil date (`YYYY-MM-DD`, proleptic Gregorian) of `days` since 1970-01-01: Howard
/// Hinnant's `civil_from_days`.
pub fn civil_from_days(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// Today's date in UTC.
pub fn today() -> String {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0));
    civil_from_days(seconds.div_euclid(86_400))
}

/// Whether `text` is an ISO date `YYYY-MM-DD` with a month 01-12 and a day 01-31.
pub fn is_iso_date(text: &str) -> bool {
    let bytes = text.as_bytes();
    let digits = |range: std::ops::Range<usize>| bytes[range].iter().all(u8::is_ascii_digit);
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return false;
    }
    if !(digits(0..4) && digits(5..7) && digits(8..10)) {
        return false;
    }
    let month = (bytes[5] - b'0') * 10 + (bytes[6] - b'0');
    let day = (bytes[8] - b'0') * 10 + (bytes[9] - b'0');
    (1..=12).contains(&month) && (1..=31).contains(&day)
}

/// The ISO date at the start of a timestamp ("2024-05-28T20:35:22Z" -> "2024-05-28"), if it
/// starts with one.
pub fn date_part(timestamp: &str) -> Option<String> {
    let date = timestamp.get(..10)?;
    is_iso_date(date).then(|| date.to_string())
}
