//! The Share tab's export buttons. The page's lasting Web Worker (`browser::worker_shared`)
//! writes each file (`model::worker_jobs::export`: the scenario validated and priced again with
//! the same catalog and engine, then `ExportKind::render`), so the page's wasm holds none of the
//! exports' code; the page downloads the text when it comes. While it is written the button says
//! it is busy; a failure is said beside the buttons.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::browser::download;
use crate::browser::worker_shared::{listen, next_id, post, Heard, Listening};
use crate::model::export::ExportKind;
use crate::model::format;
use crate::model::worker_protocol::{ExportRequest, FromWorker, ToWorker};
use crate::state::use_scenario;

/// The export asked for and not yet answered: its number and format.
type Asked = Rc<RefCell<Option<(u64, ExportKind)>>>;

/// What the page does with the worker's answer to the export `kind`: the file downloaded, or
/// why there is none, in words.
fn finish(kind: ExportKind, heard: &Heard) -> Option<String> {
    let why = match heard {
        Ok(FromWorker::Exported { text: Ok(text), .. }) => {
            if download::download(kind.file_name(), kind.mime(), text) {
                return None;
            }
            "This browser did not allow the download.".to_string()
        }
        // Why the worker did not write it; or why it could not read the request (another
        // build's worker); or why it could not start or answered what cannot be read.
        Ok(FromWorker::Exported { text: Err(why), .. })
        | Ok(FromWorker::BillFailed(why))
        | Err(why) => why.clone(),
        Ok(_) => "The worker gave another answer.".to_string(),
    };
    Some(format!("The {} export was not made. {why}", kind.label()))
}

/// Props of [`ExportButtons`].
#[derive(Properties, PartialEq)]
pub struct ExportButtonsProps {
    /// The link that reproduces the scenario (written into every export).
    pub link: AttrValue,
}

/// One button per export format (a click asks the worker for the file and downloads it) and
/// Print / PDF, then what an export is doing or why it failed.
#[component]
pub fn ExportButtons(props: &ExportButtonsProps) -> Html {
    let state = use_scenario();
    let busy = use_state(|| None::<ExportKind>);
    let failed = use_state(|| None::<String>);
    let asked: Asked = use_mut_ref(|| None);
    let _listening: Rc<Listening> = {
        let (busy, failed, asked) = (busy.clone(), failed.clone(), asked.clone());
        use_memo((), move |_| {
            listen(move |heard: &Heard| {
                let mine = match heard {
                    Ok(FromWorker::Exported { id, .. }) => {
                        asked.borrow().is_some_and(|(at, _)| at == *id)
                    }
                    Ok(FromWorker::BillFailed(_)) | Err(_) => asked.borrow().is_some(),
                    Ok(_) => false,
                };
                let taken = if mine {
                    asked.borrow_mut().take()
                } else {
                    None
                };
                if let Some((_, kind)) = taken {
                    failed.set(finish(kind, heard));
                    busy.set(None);
                }
            })
        })
    };
    let button = |kind: ExportKind| {
        let onclick = {
            let (busy, failed, asked) = (busy.clone(), failed.clone(), asked.clone());
            let (scenario, link) = (state.scenario.clone(), props.link.to_string());
            // The term view's status paragraph, when one was made for this scenario.
            let term = state.term_status().map(str::to_string);
            Callback::from(move |_: MouseEvent| {
                if asked.borrow().is_some() {
                    return;
                }
                let id = next_id();
                *asked.borrow_mut() = Some((id, kind));
                busy.set(Some(kind));
                failed.set(None);
                let today: String = String::from(js_sys::Date::new_0().to_iso_string())
                    .chars()
                    .take(10)
                    .collect();
                post(ToWorker::Export(Box::new(ExportRequest {
                    id,
                    kind,
                    scenario: (**scenario).clone(),
                    link: link.clone(),
                    today,
                    term: term.clone(),
                    style: (*format::style()).clone(),
                })));
            })
        };
        let waiting = busy.is_some();
        html! {
            <button type="button" class="secondary" data-testid={format!("export-{}", kind.id())}
                aria-busy={(*busy == Some(kind)).then_some("true")}
                aria-disabled={waiting.then_some("true")} {onclick}>
                { kind.label() }
            </button>
        }
    };
    let on_print = Callback::from(|_: MouseEvent| {
        let _ = gloo::utils::window().print();
    });
    html! {
        <>
            <span class="export-group" role="group" aria-label="Export">
                for kind in ExportKind::ALL {
                    { button(kind) }
                }
                <button type="button" class="secondary" data-testid="print" onclick={on_print}>{ "Print / PDF" }</button>
            </span>
            <span role="status" class="export-status" data-testid="export-status">
                if let Some(kind) = *busy {
                    { format!("Writing the {} file…", kind.label()) }
                }
            </span>
            if let Some(why) = &*failed {
                <span role="alert" class="field-error" data-testid="export-error">{ why.clone() }</span>
            }
        </>
    }
}
