//! Issue 37: a bill reader that holds whatever the file. The hostile files are written here: a
//! bill of 100,000 distinct instance types, one of many tag values, a header of 100,000 columns,
//! UTF-16 and Windows-1252 text, and a `.csv.gz` bomb (a deflate stream made by hand, about 20 MB
//! unpacking to 2 GB of valid rows, read here for its first 12 MB). A counting allocator
//! measures what the reader holds; the bound it must stay under is derived below from the
//! reader's own limits. No clock: a slice is bounded in rows and bytes, which the tests count.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

use course_cost::model::catalog::Catalog;
use course_cost::model::focus::classify::{SkipReason, MAX_JSON_BYTES};
use course_cost::model::focus::fold::{self, DRAWN};
use course_cost::model::focus::keyed::MAX_NAME_BYTES;
use course_cost::model::focus::reader::{
    read_all, FocusReader, ReadError, MAX_CELLS, MAX_ROW_BYTES, SLICE_BYTES, SLICE_ROWS,
};
use course_cost::model::focus::summary::{MAX_TAG_KEYS, MAX_TAG_VALUES, MAX_TYPES, UNTAGGED};
use course_cost::model::focus::BillSummary;
use course_cost::model::gzip::Gunzip;

/// Runs `work` and returns its result with the most heap it held above what was held before
/// (bytes), as allocation-counter's counting allocator saw it (each test runs on its own thread,
/// which counts its own).
fn peak_of<T>(work: impl FnOnce() -> T) -> (T, usize) {
    let mut out = None;
    let info = allocation_counter::measure(|| out = Some(work()));
    (out.expect("the work ran"), info.bytes_max as usize)
}

/// What the reader may hold by design (bytes), from its limits, each name taken at its longest
/// and every allocation rounded up generously (64 bytes of bookkeeping per entry):
/// - the row under way: its bytes, its fields' ends and their slices, the file's sniffed start;
/// - the instance types kept: MAX_TYPES plus every SKU of the price catalog, and the table
///   counting the others (2^18 fingerprints of 8 bytes, twice while it doubles);
/// - per tag key: MAX_TAG_VALUES values plus "(untagged)", and its counting table (2^14);
/// - one row's JSON column read as a tree: at most 16 times its text, MAX_JSON_BYTES.
fn design_bound() -> usize {
    let row = MAX_ROW_BYTES + MAX_CELLS * (8 + 16) + 8192;
    let entry = MAX_NAME_BYTES + 64 + 64;
    let types = (MAX_TYPES + Catalog::builtin().unwrap().offers.len()) * entry + 3 * (8 << 18);
    let tags = MAX_TAG_KEYS * ((MAX_TAG_VALUES + 1) * entry + 3 * (8 << 14));
    row + types + tags + 16 * MAX_JSON_BYTES
}

/// FOCUS columns of the generated bills (FOCUS 1.0 names; SkuPriceDetails from 1.1).
const HEADER: &str = "ChargeCategory,ChargePeriodStart,ChargePeriodEnd,BilledCost,EffectiveCost,\
BillingCurrency,ConsumedQuantity,ConsumedUnit,ServiceName,ServiceCategory,ProviderName,\
SkuPriceDetails,Tags";

/// One usage row of `hours` of `instance_type` billed `cost`, with `tags` (a JSON object).
fn row(instance_type: &str, hours: f64, cost: f64, tags: &str) -> String {
    let quote = |json: &str| format!("\"{}\"", json.replace('"', "\"\""));
    format!(
        "Usage,2025-02-01T00:00:00Z,2025-02-02T00:00:00Z,{cost},{cost},USD,{hours},Hours,\
         Amazon Elastic Compute Cloud,Compute,AWS,{},{}\n",
        quote(&format!("{{\"InstanceType\":\"{instance_type}\"}}")),
        quote(tags)
    )
}

