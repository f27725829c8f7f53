//! The words of the command's log and summary: counts with their noun in the right number, a
//! catalog's date said as a date or as "undated", and the line each catalog read leaves in the
//! log (here rather than in `run.rs`, so `fetch.rs` and `run.rs` both use it without importing
//! each other).

use std::io::Write;
use std::time::Instant;

use super::catalog::CatalogRead;

/// "1 figure", "2 figures", "0 figures" (`plural` is the noun's plural form).
pub fn count(n: impl Into<u64>, singular: &str, plural: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { singular } else { plural })
}

/// "$43,990.19", "-$90.19": US dollars to the cent, thousands grouped.
pub fn money(usd: f64) -> String {
    let cents = format!("{:.2}", usd.abs());
    let (whole, fraction) = cents.split_once('.').unwrap_or((&cents, "00"));
    let mut grouped = String::new();
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    let sign = if usd < 0.0 && cents != "0.00" {
        "-"
    } else {
        ""
    };
    format!("{sign}${grouped}.{fraction}")
}

/// "dated 2026-07-20" or "undated".
pub fn dated(as_of: Option<&str>) -> String {
    as_of.map_or_else(|| "undated".to_string(), |d| format!("dated {d}"))
}

/// Says on `log` what a catalog read begun at `started` gave: its records, time and throughput.
pub fn log_read(log: &mut dyn Write, read: &CatalogRead, started: Instant) {
    let seconds = started.elapsed().as_secs_f64();
    let rate = if seconds > 0.0 {
        format!(", {:.0} records/s", read.records as f64 / seconds)
    } else {
        String::new()
    };
    let refused: u64 = read.refused.values().sum();
    let refused = if refused > 0 {
        format!(", {} refused", count(refused, "row", "rows"))
    } else {
        String::new()
    };
    let _ = writeln!(
        log,
        "read {} ({}{}, {}): {} in {seconds:.2} s{rate}; {}{refused}",
        read.file,
        read.provider.id(),
        if read.catalog.derived {
            ", derived"
        } else {
            ""
        },
        match (&read.as_of, read.figure_dates.is_empty()) {
            (None, false) => "its figures dated by their items".to_string(),
            (as_of, _) => dated(as_of.as_deref()),
        },
        count(read.records, "record", "records"),
        count(read.figures.len() as u64, "figure", "figures"),
    );
}
