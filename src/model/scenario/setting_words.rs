//! A scalar setting in words, from its line of the settings table: its label in the scenario's
//! currency and its value with its unit ("15%", "3.6 students per group", "$50.00"), for every
//! list that names settings (the A/B difference, the exports).

use crate::model::format;
use crate::model::scenario::setting::{Setting, SettingField};
use crate::model::scenario::Scenario;

impl Setting {
    /// Its field's label in `scenario`'s currency ("EUR per US dollar").
    pub fn label_in(self, scenario: &Scenario) -> String {
        SettingField::in_currency(self.field().label, &scenario.pricing.currency)
    }

    /// Its value in `scenario`, in words: money in the scenario's currency (per student to the
    /// cent), a percentage or factor with its sign ("15%", "2.1x"), any other number with its
    /// unit unless the label already names it ("Students": "191").
    pub fn value_words(self, scenario: &Scenario) -> String {
        let value = self.get(scenario);
        if self == Setting::TermStartDay {
            return crate::model::calendar::day_text(value.round() as i64);
        }
        let field = self.field();
        let pricing = &scenario.pricing;
        if field.money {
            return if field.unit.contains("per student") {
                pricing.per_student(value)
            } else {
                pricing.money(value)
            };
        }
        let number = format::quantity(value);
        let unit = SettingField::in_currency(field.unit, &pricing.currency);
        match unit.as_str() {
            "" => number,
            "%" | "x" => format!("{number}{unit}"),
            _ if field
                .label
                .to_ascii_lowercase()
                .contains(&unit.to_ascii_lowercase()) =>
            {
                number
            }
            _ => format!("{number} {unit}"),
        }
    }
}
