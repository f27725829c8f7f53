//! A streaming FOCUS reader: fed the file in slices of any size (the browser reads ~1 MB at a
//! time), it parses CSV with csv-core (quoted fields with commas, quotes and newlines; CRLF; a
//! byte-order mark), finds the FOCUS columns by name in its header, and adds every row to a
//! [`BillSummary`]. Memory stays bounded: one row at a time, at most [`MAX_ROW_BYTES`].

use std::fmt;

use csv_core::{ReadRecordResult, Reader};

use super::classify::{classify, Classified, SkipReason};
use super::columns::{ColumnMap, RowView};
use super::summary::BillSummary;

/// Longest row kept (bytes); a longer one is skipped and counted.
pub const MAX_ROW_BYTES: usize = 1 << 20;
/// Most fields a row may have.
pub const MAX_FIELDS: usize = 4096;
/// How much of the start is checked for binary content (bytes).
const SNIFF_BYTES: usize = 8192;

/// Why a file cannot be read as a bill.
#[derive(Clone, Debug, PartialEq)]
pub enum ReadError {
    /// The file holds nothing.
    Empty,
    /// The file is not text (it has NUL bytes, or its header is not UTF-8).
    Binary,
    /// The file is gzip-compressed but was read as plain CSV.
    Compressed,
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
            ReadError::Compressed => f.write_str(
                "This file is gzip-compressed: give it a name ending in .gz so it is unpacked.",
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
                        " Its fields seem separated by '{separator}'; FOCUS CSV uses commas."
                    )?;
                }
                Ok(())
            }
            ReadError::NoRows => f.write_str("The file has a FOCUS header but no rows."),
        }
    }
}

/// Reads a FOCUS CSV export slice by slice.
pub struct FocusReader {
    csv: Reader,
    output: Vec<u8>,
    ends: Vec<usize>,
    output_len: usize,
    ends_len: usize,
    oversized: bool,
    columns: Option<ColumnMap>,
    bytes: u64,
    summary: BillSummary,
    failure: Option<ReadError>,
}

impl Default for FocusReader {
    fn default() -> Self {
        FocusReader::new()
    }
}

/// The separator a header seems to use when it is one field: `;`, tab or `|`.
fn separator_of(header: &str) -> Option<char> {
    [';', '\t', '|'].into_iter().find(|c| header.contains(*c))
}

impl FocusReader {
    /// A reader at the start of a file.
    pub fn new() -> FocusReader {
        FocusReader {
            csv: Reader::new(),
            output: vec![0; 64 * 1024],
            ends: vec![0; 256],
            output_len: 0,
            ends_len: 0,
            oversized: false,
            columns: None,
            bytes: 0,
            summary: BillSummary::default(),
            failure: None,
        }
    }

    /// Bytes fed so far.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Data rows read so far.
    pub fn rows(&self) -> u64 {
        self.summary.rows
    }

    /// Reads the next slice of the file; an error as soon as the file is known not to be a bill.
    pub fn feed(&mut self, slice: &[u8]) -> Result<(), ReadError> {
        if let Some(failure) = &self.failure {
            return Err(failure.clone());
        }
        if self.bytes < SNIFF_BYTES as u64 {
            let start = &slice[..slice.len().min(SNIFF_BYTES)];
            if self.bytes == 0 && start.starts_with(&[0x1f, 0x8b]) {
                return self.fail(ReadError::Compressed);
            }
            if start.contains(&0) {
                return self.fail(ReadError::Binary);
            }
        }
        self.bytes += slice.len() as u64;
        self.parse(slice)
    }

    /// Ends the file: the bill's summary, or why it is not one.
    pub fn finish(mut self) -> Result<BillSummary, ReadError> {
        self.parse(&[])?;
        if let Some(failure) = self.failure {
            return Err(failure);
        }
        match (&self.columns, self.bytes) {
            (_, 0) | (None, _) => Err(ReadError::Empty),
            (Some(_), _) if self.summary.rows == 0 => Err(ReadError::NoRows),
            (Some(columns), _) => {
                self.summary.version = Some(columns.version);
                Ok(self.summary)
            }
        }
    }

    fn fail(&mut self, error: ReadError) -> Result<(), ReadError> {
        self.failure = Some(error.clone());
        Err(error)
    }

