//! The start in slices: the first screen is drawn in the first task, and each part of the view
//! below it is drawn in a browser task of its own, in page order. On a phone-speed CPU one task
//! that draws the whole view blocks the page for hundreds of milliseconds (Lighthouse's total
//! blocking time counts every task's time over 50 ms); a slice each keeps every task short.
//!
//! Only the start is sliced: a part mounted after the start's last slice (a view opened later,
//! a fold opened) is drawn at once, so an action's result never arrives in pieces.
//! While parts wait, the app's root (`#app`) is `aria-busy`; tests wait for it to clear.

use std::cell::{Cell, RefCell};

use gloo::timers::callback::Timeout;
use yew::prelude::*;

thread_local! {
    /// Whether the start is still being drawn: parts mounted now wait their turn.
    static STARTING: Cell<bool> = const { Cell::new(false) };
    /// Parts waiting to be drawn, with their place in the page ([`LaterProps::place`]).
    static WAITING: RefCell<Vec<(u8, UseStateSetter<bool>)>> = const { RefCell::new(Vec::new()) };
}

/// Marks the start as begun: parts mounted from now until [`draw_in_slices`] has drawn the last
/// one wait their turn. Called before the first render.
pub fn begin_start() {
    STARTING.with(|starting| starting.set(true));
    set_busy(true);
}

/// Draws the waiting parts, one per task, then ends the start. Called after the first render
/// (its task queued behind the render's).
pub fn draw_in_slices() {
    Timeout::new(0, || {
        let next = WAITING.with(|waiting| {
            let mut waiting = waiting.borrow_mut();
            // The first in the page; the first queued among equals.
            let first = (0..waiting.len()).min_by_key(|&index| waiting[index].0)?;
            Some(waiting.remove(first).1)
        });
        match next {
            // The part renders in this task (Yew's scheduler runs before the task ends); the
            // next one in the next task, queued after it.
            Some(show) => {
                show.set(true);
                draw_in_slices();
            }
            None => {
                STARTING.with(|starting| starting.set(false));
                set_busy(false);
            }
        }
    })
    .forget();
}

/// Marks the app's root busy while parts of the start are still to come.
fn set_busy(busy: bool) {
    if let Some(root) = gloo::utils::document().get_element_by_id("app") {
        let _ = if busy {
            root.set_attribute("aria-busy", "true")
        } else {
            root.remove_attribute("aria-busy")
        };
    }
}

/// Props of [`Later`].
#[derive(Properties, PartialEq)]
pub struct LaterProps {
    /// The part's place in the page: parts are drawn from the lowest place up, since Yew
    /// renders siblings' first renders in no set order. Nothing above a part moves when it
    /// comes, as long as places follow the page.
    pub place: u8,
    /// The part, drawn in its own task during the start, at once afterwards.
    pub children: Html,
}

/// A part of a view below the first screen: during the start it is drawn in a later task
/// (nothing above it moves, since it comes after everything drawn before it).
#[component]
pub fn Later(props: &LaterProps) -> Html {
    let shown = use_state(|| !STARTING.with(Cell::get));
    let setter = shown.setter();
    let (waits, place) = (!*shown, props.place);
    // Queued once, when first rendered.
    use_memo((), move |_| {
        if waits {
            WAITING.with(|waiting| waiting.borrow_mut().push((place, setter)));
        }
    });
    if *shown {
        props.children.clone()
    } else {
        Html::default()
    }
}

/// `part`, at `place` in the page, drawn after the first screen during the start (see
/// [`Later`]).
pub fn later(place: u8, part: Html) -> Html {
    html! { <Later {place}>{ part }</Later> }
}
