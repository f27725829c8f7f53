//! The compression seam: how a payload's JSON is deflated and inflated.
//!
//! Links carry raw deflate (RFC 1951, no zlib or gzip header). Natively (tests, the prerender,
//! the benchmark) miniz_oxide does both, at once. The browser build has no deflater of its
//! own: `browser::deflate` uses the browser's `CompressionStream("deflate-raw")` and
//! `DecompressionStream("deflate-raw")`, which are asynchronous, and until they answer
//! [`deflate_now`] writes the JSON as stored (uncompressed) deflate blocks: a valid, longer
//! link that every inflater reads to the same JSON.

/// Most JSON a payload may inflate to (bytes); an inflater stops reading past it.
pub const MAX_JSON_BYTES: usize = 262_144;

/// What inflating a payload's bytes gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inflated {
    /// The JSON they inflate to, at most [`MAX_JSON_BYTES`].
    Json(Vec<u8>),
    /// They are not raw deflate: they are read as they are (a hand-written link of plain JSON).
    NotDeflate,
    /// They would inflate to more than [`MAX_JSON_BYTES`]; inflating stopped there.
    TooLarge,
    /// This browser cannot inflate (it has no `DecompressionStream("deflate-raw")`).
    Unavailable,
}

/// Largest stored block's length (bytes): its length field has 16 bits.
const STORED_BLOCK: usize = 65_535;

/// `bytes` as raw deflate made of stored blocks: no compression, 5 bytes of header per
/// 64 kB, and no code beyond copying, so it is available everywhere at once.
pub fn stored_deflate(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + 5 * (bytes.len() / STORED_BLOCK + 1));
    let mut blocks = bytes.chunks(STORED_BLOCK).peekable();
    if blocks.peek().is_none() {
        // One empty final block: the empty input.
        out.extend_from_slice(&[1, 0, 0, 0xff, 0xff]);
    }
    while let Some(block) = blocks.next() {
        let last = u8::from(blocks.peek().is_none());
        // BFINAL in bit 0, BTYPE 00 (stored); the rest of the byte pads to the boundary.
        out.push(last);
        // The chunk is at most STORED_BLOCK long, so its length fits 16 bits.
        let len = u16::try_from(block.len()).unwrap_or(u16::MAX);
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(block);
    }
    out
}

/// `json` deflated by what this build has at once: miniz natively, stored blocks in the
/// browser (whose own deflater answers later).
#[cfg(not(target_arch = "wasm32"))]
pub fn deflate_now(json: &[u8]) -> Vec<u8> {
    miniz::deflate(json)
}

/// `json` deflated by what this build has at once: miniz natively, stored blocks in the
/// browser (whose own deflater answers later).
#[cfg(target_arch = "wasm32")]
pub fn deflate_now(json: &[u8]) -> Vec<u8> {
    stored_deflate(json)
}

/// miniz_oxide, compiled only into native builds.
#[cfg(not(target_arch = "wasm32"))]
pub mod miniz {
    use miniz_oxide::deflate::compress_to_vec;
    use miniz_oxide::inflate::{decompress_to_vec_with_limit, TINFLStatus};

    use super::{Inflated, MAX_JSON_BYTES};

    /// `json` as raw deflate at the best compression.
    pub fn deflate(json: &[u8]) -> Vec<u8> {
        compress_to_vec(json, 9)
    }

    /// `bytes` inflated, stopping at [`MAX_JSON_BYTES`].
    pub fn inflate(bytes: &[u8]) -> Inflated {
        match decompress_to_vec_with_limit(bytes, MAX_JSON_BYTES) {
            Ok(json) => Inflated::Json(json),
            Err(error) if error.status == TINFLStatus::HasMoreOutput => Inflated::TooLarge,
            Err(_) => Inflated::NotDeflate,
        }
    }
}
