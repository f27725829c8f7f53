//! The start in slices: the first screen is drawn in the first task, and each part of the view
//! below it is drawn in a browser task of its own, in page order. On a phone-speed CPU one task
//! that draws the whole view blocks the page for hundreds of milliseconds (Lighthouse's total
//! blocking time counts every task's time over 50 ms); a slice each keeps every task short.
//!
//! A part can hold parts of its own ([`later_inside`]), drawn right after it, before the next
//! place: a long list (the labs) comes a few rows per task.
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
    /// The place of the part drawn in this task (0 before the first), for the parts inside it.
    static DRAWING: Cell<u8> = const { Cell::new(0) };
    /// Parts waiting to be drawn, with their turn.
    static WAITING: RefCell<Vec<(Turn, UseStateSetter<bool>)>> = const { RefCell::new(Vec::new()) };
}

/// When a part is drawn: its place in the page ([`LaterProps::place`]), then its order among the
/// parts inside the part at that place (0 for that part itself).
type Turn = (u8, u8);

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
            let ((place, _), show) = waiting.remove(first);
            DRAWING.with(|drawing| drawing.set(place));
            Some(show)
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
    /// Its order among the parts inside the part at `place`, from 1 (see [`later_inside`]); 0
    /// for a part of the view itself.
    #[prop_or_default]
    pub order: u8,
    /// The part, drawn in its own task during the start, at once afterwards.
    pub children: Html,
}

/// A part of a view below the first screen: during the start it is drawn in a later task
/// (nothing above it moves, since it comes after everything drawn before it).
#[component]
pub fn Later(props: &LaterProps) -> Html {
    let shown = use_state(|| !STARTING.with(Cell::get));
    let setter = shown.setter();
    let (waits, turn) = (!*shown, (props.place, props.order));
    // Queued once, when first rendered.
    use_memo((), move |_| {
        if waits {
            WAITING.with(|waiting| waiting.borrow_mut().push((turn, setter)));
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

/// The order of what follows a list drawn by [`in_slices`] (its Add button), so it comes with
/// nothing drawn above it afterwards; `u8::MAX` stays for the last of the part.
pub const AFTER_ROWS: u8 = u8::MAX - 1;

/// `part`, inside a [`later`] part, drawn in a task of its own right after the part that holds
/// it (and after the parts inside it with a lower `order`, counted from 1; `u8::MAX` for the
/// last), before the next place in the page. Outside a `later` part, it waits as a part at the
/// top of the view.
pub fn later_inside(order: u8, part: Html) -> Html {
    // The holder is being drawn now: its children are built in its render.
    let place = DRAWING.with(Cell::get);
    html! { <Later {place} {order}>{ part }</Later> }
}

/// `rows` in slices of `per_slice` during the start: the first slice at once, each other in a
/// task of its own ([`later_inside`], in order from 1), so a long list comes a few rows per task.
pub fn in_slices(rows: &[Html], per_slice: usize) -> Html {
    rows.chunks(per_slice.max(1))
        .enumerate()
        .map(|(slice, rows)| {
            let rows: Html = rows.iter().cloned().collect();
            match u8::try_from(slice) {
                Ok(0) => rows,
                Ok(order) => later_inside(order, rows),
                Err(_) => later_inside(AFTER_ROWS - 1, rows),
            }
        })
        .collect()
}
