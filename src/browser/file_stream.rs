//! Reads a file the user picked, in this browser only, as a stream (`File.stream()`), feeding it
//! to a [`FocusReader`]. It runs in the app's Web Worker (`browser::worker_host`), off the page's
//! thread, and still yields in tasks of about 16 ms (the reader's slices of at most 1,000 rows
//! or 256 kB in each), telling its progress between them.
//! A `.gz` is unpacked inside the wasm ([`Gunzip`]) 64 kB of output at a time (and at most 16 kB
//! of input, so a file that unpacks to nothing is paced as well), each read before the next is
//! unpacked: only the packed file crosses from JavaScript, so however much it unpacks to, the
//! page holds no more of it than that. Nothing is sent anywhere.

use std::cell::Cell;
use std::rc::Rc;

use js_sys::{Function, Promise, Uint8Array};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{File, ReadableStreamDefaultReader, ReadableStreamReadResult};

use crate::model::focus::{BillSummary, FocusReader};
use crate::model::gzip::Gunzip;
pub use crate::model::worker_protocol::BillProgress as Progress;

// The timers of whichever global runs this (a worker has no `window`).
#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;

    #[wasm_bindgen(js_name = setTimeout)]
    fn set_timeout(handler: &Function, ms: i32) -> JsValue;
}

/// Why a read ended without a bill.
#[derive(Clone, Debug, PartialEq)]
pub enum StreamError {
    /// The user pressed Cancel.
    Cancelled,
    /// The file is not a bill, or could not be read; the message says why.
    Failed(String),
}

/// True for a file to unpack (`.gz`).
pub fn is_gzip(name: &str) -> bool {
    name.to_ascii_lowercase().ends_with(".gz")
}

/// How long one task of the worker reads before it yields (milliseconds): the reader's slices
/// take a few milliseconds each, and a task ends after the slice that passes this. The yields
/// give the worker idle time to collect the stream's spent chunks (see [`Pacer`]).
const TASK_MS: f64 = 16.0;
/// How often the progress is shown (milliseconds).
const REPORT_MS: f64 = 100.0;

/// Milliseconds since the worker (or page) started.
pub fn now_ms() -> f64 {
    performance_now()
}

/// Waits for a task of its own (a timer: at least 4 ms once nested deep), so what was posted
/// meanwhile (to a worker: a newer request) is handled first.
pub async fn next_task() {
    let promise = Promise::new(&mut |resolve, _| {
        let _ = set_timeout(&resolve, 0);
    });
    let _ = JsFuture::from(promise).await;
}

/// Paces the reading in tasks of about [`TASK_MS`]. Between them the progress is posted, and,
/// the yield being a timer (at least 4 ms once nested this deep), the browser has
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
        next_task().await;
        self.started = now_ms();
    }
}

/// Bytes of the file copied into the wasm at a time: the stream's chunks can be large, and the
/// copy stays this small whatever they are.
const PIECE_BYTES: u32 = 1 << 20;
/// Bytes a `.gz` is unpacked into at a time: the reader reads them before the next are
/// unpacked, so a "decompression bomb" is unpacked at the reader's pace, inside the wasm, and
/// never more than this ahead of it.
const UNPACKED_BYTES: usize = 64 * 1024;

fn failed(error: impl ToString) -> StreamError {
    StreamError::Failed(error.to_string())
}

/// A file's bytes on their way into the bill's reader, with the page's pacing and Cancel.
struct Reading<'a> {
    bill: FocusReader,
    pacer: Pacer,
    cancel: &'a Cell<bool>,
    on_progress: &'a dyn Fn(Progress),
    /// Bytes of the file read so far (packed bytes, for a `.gz`).
    file_read: u64,
    file_bytes: f64,
    packed: bool,
}

