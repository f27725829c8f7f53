//! Exchange rates for showing US-dollar prices in other currencies: the ECB's euro reference rates on
//! each price snapshot's date, with the per-US-dollar cross rates derived from them, loaded from
//! `src/data/exchange-rates.toml` (baked into a static by `build.rs`).

use serde::Serialize;

use crate::model::catalog::Source;

/// The currency every price in the catalog is in.
pub const USD: &str = "USD";

/// One currency's rate on a table's date.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rate {
    /// ISO 4217 code (`EUR`).
    pub currency: &'static str,
    /// Units of this currency per 1 euro: the ECB's reference rate.
    pub per_eur: f64,
    /// Units of this currency per 1 US dollar, derived: `per_eur` / the US dollar's `per_eur`.
    pub per_usd: f64,
}

/// The rates that go with one price snapshot.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RateTable {
    /// The price snapshot id (`spring-2025`, `latest`).
    pub snapshot: &'static str,
    /// The day the rates are from (`YYYY-MM-DD`).
    pub date: &'static str,
    /// One rate per currency, US dollar included.
    pub rates: &'static [Rate],
}

/// Every exchange rate the app ships, with its source.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExchangeRates {
    /// What to know about the rates (shown with a converted figure).
    pub note: &'static str,
    /// Where the rates come from.
    pub source: Source,
    /// One table per price snapshot.
    pub tables: &'static [RateTable],
}

/// A rate ready to use, with its provenance.
#[derive(Clone, Debug, PartialEq)]
pub struct DatedRate<'a> {
    /// Units of the currency per 1 US dollar.
    pub per_usd: f64,
    /// The day the rate is from (`YYYY-MM-DD`).
    pub date: &'a str,
    /// Where it comes from.
    pub source: &'a Source,
}

include!(concat!(env!("OUT_DIR"), "/exchange-rates.rs"));

impl ExchangeRates {
    /// The rates shipped with the app: baked at build time, so always there (the `Result` is
    /// kept for callers written when they were parsed at startup).
    pub fn builtin() -> Result<&'static ExchangeRates, String> {
        Ok(&EXCHANGE_RATES)
    }

    /// The table for `snapshot`.
    pub fn table(&self, snapshot: &str) -> Option<&RateTable> {
        self.tables.iter().find(|t| t.snapshot == snapshot)
    }

    /// Units of `currency` (ISO code, any case) per US dollar in `snapshot`, with the rate's date
    /// and source; `None` for a currency or snapshot without a rate.
    pub fn rate(&self, currency: &str, snapshot: &str) -> Option<DatedRate<'_>> {
        let table = self.table(snapshot)?;
        let rate = table
            .rates
            .iter()
            .find(|r| r.currency.eq_ignore_ascii_case(currency.trim()))?;
        Some(DatedRate {
            per_usd: rate.per_usd,
            date: table.date,
            source: &self.source,
        })
    }

    /// The currency codes with a rate in `snapshot`, in file order.
    pub fn currencies(&self, snapshot: &str) -> Vec<&str> {
        self.table(snapshot)
            .map(|t| t.rates.iter().map(|r| r.currency).collect())
            .unwrap_or_default()
    }
}
