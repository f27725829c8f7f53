//! A streaming FOCUS reader: fed the file in pieces of any size, it parses CSV with csv-core
//! (quoted cells with commas, quotes and newlines; CRLF; a byte-order mark), finds the FOCUS
//! columns by name in its header, and adds every row to a [`BillSummary`]. It reads in slices of
//! at most [`SLICE_ROWS`] rows or [`SLICE_BYTES`] bytes (plus the row under way), so the page
//! can yield between them and no slice's work grows with the file. Memory stays bounded: one
//! row at a time, at most [`MAX_ROW_BYTES`], and a summary of bounded size.

use csv_core::{ReadRecordResult, Reader};

use super::classify::{classify, Classified, SkipReason};
use super::columns::{ColumnMap, RowView};
use super::read_error::sniff;
pub use super::read_error::{Encoding, ReadError, MAX_CELLS};
use super::summary::BillSummary;

/// Longest row kept (bytes); a longer one is skipped and counted.
pub const MAX_ROW_BYTES: usize = 1 << 20;
/// How much of the start is checked for its encoding or binary content (bytes).
const SNIFF_BYTES: usize = 8192;
/// Most rows read in one slice: a few milliseconds of work.
pub const SLICE_ROWS: u32 = 1_000;
/// Bytes after which a slice ends (it ends at the next step of csv-core, at most one row or
/// [`MAX_ROW_BYTES`] later).
pub const SLICE_BYTES: usize = 256 * 1024;

/// Reads a FOCUS CSV export slice by slice.
pub struct FocusReader {
    csv: Reader,
    output: Vec<u8>,
    ends: Vec<usize>,
    output_len: usize,
    ends_len: usize,
    /// The row under way is longer than [`MAX_ROW_BYTES`].
    too_long: bool,
    /// Cells of the row under way let go for want of room (more than [`MAX_CELLS`]).
    dropped_cells: u64,
    /// The file's first bytes, held until they are checked ([`SNIFF_BYTES`]).
    start: Vec<u8>,
    checked: bool,
    columns: Option<ColumnMap>,
    bytes: u64,
    slice_rows: u32,
    slice_bytes: usize,
    summary: BillSummary,
    failure: Option<ReadError>,
}

impl Default for FocusReader {
    fn default() -> Self {
        FocusReader::new()
    }
}

