//! Why a file cannot be read as a bill, said so the reader knows what to do: the file's
//! encoding named (UTF-16 by its byte-order mark or its NUL bytes, a single-byte code page by
//! bytes UTF-8 does not allow) with how to save it as UTF-8 CSV, too many columns counted, a
//! packed file, a binary one, missing FOCUS columns.

use std::fmt;

use crate::model::format;

/// Most cells a row may have.
pub const MAX_CELLS: usize = 4096;

/// A text encoding other than UTF-8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-16, little-endian (Windows' "Unicode" text).
    Utf16Le,
    /// UTF-16, big-endian.
    Utf16Be,
    /// UTF-32, little-endian.
    Utf32Le,
    /// UTF-32, big-endian.
    Utf32Be,
    /// Bytes UTF-8 does not allow: most likely a single-byte code page.
    SingleByte,
}

impl Encoding {
    /// Its name, as a reader knows it.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf16Le => "UTF-16 (little-endian)",
            Encoding::Utf16Be => "UTF-16 (big-endian)",
            Encoding::Utf32Le => "UTF-32 (little-endian)",
            Encoding::Utf32Be => "UTF-32 (big-endian)",
            Encoding::SingleByte => "a single-byte encoding such as Windows-1252 or ISO-8859-1",
        }
    }

    /// Its name for `iconv -f`.
    fn iconv(self) -> &'static str {
        match self {
            Encoding::Utf16Le => "UTF-16LE",
            Encoding::Utf16Be => "UTF-16BE",
            Encoding::Utf32Le => "UTF-32LE",
            Encoding::Utf32Be => "UTF-32BE",
            Encoding::SingleByte => "WINDOWS-1252",
        }
    }
}

/// Why a file cannot be read as a bill.
#[derive(Clone, Debug, PartialEq)]
pub enum ReadError {
    /// The file holds nothing.
    Empty,
    /// The file is not text (it has NUL bytes in no UTF-16 pattern).
    Binary,
    /// The file is text in another encoding than UTF-8.
    Encoding(Encoding),
    /// The file is gzip-compressed but was read as plain CSV.
    Compressed,
    /// The header has more cells than a row may have ([`MAX_CELLS`]).
    TooManyColumns {
        /// How many cells the header has (count).
        columns: u64,
    },
    /// The header is longer than a row may be (1 MB).
    HeaderTooLong,
    /// The header lacks FOCUS columns the bill needs.
    NotFocus {
        /// The missing FOCUS column names.
        missing: Vec<&'static str>,
        /// The separator the header seems to use instead of a comma, if any.
        separator: Option<char>,
    },
    /// A header row but no data rows.
    NoRows,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Empty => f.write_str("The file is empty."),
            ReadError::Binary => {
                f.write_str("This is not a text file: a FOCUS export is CSV text (or .csv.gz).")
            }
            ReadError::Encoding(encoding) => write!(
                f,
                "This file is text in {}, not UTF-8. Save it as UTF-8 CSV and open that: in \
                 Excel, File > Save As > \"CSV UTF-8 (Comma delimited)\"; in LibreOffice Calc, \
                 Save As > Text CSV with the character set \"Unicode (UTF-8)\"; or run \
                 iconv -f {} -t UTF-8 bill.csv > bill-utf8.csv.",
                encoding.name(),
                encoding.iconv()
            ),
            ReadError::Compressed => f.write_str(
                "This file is gzip-compressed: give it a name ending in .gz so it is unpacked.",
            ),
            ReadError::TooManyColumns { columns } => write!(
                f,
                "The first line has {} columns: a FOCUS export has a few dozen, and at most {} \
                 are read. This is not a FOCUS cost-and-usage export.",
                format::number(*columns as f64, 0),
                format::number(MAX_CELLS as f64, 0)
            ),
            ReadError::HeaderTooLong => f.write_str(
                "The first line is longer than 1 MB: a FOCUS export's header is a few kB. This \
                 is not a FOCUS cost-and-usage export.",
            ),
            ReadError::NotFocus { missing, separator } => {
                write!(
                    f,
                    "This is not a FOCUS cost-and-usage export: it has no column {}.",
                    missing.join(", ")
                )?;
                if let Some(separator) = separator {
                    write!(
                        f,
                        " Its cells seem separated by '{separator}'; FOCUS CSV uses commas."
                    )?;
                }
                Ok(())
            }
            ReadError::NoRows => f.write_str("The file has a FOCUS header but no rows."),
        }
    }
}