/// A bill of `types` distinct made-up instance types (`x0.large`, ...), one hour at $0.05
/// each, then 10 hours of t3.medium (a type of the price catalog) at $0.416.
fn many_types(types: usize) -> String {
    let mut text = format!("{HEADER}\n");
    for n in 0..types {
        text.push_str(&row(&format!("x{n}.large"), 1.0, 0.05, "{}"));
    }
    text.push_str(&row("t3.medium", 10.0, 0.416, "{}"));
    text
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

/// Reads `bytes` slice by slice as the page does, in pieces of `piece` bytes; returns the
/// summary and the most rows and bytes any slice read.
fn read_in_slices(bytes: &[u8], piece: usize) -> (Result<BillSummary, ReadError>, u32, usize) {
    let mut reader = FocusReader::new();
    let (mut most_rows, mut most_bytes) = (0, 0);
    let (mut rows_before, mut bytes_before) = (0, 0);
    for mut input in bytes.chunks(piece) {
        while !input.is_empty() {
            match reader.read_slice(input) {
                Ok(used) => input = &input[used..],
                Err(error) => return (Err(error), most_rows, most_bytes),
            }
            if reader.slice_spent() {
                most_rows = most_rows.max((reader.rows() - rows_before) as u32);
                most_bytes = most_bytes.max((reader.bytes() - bytes_before) as usize);
                (rows_before, bytes_before) = (reader.rows(), reader.bytes());
                reader.next_slice();
            }
        }
    }
    (reader.finish(), most_rows, most_bytes)
}

/// Most bytes a slice may read: its budget, then the row under way (its bytes and the
/// delimiters of its fields).
const SLICE_MOST_BYTES: usize = SLICE_BYTES + MAX_ROW_BYTES + MAX_CELLS + 2;

#[test]
fn a_bill_of_100_000_types_keeps_1_000_and_folds_the_rest() {
    let types = 100_000;
    let text = many_types(types);
    let ((bill, most_rows, most_bytes), peak) =
        peak_of(|| read_in_slices(text.as_bytes(), 64 * 1024));
    let bill = bill.unwrap();
    assert_eq!(bill.rows, types as u64 + 1);
    // The first MAX_TYPES types by name, and t3.medium (the catalog's) however late it comes.
    assert_eq!(bill.compute.len(), MAX_TYPES + 1);
    assert!(bill.compute.get("x0.large").is_some());
    assert!(bill.compute.get(&format!("x{}.large", MAX_TYPES)).is_none());
    assert!(close(bill.compute.get("t3.medium").unwrap().quantity, 10.0));
    // The rest: 99,000 types of one hour and $0.05 each, counted exactly.
    let folded = types - MAX_TYPES;
    assert_eq!(bill.compute.rest_names.count(), folded as u64);
    assert!(bill.compute.rest_names.is_exact());
    assert_eq!(bill.compute.rest.tally.rows, folded as u64);
    assert!(close(bill.compute.rest.quantity, folded as f64));
    assert!(close(bill.compute.rest.tally.billed, folded as f64 * 0.05));
    assert!(close(bill.total.billed, types as f64 * 0.05 + 0.416));
    // Every slice within its budget; the reader's memory within its design bound.
    assert!(most_rows <= SLICE_ROWS, "{most_rows} rows in a slice");
    assert!(
        most_bytes <= SLICE_MOST_BYTES,
        "{most_bytes} bytes in a slice"
    );
    assert!(
        peak < design_bound(),
        "{peak} B held, bound {}",
        design_bound()
    );
}

#[test]
fn the_page_draws_the_top_types_and_folds_the_rest_with_their_cost() {
    use course_cost::model::focus::compare::compare;
    use course_cost::model::presets::paper_course;
    let types = 5_000;
    let bill = read_all(many_types(types).as_bytes()).unwrap();
    let scenario = &paper_course().unwrap().scenario;
    let catalog = Catalog::builtin().unwrap();
    let check = compare(&bill, scenario, catalog).unwrap();
    let (drawn, folded) = fold::types(&check, &bill);
    // t3.medium stands in for course resources, so it is drawn; DRAWN rows in all.
    assert_eq!(drawn.len(), DRAWN);
    assert!(drawn.iter().any(|t| t.instance_type == "t3.medium"));
    // Every made-up type has one hour: the other 4,981 are folded, 1 h and $0.05 each.
    let rest = types - (DRAWN - 1);
    assert_eq!(folded.names, rest as u64);
    assert!(close(folded.hours, rest as f64));
    assert!(close(folded.billed, rest as f64 * 0.05));
    assert_eq!(folded.words("types"), "and 4,981 more types");
    // The types that stand in for nothing: all 5,000 made-up ones, DRAWN of them drawn.
    let (unmatched, folded) = fold::unmatched(&check, &bill);
    assert_eq!(unmatched.len(), DRAWN);
    assert_eq!(folded.names, (types - DRAWN) as u64);
    assert_eq!(folded.rows, (types - DRAWN) as u64);
}

#[test]
fn many_tag_values_fold_and_every_split_adds_up() {
    // 1,500 rows, each its own lab and student (two keys), one in five untagged for the lab.
    let rows = 1_500;
    let mut text = format!("{HEADER}\n");
    let mut untagged_cost = 0.0;
    for n in 0..rows {
        let tags = if n % 5 == 4 {
            untagged_cost += 0.05;
            format!("{{\"student\":\"s{n}\"}}")
        } else {
            format!("{{\"lab\":\"lab {n}\",\"student\":\"s{n}\"}}")
        };
        text.push_str(&row("t3.medium", 1.0, 0.05, &tags));
    }
    let (bill, peak) = peak_of(|| read_all(text.as_bytes()).unwrap());
    let lab = bill.tags.get("lab").unwrap();
    let student = bill.tags.get("student").unwrap();
    // Values kept: MAX_TAG_VALUES (and "(untagged)", always); the rest counted.
    assert_eq!(student.len(), MAX_TAG_VALUES);
    assert_eq!(student.rest_names.count(), (rows - MAX_TAG_VALUES) as u64);
    assert!(close(lab.get(UNTAGGED).unwrap().billed, untagged_cost));
    for values in [lab, student] {
        let split: f64 = values.values().map(|t| t.billed).sum::<f64>() + values.rest.billed;
        assert!(close(split, rows as f64 * 0.05));
    }
    let (drawn, folded) = fold::tag_values(student);
    assert_eq!(drawn.len(), DRAWN);
    assert_eq!(folded.names, (rows - DRAWN) as u64);
    assert!(peak < design_bound());
}

#[test]
fn a_header_of_100_000_columns_is_refused_as_too_many_columns() {
    let header: Vec<String> = (0..100_000).map(|n| format!("c{n}")).collect();
    let text = format!("{}\nUsage\n", header.join(","));
    assert!(text.len() < MAX_ROW_BYTES, "shorter than a row may be");
    let (result, peak) = peak_of(|| read_all(text.as_bytes()));
    assert_eq!(result, Err(ReadError::TooManyColumns { columns: 100_000 }));
    let message = result.unwrap_err().to_string();
    assert!(message.contains("100,000 columns"), "{message}");
    assert!(!message.contains("longer than"), "{message}");
    assert!(peak < design_bound());
    // A data row that wide is skipped and counted, the rest read.
    let wide = vec!["x"; MAX_CELLS + 1].join(",");
    let bill = format!("{HEADER}\n{wide}\n{}", row("t3.medium", 2.0, 0.1, "{}"));
    let bill = read_all(bill.as_bytes()).unwrap();
    assert_eq!(bill.rows, 2);
    let skipped = bill.skipped.get(&SkipReason::TooManyCells).unwrap();
    assert_eq!(skipped.rows, 1);
}

/// `text` in UTF-16, little- or big-endian, with or without a byte-order mark.
fn utf16(text: &str, little: bool, bom: bool) -> Vec<u8> {
    let units = bom.then_some(0xfeff).into_iter().chain(text.encode_utf16());
    let bytes = |u: u16| {
        if little {
            u.to_le_bytes()
        } else {
            u.to_be_bytes()
        }
    };
    units.flat_map(bytes).collect()
}

#[test]
fn utf16_and_other_encodings_are_named_with_how_to_save_as_utf8() {
    let bill = format!("{HEADER}\n{}", row("t3.medium", 2.0, 0.1, "{}"));
    for (bytes, name) in [
        (utf16(&bill, true, true), "UTF-16 (little-endian)"),
        (utf16(&bill, true, false), "UTF-16 (little-endian)"),
        (utf16(&bill, false, true), "UTF-16 (big-endian)"),
        (utf16(&bill, false, false), "UTF-16 (big-endian)"),
    ] {
        // Fed as the page does, in pieces, and whole.
        let (sliced, _, _) = read_in_slices(&bytes, 3);
        let message = sliced.unwrap_err().to_string();
        assert!(message.contains(name), "{message}");
        assert!(message.contains("UTF-8 CSV") && message.contains("iconv"));
        assert_eq!(read_all(&bytes).unwrap_err().to_string(), message);
    }
    // Windows-1252: "é" is the single byte 0xE9, which UTF-8 does not allow there.
    let latin: Vec<u8> = bill
        .replace("AWS", "AWS Caf\u{e9}")
        .chars()
        .map(|c| c as u8)
        .collect();
    let message = read_all(&latin).unwrap_err().to_string();
    assert!(message.contains("Windows-1252"), "{message}");
    // The same file in UTF-8 reads.
    assert!(read_all(bill.replace("AWS", "AWS Caf\u{e9}").as_bytes()).is_ok());
}

#[test]
fn slices_of_small_rows_are_bounded_in_rows() {
    // 50,000 rows of the shortest kind the reader counts: a tax line.
    let mut text = format!("{HEADER}\n");
    for _ in 0..50_000 {
        text.push_str("Tax,,,1,1,USD,,,Tax,,,,\n");
    }
    let (bill, most_rows, most_bytes) = read_in_slices(text.as_bytes(), 1 << 20);
    let bill = bill.unwrap();
    assert_eq!(bill.skipped.get(&SkipReason::Tax).unwrap().rows, 50_000);
    assert_eq!(most_rows, SLICE_ROWS);
    assert!(most_bytes <= SLICE_MOST_BYTES);
}

/// Writes deflate bits, least significant first (RFC 1951, 3.1.1).
struct Bits {
    bytes: Vec<u8>,
    pending: u64,
    count: u32,
}

impl Bits {
    fn put(&mut self, value: u32, count: u32) {
        self.pending |= u64::from(value) << self.count;
        self.count += count;
        while self.count >= 8 {
            self.bytes.push(self.pending as u8);
            self.pending >>= 8;
            self.count -= 8;
        }
    }

    /// A Huffman code: its bits from the most significant.
    fn code(&mut self, code: u32, count: u32) {
        self.put(code.reverse_bits() >> (32 - count), count);
    }

    /// Pads to a whole byte.
    fn align(&mut self) {
        if self.count > 0 {
            self.put(0, 8 - self.count);
        }
    }
}

/// A `.csv.gz` bomb: a FOCUS header and one row in a stored block, then that row copied
/// until there are at least `at_least` bytes of rows by deflate's length-258 back-references in fixed-Huffman blocks (RFC 1951,
/// 3.2.6). Returns the file and its unpacked size. Its gzip trailer is left empty: only its
/// start is read here (the bench reads a whole, valid bomb in the browser).
fn bomb(at_least: u64) -> (Vec<u8>, u64) {
    let row = row("t3.medium", 1.0, 0.0416, "{\"lab\":\"Lab 1\"}");
    let start = format!("{HEADER}\n{row}");
    let mut bits = Bits {
        bytes: vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff],
        pending: 0,
        count: 0,
    };
    // A stored block: not last, type 00, then its length and the bytes as they are.
    bits.put(0, 3);
    bits.align();
    let length = start.len() as u16;
    bits.bytes.extend(length.to_le_bytes());
    bits.bytes.extend((!length).to_le_bytes());
    bits.bytes.extend(start.as_bytes());
    // Distance: the row's length, as a distance code and its extra bits (RFC 1951, 3.2.5).
    let distance = row.len() as u32;
    let bases = [129, 193, 257, 385];
    let at = bases.iter().rposition(|&b| b <= distance).unwrap();
    let (distance_code, extra) = (14 + at as u32, 6 + at as u32 / 2);
    assert!(
        distance < bases[at] + (1 << extra),
        "a row of 129 to 512 bytes"
    );
    let unpacked = at_least.div_ceil(row.len() as u64) * row.len() as u64;
    let (matches, mut left) = (unpacked / 258, unpacked % 258);
    // Fixed-Huffman block: last, type 01; length 258 is symbol 285 (8 bits, 11000101).
    bits.put(1, 1);
    bits.put(1, 2);
    let copy = |bits: &mut Bits| {
        bits.code(0b1100_0101, 8);
        bits.code(distance_code, 5);
        bits.put(distance - bases[at], extra);
    };
    // Copies one by one up to a whole byte; then eight copies are whole bytes that repeat.
    let mut done = 0;
    while bits.count != 0 {
        copy(&mut bits);
        done += 1;
    }
    let eight = bits.bytes.len();
    for _ in 0..8 {
        copy(&mut bits);
    }
    let pattern = bits.bytes[eight..].to_vec();
    let repeats = (matches - done - 8) / 8;
    bits.bytes.extend(pattern.repeat(repeats as usize));
    for _ in done + 8 + repeats * 8..matches {
        copy(&mut bits);
    }
    // What is left, as literals of the row's bytes (symbols 0-143: 8 bits from 0x30).
    let mut at_byte = (matches * 258 % row.len() as u64) as usize;
    while left > 0 {
        let byte = u32::from(row.as_bytes()[at_byte]);
        if byte < 144 {
            bits.code(0x30 + byte, 8);
        } else {
            bits.code(0x190 + byte - 144, 9);
        }
        at_byte = (at_byte + 1) % row.len();
        left -= 1;
    }
    bits.code(0, 7); // end of block (symbol 256)
    bits.align();
    bits.bytes.extend([0; 8]);
    (bits.bytes, start.len() as u64 + unpacked)
}

