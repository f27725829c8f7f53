//! How a priced line's cost was made, in words and figures for the breakdown's math column.

use crate::model::catalog::offer::PriceModel;
use crate::model::engine::line::CostLine;
use crate::model::engine::price_age::age_phrase;
use crate::model::format::{money, quantity, rate};

/// How a line's cost was made, e.g.
/// "95.5 students × 3 instance × 4.5 h × 12.97 overrun × $0.0416/h (t3.medium × 1) = $2,310".
/// The price's date (or "undated") closes its parenthesis: "(p4d.24xlarge × 0.5, as of
/// 2026-01-21)".
pub fn line_math(line: &CostLine) -> String {
    let mut math = format!(
        "{} {} × {} {} × {} h × {} overrun",
        quantity(line.takers),
        line.takers_unit,
        quantity(line.count),
        line.count_unit,
        quantity(line.planned_hours),
        quantity(line.overrun),
    );
    if line.rerun != 1.0 {
        math.push_str(&format!(" × {} re-run", quantity(line.rerun)));
    }
    let per = if line.count_unit == "GB" {
        "/GB-h"
    } else {
        "/h"
    };
    let model = match (line.model, line.spot_missing) {
        (PriceModel::Spot, _) => " spot",
        (PriceModel::OnDemand, true) => " on demand, no spot price",
        (PriceModel::OnDemand, false) => "",
    };
    // The user's change to the list price, where there is one: "list price +10%".
    let moved = (line.price_change - 1.0) * 100.0;
    let moved = if moved.abs() < 1e-9 {
        String::new()
    } else {
        let sign = if moved > 0.0 { "+" } else { "" };
        format!(", list price {sign}{}%", quantity(moved))
    };
    math.push_str(&format!(
        " × {}{per} ({} × {}{model}{moved}, {}) = {}",
        rate(line.usd_per_hour).trim_end_matches("/h"),
        line.sku,
        crate::model::format::share(line.fraction),
        age_phrase(&line.offer_id, &line.as_of),
        money(line.cost_usd, "USD", 1.0),
    ));
    math
}