impl Reading<'_> {
    /// When this task has run long enough, tells the progress and lets the page paint and
    /// handle input; then stops if the user pressed Cancel.
    async fn pause(&mut self) -> Result<(), StreamError> {
        let progress = Progress {
            bytes: self.bill.bytes(),
            rows: self.bill.rows(),
            file_read: self.file_read,
            file_bytes: self.file_bytes,
            packed: self.packed,
        };
        let on_progress = self.on_progress;
        self.pacer.pause(|| on_progress(progress)).await;
        if self.cancel.get() {
            return Err(StreamError::Cancelled);
        }
        Ok(())
    }

    /// Reads `bytes` of CSV, pausing after each of the reader's slices.
    async fn read(&mut self, mut bytes: &[u8]) -> Result<(), StreamError> {
        while !bytes.is_empty() {
            let used = self.bill.read_slice(bytes).map_err(failed)?;
            bytes = &bytes[used..];
            if self.bill.slice_spent() {
                self.pause().await?;
                self.bill.next_slice();
            }
        }
        Ok(())
    }

    /// Unpacks `packed` (a piece of a `.gz`) into `unpacked` a buffer at a time, reading each
    /// before unpacking the next, and pausing between them: a slice ends after a buffer's worth
    /// of output or `model::gzip::SLICE_INPUT_BYTES` of input, so bytes that unpack to nothing
    /// (empty members, empty blocks) are paced as well as bytes that unpack to a lot.
    async fn unpack(
        &mut self,
        gunzip: &mut Gunzip,
        unpacked: &mut [u8],
        mut packed: &[u8],
    ) -> Result<(), StreamError> {
        loop {
            let (used, written) = gunzip.unpack(packed, unpacked).map_err(failed)?;
            packed = &packed[used..];
            self.file_read = gunzip.taken();
            if written > 0 {
                self.read(&unpacked[..written]).await?;
            } else if packed.is_empty() {
                return Ok(());
            }
            self.pause().await?;
        }
    }

    /// Reads a chunk of the file's stream, a piece at a time (unpacked first for a `.gz`).
    async fn chunk(
        &mut self,
        chunk: &Uint8Array,
        piece: &mut Vec<u8>,
        gunzip: &mut Option<(Gunzip, Vec<u8>)>,
    ) -> Result<(), StreamError> {
        let length = chunk.length();
        let mut from = 0;
        while from < length {
            let to = length.min(from + PIECE_BYTES);
            piece.resize((to - from) as usize, 0);
            if to - from == length {
                chunk.copy_to(piece);
            } else {
                chunk.subarray(from, to).copy_to(piece);
            }
            from = to;
            match gunzip {
                Some((gunzip, unpacked)) => self.unpack(gunzip, unpacked, piece).await?,
                None => {
                    self.file_read += piece.len() as u64;
                    self.read(piece).await?;
                }
            }
        }
        Ok(())
    }
}

/// Reads `file` as a FOCUS bill (unpacking a `.gz` inside the wasm as it goes), telling
/// `on_progress` as it goes; stops when `cancel` is set.
pub async fn read_bill(
    file: File,
    cancel: Rc<Cell<bool>>,
    on_progress: impl Fn(Progress),
) -> Result<BillSummary, StreamError> {
    let packed = is_gzip(&file.name());
    let stream = ReadableStreamDefaultReader::new(&file.stream())
        .map_err(|_| failed("The file cannot be read."))?;
    let mut reading = Reading {
        bill: FocusReader::new(),
        pacer: Pacer::new(),
        cancel: &cancel,
        on_progress: &on_progress,
        file_read: 0,
        file_bytes: file.size(),
        packed,
    };
    let mut gunzip = packed.then(|| (Gunzip::new(), vec![0; UNPACKED_BYTES]));
    let mut piece = Vec::new();
    loop {
        if cancel.get() {
            let _ = stream.cancel();
            return Err(StreamError::Cancelled);
        }
        let read = JsFuture::from(stream.read())
            .await
            .map_err(|_| failed("The file could not be read."))?;
        let result: ReadableStreamReadResult = read.unchecked_into();
        if result.get_done().unwrap_or(true) {
            break;
        }
        let chunk: Uint8Array = result.get_value().unchecked_into();
        if let Err(error) = reading.chunk(&chunk, &mut piece, &mut gunzip).await {
            let _ = stream.cancel();
            return Err(error);
        }
    }
    if let Some((gunzip, _)) = &gunzip {
        gunzip.finish().map_err(failed)?;
    }
    reading.bill.finish().map_err(failed)
}
