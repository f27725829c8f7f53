//! CSV in the tests is read by `csv-core` (RFC 4180: quoted fields, doubled quotes, CRLF), the
//! reader the app's bill import uses, never split by hand.

use csv_core::{ReadRecordResult, Reader};

/// Every record of `text`, each a list of its fields.
pub fn records(text: &str) -> Vec<Vec<String>> {
    let mut reader = Reader::new();
    let mut input = text.as_bytes();
    let (mut out, mut ends) = (vec![0u8; 1 << 16], vec![0usize; 256]);
    let mut records = Vec::new();
    loop {
        let (result, read, _, fields) = reader.read_record(input, &mut out, &mut ends);
        input = &input[read..];
        match result {
            ReadRecordResult::Record => {
                let mut start = 0;
                let record = ends[..fields]
                    .iter()
                    .map(|&end| {
                        let field = String::from_utf8(out[start..end].to_vec()).expect("UTF-8");
                        start = end;
                        field
                    })
                    .collect();
                records.push(record);
            }
            ReadRecordResult::End => return records,
            ReadRecordResult::InputEmpty => {}
            other => panic!("csv-core: {other:?} (a record longer than the test's buffers)"),
        }
    }
}
