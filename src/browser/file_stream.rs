//! Reads a file the user picked, in this browser only, as a stream (`File.stream()`, unpacked by
//! the browser's `DecompressionStream` for `.gz`, a small slice at a time), feeding it to a [`FocusReader`] and yielding
//! to the page in tasks of about 16 ms (the reader's slices of at most 1,000 rows or 256 kB in
//! each), so no file, however large or packed, freezes the page. Nothing is sent anywhere.

use std::cell::Cell;
use std::rc::Rc;

use js_sys::{Promise, Uint8Array};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    File, ReadableStream, ReadableStreamDefaultReader, ReadableStreamReadResult,
    WritableStreamDefaultWriter,
};

use super::deflate::Inflater;
use crate::model::focus::{BillSummary, FocusReader};

/// How far reading has got.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Bytes read (after unpacking, for a `.gz`).
    pub bytes: u64,
    /// Rows read.
    pub rows: u64,
    /// The file's size on disk (bytes); for a `.gz` that is the packed size.
    pub file_bytes: f64,
    /// The file is gzip-compressed.
    pub packed: bool,
}

/// Why a read ended without a bill.
#[derive(Clone, Debug, PartialEq)]
pub enum StreamError {
    /// The user pressed Cancel.
    Cancelled,
    /// The file is not a bill, or could not be read; the message says why.
    Failed(String),
}

/// True for a file the browser should unpack (`.gz`).
pub fn is_gzip(name: &str) -> bool {
    name.to_ascii_lowercase().ends_with(".gz")
}

/// How long one task of the page reads before it yields (milliseconds): the reader's slices
/// take a few milliseconds each, and a task ends after the slice that passes this.
const TASK_MS: f64 = 16.0;
/// How often the progress is shown (milliseconds).
const REPORT_MS: f64 = 100.0;

fn now_ms() -> f64 {
    gloo::utils::window().performance().map_or(0.0, |p| p.now())
}

/// Paces the reading in tasks of about [`TASK_MS`]. Between them the page paints and handles
/// input, and, the yield being a timer (at least 4 ms once nested this deep), the browser has
/// idle time to collect the stream's spent chunks: yielding by a message to itself instead
/// (no idle time) left three times as much JavaScript heap behind a 2 GB read.
struct Pacer {
    started: f64,
    reported: f64,
}

impl Pacer {
    fn new() -> Pacer {
        Pacer {
            started: now_ms(),
            reported: f64::NEG_INFINITY,
        }
    }

    /// After a reader's slice: when this task has run long enough, tells `report` (at most
    /// every [`REPORT_MS`]) and lets the page paint and handle input.
    async fn pause(&mut self, report: impl FnOnce()) {
        let now = now_ms();
        if now - self.started < TASK_MS {
            return;
        }
        if now - self.reported >= REPORT_MS {
            self.reported = now;
            report();
        }
        let promise = Promise::new(&mut |resolve, _| {
            let _ = gloo::utils::window()
                .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
        });
        let _ = JsFuture::from(promise).await;
        self.started = now_ms();
    }
}

/// Bytes of a packed file given to the browser's inflater at a time: deflate unpacks to at most
/// about 1,032 times its size, so one slice unpacks to at most about 4 MB (within a task of the
/// page's), whatever the file. The next slice goes in once that one is unpacked and read, so a
/// "decompression bomb" is read at the reader's pace, never unpacked ahead of it.
const PACKED_SLICE: u32 = 4 * 1024;

/// Waits for `promise` beside the reading, so its failure is handled (nothing else to do).
fn settle(promise: Promise) {
    wasm_bindgen_futures::spawn_local(async move {
        let _ = JsFuture::from(promise).await;
    });
}

/// Writes the packed file into the inflater a slice at a time: a write resolves once the
/// inflater has taken its slice, which it does when its output has been read. Stops when the
/// reading stops (the write fails) or the file ends.
async fn pump(file: ReadableStreamDefaultReader, writer: WritableStreamDefaultWriter) {
    loop {
        let Ok(read) = JsFuture::from(file.read()).await else {
            settle(writer.abort());
            return;
        };
        let result: ReadableStreamReadResult = read.unchecked_into();
        if result.get_done().unwrap_or(true) {
            settle(writer.close());
            return;
        }
        let chunk: Uint8Array = result.get_value().unchecked_into();
        let mut from = 0;
        while from < chunk.length() {
            let to = chunk.length().min(from + PACKED_SLICE);
            let written = writer.write_with_chunk(&chunk.subarray(from, to));
            if JsFuture::from(written).await.is_err() {
                settle(file.cancel());
                return;
            }
            from = to;
        }
    }
}

