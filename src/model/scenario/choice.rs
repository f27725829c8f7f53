//! The settings that are not one number (the provider, its region, the prices' date, the labs,
//! the stand-ins you chose...), declared once in [`choices!`] with their place in the scenario,
//! their name and how they read. With the numbers of the settings table (`setting.rs`), every
//! part of a scenario is declared once: the A/B comparison lists each that differs and the
//! exports name each from these two tables (`tests/settings_lists.rs` checks that every part of
//! a scenario is in one of them, so a new setting without a line fails).

use crate::model::catalog::Catalog;
use crate::model::format;
use crate::model::plural::plural;
use crate::model::scenario::Scenario;

/// Declares [`Choice`]: each line is `Name => "path", "Label", place.in.scenario, words;` where
/// `words` writes its value for people (a `fn(&Scenario, &Catalog) -> String`), the same in every
/// locale (the CSV export writes it as read).
macro_rules! choices {
    ($( $(#[$meta:meta])* $name:ident => $path:literal, $label:literal, $($place:ident).+, $words:expr; )*) => {
        /// A setting of a scenario that is not one number: a choice, a text or a list.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Choice {
            $( $(#[$meta])* $name, )*
        }

        impl Choice {
            /// Every choice, in the order the comparison and the exports list them.
            pub const ALL: &'static [Choice] = &[$(Choice::$name),*];

            /// Its path in the scenario (`pricing.region`), as the scenario's JSON names it.
            pub fn path(self) -> &'static str {
                match self { $(Choice::$name => $path,)* }
            }

            /// Its name for people ("Region").
            pub fn label(self) -> &'static str {
                match self { $(Choice::$name => $label,)* }
            }

            /// Whether it differs between `a` and `b` (by value, not by its words).
            pub fn differs(self, a: &Scenario, b: &Scenario) -> bool {
                match self { $(Choice::$name => a.$($place).+ != b.$($place).+,)* }
            }

            /// Its value in `scenario`, in words.
            pub fn words(self, scenario: &Scenario, catalog: &Catalog) -> String {
                type Words = fn(&Scenario, &Catalog) -> String;
                match self { $(Choice::$name => ($words as Words)(scenario, catalog),)* }
            }
        }
    };
}

choices! {
    /// What the user calls the scenario.
    Title => "title", "Title", title, |s, _| text_or(&s.title, "untitled");
    /// The user's notes.
    Notes => "notes", "Notes", notes, |s, _| text_or(&s.notes, "none");
    /// The provider priced on.
    Provider => "pricing.provider", "Provider", pricing.provider,
        |s, c| c.provider_name(&s.pricing.provider).to_string();
    /// The provider's region (empty for its default region).
    Region => "pricing.region", "Region", pricing.region, |s, c| {
        c.provider(&s.pricing.provider)
            .and_then(|p| p.region(&s.pricing.region))
            .map_or_else(|| text_or(&s.pricing.region, "default region"), |r| r.label())
    };
    /// The prices' snapshot.
    Prices => "pricing.snapshot", "Prices", pricing.snapshot,
        |s, c| c.snapshot_label(&s.pricing.snapshot).to_string();
    /// On demand or spot.
    BuyInstances => "pricing.model", "Buy instances", pricing.model, |s, _| s.pricing.model.label().to_string();
    /// The currency results are shown in.
    Currency => "pricing.currency", "Currency", pricing.currency, |s, _| s.pricing.currency.clone();
    /// The labs, with their options, uses and weeks.
    Labs => "course.labs", "Labs", course.labs, |s, _| {
        let names: Vec<&str> = s.course.labs.iter().map(|l| l.name.as_str()).collect();
        format!("{}: {}", count(names.len(), "lab", "labs"), names.join(", "))
    };
    /// What each project group uses.
    GroupProject => "course.project.uses", "Group project", course.project.uses,
        |s, _| count(s.course.project.uses.len(), "resource use", "resource uses");
    /// Overrun multipliers per resource (a bill's calibration sets them).
    ResourceFactors => "resource_factors", "Overrun factors per resource", resource_factors, |s, _| {
        let each: Vec<String> = s.resource_factors.iter()
            .map(|f| format!("{} {}x", f.resource, format::typed(f.factor)))
            .collect();
        text_or(&each.join(", "), "none")
    };
    /// Offers chosen to stand in for resources.
    StandIns => "stand_in_choices", "Stand-ins you chose", stand_in_choices,
        |s, _| count(s.stand_in_choices.len(), "choice", "choices");
    /// Offers the user entered.
    CustomOffers => "custom_offers", "Your own offers", custom_offers,
        |s, _| count(s.custom_offers.len(), "offer", "offers");
    /// Reserved capacity pools.
    Capacity => "capacity", "Reserved capacity", capacity, |s, _| count(s.capacity.len(), "pool", "pools");
    /// The savings levers applied.
    Levers => "levers", "Savings levers", levers, |s, _| {
        let on: Vec<&str> = s.levers.enabled().into_iter().map(|l| l.label()).collect();
        text_or(&on.join(", "), "none")
    };
    /// The spread simulation's seed.
    Seed => "planning.seed", "Simulation seed", planning.seed, |s, _| s.planning.seed.to_string();
    /// The spread simulation's runs.
    // Plain digits: the CSV export writes these words whatever the reader's locale.
    Runs => "planning.runs", "Simulated course runs", planning.runs, |s, _| s.planning.runs.to_string();
    /// Where the last calibration from a bill comes from.
    BillNote => "bill_note", "Calibrated from a bill", bill_note,
        |s, _| s.bill_note.as_ref().map_or_else(|| "no".to_string(), |n| n.text.clone());
}

/// `text` trimmed, or `empty` when there is none.
fn text_or(text: &str, empty: &str) -> String {
    match text.trim() {
        "" => empty.to_string(),
        text => text.to_string(),
    }
}

/// "none", "1 choice", "3 choices".
fn count(n: usize, one: &str, many: &str) -> String {
    if n == 0 {
        "none".to_string()
    } else {
        format!("{n} {}", plural(n as f64, one, many))
    }
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn counts_read_none_one_and_many() {
        assert_eq!(count(0, "choice", "choices"), "none");
        assert_eq!(count(1, "choice", "choices"), "1 choice");
        assert_eq!(count(2, "choice", "choices"), "2 choices");
    }
}
