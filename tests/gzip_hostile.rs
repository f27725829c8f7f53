//! Issue 42, item 3: gzip files written to stall or mislead the in-wasm gunzip (`model::gzip`).
//! A file that unpacks to nothing (5,000,000 empty members; 100 MB of empty stored deflate
//! blocks) is read in slices of at most `SLICE_INPUT_BYTES` of input each, so the page can pause
//! between them (`browser::file_stream`); a 100 MB file name is refused once past its cap, after
//! a few kilobytes; a file packed twice and a zip named `.csv.gz` are named for what they are.
//! The files are generated here, byte by byte as RFC 1952, RFC 1951 and the zip format (PKWARE's
//! APPNOTE 4.3.7 and 4.3.16) lay them out, and streamed in 1 MB pieces: nothing of 100 MB is held.
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

use course_cost::model::gzip::{
    Crc32, Gunzip, GzipError, COMMENT_MAX_BYTES, NAME_MAX_BYTES, SLICE_INPUT_BYTES,
};

/// A gzip member's fixed header (RFC 1952 s.2.3): magic, deflate, `flags`, no time, no extra
/// flags, OS unknown (255).
fn header(flags: u8) -> Vec<u8> {
    vec![0x1f, 0x8b, 8, flags, 0, 0, 0, 0, 0, 255]
}

/// The deflate data of nothing: one final block of fixed Huffman codes holding only its end
/// (BFINAL 1, BTYPE 01, then the 7-bit end-of-block code 0: bits 1, 10, 0000000).
const EMPTY_DEFLATE: [u8; 2] = [0x03, 0x00];

/// The trailer of a member that unpacks to nothing: CRC-32 0, length 0.
const EMPTY_TRAILER: [u8; 8] = [0; 8];

/// An empty stored block that is not the last (BFINAL 0, BTYPE 00, padded to the byte; LEN 0,
/// NLEN 0xffff): five bytes that unpack to nothing.
const EMPTY_STORED: [u8; 5] = [0x00, 0x00, 0x00, 0xff, 0xff];

/// What feeding a file through `unpack` showed.
#[derive(Debug, Default)]
struct Fed {
    /// Calls of `unpack`.
    calls: u64,
    /// The most input one call took (bytes).
    most_taken: usize,
    /// Bytes written in all.
    written: u64,
}

/// Feeds `pieces` (the file, in order) to a gunzip through a 64 kB buffer, as the page does:
/// each call's input and output counted; the file finished at the end.
fn feed<'a>(gunzip: &mut Gunzip, pieces: impl Iterator<Item = &'a [u8]>) -> Result<Fed, GzipError> {
    let mut fed = Fed::default();
    let mut buffer = vec![0; 64 * 1024];
    for mut input in pieces {
        loop {
            let (used, written) = gunzip.unpack(input, &mut buffer)?;
            fed.calls += 1;
            fed.most_taken = fed.most_taken.max(used);
            fed.written += written as u64;
            input = &input[used..];
            if written == 0 && input.is_empty() {
                break;
            }
            assert!(used > 0 || written > 0, "each call makes progress");
        }
    }
    gunzip.finish()?;
    Ok(fed)
}

/// `repeat` copies of `block` as one 1 MB piece, `pieces` times: a generated file streamed.
fn repeated(block: &[u8], per_piece: usize, pieces: usize) -> (Vec<u8>, usize) {
    (block.repeat(per_piece), pieces)
}

#[test]
fn five_million_empty_members_are_read_in_slices_bounded_in_input() {
    let member = [header(0), EMPTY_DEFLATE.to_vec(), EMPTY_TRAILER.to_vec()].concat();
    assert_eq!(member.len(), 20);
    // 50,000 members (1,000,000 bytes) a piece, 100 pieces: 5,000,000 members, 100 MB.
    let (piece, pieces) = repeated(&member, 50_000, 100);
    let mut gunzip = Gunzip::new();
    let fed = feed(&mut gunzip, std::iter::repeat_n(&piece[..], pieces)).unwrap();
    let total = 100_000_000_u64;
    assert_eq!(gunzip.taken(), total);
    assert_eq!(fed.written, 0, "empty members unpack to nothing");
    assert!(
        fed.most_taken <= SLICE_INPUT_BYTES,
        "{} B in one call",
        fed.most_taken
    );
    // Each call took a slice's worth, but for the last of each piece: a pause every 64 kB.
    assert!(
        fed.calls >= total / SLICE_INPUT_BYTES as u64,
        "{} calls for {total} B",
        fed.calls
    );
}

