//! What the page and its Web Worker say to each other. The worker (`src/bin/worker.rs`, built
//! from this crate's pure core) does the heavy work most readers never ask for: reading a bill
//! (the FOCUS reader and the gzip inflater), setting a bill against the plan with the
//! calibration it gives, the spread's Monte Carlo, the band's draws, and writing the Share tab's
//! exports (CSV, JSON, Markdown). The page posts a
//! [`ToWorker`] (with the picked `File` beside it, for a bill) and gets [`FromWorker`]s back,
//! each as bytes ([`crate::model::wire_bytes`]): figures cross bit for bit, so the page shows
//! what the native engine computes.
//!
//! Adding work: a variant here (request and answer), its arm in the worker
//! (`browser::worker_host`), and a call through `browser::worker_client`.

use crate::model::export::ExportKind;
use crate::model::focus::calibrate::BillCalibration;
use crate::model::focus::compare::BilledAgainstPlanned;
use crate::model::focus::BillSummary;
use crate::model::number_style::{Affixes, CurrencyStyle, NumberStyle};
use crate::model::planners::interval::CostInterval;
use crate::model::planners::spread::{SpreadInputs, SpreadResult};
use crate::model::planners::uncertain::TornadoRow;
use crate::model::scenario::Scenario;
use crate::model::wire_bytes::{from_bytes, to_bytes, Take, Wire};
use crate::wire_struct;

/// How far reading a bill has got.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BillProgress {
    /// Bytes read (after unpacking, for a `.gz`).
    pub bytes: u64,
    /// Rows read.
    pub rows: u64,
    /// Bytes of the file read (packed bytes, for a `.gz`).
    pub file_read: u64,
    /// The file's size on disk (bytes); for a `.gz` that is the packed size.
    pub file_bytes: f64,
    /// The file is gzip-compressed.
    pub packed: bool,
}

/// The band's draws asked for: the scenario, the preset it started from (which says what node
/// counts are assumed) and how many draws.
#[derive(Clone, Debug, PartialEq)]
pub struct BandRequest {
    /// The request's number: the answer carries it, and a newer request supersedes it (the
    /// worker drops its draws unfinished).
    pub id: u64,
    /// The scenario the draws vary (validated again by the worker).
    pub scenario: Scenario,
    /// The id of the preset it started from.
    pub origin: String,
    /// That preset's version.
    pub origin_version: u32,
    /// Draws to keep (count).
    pub draws: usize,
}

/// What the worker works out of a band's scenario before its draws (a few dozen pricings): the
/// tornado's rows and the span the choice of stand-ins gives.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranges {
    /// The net cost with every stand-in at the cheapest offer that fits, and at the priciest
    /// (US dollars); or why not, in words.
    pub span: Result<(f64, f64), String>,
    /// The tornado's rows, largest swing first; or why not, in words.
    pub rows: Result<Vec<TornadoRow>, String>,
}

/// A bill to set against the plan, with what the reader chose.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckRequest {
    /// The request's number: the answer carries it, so an answer to older inputs is known.
    pub id: u64,
    /// The scenario the bill is set against.
    pub scenario: Scenario,
    /// The bill's sums.
    pub bill: BillSummary,
    /// Course resources without billed hours whose hours the reader keeps (ids).
    pub kept: Vec<String>,
    /// Billed types that stand in for nothing, counted as a course resource's (type, id).
    pub mapped: Vec<(String, String)>,
}

/// A bill against the plan, and what Apply would set (or why it sets nothing), in words when
/// the bill cannot be set against the plan at all.
pub type Checked = Result<(BilledAgainstPlanned, Result<BillCalibration, String>), String>;

/// An export to write: the scenario (validated and priced again by the worker, with the same
/// catalog and engine as the page) and what the page adds to it.
#[derive(Clone, Debug, PartialEq)]
pub struct ExportRequest {
    /// The request's number: the answer carries it.
    pub id: u64,
    /// The format.
    pub kind: ExportKind,
    /// The scenario to export.
    pub scenario: Scenario,
    /// The share link that reproduces it.
    pub link: String,
    /// The day the export is made (`YYYY-MM-DD`, the reader's clock in UTC).
    pub today: String,
    /// The term view's status paragraph for this scenario, when one was made (the Markdown
    /// summary ends with it).
    pub term: Option<String>,
    /// How the reader's locale writes numbers and money (the Markdown summary's figures are
    /// written as the page writes them).
    pub style: NumberStyle,
}

