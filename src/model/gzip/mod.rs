//! A streaming gunzip (RFC 1952) over `miniz_oxide`'s raw inflater, so a picked `.csv.gz` is
//! unpacked inside the wasm: fed the packed file in pieces of any size, it unpacks into the
//! caller's buffer of any size, a buffer at a time. However much a file unpacks to, what is held
//! is the inflater's 32 kB window and tables, the checker's tables and the caller's buffer
//! (about 52 kB), and nothing it unpacks ever crosses into JavaScript.
//!
//! It reads each member's header (its optional extra field, name, comment and header CRC, the
//! last checked), checks each member's CRC-32 and length against its trailer, and reads
//! concatenated members one after another, as `gzip -d` does; zero bytes after the last member
//! (padding) are ignored. Anything else is an error that says what is wrong ([`GzipError`]): a
//! zip renamed `.gz` is named as a zip, a file packed twice (a gzip inside the gzip) as such.
//!
//! Each call takes at most [`SLICE_INPUT_BYTES`] of the packed file, whether or not they unpack
//! to anything, so a file that unpacks to nothing (millions of empty members, megabytes of empty
//! stored blocks) is read in slices the caller can pause between; a member's name and comment
//! are capped ([`NAME_MAX_BYTES`], [`COMMENT_MAX_BYTES`]), as nothing else in a header is.

mod crc32;
mod error;

use miniz_oxide::inflate::stream::{inflate, InflateState, MinReset};
use miniz_oxide::{DataFormat, MZError, MZFlush, MZStatus};

pub use crc32::Crc32;
pub use error::GzipError;

/// A member's first two bytes (ID1, ID2).
const MAGIC: [u8; 2] = [0x1f, 0x8b];
/// The one compression method gzip defines (CM): deflate.
const DEFLATE: u8 = 8;
/// Header flags (FLG).
const FHCRC: u8 = 0x02;
const FEXTRA: u8 = 0x04;
const FNAME: u8 = 0x08;
const FCOMMENT: u8 = 0x10;
/// Flag bits RFC 1952 reserves: they must be zero.
const RESERVED: u8 = 0xe0;

/// Bytes of the packed file one call of [`Gunzip::unpack`] takes at most, whatever they unpack
/// to: 819 empty members (each a fixed-code block whose tables the inflater builds anew) are a
/// few milliseconds' work; a file that unpacks at all fills the 64 kB output before this.
pub const SLICE_INPUT_BYTES: usize = 16 * 1024;
/// Longest original file name (FNAME) read, its zero byte included: a path's most (`PATH_MAX`);
/// gzip writes the file's own name, far shorter.
pub const NAME_MAX_BYTES: usize = 4096;
/// Longest comment (FCOMMENT) read, its zero byte included.
pub const COMMENT_MAX_BYTES: usize = 64 * 1024;
/// How a zip archive starts: a local file header, or the end record of an empty archive.
const ZIP_STARTS: [[u8; 4]; 2] = [*b"PK\x03\x04", *b"PK\x05\x06"];

/// Where in the file the next byte belongs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    /// A member's fixed header: ID1, ID2, CM, FLG, MTIME (4), XFL, OS (10 bytes).
    Fixed,
    /// The extra field's length (2 bytes, little-endian).
    ExtraLength,
    /// The extra field's bytes (`left` of them still to come).
    Extra,
    /// The original file name, up to a zero byte.
    Name,
    /// The comment, up to a zero byte.
    Comment,
    /// The header's CRC-16 (2 bytes: the low half of the header's CRC-32).
    HeaderCrc,
    /// The deflate data.
    Deflate,
    /// The trailer: CRC-32 and length (ISIZE) of what the member unpacks to (8 bytes).
    Trailer,
    /// After a member: another member, zero padding, or the end.
    After,
    /// Zero bytes after the last member.
    Padding,
    /// A first member that does not start as gzip does: its first bytes, to say what it is.
    Foreign,
}

/// The optional header fields in the order they come, with the flag that says each is there.
const OPTIONAL: [(u8, Part); 4] = [
    (FEXTRA, Part::ExtraLength),
    (FNAME, Part::Name),
    (FCOMMENT, Part::Comment),
    (FHCRC, Part::HeaderCrc),
];

/// Unpacks a gzip file fed in pieces.
pub struct Gunzip {
    inflater: Box<InflateState>,
    part: Part,
    /// The bytes of the fixed-length field under way (header, lengths, trailer).
    field: [u8; 10],
    /// How many of `field` have come.
    got: usize,
    /// Bytes of the extra field still to come.
    left: usize,
    /// The member's header flags (FLG).
    flags: u8,
    /// CRC-32 of the header so far, then of what the member unpacked to.
    crc: Crc32,
    /// Bytes the member unpacked to, modulo 2^32 (as ISIZE is).
    size: u32,
    /// The member under way, from 1.
    member: u32,
    /// Bytes of the packed file taken so far.
    taken: u64,
    /// Bytes of the name or comment under way, its zero byte included.
    text_bytes: usize,
    /// The first bytes the file unpacks to (how many of [`Gunzip::first`] have come).
    first: [u8; 2],
    first_got: usize,
}

