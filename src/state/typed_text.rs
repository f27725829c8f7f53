//! The text typed into a number field, kept as typed until it is applied or abandoned.

use crate::model::scenario::field::FieldPath;
use crate::model::scenario::valid::ValidScenario;
use crate::model::Scenario;

/// Text the user typed into a number field, kept exactly as typed.
#[derive(Clone, Debug, PartialEq)]
pub struct TypedText {
    /// The raw text.
    pub text: String,
    /// Why it was not applied; `None` when it was.
    pub error: Option<String>,
    /// How the text was read, when that is not plain to see (`3,5` read as 3.5).
    pub read_as: Option<String>,
    /// While the text is not valid: the value the results use, the field's value from before
    /// this edit began, as typed in the field (money in the scenario's currency).
    pub results_use: Option<f64>,
}

/// The number `field` holds in `scenario`, if it is a number field that exists.
pub(super) fn number_of(scenario: &ValidScenario, field: FieldPath) -> Option<f64> {
    let mut copy: Scenario = (**scenario).clone();
    field.number_slot(&mut copy).map(|value| *value)
}