/// What the page asks of the worker.
#[derive(Clone, Debug, PartialEq)]
pub enum ToWorker {
    /// Read the bill posted beside this message (a `File`), unpacking it first when `packed`
    /// (a `.gz`). The page cancels a read by ending the worker.
    ReadBill {
        /// The file is gzip-compressed.
        packed: bool,
    },
    /// Simulate the spread between students.
    Spread {
        /// The request's number: the answer carries it, so an answer to older inputs is known.
        id: u64,
        /// What to simulate.
        inputs: SpreadInputs,
    },
    /// Draw the band (p10, median, p90 of the total when every usage input varies at once).
    Band(Box<BandRequest>),
    /// Set a bill against the plan and work out the calibration it gives.
    CheckBill(Box<CheckRequest>),
    /// Write an export of the scenario.
    Export(Box<ExportRequest>),
}

/// What the worker answers.
#[derive(Clone, Debug, PartialEq)]
pub enum FromWorker {
    /// The worker has started and takes requests.
    Ready,
    /// A bill is being read: how far it has got.
    Progress(BillProgress),
    /// The bill was read: its sums.
    Bill(Box<BillSummary>),
    /// The file is not a bill, or could not be read: why, in words.
    BillFailed(String),
    /// A spread was simulated.
    Spread {
        /// The request's number.
        id: u64,
        /// What the simulation found.
        result: SpreadResult,
        /// Time spent computing (milliseconds).
        compute_ms: f64,
    },
    /// The tornado and the stand-ins' span of a band's scenario, sent before its draws.
    Ranges {
        /// The band request's number.
        id: u64,
        /// What was worked out.
        ranges: Box<Ranges>,
    },
    /// The band's draws were made (or why not, in words).
    Band {
        /// The request's number.
        id: u64,
        /// The percentiles.
        interval: Result<CostInterval, String>,
    },
    /// A bill was set against the plan.
    BillChecked {
        /// The request's number.
        id: u64,
        /// The check and the calibration.
        checked: Box<Checked>,
    },
    /// An export was written: its text (or why not, in words).
    Exported {
        /// The request's number.
        id: u64,
        /// The file's text.
        text: Result<String, String>,
    },
}

wire_struct!(BandRequest {
    id,
    scenario,
    origin,
    origin_version,
    draws
});
wire_struct!(Ranges { span, rows });
wire_struct!(CheckRequest {
    id,
    scenario,
    bill,
    kept,
    mapped
});
wire_struct!(ExportRequest {
    id,
    kind,
    scenario,
    link,
    today,
    term,
    style
});
wire_struct!(NumberStyle {
    locale,
    decimal,
    group,
    primary_group,
    secondary_group,
    min_grouping,
    minus,
    currencies
});
wire_struct!(CurrencyStyle {
    code,
    positive,
    negative,
    minor_digits
});
wire_struct!(Affixes { prefix, suffix });

// An export's format crosses as its place among the buttons, one byte.
impl Wire for ExportKind {
    fn put(&self, out: &mut Vec<u8>) {
        let at = ExportKind::ALL.iter().position(|k| k == self);
        out.push(at.unwrap_or(ExportKind::ALL.len()) as u8);
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        ExportKind::ALL.get(usize::from(from.bytes(1)?[0])).copied()
    }
}

wire_struct!(BillProgress {
    bytes,
    rows,
    file_read,
    file_bytes,
    packed
});
wire_struct!(SpreadInputs {
    labs_overrun_mean_usd,
    labs_leased_usd,
    project_share_usd,
    sigma,
    students,
    runs,
    seed,
    credit_usd,
});
wire_struct!(SpreadResult {
    runs,
    mean_usd,
    p50_usd,
    p90_usd,
    p99_usd,
    max_usd,
    max_p90_usd,
    max_labs_usd,
    over_credit,
    histogram,
});

