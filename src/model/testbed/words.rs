//! The twin's answers in words, written once for the page, the request paragraph and the
//! exports, so what is copied is what is shown.

use crate::model::format;
use crate::model::plural::plural;
use crate::model::testbed::access_fit::AccessFit;
use crate::model::testbed::chameleon_fit::ChameleonFit;
use crate::model::testbed::data::AccessRules;
use crate::model::testbed::data::Testbeds;
use crate::model::testbed::su::Su;
use crate::model::testbed::twin::{TestbedTwin, TwinAt};

/// Service units, whole: "41,759 SU".
pub fn su(value: f64) -> String {
    format!("{} SU", format::number(value, 0))
}

/// Credits, whole: "614,212 credits".
pub fn credits(value: f64) -> String {
    format!("{} credits", format::number(value, 0))
}

/// A charge per hour: "0.04 SU/h", "16 SU/h".
pub fn su_per_hour(rate: f64) -> String {
    format!("{} SU/h", format::quantity(rate))
}

/// "weeks 9 and 13", "week 9".
fn weeks(list: &[u32]) -> String {
    let names: Vec<String> = list.iter().map(u32::to_string).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let joined = crate::model::engine::priced_by::and_list(&names);
    if list.len() == 1 {
        format!("week {joined}")
    } else {
        format!("weeks {joined}")
    }
}

/// An allocation's service units as the arithmetic uses them, never rounded to another figure:
/// "20,000 SU", "0.5 SU" (four significant digits at least, trailing zeros dropped).
pub fn allocation_su(value: f64) -> String {
    let decimals = format::significant_decimals(value, 4);
    format!("{} SU", format::trimmed(value, decimals))
}

/// How many allocations and recharges: "fits in one allocation of 20,000 SU" or "needs 3
/// allocations' worth: the first 20,000 SU and 2 recharges of 20,000 SU, in weeks 9 and 13".
/// The allocation is written as the count is worked out with it (0.5 SU is "0.5 SU", never the
/// "1 SU" whole units would write, which the count would contradict).
pub fn recharges(fit: &ChameleonFit) -> String {
    let allocation = allocation_su(fit.allocation_su);
    let mut text = if fit.recharges < 1.0 {
        format!("fits in one allocation of {allocation}")
    } else {
        let count = format::number(fit.recharges, 0);
        let plural = if fit.recharges == 1.0 { "" } else { "s" };
        let mut text = format!(
            "needs {} allocations' worth: the first {allocation} and {count} recharge{plural} of {allocation}",
            format::number(fit.allocations, 0)
        );
        if !fit.recharge_weeks.is_empty() {
            let listed = fit.recharge_weeks.len() as f64;
            let more = if listed < fit.recharges {
                " onwards"
            } else {
                ""
            };
            text.push_str(&format!(
                ", needed in {}{more} of the term",
                weeks(&fit.recharge_weeks)
            ));
        }
        text
    };
    if fit.periods > 1.0 {
        text.push_str(&format!(
            "; the work outlasts one six-month project: extend it {} times",
            format::number(fit.periods - 1.0, 0)
        ));
    }
    text
}

/// The tier's name, or the tier beyond the credit tiers.
pub fn tier_name(fit: &AccessFit, rules: &AccessRules) -> &'static str {
    fit.tier
        .and_then(|i| rules.tiers.get(i))
        .map_or(rules.beyond_name, |t| t.name)
}

/// The tier with its limit and what it takes: "Discover ACCESS (up to 1,500,000 credits; a
/// 1-page description)", or the tier beyond the limits.
pub fn tier(fit: &AccessFit, rules: &AccessRules) -> String {
    match fit.tier.and_then(|i| rules.tiers.get(i)) {
        Some(t) => format!("{} (up to {}; {})", t.name, credits(t.credits), t.requires),
        None => format!(
            "{} ({}): more than any credit tier holds{}",
            rules.beyond_name,
            rules.beyond_note,
            if fit.over_lifetime {
                format!(
                    ", and more than the {} one funding award can receive over its lifetime",
                    credits(rules.lifetime_credits)
                )
            } else {
                String::new()
            }
        ),
    }
}