/// The separator a header seems to use when it is one cell: `;`, tab or `|`.
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
            too_long: false,
            dropped_cells: 0,
            start: Vec::new(),
            checked: false,
            columns: None,
            bytes: 0,
            slice_rows: 0,
            slice_bytes: 0,
            summary: BillSummary::default(),
            failure: None,
        }
    }

    /// Bytes read so far.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Data rows read so far.
    pub fn rows(&self) -> u64 {
        self.summary.rows
    }

    /// Reads the whole of `input`, slice after slice; an error as soon as the file is known not
    /// to be a bill.
    pub fn feed(&mut self, mut input: &[u8]) -> Result<(), ReadError> {
        while !input.is_empty() {
            let used = self.read_slice(input)?;
            input = &input[used..];
            if self.slice_spent() {
                self.next_slice();
            }
        }
        Ok(())
    }

    /// Reads from `input` until it is used up or this slice is spent ([`Self::slice_spent`]);
    /// returns how many bytes it took. An error as soon as the file is known not to be a bill.
    pub fn read_slice(&mut self, input: &[u8]) -> Result<usize, ReadError> {
        if let Some(failure) = &self.failure {
            return Err(failure.clone());
        }
        if input.is_empty() {
            return Ok(0);
        }
        let used = if self.checked {
            self.parse(input, true)?
        } else {
            let used = input.len().min(SNIFF_BYTES - self.start.len());
            self.start.extend_from_slice(&input[..used]);
            if self.start.len() == SNIFF_BYTES {
                self.check_start()?;
            }
            used
        };
        self.bytes += used as u64;
        Ok(used)
    }

    /// Whether this slice has read its most rows or bytes: time to yield to the page, then to
    /// call [`Self::next_slice`].
    pub fn slice_spent(&self) -> bool {
        self.slice_rows >= SLICE_ROWS || self.slice_bytes >= SLICE_BYTES
    }

    /// Starts the next slice.
    pub fn next_slice(&mut self) {
        self.slice_rows = 0;
        self.slice_bytes = 0;
    }

    /// Ends the file: the bill's summary, or why it is not one.
    pub fn finish(mut self) -> Result<BillSummary, ReadError> {
        if let Some(failure) = self.failure.take() {
            return Err(failure);
        }
        if !self.checked {
            self.check_start()?;
        }
        self.parse(&[], false)?;
        match &self.columns {
            _ if self.bytes == 0 => Err(ReadError::Empty),
            None => Err(ReadError::Empty),
            Some(_) if self.summary.rows == 0 => Err(ReadError::NoRows),
            Some(columns) => {
                self.summary.version = Some(columns.version);
                Ok(self.summary)
            }
        }
    }

    fn fail(&mut self, error: ReadError) -> Result<(), ReadError> {
        self.failure = Some(error.clone());
        Err(error)
    }

    /// Checks the file's start for what it is not ([`sniff`]), then reads it.
    fn check_start(&mut self) -> Result<(), ReadError> {
        self.checked = true;
        if let Some(error) = sniff(&self.start) {
            return self.fail(error);
        }
        let start = std::mem::take(&mut self.start);
        self.parse(&start, false).map(|_| ())
    }

    /// Parses `input` (empty at the end of the file) record by record; with `budget`, stops
    /// once the slice is spent. Returns the bytes it took.
    fn parse(&mut self, input: &[u8], budget: bool) -> Result<usize, ReadError> {
        let at_end = input.is_empty();
        let mut used = 0;
        loop {
            let (result, read, written, ended) = self.csv.read_record(
                &input[used..],
                &mut self.output[self.output_len..],
                &mut self.ends[self.ends_len..],
            );
            used += read;
            self.slice_bytes += read;
            self.output_len += written;
            self.ends_len += ended;
            match result {
                ReadRecordResult::InputEmpty if !at_end => return Ok(used),
                ReadRecordResult::InputEmpty => {}
                ReadRecordResult::OutputFull => self.grow_output(),
                ReadRecordResult::OutputEndsFull => self.grow_ends(),
                ReadRecordResult::Record => {
                    self.slice_rows += 1;
                    self.record()?;
                }
                ReadRecordResult::End => return Ok(used),
            }
            if budget && self.slice_spent() {
                return Ok(used);
            }
        }
    }

    /// Makes room for a longer row, up to [`MAX_ROW_BYTES`]; past it the row is dropped.
    fn grow_output(&mut self) {
        if !double_up_to(&mut self.output, MAX_ROW_BYTES) {
            self.too_long = true;
            self.output_len = 0;
        }
    }

    /// Makes room for more cells, up to [`MAX_CELLS`]; past it the row is dropped (its cells
    /// still counted).
    fn grow_ends(&mut self) {
        if !double_up_to(&mut self.ends, MAX_CELLS) {
            self.dropped_cells += self.ends_len as u64;
            self.ends_len = 0;
        }
    }

    /// Handles the row just read: the header first, then data rows.
    fn record(&mut self) -> Result<(), ReadError> {
        let (too_long, output_len, ends_len) = (self.too_long, self.output_len, self.ends_len);
        let cells = self.dropped_cells + ends_len as u64;
        self.too_long = false;
        self.dropped_cells = 0;
        self.output_len = 0;
        self.ends_len = 0;
        let Some(columns) = &self.columns else {
            return self.header(too_long, cells, output_len, ends_len);
        };
        let dropped = if cells > MAX_CELLS as u64 {
            Some(SkipReason::TooManyCells)
        } else if too_long {
            Some(SkipReason::TooLong)
        } else {
            None
        };
        let row = &self.output[..output_len];
        let text = match (dropped, std::str::from_utf8(row)) {
            (None, Ok(text)) => text,
            (dropped, _) => {
                let reason = dropped.unwrap_or(SkipReason::NotText);
                self.summary.rows += 1;
                let no_cost = Classified {
                    usage: Err(reason),
                    quantity: 0.0,
                    billed: 0.0,
                    effective: 0.0,
                };
                self.summary.skip(reason, &no_cost);
                return Ok(());
            }
        };
        let cells = split(text, &self.ends[..ends_len]);
        if cells.len() <= 1 && cells.first().is_none_or(|f| f.trim().is_empty()) {
            return Ok(());
        }
        let view = RowView::new(columns, &cells);
        let classified = classify(&view);
        self.summary.add(&view, &classified);
        Ok(())
    }

    /// Reads the header: `cells` of it in all, the first `ends_len` of them in `output`.
    fn header(
        &mut self,
        too_long: bool,
        cells: u64,
        output_len: usize,
        ends_len: usize,
    ) -> Result<(), ReadError> {
        if cells > MAX_CELLS as u64 {
            return self.fail(ReadError::TooManyColumns { columns: cells });
        }
        if too_long {
            return self.fail(ReadError::HeaderTooLong);
        }
        let Ok(text) = std::str::from_utf8(&self.output[..output_len]) else {
            return self.fail(ReadError::Encoding(Encoding::SingleByte));
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

/// A row's cells: `text` cut at each cell's end offset (csv-core's `ends`).
fn split<'a>(text: &'a str, ends: &[usize]) -> Vec<&'a str> {
    let mut cells = Vec::with_capacity(ends.len());
    let mut start = 0;
    for &end in ends {
        cells.push(text.get(start..end).unwrap_or(""));
        start = end;
    }
    cells
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