#[test]
fn a_hundred_megabytes_of_empty_stored_blocks_are_read_in_slices_bounded_in_input() {
    // 200,000 blocks (1,000,000 bytes) a piece, 100 pieces: 20,000,000 blocks, 100 MB, inside
    // one member whose last block is an empty final one.
    let (piece, pieces) = repeated(&EMPTY_STORED, 200_000, 100);
    let head = header(0);
    let tail = [EMPTY_DEFLATE.to_vec(), EMPTY_TRAILER.to_vec()].concat();
    let file = std::iter::once(&head[..])
        .chain(std::iter::repeat_n(&piece[..], pieces))
        .chain(std::iter::once(&tail[..]));
    let mut gunzip = Gunzip::new();
    let fed = feed(&mut gunzip, file).unwrap();
    let total = 10 + 100_000_000 + 10;
    assert_eq!(gunzip.taken(), total);
    assert_eq!(fed.written, 0);
    assert!(
        fed.most_taken <= SLICE_INPUT_BYTES,
        "{} B in one call",
        fed.most_taken
    );
    assert!(
        fed.calls >= total / SLICE_INPUT_BYTES as u64,
        "{} calls",
        fed.calls
    );
}

#[test]
fn a_hundred_megabyte_file_name_is_refused_past_its_cap() {
    const FNAME: u8 = 0x08;
    let (piece, pieces) = repeated(b"a", 1_000_000, 100);
    let head = header(FNAME);
    let file = std::iter::once(&head[..]).chain(std::iter::repeat_n(&piece[..], pieces));
    let mut gunzip = Gunzip::new();
    let error = feed(&mut gunzip, file).unwrap_err();
    assert_eq!(
        error,
        GzipError::HeaderField {
            member: 1,
            field: "name",
            max: NAME_MAX_BYTES
        }
    );
    // Refused as soon as the name passes its cap: a few kilobytes read, not 100 MB.
    assert_eq!(gunzip.taken(), (10 + NAME_MAX_BYTES) as u64);
    let message = error.to_string();
    assert!(
        message.contains("file name longer than 4,096 bytes"),
        "{message}"
    );
    // A name of the cap's length (its zero byte included) is read, as is a comment of its own.
    const FCOMMENT: u8 = 0x10;
    let name = vec![b'n'; NAME_MAX_BYTES - 1];
    let comment = vec![b'c'; COMMENT_MAX_BYTES - 1];
    let file = [
        header(FNAME | FCOMMENT),
        name,
        vec![0],
        comment.clone(),
        vec![0],
        EMPTY_DEFLATE.to_vec(),
        EMPTY_TRAILER.to_vec(),
    ]
    .concat();
    assert_eq!(
        feed(&mut Gunzip::new(), file.chunks(1000)).unwrap().written,
        0
    );
    // One byte more of comment is refused.
    let file = [header(FCOMMENT), comment, b"c".to_vec(), vec![0]].concat();
    assert_eq!(
        feed(&mut Gunzip::new(), file.chunks(1000)).unwrap_err(),
        GzipError::HeaderField {
            member: 1,
            field: "comment",
            max: COMMENT_MAX_BYTES
        }
    );
}

/// `bytes` as one gzip member of a single stored final block (RFC 1951 s.3.2.4).
fn stored_member(bytes: &[u8]) -> Vec<u8> {
    assert!(bytes.len() <= 65_535);
    let len = bytes.len() as u16;
    let mut crc = Crc32::new();
    crc.update(bytes);
    [
        header(0),
        vec![0x01],
        len.to_le_bytes().to_vec(),
        (!len).to_le_bytes().to_vec(),
        bytes.to_vec(),
        crc.value().to_le_bytes().to_vec(),
        (bytes.len() as u32).to_le_bytes().to_vec(),
    ]
    .concat()
}