/// Whether the half issued before the progress report lasts until it.
pub fn first_half(fit: &AccessFit) -> String {
    if fit.tier.is_none() {
        return String::new();
    }
    let half = credits(fit.first_half);
    match fit.first_half_until {
        Some(week) => format!(
            "only {half} are issued before a progress report, and the course has used them up in week {week}: file the report by then"
        ),
        None => format!(
            "the {half} issued before a progress report last the whole course"
        ),
    }
}

/// The tier below with a supplement, when that holds the course too.
pub fn supplement(fit: &AccessFit, rules: &AccessRules) -> Option<String> {
    let s = fit.supplemented.as_ref()?;
    let below = rules.tiers.get(s.tier)?;
    Some(format!(
        "{} with a one-time supplement of {} (it allows up to {}) would hold it too",
        below.name,
        credits(s.needed),
        credits(s.allowed)
    ))
}

/// The paper's lesson in allocation terms: what the overrun does to the tier and to the
/// Chameleon allocations.
pub fn lesson(planned: &TwinAt, actual: &TwinAt, rules: &AccessRules) -> String {
    let (from, to) = (
        tier_name(&planned.access, rules),
        tier_name(&actual.access, rules),
    );
    let jetstream = if from == to {
        format!("At planned and at actual hours the course stays in {to} on Jetstream2")
    } else {
        format!("The overrun moves this course from {from} to {to} on Jetstream2")
    };
    let allocations = |fit: &ChameleonFit| {
        let n = fit.allocations;
        format!(
            "{} Chameleon allocation{}",
            format::number(n, 0),
            if n == 1.0 { "" } else { "s" }
        )
    };
    let (before, after) = (&planned.chameleon, &actual.chameleon);
    let chameleon = if before.allocations == after.allocations {
        format!("it needs {} either way", allocations(after))
    } else {
        format!(
            "it goes from {} to {} ({} recharges)",
            format::number(before.allocations, 0),
            allocations(after),
            format::number(after.recharges, 0)
        )
    };
    format!("{jetstream}; {chameleon}.")
}

/// "8,427-16,853 SU under the rules before July 2025": the course's SUs under the older rules;
/// `None` when they charge it nothing (a CPU-only course: those rules did not charge VMs).
pub fn before_rules(total: &Su) -> Option<String> {
    let label = Testbeds::builtin().chameleon.before.label;
    (total.before_high > 0.0).then(|| {
        format!(
            "{}-{} under the {label}",
            format::number(total.before_low, 0),
            su(total.before_high)
        )
    })
}

/// "2 recharges of 20,000 SU"; `None` when one allocation holds the course.
pub fn recharge_count(fit: &ChameleonFit) -> Option<String> {
    (fit.recharges >= 1.0).then(|| {
        format!(
            "{} {} of {}",
            format::number(fit.recharges, 0),
            plural(fit.recharges, "recharge", "recharges"),
            allocation_su(fit.allocation_su)
        )
    })
}

/// The free testbeds in one line, as the page's summary, the print and the Markdown say it:
/// Chameleon SUs at today's rates (and under the rules before July 2025 where they charge the
/// course anything), Jetstream2 credits with their tier.
pub fn testbeds_line(twin: &TestbedTwin) -> String {
    let testbeds = Testbeds::builtin();
    let actual = &twin.actual;
    let total = actual.split.total();
    let before = before_rules(&total).map_or(String::new(), |words| format!(" ({words})"));
    format!(
        "On free testbeds: Chameleon {} at the rates {}{before}; Jetstream2 {}, {}",
        su(total.chameleon),
        testbeds.chameleon.current.in_force,
        credits(actual.access.credits),
        tier_name(&actual.access, &testbeds.access),
    )
}
