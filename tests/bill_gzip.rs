//! Issue 37: a `.csv.gz` is unpacked inside the wasm (`model::gzip`), so the gzip framing is
//! the app's to get right. Every packed file here is made by the `gzip` command (GNU gzip, as
//! bills are packed): the public FOCUS samples of `tests/fixtures/focus/`, packed whole and in
//! several members, with header fields gzip itself does not write (an extra field, a comment, a
//! header CRC) added around its own deflate data, and damaged in every way the format can be:
//! a wrong CRC-32 or length, bad deflate data, a cut at every byte, bytes after the end.
//! Expected contents are the files as they were before packing; expected bills are what the
//! reader makes of the plain file; CRC-32s are checked against gzip's own trailers and the
//! standard's check value.
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

use std::io::Write;
use std::process::{Command, Stdio};

use course_cost::model::focus::reader::{read_all, FocusReader};
use course_cost::model::focus::BillSummary;
use course_cost::model::gzip::{Crc32, Gunzip, GzipError, SLICE_INPUT_BYTES};

const SAMPLE: &str = "tests/fixtures/focus/focus-1.0-sample.csv";
const EXCERPT: &str = "tests/fixtures/focus/aws-1.2-excerpt.csv";

/// `bytes` packed by `gzip -9 -n` (no name or time in the header).
fn gzip(bytes: &[u8]) -> Vec<u8> {
    gzip_with(bytes, &["-9", "-n", "-c"])
}

/// `bytes` packed by the `gzip` command with `args`, fed on its standard input.
fn gzip_with(bytes: &[u8], args: &[&str]) -> Vec<u8> {
    let mut child = Command::new("gzip")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the gzip command");
    let mut stdin = child.stdin.take().unwrap();
    let input = bytes.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input).unwrap());
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(output.status.success());
    output.stdout
}

fn fixture(path: &str) -> Vec<u8> {
    std::fs::read(path).unwrap()
}

/// Unpacks `file` fed `piece` bytes at a time into a buffer of `room` bytes.
fn unpack(file: &[u8], piece: usize, room: usize) -> Result<Vec<u8>, GzipError> {
    let mut gunzip = Gunzip::new();
    let mut buffer = vec![0; room];
    let mut unpacked = Vec::new();
    for mut input in file.chunks(piece) {
        loop {
            let (used, written) = gunzip.unpack(input, &mut buffer)?;
            assert!(used <= SLICE_INPUT_BYTES, "{used} B taken in one call");
            input = &input[used..];
            if written == 0 {
                assert!(
                    input.is_empty() || used == SLICE_INPUT_BYTES,
                    "it writes nothing only once all is taken, or a slice's worth"
                );
                if input.is_empty() {
                    break;
                }
            }
            unpacked.extend_from_slice(&buffer[..written]);
        }
    }
    gunzip.finish()?;
    assert_eq!(gunzip.taken(), file.len() as u64);
    Ok(unpacked)
}

/// Reads a packed bill as the page does: 64 kB pieces of the file, unpacked 64 kB at a time,
/// each read by the bill's reader before the next is unpacked.
fn read_packed(file: &[u8]) -> Result<BillSummary, String> {
    let mut gunzip = Gunzip::new();
    let mut reader = FocusReader::new();
    let mut buffer = vec![0; 64 * 1024];
    for mut input in file.chunks(64 * 1024) {
        loop {
            let (used, written) = gunzip
                .unpack(input, &mut buffer)
                .map_err(|e| e.to_string())?;
            input = &input[used..];
            if written == 0 && input.is_empty() {
                break;
            }
            reader.feed(&buffer[..written]).map_err(|e| e.to_string())?;
        }
    }
    gunzip.finish().map_err(|e| e.to_string())?;
    reader.finish().map_err(|e| e.to_string())
}

