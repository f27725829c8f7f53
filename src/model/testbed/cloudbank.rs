//! CloudBank: a course funded through CloudBank pays a commercial provider's dollars from a fund
//! with a fixed budget, so the question is whether the fund covers the estimate, and by how much.

use serde::Serialize;

/// A fund against an estimate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct FundCheck {
    /// The fund (US dollars).
    pub fund_usd: f64,
    /// What the course pays on the scenario's provider (US dollars).
    pub estimate_usd: f64,
    /// Fund minus estimate (US dollars; negative when short).
    pub margin_usd: f64,
    /// The margin as a share of the estimate (percent; 0 for a zero estimate).
    pub margin_pct: f64,
    /// Whether the fund covers the estimate.
    pub covers: bool,
}

/// Whether `fund_usd` covers `estimate_usd`.
pub fn fund_check(fund_usd: f64, estimate_usd: f64) -> FundCheck {
    let margin_usd = fund_usd - estimate_usd;
    FundCheck {
        fund_usd,
        estimate_usd,
        margin_usd,
        margin_pct: if estimate_usd > 0.0 {
            margin_usd / estimate_usd * 100.0
        } else {
            0.0
        },
        covers: margin_usd >= 0.0,
    }
}
