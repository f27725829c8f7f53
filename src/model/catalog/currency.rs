//! Exchange rates for showing US-dollar prices in other currencies: the ECB's euro reference rates on
//! each price snapshot's date, with the per-US-dollar cross rates derived from them, loaded from
//! `src/data/exchange-rates.toml` (converted to JSON by `build.rs`).

use serde::{Deserialize, Serialize};

use crate::model::catalog::Source;
use crate::model::embedded::{embedded_json, load_json, parsed_once};

/// The currency every price in the catalog is in.
pub const USD: &str = "USD";

/// One currency's rate on a table's date.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rate {
    /// ISO 4217 code (`EUR`).
    pub currency: String,
    /// Units of this currency per 1 euro: the ECB's reference rate.
    pub per_eur: f64,
    /// Units of this currency per 1 US dollar, derived: `per_eur` / the US dollar's `per_eur`.
    pub per_usd: f64,
}

/// The rates that go with one price snapshot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RateTable {
    /// The price snapshot id (`spring-2025`, `latest`).
    pub snapshot: String,
    /// The day the rates are from (`YYYY-MM-DD`).
    pub date: String,
    /// One rate per currency, US dollar included.
    pub rates: Vec<Rate>,
}

/// Every exchange rate the app ships, with its source.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExchangeRates {
    /// What to know about the rates (shown with a converted figure).
    pub note: String,
    /// Where the rates come from.
    pub source: Source,
    /// One table per price snapshot.
    pub tables: Vec<RateTable>,
}

/// A rate ready to use, with its provenance.
#[derive(Clone, Debug, PartialEq)]
pub struct RateQuote<'a> {
    /// Units of the currency per 1 US dollar.
    pub per_usd: f64,
    /// The day the rate is from (`YYYY-MM-DD`).
    pub date: &'a str,
    /// Where it comes from.
    pub source: &'a Source,
}

const EXCHANGE_RATES_JSON: &str = embedded_json!("exchange-rates.json");

impl ExchangeRates {
    /// The rates shipped with the app, parsed once.
    pub fn builtin() -> Result<&'static ExchangeRates, String> {
        parsed_once!(
            ExchangeRates,
            load_json("exchange-rates.toml", EXCHANGE_RATES_JSON)
        )
        .as_ref()
        .map_err(Clone::clone)
    }

    /// The table for `snapshot`.
    pub fn table(&self, snapshot: &str) -> Option<&RateTable> {
        self.tables.iter().find(|t| t.snapshot == snapshot)
    }

    /// Units of `currency` (ISO code, any case) per US dollar in `snapshot`, with the rate's date
    /// and source; `None` for a currency or snapshot without a rate.
    pub fn rate(&self, currency: &str, snapshot: &str) -> Option<RateQuote<'_>> {
        let table = self.table(snapshot)?;
        let rate = table
            .rates
            .iter()
            .find(|r| r.currency.eq_ignore_ascii_case(currency.trim()))?;
        Some(RateQuote {
            per_usd: rate.per_usd,
            date: &table.date,
            source: &self.source,
        })
    }

    /// The currency codes with a rate in `snapshot`, in file order.
    pub fn currencies(&self, snapshot: &str) -> Vec<&str> {
        self.table(snapshot)
            .map(|t| t.rates.iter().map(|r| r.currency.as_str()).collect())
            .unwrap_or_default()
    }
}
