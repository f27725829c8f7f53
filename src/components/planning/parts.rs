//! Shapes the Plan view's panels repeat, each built by one function (one copy of the code that
//! builds it in the wasm, however many panels use it).

use yew::prelude::*;

use super::plan_canvas::{Picture, PlanCanvas, PlanCanvasProps};
use crate::state::Dispatch;

/// A click that sends `act` (a [`Dispatch`] method without arguments, e.g. `Dispatch::unpin`):
/// one closure type for every such button, so the wasm holds one copy of its code.
pub(crate) fn click(dispatch: Dispatch, act: fn(&Dispatch)) -> Callback<MouseEvent> {
    Callback::from(move |_: MouseEvent| act(&dispatch))
}

/// `<p class="field-error" role="alert">` saying `text`, with a `data-testid` when given.
pub(crate) fn alert(testid: Option<&'static str>, text: String) -> Html {
    html! { <p class="field-error" role="alert" data-testid={testid}>{ text }</p> }
}

/// One figure of a `<dl class="figures">`: its name, its value's `data-testid` and its value.
pub(crate) fn figure(name: &'static str, value_id: &'static str, value: String) -> Html {
    html! { <div class="figure"><dt>{ name }</dt><dd data-testid={value_id}>{ value }</dd></div> }
}

/// A chart figure: `lead` (a line above the chart, or nothing), the canvas drawing `picture`
/// (`testid`, `height` CSS pixels), and its table twin `table` folded under it.
pub(crate) fn chart_figure(
    lead: Html,
    picture: Picture,
    testid: &'static str,
    height: u32,
    table: Html,
) -> Html {
    html! {
        <figure class="chart">
            { lead }
            <PlanCanvas ..PlanCanvasProps { picture, testid: AttrValue::Static(testid), height } />
            <details class="chart-twin">
                <summary>{ "The numbers as a table" }</summary>
                { table }
            </details>
        </figure>
    }
}