#[test]
fn a_file_packed_twice_says_so() {
    let csv = b"BillingAccountId,ChargeCategory\n1,Usage\n";
    // Unpacked once, as it should be: the CSV.
    let once = stored_member(csv);
    let mut buffer = vec![0; 1024];
    let (_, written) = Gunzip::new().unpack(&once, &mut buffer).unwrap();
    assert_eq!(&buffer[..written], csv);
    // A .csv.gz.gz: a gzip inside the gzip.
    let twice = stored_member(&once);
    let error = feed(&mut Gunzip::new(), twice.chunks(7)).unwrap_err();
    assert_eq!(error, GzipError::PackedTwice);
    let message = error.to_string();
    assert!(
        message.contains("compressed twice") && message.contains(".gz.gz"),
        "{message}"
    );
    assert!(!message.contains("ending in .csv and"), "{message}");
}

/// A zip archive of one stored file `name` holding `bytes` (APPNOTE 4.3.7 local file header,
/// 4.3.12 central directory header, 4.3.16 end of central directory record).
fn zip(name: &str, bytes: &[u8]) -> Vec<u8> {
    let mut crc = Crc32::new();
    crc.update(bytes);
    let (crc, size, name_len) = (crc.value(), bytes.len() as u32, name.len() as u16);
    let common = |out: &mut Vec<u8>| {
        out.extend_from_slice(&20u16.to_le_bytes()); // version needed: 2.0
        out.extend_from_slice(&0u16.to_le_bytes()); // flags
        out.extend_from_slice(&0u16.to_le_bytes()); // stored
        out.extend_from_slice(&[0, 0, 0x21, 0]); // time 00:00, date 1980-01-01
        out.extend_from_slice(&crc.to_le_bytes());
        out.extend_from_slice(&size.to_le_bytes());
        out.extend_from_slice(&size.to_le_bytes());
        out.extend_from_slice(&name_len.to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes()); // extra length
    };
    let mut out = b"PK\x03\x04".to_vec();
    common(&mut out);
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(bytes);
    let directory_at = out.len() as u32;
    out.extend_from_slice(b"PK\x01\x02");
    out.extend_from_slice(&20u16.to_le_bytes()); // made by
    common(&mut out);
    out.extend_from_slice(&[0; 8]); // comment length, disk, internal attributes
    out.extend_from_slice(&[0; 4]); // external attributes
    out.extend_from_slice(&0u32.to_le_bytes()); // offset of the local header
    out.extend_from_slice(name.as_bytes());
    let directory_len = out.len() as u32 - directory_at;
    out.extend_from_slice(b"PK\x05\x06");
    out.extend_from_slice(&[0; 4]); // disk numbers
    out.extend_from_slice(&1u16.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes());
    out.extend_from_slice(&directory_len.to_le_bytes());
    out.extend_from_slice(&directory_at.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out
}

#[test]
fn a_zip_named_csv_gz_is_named_a_zip() {
    let archive = zip("bill.csv", b"BillingAccountId\n1\n");
    for piece in [1, 3, 4096] {
        let error = feed(&mut Gunzip::new(), archive.chunks(piece)).unwrap_err();
        assert_eq!(error, GzipError::Zip, "pieces of {piece} B");
    }
    let message = GzipError::Zip.to_string();
    assert!(
        message.contains("zip archive") && message.contains("unzip"),
        "{message}"
    );
    // An empty zip is its end record alone.
    let empty = [b"PK\x05\x06".to_vec(), vec![0; 18]].concat();
    assert_eq!(
        feed(&mut Gunzip::new(), empty.chunks(2)).unwrap_err(),
        GzipError::Zip
    );
    // A CSV is not gzip, and not a zip, even when it starts with "PK" or is shorter than 4 B.
    for text in [&b"PK,Cost\n1,2\n"[..], b"PK", b"a"] {
        assert_eq!(
            feed(&mut Gunzip::new(), text.chunks(1)).unwrap_err(),
            GzipError::NotGzip,
            "{text:?}"
        );
    }
}