/// What the start of a file says it is not: packed, binary, or text in another encoding than
/// UTF-8 (a byte-order mark, UTF-16's NUL in every other byte, or bytes UTF-8 does not allow);
/// `None` for what may be UTF-8 CSV.
pub(super) fn sniff(start: &[u8]) -> Option<ReadError> {
    let boms: [(&[u8], Encoding); 4] = [
        (&[0xff, 0xfe, 0, 0], Encoding::Utf32Le),
        (&[0, 0, 0xfe, 0xff], Encoding::Utf32Be),
        (&[0xff, 0xfe], Encoding::Utf16Le),
        (&[0xfe, 0xff], Encoding::Utf16Be),
    ];
    if start.starts_with(&[0x1f, 0x8b]) {
        return Some(ReadError::Compressed);
    }
    if let Some((_, encoding)) = boms.iter().find(|(bom, _)| start.starts_with(bom)) {
        return Some(ReadError::Encoding(*encoding));
    }
    if start.contains(&0) {
        // Latin text in UTF-16: the high byte of nearly every character is NUL, the low byte
        // never is. Little-endian puts the NUL second.
        let nuls = |parity: usize| {
            let at = start.iter().skip(parity).step_by(2);
            at.filter(|&&b| b == 0).count()
        };
        let (even, odd, pairs) = (nuls(0), nuls(1), start.len() / 2);
        let utf16 =
            |nul: usize, other: usize| pairs > 0 && nul * 4 >= pairs * 3 && other * 16 <= pairs;
        return Some(if utf16(odd, even) {
            ReadError::Encoding(Encoding::Utf16Le)
        } else if utf16(even, odd) {
            ReadError::Encoding(Encoding::Utf16Be)
        } else {
            ReadError::Binary
        });
    }
    match std::str::from_utf8(start) {
        // A character cut at the end of the sample is no fault of the file.
        Err(error) if error.error_len().is_some() => {
            Some(ReadError::Encoding(Encoding::SingleByte))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16(text: &str, little: bool) -> Vec<u8> {
        let units = text.encode_utf16();
        units
            .flat_map(|u| {
                if little {
                    u.to_le_bytes()
                } else {
                    u.to_be_bytes()
                }
            })
            .collect()
    }

    #[test]
    fn encodings_are_named_by_their_marks_and_patterns() {
        let header = "ChargeCategory,BilledCost\n";
        let le = utf16(header, true);
        assert_eq!(sniff(&le), Some(ReadError::Encoding(Encoding::Utf16Le)));
        let be = utf16(header, false);
        assert_eq!(sniff(&be), Some(ReadError::Encoding(Encoding::Utf16Be)));
        let bom = [&[0xff, 0xfe][..], &le].concat();
        assert_eq!(sniff(&bom), Some(ReadError::Encoding(Encoding::Utf16Le)));
        let latin1 = b"ChargeCategory,Caf\xe9\n";
        assert_eq!(
            sniff(latin1),
            Some(ReadError::Encoding(Encoding::SingleByte))
        );
        // "é" in UTF-8 cut after its first byte is not a fault; UTF-8 text passes.
        assert_eq!(sniff("Café".as_bytes()), None);
        assert_eq!(sniff(&"Café".as_bytes()[..4]), None);
        assert_eq!(
            sniff(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"),
            Some(ReadError::Binary)
        );
    }
}