/// The file's bytes as a stream; unpacked, a slice at a time ([`pump`]), for a `.gz`.
fn stream_of(file: &File) -> Result<ReadableStream, StreamError> {
    let stream = file.stream();
    if !is_gzip(&file.name()) {
        return Ok(stream);
    }
    let unpack = Inflater::new("gzip").map_err(|_| {
        StreamError::Failed("This browser cannot unpack .gz files: unpack it first.".into())
    })?;
    let cannot = |_| StreamError::Failed("The file cannot be read.".into());
    let source = ReadableStreamDefaultReader::new(&stream).map_err(cannot)?;
    let writer = unpack.writable().get_writer().map_err(cannot)?;
    wasm_bindgen_futures::spawn_local(pump(source, writer));
    Ok(unpack.readable())
}

/// Bytes of a stream's chunk copied into the wasm at a time: a packed file's chunks can be
/// large, and the copy stays this small whatever they are.
const PIECE_BYTES: u32 = 1 << 20;

/// Feeds `chunk` to `bill` a piece at a time, pausing (and telling `report`) after each of the
/// reader's slices; stops when `cancel` is set.
async fn feed_chunk(
    bill: &mut FocusReader,
    chunk: &Uint8Array,
    buffer: &mut Vec<u8>,
    pacer: &mut Pacer,
    cancel: &Cell<bool>,
    report: &dyn Fn(&FocusReader),
) -> Result<(), StreamError> {
    let length = chunk.length();
    let mut from = 0;
    while from < length {
        let to = length.min(from + PIECE_BYTES);
        buffer.resize((to - from) as usize, 0);
        if to - from == length {
            chunk.copy_to(buffer);
        } else {
            chunk.subarray(from, to).copy_to(buffer);
        }
        from = to;
        let mut rest = &buffer[..];
        while !rest.is_empty() {
            let used = bill
                .read_slice(rest)
                .map_err(|error| StreamError::Failed(error.to_string()))?;
            rest = &rest[used..];
            if bill.slice_spent() {
                pacer.pause(|| report(bill)).await;
                if cancel.get() {
                    return Err(StreamError::Cancelled);
                }
                bill.next_slice();
            }
        }
    }
    Ok(())
}

/// Reads `file` as a FOCUS bill, telling `on_progress` after each slice; stops when `cancel`
/// is set.
pub async fn read_bill(
    file: File,
    cancel: Rc<Cell<bool>>,
    on_progress: impl Fn(Progress),
) -> Result<BillSummary, StreamError> {
    let packed = is_gzip(&file.name());
    let reader = ReadableStreamDefaultReader::new(&stream_of(&file)?)
        .map_err(|_| StreamError::Failed("The file cannot be read.".into()))?;
    let mut bill = FocusReader::new();
    let file_bytes = file.size();
    let report = |bill: &FocusReader| {
        on_progress(Progress {
            bytes: bill.bytes(),
            rows: bill.rows(),
            file_bytes,
            packed,
        })
    };
    let mut buffer = Vec::new();
    let mut pacer = Pacer::new();
    loop {
        if cancel.get() {
            let _ = reader.cancel();
            return Err(StreamError::Cancelled);
        }
        let read = JsFuture::from(reader.read()).await.map_err(|_| {
            StreamError::Failed(if packed {
                "The file could not be unpacked: it is not gzip data.".into()
            } else {
                "The file could not be read.".into()
            })
        })?;
        let result: ReadableStreamReadResult = read.unchecked_into();
        if result.get_done().unwrap_or(true) {
            break;
        }
        let chunk: Uint8Array = result.get_value().unchecked_into();
        let fed = feed_chunk(&mut bill, &chunk, &mut buffer, &mut pacer, &cancel, &report);
        if let Err(error) = fed.await {
            let _ = reader.cancel();
            return Err(error);
        }
    }
    bill.finish()
        .map_err(|error| StreamError::Failed(error.to_string()))
}
