//! The page's one lasting worker for the work asked for on every change: the band's draws and a
//! bill set against the plan. It is started by the first request (after the first figures are
//! painted: requests are made by effects) and kept while the page is open; every part of the
//! page that asks listens to all its answers and keeps those with its own request's number.
//! A bill is read by a worker of its own (`worker_client::read_bill`), ended with the read.

use std::cell::RefCell;
use std::rc::Rc;

use super::worker_client::WorkerJob;
use crate::model::worker_protocol::{FromWorker, ToWorker};

/// What a listener is told: an answer, or why the worker could not be loaded or failed.
pub type Heard = Result<FromWorker, String>;

type Listener = Rc<dyn Fn(&Heard)>;

#[derive(Default)]
struct Shared {
    /// The worker, once started.
    job: Option<WorkerJob>,
    /// The worker failed: the next request starts a new one (not from inside its handler).
    failed: bool,
    /// Who listens, by number.
    listeners: Vec<(u64, Listener)>,
    /// The last number given (requests and listeners).
    last: u64,
}

thread_local! {
    static SHARED: RefCell<Shared> = RefCell::new(Shared::default());
}

/// Tells every listener `heard` (none is borrowed while they run: one may ask again).
fn tell(heard: Heard) {
    let listeners: Vec<Listener> = SHARED.with(|s| {
        s.borrow()
            .listeners
            .iter()
            .map(|(_, l)| l.clone())
            .collect()
    });
    for listener in listeners {
        listener(&heard);
    }
}

/// A new number, for a request or a listener: never repeated while the page is open.
pub fn next_id() -> u64 {
    SHARED.with(|s| {
        let mut shared = s.borrow_mut();
        shared.last += 1;
        shared.last
    })
}

/// Listening to the worker's answers until dropped.
pub struct Listening(u64);

impl Drop for Listening {
    fn drop(&mut self) {
        let id = self.0;
        SHARED.with(|s| s.borrow_mut().listeners.retain(|(at, _)| *at != id));
    }
}

/// Hands every answer of the worker (and its failures) to `listener` until the [`Listening`]
/// is dropped.
pub fn listen(listener: impl Fn(&Heard) + 'static) -> Listening {
    let id = next_id();
    SHARED.with(|s| s.borrow_mut().listeners.push((id, Rc::new(listener))));
    Listening(id)
}

/// Posts `request` to the worker, started first if need be; a failure to start it is told to
/// every listener.
pub fn post(request: ToWorker) {
    let started = SHARED.with(|s| {
        let mut shared = s.borrow_mut();
        if shared.failed {
            shared.failed = false;
            shared.job = None;
        }
        if shared.job.is_none() {
            let on_answer = |answer: FromWorker| tell(Ok(answer));
            let on_failure = |why: String| {
                SHARED.with(|s| {
                    if let Ok(mut shared) = s.try_borrow_mut() {
                        shared.failed = true;
                    }
                });
                tell(Err(why));
            };
            shared.job = Some(WorkerJob::start(on_answer, on_failure)?);
        }
        if let Some(job) = &shared.job {
            job.post(request, None);
        }
        Ok(())
    });
    if let Err(why) = started {
        tell(Err(why));
    }
}