impl Default for Gunzip {
    fn default() -> Self {
        Gunzip::new()
    }
}

impl Gunzip {
    /// A gunzip at the start of a file.
    pub fn new() -> Gunzip {
        Gunzip {
            inflater: Box::new(InflateState::new(DataFormat::Raw)),
            part: Part::Fixed,
            field: [0; 10],
            got: 0,
            left: 0,
            flags: 0,
            crc: Crc32::new(),
            size: 0,
            member: 1,
            taken: 0,
            text_bytes: 0,
            first: [0; 2],
            first_got: 0,
        }
    }

    /// Bytes of the packed file taken so far.
    pub fn taken(&self) -> u64 {
        self.taken
    }

    /// Unpacks from `input` into `output` (not empty); returns the bytes it took and the bytes
    /// it wrote. It stops once it has written something or taken [`SLICE_INPUT_BYTES`]; when it
    /// writes nothing, it has taken all of `input` or that many, and needs the rest or more.
    /// What it has taken but not yet written is held, so call it again (with the rest of
    /// `input`, or nothing) until it takes and writes nothing.
    pub fn unpack(&mut self, input: &[u8], output: &mut [u8]) -> Result<(usize, usize), GzipError> {
        let input = &input[..input.len().min(SLICE_INPUT_BYTES)];
        let mut used = 0;
        loop {
            if self.part == Part::Deflate {
                let (took, wrote) = self.inflate(&input[used..], output)?;
                used += took;
                if wrote > 0 || used == input.len() {
                    return Ok((used, wrote));
                }
                if took == 0 && self.part == Part::Deflate {
                    // The inflater took nothing and wrote nothing with input left.
                    return Err(GzipError::Corrupt {
                        member: self.member,
                    });
                }
            } else {
                let Some(&byte) = input.get(used) else {
                    return Ok((used, 0));
                };
                used += 1;
                self.taken += 1;
                self.framing(byte)?;
            }
        }
    }

    /// The file has ended: an error if it ended inside a member.
    pub fn finish(&self) -> Result<(), GzipError> {
        match self.part {
            Part::After | Part::Padding => Ok(()),
            // An empty file: nothing to unpack (the bill's reader says it is empty).
            Part::Fixed if self.taken == 0 => Ok(()),
            Part::Foreign => Err(self.foreign()),
            _ => Err(GzipError::Truncated {
                member: self.member,
            }),
        }
    }

    /// Inflates the member's deflate data; at its end, moves on to the trailer.
    fn inflate(&mut self, input: &[u8], output: &mut [u8]) -> Result<(usize, usize), GzipError> {
        let result = inflate(&mut self.inflater, input, output, MZFlush::None);
        let (took, wrote) = (result.bytes_consumed, result.bytes_written);
        self.taken += took as u64;
        self.crc.update(&output[..wrote]);
        self.check_first(&output[..wrote])?;
        // ISIZE is the length modulo 2^32: the truncation is the point.
        self.size = self.size.wrapping_add(wrote as u32);
        match result.status {
            Ok(MZStatus::StreamEnd) => self.start(Part::Trailer),
            // `Buf`: no progress for want of input (the caller gives more, or the file ends).
            Ok(_) | Err(MZError::Buf) => {}
            Err(_) => {
                return Err(GzipError::Corrupt {
                    member: self.member,
                })
            }
        }
        Ok((took, wrote))
    }

    /// Starts `part`, a field collected from its first byte.
    fn start(&mut self, part: Part) {
        self.part = part;
        self.got = 0;
    }

    /// Collects `byte` into the fixed-length field under way; true once it has `length` bytes.
    fn collect(&mut self, byte: u8, length: usize) -> bool {
        self.field[self.got] = byte;
        self.got += 1;
        self.got == length
    }

