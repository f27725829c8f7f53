//! The start in slices: what is below a phone's first screen mounts after it, one part per task.
//!
//! The app's first render (in the task after the one that decoded the link and the draft) draws
//! the page's frame while the prerendered first paint stays; each [`Later`] part then mounts in a
//! task of its own, in page order (the summary and the tabs first, replacing the first paint),
//! each after the browser has drawn a frame, so neither its render nor its layout joins another's
//! into one long task. Only the
//! part's own state changes: nothing above it renders again. Once every part waiting at the start
//! is mounted, the page's root element gets `data-ready` (what the browser tests wait for) and a
//! part mounted later (another view) renders at once, as does everything still waiting when the
//! page is printed ([`mount_all_now`]).

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::{Rc, Weak};

use gloo::timers::callback::Timeout;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Mounts a part of the page.
type Mount = dyn Fn();

/// The parts waiting to mount, and whether the start is over.
#[derive(Default)]
struct Start {
    /// Parts waiting, in page order (weak: a part gone before its turn is skipped).
    waiting: VecDeque<Weak<Mount>>,
    /// True while a next step is scheduled.
    stepping: bool,
    /// True once every part that waited is mounted: parts mount at once from then on.
    over: bool,
}

thread_local! {
    static START: RefCell<Start> = RefCell::default();
}

/// The attribute the page's root element gets once the start is over.
pub const READY: &str = "data-ready";

/// True once the start is over.
fn start_over() -> bool {
    START.with(|start| start.borrow().over)
}

/// Runs `then` in a new task after the browser's next frame (or after 100 ms, when no frame
/// comes: a hidden tab draws none).
fn after_next_frame(then: impl FnOnce() + 'static) {
    let then = Rc::new(RefCell::new(Some(then)));
    let run = {
        let then = then.clone();
        move || {
            if let Some(then) = then.borrow_mut().take() {
                then();
            }
        }
    };
    let fallback = run.clone();
    Timeout::new(100, fallback).forget();
    let on_frame = Closure::once_into_js(move || Timeout::new(0, run).forget());
    // Without frames at all, the fallback runs it.
    let _ = gloo::utils::window().request_animation_frame(on_frame.unchecked_ref());
}

/// Schedules the next part's mount, unless one is scheduled already.
fn schedule_step() {
    let schedule = START.with(|start| {
        let mut start = start.borrow_mut();
        !std::mem::replace(&mut start.stepping, true)
    });
    if schedule {
        after_next_frame(step);
    }
}

/// Mounts the next part still on the page; or, when none is left, ends the start.
fn step() {
    let next = START.with(|start| {
        let mut start = start.borrow_mut();
        start.stepping = false;
        std::iter::from_fn(|| start.waiting.pop_front()).find_map(|part| part.upgrade())
    });
    match next {
        Some(mount) => {
            mount();
            schedule_step();
        }
        None => end_start(),
    }
}

/// Marks the start as over: later parts mount at once, and the page says it is ready.
fn end_start() {
    START.with(|start| start.borrow_mut().over = true);
    if let Some(root) = gloo::utils::document().document_element() {
        // Only the tests read it; a page that cannot set it still works.
        let _ = root.set_attribute(READY, "");
    }
}

/// Ends the start once what the first render registered has mounted (none: at once). Called
/// after the app's first render.
pub fn begin() {
    schedule_step();
}

/// Mounts every part still waiting, now (the page is about to be printed).
pub fn mount_all_now() {
    let waiting: Vec<_> = START.with(|start| start.borrow_mut().waiting.drain(..).collect());
    for mount in waiting.iter().filter_map(Weak::upgrade) {
        mount();
    }
    end_start();
}

/// Props of [`Later`].
#[derive(Properties)]
pub struct LaterProps {
    /// Runs right before the part mounts, in the same task.
    #[prop_or_default]
    pub on_mount: Option<fn()>,
    /// The part.
    pub children: Html,
}

/// Equal when the part is: `on_mount` runs once, at the first render or the turn after it.
impl PartialEq for LaterProps {
    fn eq(&self, other: &Self) -> bool {
        self.children == other.children
    }
}

/// A part of the page that, while the page starts, mounts in a later task (see the module).
#[component]
pub fn Later(props: &LaterProps) -> Html {
    let mounted = use_state(start_over);
    // Kept while this part is on the page; the queue holds it weakly.
    let _turn = use_memo((), {
        let (mounted, on_mount) = (mounted.clone(), props.on_mount);
        move |_| {
            let run_on_mount = move || {
                if let Some(run) = on_mount {
                    run();
                }
            };
            if *mounted {
                run_on_mount();
                return None;
            }
            let mount: Rc<Mount> = Rc::new(move || {
                run_on_mount();
                mounted.set(true);
            });
            START.with(|start| start.borrow_mut().waiting.push_back(Rc::downgrade(&mount)));
            Some(mount)
        }
    });
    if *mounted {
        props.children.clone()
    } else {
        Html::default()
    }
}
