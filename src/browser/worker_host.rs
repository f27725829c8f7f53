//! The worker's side (`src/bin/worker.rs` runs [`serve`] in a dedicated Web Worker): it takes
//! [`ToWorker`] requests from the page and posts [`FromWorker`] answers, each as bytes
//! (`model::worker_protocol`). A bill's worker reads one bill and then closes, so all it held
//! goes with it; the page cancels a read by ending the worker. The page's other worker draws
//! bands, sets bills against the plan and writes exports for as long as the page is open.

use std::cell::Cell;
use std::rc::Rc;

use js_sys::{Array, Uint8Array};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, File, MessageEvent};

use super::file_stream::{next_task, now_ms, read_bill, StreamError};
use crate::model::catalog::Catalog;
use crate::model::planners::spread::simulate;
use crate::model::worker_jobs::{band_ranges, band_sampling, check_bill, export};
use crate::model::worker_protocol::{BandRequest, FromWorker, ToWorker};

/// Draws priced in one task of the worker before it looks for a newer request.
const DRAWS_PER_TASK: usize = 25;

thread_local! {
    /// The number of the newest band asked for: older draws stop at their next slice.
    static NEWEST_BAND: Cell<u64> = const { Cell::new(0) };
}

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

/// Posts `message` to the page (its bytes' buffer transferred, not copied).
fn post(message: &FromWorker) {
    let bytes = Uint8Array::from(message.encode().as_slice());
    let _ = scope().post_message_with_transfer(&bytes, &Array::of1(&bytes.buffer()));
}

/// Reads the bill `file`, telling the page how far it has got, then its sums (or why not), and
/// closes the worker.
async fn read(file: File) {
    let progress = |p| post(&FromWorker::Progress(p));
    let answer = match read_bill(file, Rc::new(Cell::new(false)), progress).await {
        Ok(bill) => FromWorker::Bill(Box::new(bill)),
        Err(StreamError::Failed(why)) => FromWorker::BillFailed(why),
        Err(StreamError::Cancelled) => FromWorker::BillFailed("Reading was cancelled.".into()),
    };
    post(&answer);
    scope().close();
}

/// Works out the tornado and the stand-ins' span of the band's scenario and posts them, then
/// makes the band's draws a slice at a time, and posts their percentiles unless a newer band
/// was asked for meanwhile (then the draws stop, unanswered: the page asked for the newer).
async fn band(request: BandRequest) {
    let id = request.id;
    let superseded = || NEWEST_BAND.with(Cell::get) != id;
    let interval = async {
        let catalog = Catalog::builtin()?;
        // The tornado and the stand-ins' span first: a few dozen pricings, shown at once.
        let ranges = Box::new(band_ranges(&request, catalog));
        post(&FromWorker::Ranges { id, ranges });
        let mut sampling = band_sampling(&request, catalog)?;
        drop(request);
        loop {
            let done = sampling
                .advance(catalog, DRAWS_PER_TASK)
                .map_err(|_| "The scenario could not be priced.".to_string())?;
            if done {
                break;
            }
            next_task().await;
            if superseded() {
                return Err(String::new());
            }
        }
        sampling
            .interval(catalog)
            .map_err(|_| "The scenario could not be priced.".to_string())
    }
    .await;
    if !superseded() {
        post(&FromWorker::Band { id, interval });
    }
}

/// One message from the page: `[request bytes, file?]`.
fn handle(event: MessageEvent) {
    let data: Array = event.data().unchecked_into();
    let bytes = data.get(0).dyn_into::<Uint8Array>().map(|b| b.to_vec());
    match bytes.ok().and_then(|b| ToWorker::decode(&b)) {
        Some(ToWorker::ReadBill { .. }) => match data.get(1).dyn_into::<File>() {
            Ok(file) => wasm_bindgen_futures::spawn_local(read(file)),
            Err(_) => post(&FromWorker::BillFailed("No file was given.".into())),
        },
        Some(ToWorker::Spread { id, inputs }) => {
            let started = now_ms();
            let result = simulate(inputs);
            let compute_ms = now_ms() - started;
            post(&FromWorker::Spread {
                id,
                result,
                compute_ms,
            });
        }
        Some(ToWorker::Band(request)) => {
            NEWEST_BAND.with(|newest| newest.set(request.id));
            wasm_bindgen_futures::spawn_local(band(*request));
        }
        Some(ToWorker::CheckBill(request)) => {
            let checked = Catalog::builtin().and_then(|catalog| check_bill(&request, catalog));
            post(&FromWorker::BillChecked {
                id: request.id,
                checked: Box::new(checked),
            });
        }
        Some(ToWorker::Export(request)) => {
            let text = Catalog::builtin().and_then(|catalog| export(&request, catalog));
            post(&FromWorker::Exported {
                id: request.id,
                text,
            });
        }
        None => post(&FromWorker::BillFailed(
            "The page and its worker are of different builds: reload the page.".into(),
        )),
    }
}

/// Takes the page's requests from now on, and says so.
pub fn serve() {
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(handle);
    scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The worker lives as long as the page keeps it: so does its handler.
    on_message.forget();
    post(&FromWorker::Ready);
}
