//! The open bill set against the scenario, and what Apply would set (the calibration from a
//! bill), worked out by the page's lasting Web Worker (`browser::worker_shared`), so the page's
//! wasm holds neither. Asked again when the scenario, the bill or the reader's choices change;
//! until the answer is there, the last one stays, said to be updating (and Apply waits).

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use super::focus_actuals::hours_chart;
use crate::browser::worker_shared::{listen, next_id, post, Heard, Listening};
use crate::charts::data::BarChart;
use crate::model::focus::calibrate::BillCalibration;
use crate::model::focus::compare::BilledAgainstPlanned;
use crate::model::focus::BillSummary;
use crate::model::scenario::valid::ValidScenario;
use crate::model::worker_protocol::{CheckRequest, FromWorker, ToWorker};

/// The bill set against the scenario: its chart, the check against the plan, and what Apply
/// would set.
pub(super) type Read = (
    Rc<BarChart>,
    Rc<BilledAgainstPlanned>,
    Result<Rc<BillCalibration>, String>,
);

/// What a check is of: the scenario, the bill, the resources kept and the types mapped.
#[derive(Clone, PartialEq)]
pub(super) struct CheckKey {
    /// The scenario.
    pub scenario: Rc<ValidScenario>,
    /// The bill's sums.
    pub bill: Rc<BillSummary>,
    /// Resources without billed hours kept at their plan (ids).
    pub kept: Vec<String>,
    /// Billed types counted as a course resource's: (type, resource id).
    pub mapped: Vec<(String, String)>,
}

/// A check the worker answered: what it is of, and what it found (or why there is none).
#[derive(Clone)]
pub(super) struct BillCheck {
    /// What it is of.
    pub key: CheckKey,
    /// The check, or why the bill cannot be set against the plan (in words).
    pub read: Result<Read, String>,
}

/// The check asked for last: its number and what it is of.
type Asked = Rc<RefCell<Option<(u64, CheckKey)>>>;

/// The worker's answer as the page keeps it: the chart drawn here, the rest shared.
fn kept(key: CheckKey, heard: &Heard) -> BillCheck {
    let read = match heard {
        Ok(FromWorker::BillChecked { checked, .. }) => match &**checked {
            Ok((check, calibration)) => Ok((
                Rc::new(hours_chart(check, &key.bill)),
                Rc::new(check.clone()),
                calibration.clone().map(Rc::new),
            )),
            Err(why) => Err(why.clone()),
        },
        Ok(_) => Err(String::new()),
        Err(why) => Err(why.clone()),
    };
    BillCheck { key, read }
}

/// The last check answered for `key`, or for the same bill before a change (then the page says
/// it is updating); `None` before the first answer about this bill. The worker is asked each
/// time `key` changes.
#[hook]
pub(super) fn use_bill_check(key: Option<CheckKey>) -> Option<BillCheck> {
    let answered = use_state(|| None::<BillCheck>);
    let asked: Asked = use_mut_ref(|| None);
    let _listening: Rc<Listening> = {
        let (answered, asked) = (answered.clone(), asked.clone());
        use_memo((), move |_| {
            listen(move |heard: &Heard| {
                let mine = match heard {
                    Ok(FromWorker::BillChecked { id, .. }) => {
                        asked.borrow().as_ref().filter(|(at, _)| at == id).cloned()
                    }
                    Ok(_) => None,
                    // The worker could not be loaded or failed: said for the check asked.
                    Err(_) => asked.borrow_mut().take(),
                };
                if let Some((_, key)) = mine {
                    answered.set(Some(kept(key, heard)));
                }
            })
        })
    };
    let open = key.as_ref().map(|k| k.bill.clone());
    use_effect_with(key, move |key| {
        if let Some(key) = key {
            let id = next_id();
            *asked.borrow_mut() = Some((id, key.clone()));
            post(ToWorker::CheckBill(Box::new(CheckRequest {
                id,
                scenario: (**key.scenario).clone(),
                bill: (*key.bill).clone(),
                kept: key.kept.clone(),
                mapped: key.mapped.clone(),
            })));
        }
    });
    // An answer about another bill is not shown for this one.
    (*answered)
        .clone()
        .filter(|c| open.is_some_and(|b| Rc::ptr_eq(&b, &c.key.bill)))
}