    /// Takes one byte of a header, a trailer or what comes after a member.
    fn framing(&mut self, byte: u8) -> Result<(), GzipError> {
        let in_header = matches!(
            self.part,
            Part::Fixed | Part::ExtraLength | Part::Extra | Part::Name | Part::Comment
        );
        if in_header {
            self.crc.update(&[byte]);
        }
        match self.part {
            Part::Fixed => self.fixed_header(byte)?,
            Part::ExtraLength => {
                if self.collect(byte, 2) {
                    self.left = usize::from(u16::from_le_bytes([self.field[0], self.field[1]]));
                    self.part = Part::Extra;
                    if self.left == 0 {
                        self.next_header_field(Part::ExtraLength);
                    }
                }
            }
            Part::Extra => {
                self.left -= 1;
                if self.left == 0 {
                    self.next_header_field(Part::ExtraLength);
                }
            }
            Part::Name | Part::Comment => self.text(byte)?,
            // The deflate data never comes here (`unpack` hands it to the inflater).
            Part::Deflate => {}
            Part::Foreign => {
                if self.collect(byte, 4) {
                    return Err(self.foreign());
                }
            }
            Part::HeaderCrc => {
                if self.collect(byte, 2) {
                    let stated = u16::from_le_bytes([self.field[0], self.field[1]]);
                    if u32::from(stated) != self.crc.value() & 0xffff {
                        return Err(GzipError::HeaderCrc {
                            member: self.member,
                        });
                    }
                    self.next_header_field(Part::HeaderCrc);
                }
            }
            Part::Trailer => {
                if self.collect(byte, 8) {
                    self.trailer()?;
                }
            }
            Part::After if byte == MAGIC[0] => {
                self.member += 1;
                self.start(Part::Fixed);
                self.crc.update(&[byte]);
                self.fixed_header(byte)?;
            }
            Part::After | Part::Padding if byte == 0 => self.part = Part::Padding,
            Part::After | Part::Padding => {
                return Err(GzipError::TrailingData {
                    members: self.member,
                })
            }
        }
        Ok(())
    }

    /// Takes a byte of the fixed header, checking each as it comes.
    fn fixed_header(&mut self, byte: u8) -> Result<(), GzipError> {
        let at = self.got;
        let complete = self.collect(byte, 10);
        if at < 2 && byte != MAGIC[at] {
            if self.member == 1 {
                // Its first bytes say what it is instead (a zip?).
                self.part = Part::Foreign;
                return Ok(());
            }
            return Err(GzipError::TrailingData {
                members: self.member - 1,
            });
        }
        if at == 2 && byte != DEFLATE {
            return Err(GzipError::Method { method: byte });
        }
        if at == 3 && byte & RESERVED != 0 {
            return Err(GzipError::ReservedFlags {
                member: self.member,
            });
        }
        if complete {
            self.flags = self.field[3];
            self.next_header_field(Part::Fixed);
        }
        Ok(())
    }

    /// Takes a byte of the name or comment: its zero byte ends it; past its cap it is refused.
    fn text(&mut self, byte: u8) -> Result<(), GzipError> {
        self.text_bytes += 1;
        let (field, max) = match self.part {
            Part::Name => ("name", NAME_MAX_BYTES),
            _ => ("comment", COMMENT_MAX_BYTES),
        };
        if byte == 0 {
            self.text_bytes = 0;
            self.next_header_field(self.part);
        } else if self.text_bytes >= max {
            return Err(GzipError::HeaderField {
                member: self.member,
                field,
                max,
            });
        }
        Ok(())
    }

    /// What a first member that is not gzip is, from its first bytes.
    fn foreign(&self) -> GzipError {
        let start = &self.field[..self.got.min(4)];
        if ZIP_STARTS.iter().any(|zip| zip[..] == *start) {
            GzipError::Zip
        } else {
            GzipError::NotGzip
        }
    }

    /// Notes the first two bytes the file unpacks to: gzip's own (1f 8b) mean a gzip inside the
    /// gzip, a file packed twice.
    fn check_first(&mut self, unpacked: &[u8]) -> Result<(), GzipError> {
        for &byte in unpacked.iter().take(self.first.len() - self.first_got) {
            self.first[self.first_got] = byte;
            self.first_got += 1;
        }
        if self.first_got == 2 && self.first == MAGIC {
            return Err(GzipError::PackedTwice);
        }
        Ok(())
    }

    /// Moves past header field `done` to the next one the flags say is there, or to the data.
    fn next_header_field(&mut self, done: Part) {
        let from = OPTIONAL
            .iter()
            .position(|&(_, part)| part == done)
            .map_or(0, |at| at + 1);
        let next = OPTIONAL[from..]
            .iter()
            .find(|&&(flag, _)| self.flags & flag != 0)
            .map_or(Part::Deflate, |&(_, part)| part);
        self.start(next);
        if next == Part::Deflate {
            self.inflater.reset_as(MinReset);
            self.crc.reset();
            self.size = 0;
        }
    }

    /// Checks a member's trailer against what it unpacked to.
    fn trailer(&mut self) -> Result<(), GzipError> {
        let word = |at: usize| {
            u32::from_le_bytes([
                self.field[at],
                self.field[at + 1],
                self.field[at + 2],
                self.field[at + 3],
            ])
        };
        let member = self.member;
        if word(0) != self.crc.value() {
            return Err(GzipError::Crc { member });
        }
        if word(4) != self.size {
            return Err(GzipError::Size { member });
        }
        self.crc.reset();
        self.part = Part::After;
        Ok(())
    }
}