/// CRC-32 a bit at a time, as RFC 1952's section 8 writes it (the test's own, to check the
/// app's eight-bytes-a-step one and to write header CRCs).
fn crc32_bitwise(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// The four bytes at `at`, little-endian.
fn word(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
}

#[test]
fn crc32_is_the_one_gzip_writes() {
    // The check value of CRC-32/ISO-HDLC (the CRC catalogue's "123456789").
    let mut crc = Crc32::new();
    crc.update(b"123456789");
    assert_eq!(crc.value(), 0xCBF4_3926);
    // The bit-at-a-time CRC for every length up to 40 (each remainder of the 8-byte steps),
    // and added in pieces.
    let text = fixture(EXCERPT);
    for length in 0..40 {
        let mut whole = Crc32::new();
        whole.update(&text[..length]);
        assert_eq!(
            whole.value(),
            crc32_bitwise(&text[..length]),
            "{length} bytes"
        );
        let mut pieces = Crc32::new();
        text[..length]
            .chunks(3)
            .for_each(|piece| pieces.update(piece));
        assert_eq!(pieces.value(), whole.value());
    }
    // The CRC gzip wrote in its trailer for the 755 kB sample.
    let sample = fixture(SAMPLE);
    let packed = gzip(&sample);
    let mut crc = Crc32::new();
    crc.update(&sample);
    assert_eq!(crc.value(), word(&packed, packed.len() - 8));
}

#[test]
fn a_file_gzip_packed_unpacks_to_its_bytes_in_pieces_of_any_size() {
    let sample = fixture(SAMPLE);
    let packed = gzip(&sample);
    assert!(packed.len() * 5 < sample.len(), "{} B packed", packed.len());
    for (piece, room) in [
        (packed.len(), 64 * 1024),
        (4096, 100),
        (7, 64 * 1024),
        (65_536, 1),
    ] {
        assert!(
            unpack(&packed, piece, room).unwrap() == sample,
            "{piece} B in, {room} B out"
        );
    }
    // gzip names the file it packs (FNAME): the name is skipped. The excerpt a byte at a time.
    let dir = std::env::temp_dir().join(format!("bill-gzip-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("aws bill.csv");
    std::fs::copy(EXCERPT, &path).unwrap();
    let status = Command::new("gzip").arg("-k").arg(&path).status().unwrap();
    assert!(status.success());
    let named = std::fs::read(dir.join("aws bill.csv.gz")).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(named[3] & 0x08, 0x08, "FNAME set");
    assert_eq!(&named[10..23], b"aws bill.csv\0");
    assert_eq!(unpack(&named, 1, 1).unwrap(), fixture(EXCERPT));
}

#[test]
fn a_packed_bill_reads_as_the_plain_one() {
    let sample = fixture(SAMPLE);
    let plain = read_all(&sample).unwrap();
    assert_eq!(plain.rows, 1000);
    assert_eq!(read_packed(&gzip(&sample)).unwrap(), plain);
}

#[test]
fn concatenated_members_unpack_one_after_another() {
    let sample = fixture(SAMPLE);
    let plain = read_all(&sample).unwrap();
    // Cut at a row's end and in the middle of a row: gzip members join bytes, not rows.
    let row_end = sample[..sample.len() / 2]
        .iter()
        .rposition(|&b| b == b'\n')
        .unwrap()
        + 1;
    for cuts in [
        vec![row_end],
        vec![1000, sample.len() / 3, sample.len() - 5],
    ] {
        let mut parts = Vec::new();
        let mut from = 0;
        for &to in cuts.iter().chain([sample.len()].iter()) {
            parts.extend(gzip(&sample[from..to]));
            from = to;
        }
        assert_eq!(
            unpack(&parts, 4096, 4096).unwrap(),
            sample,
            "cut at {cuts:?}"
        );
        assert_eq!(read_packed(&parts).unwrap(), plain, "cut at {cuts:?}");
    }
    // An empty member between two (gzip of nothing), and zero padding after the last.
    let (head, tail) = sample.split_at(row_end);
    let mut file = [gzip(head), gzip(b""), gzip(tail)].concat();
    file.extend([0; 512]);
    assert_eq!(unpack(&file, 1000, 64 * 1024).unwrap(), sample);
}

/// A gzip member of `body`'s deflate data (from gzip), its header rewritten with `flags` and
/// the optional fields they name; `header_crc` is what FHCRC says (the true one when `None`).
fn member_with_fields(body: &[u8], flags: u8, header_crc: Option<u16>) -> Vec<u8> {
    let packed = gzip(body);
    let mut header = vec![0x1f, 0x8b, 8, flags, 0x78, 0x56, 0x34, 0x12, 2, 3];
    if flags & 0x04 != 0 {
        // An extra field of two subfields (RFC 1952, 2.3.1.1): "AP" of 4 bytes, "zz" of 0.
        let extra = [b'A', b'P', 4, 0, 1, 2, 3, 4, b'z', b'z', 0, 0];
        header.extend((extra.len() as u16).to_le_bytes());
        header.extend(extra);
    }
    if flags & 0x08 != 0 {
        header.extend(b"bill \xe9t\xe9.csv\0");
    }
    if flags & 0x10 != 0 {
        header.extend(b"exported from the console, 2025-03-01\0");
    }
    if flags & 0x02 != 0 {
        let crc = header_crc.unwrap_or(crc32_bitwise(&header) as u16);
        header.extend(crc.to_le_bytes());
    }
    [header, packed[10..].to_vec()].concat()
}

#[test]
fn optional_header_fields_are_skipped_and_the_header_crc_checked() {
    let excerpt = fixture(EXCERPT);
    // Every combination of FTEXT, FHCRC, FEXTRA, FNAME and FCOMMENT, a byte at a time.
    for flags in 0..32u8 {
        let file = member_with_fields(&excerpt, flags, None);
        assert_eq!(unpack(&file, 1, 64).unwrap(), excerpt, "flags {flags:#04x}");
        assert_eq!(unpack(&file, file.len(), 64 * 1024).unwrap(), excerpt);
    }
    // An empty extra field.
    let mut file = member_with_fields(&excerpt, 0x04, None);
    file.splice(10..24, [0, 0]);
    assert_eq!(unpack(&file, 5, 64).unwrap(), excerpt);
    // A header CRC that does not match, in the second member.
    let good = crc32_bitwise(&member_with_fields(&excerpt, 0x1c, None)[..75]) as u16;
    let bad = member_with_fields(&excerpt, 0x1e, Some(good ^ 1));
    let file = [gzip(b"a,b\n"), bad].concat();
    assert_eq!(
        unpack(&file, 4096, 4096),
        Err(GzipError::HeaderCrc { member: 2 })
    );
}

#[test]
fn a_wrong_crc_or_length_is_refused_with_its_member() {
    let sample = fixture(SAMPLE);
    let packed = gzip(&sample);
    let end = packed.len();
    // The trailer's CRC-32, then its length, one bit off.
    let mut crc = packed.clone();
    crc[end - 8] ^= 1;
    assert_eq!(unpack(&crc, 4096, 4096), Err(GzipError::Crc { member: 1 }));
    let mut size = packed.clone();
    size[end - 1] ^= 0x80;
    assert_eq!(
        unpack(&size, 4096, 4096),
        Err(GzipError::Size { member: 1 })
    );
    // In the second of two members: the first is unpacked, then the second refused.
    let file = [gzip(&sample[..1000]), crc.clone()].concat();
    assert_eq!(unpack(&file, 4096, 4096), Err(GzipError::Crc { member: 2 }));
    // The bill is refused whole, saying why.
    let message = read_packed(&crc).unwrap_err();
    assert!(
        message.contains("damaged") && message.contains("CRC-32"),
        "{message}"
    );
    assert!(message.contains("none of its rows are used"), "{message}");
    // A byte of the data changed where it is a stored literal-heavy stretch: whichever the
    // inflater or the CRC notices first, it is refused as damaged, never read.
    for at in [12, 100, end / 2, end - 20] {
        let mut damaged = packed.clone();
        damaged[at] ^= 0x10;
        let error = unpack(&damaged, 4096, 4096).unwrap_err();
        assert!(
            matches!(
                error,
                GzipError::Corrupt { member: 1 }
                    | GzipError::Crc { member: 1 }
                    | GzipError::Size { member: 1 }
                    | GzipError::TrailingData { .. }
                    | GzipError::Truncated { member: 1 }
            ),
            "byte {at}: {error:?}"
        );
    }
    // A block type deflate reserves (BTYPE 11) is bad data.
    let mut reserved = packed;
    reserved[10] |= 0b110;
    assert_eq!(
        unpack(&reserved, 4096, 4096),
        Err(GzipError::Corrupt { member: 1 })
    );
}

#[test]
fn a_file_cut_anywhere_is_refused_as_cut_short() {
    let excerpt = fixture(EXCERPT);
    let file = [
        gzip(&excerpt[..2000]),
        member_with_fields(&excerpt[2000..], 0x1e, None),
    ]
    .concat();
    assert_eq!(unpack(&file, 100, 100).unwrap(), excerpt);
    let first = gzip(&excerpt[..2000]).len();
    for cut in 1..file.len() {
        let result = unpack(&file[..cut], 100, 100);
        if cut == first {
            // The first member whole: a file of its own.
            assert_eq!(result.unwrap(), &excerpt[..2000]);
        } else {
            let member = if cut < first { 1 } else { 2 };
            assert_eq!(result, Err(GzipError::Truncated { member }), "cut at {cut}");
        }
    }
    let message = read_packed(&file[..file.len() - 3]).unwrap_err();
    assert!(
        message.contains("cut short") && message.contains("member 2"),
        "{message}"
    );
    // Nothing at all is an empty file, as the bill's reader says.
    assert_eq!(read_packed(b"").unwrap_err(), "The file is empty.");
}

#[test]
fn what_is_not_gzip_says_so() {
    let excerpt = fixture(EXCERPT);
    // A CSV named .csv.gz.
    assert_eq!(unpack(&excerpt, 4096, 4096), Err(GzipError::NotGzip));
    let message = read_packed(&excerpt).unwrap_err();
    assert!(
        message.contains("not gzip-compressed") && message.contains(".csv"),
        "{message}"
    );
    let packed = gzip(&excerpt);
    // Bytes after the end that are neither a member nor padding (zeros, then text).
    for tail in [&b"trailing text"[..], &b"\0\0\0x"[..], &b"\x1f\x00"[..]] {
        let file = [&packed[..], tail].concat();
        assert_eq!(
            unpack(&file, 4096, 4096),
            Err(GzipError::TrailingData { members: 1 }),
            "{tail:?}"
        );
    }
    let message = GzipError::TrailingData { members: 1 }.to_string();
    assert!(message.contains("gzip -t"), "{message}");
    // A method other than deflate, and a reserved flag.
    let mut method = packed.clone();
    method[2] = 7;
    assert_eq!(
        unpack(&method, 4096, 4096),
        Err(GzipError::Method { method: 7 })
    );
    let mut flag = packed;
    flag[3] = 0x20;
    assert_eq!(
        unpack(&flag, 4096, 4096),
        Err(GzipError::ReservedFlags { member: 1 })
    );
}

#[test]
fn a_bomb_packed_by_gzip_is_read_whole_through_a_64_kb_buffer() {
    // 40,000 copies of the excerpt's m6i.large row (about 600 bytes each): 24 MB that gzip -9
    // packs over 100 times smaller (a deflate match copies at most 258 bytes, so each copy of
    // the row costs three matches, a few bytes).
    let excerpt = String::from_utf8(fixture(EXCERPT)).unwrap();
    let mut lines = excerpt.lines();
    let header = lines.next().unwrap();
    let usage = lines.find(|l| l.contains("m6i.large")).unwrap();
    let copies = 40_000;
    let mut text = format!("{header}\n");
    for _ in 0..copies {
        text.push_str(usage);
        text.push('\n');
    }
    let packed = gzip(text.as_bytes());
    assert!(packed.len() * 100 < text.len(), "{} B packed", packed.len());
    // Each row: the same hours and cost as the plain file's one row says.
    let one = read_all(format!("{header}\n{usage}\n").as_bytes()).unwrap();
    let bill = read_packed(&packed).unwrap();
    assert_eq!(bill.rows, copies);
    let one = one.compute.get("m6i.large").unwrap();
    let total = bill.compute.get("m6i.large").unwrap();
    let close = |sum: f64, each: f64| {
        let expected = each * copies as f64;
        (sum - expected).abs() <= 1e-9 * expected.abs().max(1.0)
    };
    assert!(one.quantity > 0.0 && close(total.quantity, one.quantity));
    assert!(close(total.tally.billed, one.tally.billed));
    assert!(one.tally.effective > 0.0 && close(total.tally.effective, one.tally.effective));
}
