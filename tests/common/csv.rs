//! The CSV export as a spreadsheet reads it back.

use course_cost::model::export::ExportKind;
use course_cost::model::{Estimate, Scenario};
use csv_core::{ReadRecordResult, Reader};

use super::{catalog, estimate};

/// Every record of `text`, read by csv-core (quotes, doubled quotes, CRLF).
pub fn records(text: &str) -> Vec<Vec<String>> {
    let mut reader = Reader::new();
    let mut input = text.as_bytes();
    let (mut out, mut ends) = (vec![0u8; 1 << 16], vec![0usize; 64]);
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
                        let field = String::from_utf8(out[start..end].to_vec()).unwrap();
                        start = end;
                        field
                    })
                    .collect();
                records.push(record);
            }
            ReadRecordResult::End => return records,
            ReadRecordResult::InputEmpty => {}
            other => panic!("csv-core: {other:?}"),
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
