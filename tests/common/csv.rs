//! CSV in the tests is read by `csv-core` (RFC 4180: quoted fields, doubled quotes, CRLF), the
//! reader the app's bill import uses, never split by hand; and the CSV export as a spreadsheet
//! reads it back.

use course_cost::model::export::ExportKind;
use course_cost::model::{Estimate, Scenario};
use csv_core::{ReadRecordResult, Reader};

use super::{catalog, estimate};

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

/// The CSV export of `scenario`, made on a fixed date with a fixed link, and its estimate.
pub fn exported_csv(scenario: &Scenario) -> (String, Estimate) {
    let result = estimate(scenario);
    let text = ExportKind::Csv.render(
        scenario,
        &result,
        catalog(),
        "https://example.invalid/#s=x",
        "2026-12-01",
    );
    (text, result)
}
