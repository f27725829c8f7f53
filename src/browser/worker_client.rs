//! The page's side of its Web Worker (`browser::worker_host`): starts the worker on first use
//! (its script named by the page's `<meta name="worker">`, which assets/post_build.mjs writes),
//! posts [`ToWorker`] requests once the worker says it is ready, and hands each [`FromWorker`]
//! answer to the caller. Dropping the [`WorkerJob`] ends the worker, and whatever it was doing.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Array, Promise, Uint8Array};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Event, File, MessageEvent, Worker};

use super::file_stream::is_gzip;
use crate::model::focus::BillSummary;
use crate::model::worker_protocol::{FromWorker, ToWorker};

/// Requests posted before the worker was ready, and whether it is.
#[derive(Default)]
struct Queue {
    ready: bool,
    pending: Vec<(ToWorker, Option<File>)>,
}

/// A running worker.
pub struct WorkerJob {
    worker: Worker,
    queue: Rc<RefCell<Queue>>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(Event)>,
}

/// Why the worker cannot do it, in words.
const NOT_LOADED: &str =
    "The part of the calculator that reads bills, simulates and writes exports \
    could not be loaded (it is fetched the first time it is used: offline, it works once it \
    was used online).";

/// The worker's script, as the page names it.
fn script() -> Option<String> {
    super::page_meta("worker")
}

fn send(worker: &Worker, request: &ToWorker, file: Option<&File>) {
    let message = Array::of1(&Uint8Array::from(request.encode().as_slice()));
    if let Some(file) = file {
        message.push(file);
    }
    let _ = worker.post_message(&message);
}

impl WorkerJob {
    /// Starts a worker that hands its answers to `on_answer`; `on_failure` is told (in words)
    /// when the worker cannot be loaded or fails.
    pub fn start(
        on_answer: impl Fn(FromWorker) + 'static,
        on_failure: impl Fn(String) + 'static,
    ) -> Result<WorkerJob, String> {
        Self::start_dyn(Box::new(on_answer), Rc::new(on_failure))
    }

    /// [`WorkerJob::start`] with its handlers behind pointers, so the wasm holds one copy of the
    /// message handling for every kind of job.
    fn start_dyn(
        on_answer: Box<dyn Fn(FromWorker)>,
        on_failure: Rc<dyn Fn(String)>,
    ) -> Result<WorkerJob, String> {
        let url = script().ok_or(NOT_LOADED)?;
        let worker = Worker::new(&url).map_err(|_| NOT_LOADED.to_string())?;
        let queue = Rc::new(RefCell::new(Queue::default()));
        let on_message = {
            let (queue, worker, on_failure) = (queue.clone(), worker.clone(), on_failure.clone());
            Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                let bytes = event.data().dyn_into::<Uint8Array>().map(|b| b.to_vec());
                match bytes.ok().and_then(|b| FromWorker::decode(&b)) {
                    Some(FromWorker::Ready) => {
                        let pending = {
                            let mut queue = queue.borrow_mut();
                            queue.ready = true;
                            std::mem::take(&mut queue.pending)
                        };
                        for (request, file) in pending {
                            send(&worker, &request, file.as_ref());
                        }
                    }
                    Some(answer) => on_answer(answer),
                    None => on_failure("The worker's answer could not be read.".into()),
                }
            })
        };
        // A script that cannot be fetched (offline before its first use), or a worker that failed.
        let on_error = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
            event.prevent_default();
            on_failure(NOT_LOADED.to_string());
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(WorkerJob {
            worker,
            queue,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// Posts `request` (with `file` beside it), now or as soon as the worker is ready.
    pub fn post(&self, request: ToWorker, file: Option<File>) {
        let mut queue = self.queue.borrow_mut();
        if queue.ready {
            send(&self.worker, &request, file.as_ref());
        } else {
            queue.pending.push((request, file));
        }
    }
}

impl Drop for WorkerJob {
    fn drop(&mut self) {
        // Unhooked first: a message already queued for the page must not reach the handlers
        // dropped with this job.
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

/// Reads `file` in a worker of its own (fetched the first time) and waits for the bill's sums,
/// or for why it could not be read, in words. The worker ends with the read.
pub async fn read_bill(file: File) -> Result<BillSummary, String> {
    let answer: Rc<RefCell<Option<Result<BillSummary, String>>>> = Rc::default();
    let mut job = None;
    let promise = Promise::new(&mut |resolve, _reject| {
        let done = {
            let answer = answer.clone();
            Rc::new(move |result: Result<BillSummary, String>| {
                answer.borrow_mut().get_or_insert(result);
                let _ = resolve.call0(&JsValue::NULL);
            })
        };
        let on_answer = {
            let done = done.clone();
            move |reply: FromWorker| match reply {
                FromWorker::Bill(bill) => done(Ok(*bill)),
                FromWorker::BillFailed(why) => done(Err(why)),
                _ => {}
            }
        };
        let on_failure = {
            let done = done.clone();
            move |why: String| done(Err(why))
        };
        match WorkerJob::start(on_answer, on_failure) {
            Ok(worker) => {
                worker.post(
                    ToWorker::ReadBill {
                        packed: is_gzip(&file.name()),
                    },
                    Some(file.clone()),
                );
                job = Some(worker);
            }
            Err(why) => done(Err(why)),
        }
    });
    let _ = JsFuture::from(promise).await;
    drop(job);
    let result = answer.borrow_mut().take();
    result.unwrap_or_else(|| Err(NOT_LOADED.to_string()))
}
