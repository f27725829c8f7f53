//! How a scalar setting is shown and typed: the part of each line of the settings table
//! ([`super::setting`]) that the panels read to build their fields, so no panel writes a label,
//! test id, step or minimum by hand. Pure data: the components turn it into a number field.

use crate::model::decimal;
use crate::model::scenario::bound::{Bound, Min};

/// Where in the page a setting's field sits: each panel shows the settings of its sections in
/// the table's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Section {
    /// The course panel's first field, above the preset picker (a phone's first screen).
    Enrollment,
    /// The course panel's shape of the course: project and term.
    Course,
    /// The pricing panel's fields shown only when instances are bought spot.
    Spot,
    /// The pricing panel's discounts, overheads and credits.
    Pricing,
    /// The pricing panel's exchange rate, shown for any currency but the US dollar.
    Currency,
    /// The pricing panel's changes to the provider's list prices, per class of resource.
    PriceChange,
    /// The realism panel's overrun factors of the labs.
    LabsOverrun,
    /// The realism panel's overrun factors of the project.
    ProjectOverrun,
    /// The semester panel's peak-load assumptions.
    Schedule,
    /// The spread panel's fields.
    Spread,
    /// The budget planner's fields.
    Budget,
    /// The free-testbed view's allocation fields.
    Testbed,
    /// The term view's start date (a date field of its own, not a number field).
    Term,
}

/// The text that stands for the scenario's currency code in a [`SettingField`]'s label or unit.
pub const CURRENCY: &str = "{currency}";

/// What opens an amount of US dollars in a [`SettingField`]'s hint (`{usd:50}`), shown in the
/// scenario's currency and the reader's locale.
pub const USD_AMOUNT: &str = "{usd:";

/// How one setting is shown: label in the instructor's words, unit, test id, step, slider and
/// hint, and whether it is money.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SettingField {
    /// Which panel section shows it.
    pub section: Section,
    /// The field's visible label ([`CURRENCY`] stands for the currency code).
    pub label: &'static str,
    /// The unit after the field, empty for none ([`CURRENCY`] stands for the currency code).
    pub unit: &'static str,
    /// The input's `data-testid` (a public contract: the README lists them).
    pub testid: &'static str,
    /// How much the arrow keys (and the slider) move it, in its unit.
    pub step: f64,
    /// A slider beside the field over this range, where a range helps.
    pub slider: Option<(f64, f64)>,
    /// A hint under the field (where the default comes from); a panel may give a live one.
    pub hint: &'static str,
    /// Whether it is an amount of money: kept in US dollars, shown and typed in the currency.
    pub money: bool,
}

impl SettingField {
    /// A field in `section` labelled `label` with test id `testid`: step 1, no unit, slider or
    /// hint until the builder methods below add them.
    pub const fn new(section: Section, label: &'static str, testid: &'static str) -> SettingField {
        SettingField {
            section,
            label,
            unit: "",
            testid,
            step: 1.0,
            slider: None,
            hint: "",
            money: false,
        }
    }

    /// With `unit` after the field.
    pub const fn unit(self, unit: &'static str) -> SettingField {
        SettingField { unit, ..self }
    }

    /// With arrow-key step `step`.
    pub const fn step(self, step: f64) -> SettingField {
        SettingField { step, ..self }
    }

    /// With a slider over `from..=to`.
    pub const fn slider(self, from: f64, to: f64) -> SettingField {
        SettingField {
            slider: Some((from, to)),
            ..self
        }
    }

    /// With `hint` under the field.
    pub const fn hint(self, hint: &'static str) -> SettingField {
        SettingField { hint, ..self }
    }

    /// As an amount of money.
    pub const fn money(self) -> SettingField {
        SettingField {
            money: true,
            ..self
        }
    }

    /// `text` (its label or unit) with [`CURRENCY`] replaced by `currency`.
    pub fn in_currency(text: &str, currency: &str) -> String {
        text.replace(CURRENCY, currency)
    }

    /// `text` (a hint) with each [`USD_AMOUNT`] (`{usd:50}`) written by `money` (US dollars in,
    /// text out); a malformed one is left as it is.
    pub fn with_money(text: &str, money: impl Fn(f64) -> String) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(at) = rest.find(USD_AMOUNT) {
            let after = &rest[at + USD_AMOUNT.len()..];
            let Some((figure, tail)) = after.split_once('}') else {
                break;
            };
            let Some(usd) = decimal::parse(figure.trim()) else {
                break;
            };
            out.push_str(&rest[..at]);
            out.push_str(&money(usd));
            rest = tail;
        }
        out.push_str(rest);
        out
    }
}

impl Bound {
    /// The smallest value the arrow keys step down to at `step`: the bound's own lower end, or
    /// for "more than zero" the first step above zero (1 for a whole number).
    pub fn lowest(self, step: f64) -> f64 {
        match self.min {
            Min::Zero => 0.0,
            Min::AtLeast(min) => min,
            Min::AboveZero if self.whole => 1.0,
            Min::AboveZero => step,
        }
    }
}