/// A message's first byte: which variant it is.
fn tag(out: &mut Vec<u8>, tag: u8) {
    out.push(tag);
}

fn take_tag(from: &mut Take<'_>) -> Option<u8> {
    from.bytes(1).map(|b| b[0])
}

impl Wire for ToWorker {
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            ToWorker::ReadBill { packed } => {
                tag(out, 0);
                packed.put(out);
            }
            ToWorker::Spread { id, inputs } => {
                tag(out, 1);
                id.put(out);
                inputs.put(out);
            }
            ToWorker::Band(request) => {
                tag(out, 2);
                request.put(out);
            }
            ToWorker::CheckBill(request) => {
                tag(out, 3);
                request.put(out);
            }
            ToWorker::Export(request) => {
                tag(out, 4);
                request.put(out);
            }
        }
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        match take_tag(from)? {
            0 => Some(ToWorker::ReadBill {
                packed: Wire::take(from)?,
            }),
            1 => Some(ToWorker::Spread {
                id: Wire::take(from)?,
                inputs: Wire::take(from)?,
            }),
            2 => Wire::take(from).map(ToWorker::Band),
            3 => Wire::take(from).map(ToWorker::CheckBill),
            4 => Wire::take(from).map(ToWorker::Export),
            _ => None,
        }
    }
}

impl Wire for FromWorker {
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            FromWorker::Ready => tag(out, 0),
            FromWorker::Progress(progress) => {
                tag(out, 1);
                progress.put(out);
            }
            FromWorker::Bill(bill) => {
                tag(out, 2);
                bill.put(out);
            }
            FromWorker::BillFailed(why) => {
                tag(out, 3);
                why.put(out);
            }
            FromWorker::Spread {
                id,
                result,
                compute_ms,
            } => {
                tag(out, 4);
                id.put(out);
                result.put(out);
                compute_ms.put(out);
            }
            FromWorker::Band { id, interval } => {
                tag(out, 5);
                id.put(out);
                interval.put(out);
            }
            FromWorker::BillChecked { id, checked } => {
                tag(out, 6);
                id.put(out);
                checked.put(out);
            }
            FromWorker::Ranges { id, ranges } => {
                tag(out, 7);
                id.put(out);
                ranges.put(out);
            }
            FromWorker::Exported { id, text } => {
                tag(out, 8);
                id.put(out);
                text.put(out);
            }
        }
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        match take_tag(from)? {
            0 => Some(FromWorker::Ready),
            1 => Wire::take(from).map(FromWorker::Progress),
            2 => BillSummary::take(from).map(|bill| FromWorker::Bill(Box::new(bill))),
            3 => Wire::take(from).map(FromWorker::BillFailed),
            4 => Some(FromWorker::Spread {
                id: Wire::take(from)?,
                result: Wire::take(from)?,
                compute_ms: Wire::take(from)?,
            }),
            5 => Some(FromWorker::Band {
                id: Wire::take(from)?,
                interval: Wire::take(from)?,
            }),
            6 => Some(FromWorker::BillChecked {
                id: Wire::take(from)?,
                checked: Wire::take(from)?,
            }),
            7 => Some(FromWorker::Ranges {
                id: Wire::take(from)?,
                ranges: Wire::take(from)?,
            }),
            8 => Some(FromWorker::Exported {
                id: Wire::take(from)?,
                text: Wire::take(from)?,
            }),
            _ => None,
        }
    }
}

impl ToWorker {
    /// The message's bytes.
    pub fn encode(&self) -> Vec<u8> {
        to_bytes(self)
    }

    /// The message `bytes` hold, or `None` for bytes that are not one.
    pub fn decode(bytes: &[u8]) -> Option<ToWorker> {
        from_bytes(bytes)
    }
}

impl FromWorker {
    /// The message's bytes.
    pub fn encode(&self) -> Vec<u8> {
        to_bytes(self)
    }

    /// The message `bytes` hold, or `None` for bytes that are not one.
    pub fn decode(bytes: &[u8]) -> Option<FromWorker> {
        from_bytes(bytes)
    }
}