#[test]
fn a_gz_bomb_is_read_in_bounded_slices_with_memory_that_stays_flat() {
    // 2 GB of rows: copies of one row of 172 bytes.
    let (file, unpacked) = bomb(2_000_000_000);
    assert!(unpacked > 2_000_000_000, "{unpacked}");
    assert!(file.len() < 21_000_000, "{}", file.len());
    // Read its first 12 MB as the page does (`browser::file_stream`): the file's header and
    // deflate data by the app's gunzip, unpacked 64 kB at a time, the reader's slices within
    // it; what is held after 4 MB and after 12 MB.
    let mut held = Vec::with_capacity(2);
    let mut made = None;
    let setup = allocation_counter::measure(|| {
        made = Some((Gunzip::new(), FocusReader::new(), vec![0; 64 * 1024]));
    });
    let (mut gunzip, mut reader, mut chunk) = made.expect("made");
    let (mut held_now, mut peak) = (setup.bytes_current, setup.bytes_max as i64);
    let (mut input, mut rows_before, mut most_rows) = (&file[..], 0, 0);
    for stop in [4_000_000, 12_000_000] {
        let read = allocation_counter::measure(|| {
            while reader.bytes() < stop {
                let (used, written) = gunzip.unpack(input, &mut chunk).unwrap();
                input = &input[used..];
                let mut unpacked = &chunk[..written];
                while !unpacked.is_empty() {
                    let used = reader.read_slice(unpacked).unwrap();
                    unpacked = &unpacked[used..];
                    if reader.slice_spent() {
                        most_rows = most_rows.max(reader.rows() - rows_before);
                        rows_before = reader.rows();
                        reader.next_slice();
                    }
                }
            }
        });
        peak = peak.max(held_now + read.bytes_max as i64);
        held_now += read.bytes_current;
        held.push(held_now);
    }
    let peak = peak as usize;
    // Only a few kB of the 20 MB file were taken: the rest waits for the reader.
    assert!(gunzip.taken() < 200_000, "{} B taken", gunzip.taken());
    // Every slice ends at its rows; the whole stays within the reader's bound (the gunzip's
    // 32 kB window, its tables and the 64 kB buffer are counted in it).
    assert_eq!(most_rows, u64::from(SLICE_ROWS));
    assert!(reader.rows() > 12_000_000 / 200);
    assert!(peak < design_bound(), "{peak} B");
    // After the first 4 MB nothing is added: what is held after 12 MB is what it was.
    assert_eq!(held[0], held[1]);
    // The rows are valid ones: an hour of t3.medium each (the last one, cut, aside).
    let rows = reader.rows();
    let bill = reader.finish().unwrap();
    let hours = bill.compute.get("t3.medium").unwrap().quantity;
    assert!(
        hours >= (rows - 1) as f64 && hours <= rows as f64,
        "{hours} h in {rows} rows"
    );
}
