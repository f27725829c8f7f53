//! What a refresh changes against the previous snapshot: figures that moved (and by how much),
//! vanished or are new. A watched SKU whose on-demand price vanished from a region, or moved by
//! more than half, stops the refresh unless `--accept` says it was checked: a catalog change that
//! large is more often a parsing trap (a $0 Capacity Block row, a reservation's term total) than a
//! price change. Spot prices move often; their changes are listed, never blocking.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::catalog::Provider;
use super::snapshot::{PriceJson, SnapshotFile};
use super::watch::SkuList;

/// The largest relative on-demand move accepted without `--accept`.
pub const LARGEST_MOVE: f64 = 0.5;

/// Which price of a SKU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The on-demand price.
    OnDemand,
    /// The spot price.
    Spot,
}

/// One difference.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// A price changed from `from` to `to` (US dollars per hour).
    Moved {
        /// Which price.
        kind: Kind,
        /// Before.
        from: f64,
        /// Now.
        to: f64,
    },
    /// A price is gone.
    Vanished {
        /// Which price.
        kind: Kind,
        /// What it was.
        was: f64,
    },
    /// A price appeared.
    New {
        /// Which price.
        kind: Kind,
        /// What it is.
        now: f64,
    },
}

/// A difference of one SKU in one file, and whether it stops the refresh.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// `aws us-east-1 p4d.24xlarge`.
    pub what: String,
    /// The difference.
    pub change: Change,
    /// Whether it needs `--accept`.
    pub blocking: bool,
    /// The figure's date (`None`: undated) and catalog address: the new figure's, or for a
    /// vanished one the old one's.
    pub dated: (Option<String>, String),
}

fn prices(file: Option<&SnapshotFile>) -> BTreeMap<&str, &PriceJson> {
    file.map(|f| f.prices.iter().map(|p| (p.sku.as_str(), p)).collect())
        .unwrap_or_default()
}

fn compare(kind: Kind, before: Option<f64>, now: Option<f64>) -> Option<Change> {
    match (before, now) {
        (Some(from), Some(to)) if from != to => Some(Change::Moved { kind, from, to }),
        (Some(was), None) => Some(Change::Vanished { kind, was }),
        (None, Some(now)) => Some(Change::New { kind, now }),
        _ => None,
    }
}

fn blocks(change: &Change, watched: bool) -> bool {
    match change {
        Change::Moved {
            kind: Kind::OnDemand,
            from,
            to,
        } => (to - from).abs() > LARGEST_MOVE * from,
        Change::Vanished {
            kind: Kind::OnDemand,
            ..
        } => watched,
        _ => false,
    }
}

/// The differences between a region's previous file (if any) and its new one.
pub fn diff(before: Option<&SnapshotFile>, now: &SnapshotFile, skus: &SkuList) -> Vec<Line> {
    let (old, new) = (prices(before), prices(Some(now)));
    let provider = Provider::from_id(&now.provider);
    let mut skus_seen: Vec<&str> = old.keys().chain(new.keys()).copied().collect();
    skus_seen.sort_unstable();
    skus_seen.dedup();
    let mut lines = Vec::new();
    for sku in skus_seen {
        let (a, b) = (old.get(sku), new.get(sku));
        let watched = provider.is_some_and(|p| skus.contains(p, sku));
        let pairs = [
            (
                Kind::OnDemand,
                a.and_then(|p| p.usd()),
                b.and_then(|p| p.usd()),
            ),
            (
                Kind::Spot,
                a.and_then(|p| p.spot_usd_per_hour),
                b.and_then(|p| p.spot_usd_per_hour),
            ),
        ];
        for (kind, x, y) in pairs {
            if let Some(change) = compare(kind, x, y) {
                let shown = if matches!(change, Change::Vanished { .. }) {
                    a
                } else {
                    b
                };
                lines.push(Line {
                    what: format!("{} {} {sku}", now.provider, now.region),
                    blocking: blocks(&change, watched),
                    change,
                    dated: shown.map(|p| dated_source(p, kind)).unwrap_or_default(),
                });
            }
        }
    }
    lines
}

/// A figure's date and address, of its on-demand or spot price.
fn dated_source(p: &PriceJson, kind: Kind) -> (Option<String>, String) {
    match kind {
        Kind::OnDemand => (p.as_of.clone(), p.source.clone()),
        Kind::Spot => (
            p.spot_as_of.clone(),
            p.spot_source.clone().unwrap_or_else(|| p.source.clone()),
        ),
    }
}

/// How many of the new file's on-demand figures equal the previous file's.
pub fn unchanged(before: Option<&SnapshotFile>, now: &SnapshotFile) -> usize {
    let old = prices(before);
    now.prices
        .iter()
        .filter(|p| old.get(p.sku.as_str()).map(|o| o.usd()) == Some(p.usd()))
        .count()
}

fn kind_word(kind: Kind) -> &'static str {
    match kind {
        Kind::OnDemand => "on demand",
        Kind::Spot => "spot",
    }
}

/// The change summary in Markdown, the scheduled refresh's pull-request body: the header, then
/// only the changes (each with its price before and after, date and source), then what was not
/// listed, counted (`counts`: unchanged figures and the like, one line each).
pub fn summary(lines: &[Line], counts: &[String], header: &str) -> String {
    let mut text = format!("{header}\n");
    type Section = (&'static str, fn(&Change) -> bool);
    let sections: [Section; 3] = [
        ("Moved", |c| matches!(c, Change::Moved { .. })),
        ("New", |c| matches!(c, Change::New { .. })),
        ("Vanished", |c| matches!(c, Change::Vanished { .. })),
    ];
    if lines.is_empty() {
        let _ = writeln!(text, "\nNo price moved.");
    }
    for (title, wanted) in sections {
        let chosen: Vec<&Line> = lines.iter().filter(|l| wanted(&l.change)).collect();
        if chosen.is_empty() {
            continue;
        }
        let _ = writeln!(text, "\n## {title} ({})\n", chosen.len());
        for line in chosen {
            let flag = if line.blocking {
                " **(needs --accept)**"
            } else {
                ""
            };
            let (as_of, source) = &line.dated;
            let _ = writeln!(
                text,
                "- {}: {}{flag}; {}, <{source}>",
                line.what,
                describe(&line.change),
                super::words::dated(as_of.as_deref())
            );
        }
    }
    if !counts.is_empty() {
        let _ = writeln!(text);
    }
    for count in counts {
        let _ = writeln!(text, "{count}");
    }
    text
}

/// "on demand $32.7726 -> $21.957642 (-33.0%)".
pub fn describe(change: &Change) -> String {
    match change {
        Change::Moved { kind, from, to } => format!(
            "{} ${from} -> ${to} ({:+.1}%)",
            kind_word(*kind),
            (to - from) / from * 100.0
        ),
        Change::Vanished { kind, was } => format!("{} ${was}, now absent", kind_word(*kind)),
        Change::New { kind, now } => format!("{} ${now}", kind_word(*kind)),
    }
}