    /// Parses `input` (empty at the end of the file) record by record.
    fn parse(&mut self, mut input: &[u8]) -> Result<(), ReadError> {
        let at_end = input.is_empty();
        loop {
            let (result, read, written, ended) = self.csv.read_record(
                input,
                &mut self.output[self.output_len..],
                &mut self.ends[self.ends_len..],
            );
            input = &input[read..];
            self.output_len += written;
            self.ends_len += ended;
            match result {
                ReadRecordResult::InputEmpty if !at_end => return Ok(()),
                ReadRecordResult::InputEmpty => {}
                ReadRecordResult::OutputFull => self.grow_output(),
                ReadRecordResult::OutputEndsFull => self.grow_ends(),
                ReadRecordResult::Record => self.record()?,
                ReadRecordResult::End => return Ok(()),
            }
        }
    }

    /// Makes room for a longer row, up to [`MAX_ROW_BYTES`]; past it the row is dropped.
    fn grow_output(&mut self) {
        if !double_up_to(&mut self.output, MAX_ROW_BYTES) {
            self.oversized = true;
            self.output_len = 0;
        }
    }

    /// Makes room for more fields, up to [`MAX_FIELDS`]; past it the row is dropped.
    fn grow_ends(&mut self) {
        if !double_up_to(&mut self.ends, MAX_FIELDS) {
            self.oversized = true;
            self.ends_len = 0;
        }
    }

    /// Handles the row just read: the header first, then data rows.
    fn record(&mut self) -> Result<(), ReadError> {
        let (oversized, output_len, ends_len) = (self.oversized, self.output_len, self.ends_len);
        self.oversized = false;
        self.output_len = 0;
        self.ends_len = 0;
        let Some(columns) = &self.columns else {
            return self.header(oversized, output_len, ends_len);
        };
        let no_cost = Classified {
            usage: Err(SkipReason::TooLong),
            quantity: 0.0,
            billed: 0.0,
            effective: 0.0,
        };
        if oversized {
            self.summary.rows += 1;
            self.summary.skip(SkipReason::TooLong, &no_cost);
            return Ok(());
        }
        let row = &self.output[..output_len];
        let Ok(text) = std::str::from_utf8(row) else {
            self.summary.rows += 1;
            let not_text = Classified {
                usage: Err(SkipReason::NotText),
                ..no_cost
            };
            self.summary.skip(SkipReason::NotText, &not_text);
            return Ok(());
        };
        let fields = split(text, &self.ends[..ends_len]);
        if fields.len() <= 1 && fields.first().is_none_or(|f| f.trim().is_empty()) {
            return Ok(());
        }
        let view = RowView::new(columns, &fields);
        let classified = classify(&view);
        self.summary.add(&view, &classified);
        Ok(())
    }

    fn header(
        &mut self,
        oversized: bool,
        output_len: usize,
        ends_len: usize,
    ) -> Result<(), ReadError> {
        if oversized {
            return self.fail(ReadError::NotFocus {
                missing: vec!["(the first line is longer than 1 MB)"],
                separator: None,
            });
        }
        let Ok(text) = std::str::from_utf8(&self.output[..output_len]) else {
            return self.fail(ReadError::Binary);
        };
        let names = split(text, &self.ends[..ends_len]);
        if names.iter().all(|n| n.trim().is_empty()) {
            // A blank first line: wait for the header.
            return Ok(());
        }
        match ColumnMap::from_header(names.iter().copied()) {
            Ok(map) => {
                self.columns = Some(map);
                Ok(())
            }
            Err(missing) => {
                let separator = (names.len() == 1).then(|| separator_of(names[0])).flatten();
                self.fail(ReadError::NotFocus { missing, separator })
            }
        }
    }
}

/// A row's fields: `text` cut at each field's end offset (csv-core's `ends`).
fn split<'a>(text: &'a str, ends: &[usize]) -> Vec<&'a str> {
    let mut fields = Vec::with_capacity(ends.len());
    let mut start = 0;
    for &end in ends {
        fields.push(text.get(start..end).unwrap_or(""));
        start = end;
    }
    fields
}

/// Reads a whole file held in memory (for tests and small files).
pub fn read_all(bytes: &[u8]) -> Result<BillSummary, ReadError> {
    let mut reader = FocusReader::new();
    reader.feed(bytes)?;
    reader.finish()
}

/// Doubles `buffer`'s length (zero-filled), to at most `max`; false when it is at `max` already.
fn double_up_to<T: Copy + Default>(buffer: &mut Vec<T>, max: usize) -> bool {
    if buffer.len() >= max {
        return false;
    }
    let longer = (buffer.len() * 2).min(max);
    buffer.resize(longer, T::default());
    true
}
