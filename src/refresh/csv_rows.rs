//! CSV records as a stream (csv-core, the app's own CSV reader for bills): one record at a time,
//! its fields borrowed from one reused buffer, so a several-GB file is read in constant memory.

use std::io::{BufRead, BufReader, Read};

use csv_core::{ReadRecordResult, Reader};

use super::error::RefreshError;

/// The longest record read, in bytes (an AWS offer file's rows are under 4 KiB): a longer one
/// is refused before it fills memory.
pub const MAX_RECORD: usize = 1 << 20;

/// Calls `each(line, fields)` for every record of a CSV file, in order (`line` counts records
/// from 1; a record spans one line unless a quoted field holds a line break). Fields must be
/// UTF-8. `each` may stop the read by returning an error.
pub fn for_each_record<R: Read>(
    reader: R,
    name: &str,
    mut each: impl FnMut(u64, &[&str]) -> Result<(), RefreshError>,
) -> Result<(), RefreshError> {
    let mut input = BufReader::with_capacity(1 << 16, reader);
    let mut csv = Reader::new();
    let mut output = vec![0u8; 1 << 12];
    let mut ends = vec![0usize; 128];
    let (mut output_len, mut ends_len) = (0, 0);
    let mut line = 0u64;
    loop {
        let buffer = input
            .fill_buf()
            .map_err(|e| RefreshError::file(name, format!("cannot be read: {e}")))?;
        let (result, read, written, ended) =
            csv.read_record(buffer, &mut output[output_len..], &mut ends[ends_len..]);
        input.consume(read);
        output_len += written;
        ends_len += ended;
        match result {
            ReadRecordResult::InputEmpty => {}
            ReadRecordResult::OutputFull | ReadRecordResult::OutputEndsFull
                if output.len() >= MAX_RECORD || ends.len() >= MAX_RECORD / 8 =>
            {
                return Err(RefreshError::record(
                    name,
                    format!("line {}", line + 1),
                    format!(
                        "runs longer than {} KiB: not a catalog row",
                        MAX_RECORD / 1024
                    ),
                ));
            }
            ReadRecordResult::OutputFull => output.resize(output.len() * 2, 0),
            ReadRecordResult::OutputEndsFull => ends.resize(ends.len() * 2, 0),
            ReadRecordResult::Record => {
                line += 1;
                let fields = fields(&output[..output_len], &ends[..ends_len])
                    .map_err(|m| RefreshError::record(name, format!("line {line}"), m))?;
                each(line, &fields)?;
                output_len = 0;
                ends_len = 0;
            }
            ReadRecordResult::End => return Ok(()),
        }
    }
}

fn fields<'a>(output: &'a [u8], ends: &[usize]) -> Result<Vec<&'a str>, String> {
    let mut start = 0;
    ends.iter()
        .map(|&end| {
            let field = std::str::from_utf8(&output[start..end])
                .map_err(|_| "a field is not UTF-8 text".to_string());
            start = end;
            field
        })
        .collect()
}

/// The columns of a header row, found by name: each wanted column's index, or an error naming
/// the first one missing. `names` lists the accepted spellings of each column (files differ:
/// `usageType` or `Usage Type`).
pub fn columns(
    header: &[&str],
    wanted: &[&[&str]],
    name: &str,
) -> Result<Vec<usize>, RefreshError> {
    wanted
        .iter()
        .map(|spellings| {
            header
                .iter()
                .position(|h| spellings.contains(h))
                .ok_or_else(|| {
                    RefreshError::file(name, format!("has no {:?} column", spellings[0]))
                })
        })
        .collect()
}

/// Like [`columns`], for a column a file may lack.
pub fn optional_column(header: &[&str], spellings: &[&str]) -> Option<usize> {
    header.iter().position(|h| spellings.contains(h))
}
