//! Raw deflate by the browser: `CompressionStream("deflate-raw")` and
//! `DecompressionStream("deflate-raw")`, so the wasm carries no deflater of its own (native
//! builds use miniz: `model::share::pack`). Both are asynchronous.
//!
//! Inflating is bounded: the input goes in small slices, each written only when the stream has
//! room (its backpressure), and reading stops as soon as the output passes
//! [`MAX_JSON_BYTES`], so a crafted link (a "decompression bomb") never makes the page hold
//! more than the limit plus one slice's output.

use js_sys::{Promise, Uint8Array};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::{spawn_local, JsFuture};
use web_sys::{
    ReadableStream, ReadableStreamDefaultReader, ReadableStreamReadResult, WritableStream,
};

use crate::model::share::{Inflated, MAX_JSON_BYTES};

// The browser's compression streams, bound here: web-sys has them only behind its unstable-APIs
// flag.
#[wasm_bindgen]
extern "C" {
    /// A transform stream that deflates.
    #[wasm_bindgen(js_name = CompressionStream)]
    type Deflater;

    #[wasm_bindgen(constructor, catch, js_class = "CompressionStream")]
    fn new(format: &str) -> Result<Deflater, JsValue>;

    #[wasm_bindgen(method, getter)]
    fn readable(this: &Deflater) -> ReadableStream;

    #[wasm_bindgen(method, getter)]
    fn writable(this: &Deflater) -> WritableStream;

    /// A transform stream that inflates.
    #[wasm_bindgen(js_name = DecompressionStream)]
    type Inflater;

    #[wasm_bindgen(constructor, catch, js_class = "DecompressionStream")]
    fn new(format: &str) -> Result<Inflater, JsValue>;

    #[wasm_bindgen(method, getter)]
    fn readable(this: &Inflater) -> ReadableStream;

    #[wasm_bindgen(method, getter)]
    fn writable(this: &Inflater) -> WritableStream;
}

/// The format links use: deflate without a zlib or gzip header (RFC 1951).
const FORMAT: &str = "deflate-raw";

/// Bytes written to the inflater at a time: deflate expands at most about 1,032 times, so one
/// slice inflates to at most about 264 kB, whatever the link holds.
const INFLATE_SLICE: usize = 256;

/// How a stream's reading ended.
enum StreamEnd {
    /// Everything it gave.
    Done(Vec<u8>),
    /// It gave more than the limit; reading stopped there.
    TooLarge,
    /// The stream failed (for the inflater: the input is not raw deflate).
    Failed,
}

/// `json` as raw deflate by the browser; `None` when this browser cannot deflate.
pub async fn deflate(json: &[u8]) -> Option<Vec<u8>> {
    let stream = Deflater::new(FORMAT).ok()?;
    // Deflate output is never much longer than its input: the bound is only for safety.
    let limit = json.len() + json.len() / 8 + 1024;
    match through(
        stream.writable(),
        stream.readable(),
        json,
        json.len().max(1),
        limit,
    )
    .await
    {
        StreamEnd::Done(deflated) => Some(deflated),
        StreamEnd::TooLarge | StreamEnd::Failed => None,
    }
}

/// `bytes` inflated by the browser, stopping past [`MAX_JSON_BYTES`].
pub async fn inflate(bytes: &[u8]) -> Inflated {
    let Ok(stream) = Inflater::new(FORMAT) else {
        return Inflated::Unavailable;
    };
    let readable = stream.readable();
    match through(
        stream.writable(),
        readable,
        bytes,
        INFLATE_SLICE,
        MAX_JSON_BYTES,
    )
    .await
    {
        StreamEnd::Done(json) => Inflated::Json(json),
        StreamEnd::TooLarge => Inflated::TooLarge,
        StreamEnd::Failed => Inflated::NotDeflate,
    }
}

/// Writes `input` into a transform stream in slices of `slice` bytes and reads what it gives,
/// at most `limit` bytes.
async fn through(
    writable: WritableStream,
    readable: ReadableStream,
    input: &[u8],
    slice: usize,
    limit: usize,
) -> StreamEnd {
    let Ok(reader) = ReadableStreamDefaultReader::new(&readable) else {
        return StreamEnd::Failed;
    };
    let Ok(writer) = writable.get_writer() else {
        return StreamEnd::Failed;
    };
    // The writes run beside the reads: each waits for the stream's room, which the reads make.
    // Cancelling the reader (past the limit) errors the stream, and the pending write with it.
    let slices: Vec<Uint8Array> = input.chunks(slice).map(Uint8Array::from).collect();
    spawn_local(async move {
        for chunk in slices {
            if JsFuture::from(writer.write_with_chunk(&chunk))
                .await
                .is_err()
            {
                return;
            }
        }
        let _ = JsFuture::from(writer.close()).await;
    });
    let mut out = Vec::new();
    loop {
        let Ok(read) = JsFuture::from(reader.read()).await else {
            return StreamEnd::Failed;
        };
        let result: ReadableStreamReadResult = read.unchecked_into();
        if result.get_done().unwrap_or(true) {
            return StreamEnd::Done(out);
        }
        let Ok(chunk) = result.get_value().dyn_into::<Uint8Array>() else {
            cancel(&reader);
            return StreamEnd::Failed;
        };
        let length = chunk.length() as usize;
        if out.len() + length > limit {
            cancel(&reader);
            return StreamEnd::TooLarge;
        }
        let start = out.len();
        out.resize(start + length, 0);
        chunk.copy_to(&mut out[start..]);
    }
}

/// Stops a stream: its pending write fails, and what it still holds is dropped.
fn cancel(reader: &ReadableStreamDefaultReader) {
    // A cancel that fails leaves a stream nobody reads any more: nothing to do about it.
    let promise: Promise = reader.cancel();
    spawn_local(async move {
        let _ = JsFuture::from(promise).await;
    });
}
