//! Why a `.gz` file cannot be unpacked, said so the reader knows what to do.

use std::fmt;

/// Why a `.gz` file cannot be unpacked. `member` counts the file's gzip members from 1 (a file
/// packed once has one; files packed apart and joined have one each).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GzipError {
    /// The file does not start as gzip does (bytes 1f 8b).
    NotGzip,
    /// The file is a zip archive (it starts as one does), its name ending in `.gz`.
    Zip,
    /// What the file unpacks to is gzip again: it was packed twice.
    PackedTwice,
    /// A header's name or comment runs past its cap without its zero byte.
    HeaderField {
        /// The member whose header it is.
        member: u32,
        /// "name" or "comment".
        field: &'static str,
        /// The cap (bytes).
        max: usize,
    },
    /// A compression method other than deflate (the only one gzip defines).
    Method {
        /// The header's CM byte.
        method: u8,
    },
    /// A header sets flag bits RFC 1952 reserves.
    ReservedFlags {
        /// The member whose header it is.
        member: u32,
    },
    /// A header's own CRC-16 (FHCRC) does not match it.
    HeaderCrc {
        /// The member whose header it is.
        member: u32,
    },
    /// The packed data is not valid deflate.
    Corrupt {
        /// The member it is in.
        member: u32,
    },
    /// What a member unpacks to does not match its trailer's CRC-32.
    Crc {
        /// The member.
        member: u32,
    },
    /// What a member unpacks to is not the length its trailer states (ISIZE).
    Size {
        /// The member.
        member: u32,
    },
    /// The file ends inside a member.
    Truncated {
        /// The member it ends in.
        member: u32,
    },
    /// Bytes after the last complete member that are neither another member nor zero padding.
    TrailingData {
        /// The complete members before them.
        members: u32,
    },
}

/// "the file", or "gzip member 2 of the file".
fn which(member: u32) -> String {
    if member == 1 {
        "the file".to_string()
    } else {
        format!("gzip member {member} of the file")
    }
}

/// What to do about a damaged file.
const AGAIN: &str = "Download or export the bill again.";

impl fmt::Display for GzipError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GzipError::NotGzip => f.write_str(
                "The file's name ends in .gz but it is not gzip-compressed: if it is a CSV \
                 file, give it a name ending in .csv and pick it again.",
            ),
            GzipError::Zip => f.write_str(
                "The file is a zip archive, not gzip, though its name ends in .gz: unzip it \
                 and pick the .csv (or .csv.gz) inside.",
            ),
            GzipError::PackedTwice => f.write_str(
                "The file is gzip-compressed twice (a .gz inside the .gz, as a name ending in \
                 .gz.gz often says): unpack it once (gunzip) and pick the .csv.gz that gives.",
            ),
            GzipError::HeaderField { member, field, max } => write!(
                f,
                "The .gz file is damaged or not a bill: the header of {} gives a file {field} \
                 longer than {max} bytes, which gzip never writes. Pack the .csv again with \
                 gzip, or pick it unpacked.",
                which(*member),
                max = crate::model::format::number(*max as f64, 0),
            ),
            GzipError::Method { method } => write!(
                f,
                "The file is packed by a method other than deflate (method {method}), which \
                 gzip does not write: unpack it with the program that packed it and pick the \
                 .csv."
            ),
            GzipError::ReservedFlags { member } | GzipError::HeaderCrc { member } => write!(
                f,
                "The .gz file is damaged: the header of {} does not check out. {AGAIN}",
                which(*member)
            ),
            GzipError::Corrupt { member } => write!(
                f,
                "The .gz file is damaged: {} is not valid packed (deflate) data, so none of \
                 its rows are used. {AGAIN}",
                which(*member)
            ),
            GzipError::Crc { member } => write!(
                f,
                "The .gz file is damaged: what {} unpacks to fails its CRC-32 check, so none \
                 of its rows are used. {AGAIN}",
                which(*member)
            ),
            GzipError::Size { member } => write!(
                f,
                "The .gz file is damaged: {} unpacks to another length than it states, so \
                 none of its rows are used. {AGAIN}",
                which(*member)
            ),
            GzipError::Truncated { member } => write!(
                f,
                "The .gz file is cut short: it ends inside {} (an incomplete download or \
                 copy?), so none of its rows are used. {AGAIN}",
                which(*member)
            ),
            GzipError::TrailingData { members } => write!(
                f,
                "The .gz file goes on after its {} with bytes that are not gzip data, so none \
                 of its rows are used: check it with gzip -t, then pick the unpacked .csv.",
                if *members == 1 {
                    "end".to_string()
                } else {
                    format!("{members} gzip members")
                }
            ),
        }
    }
}
