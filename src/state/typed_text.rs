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

/// The texts typed per field: a few at a time, so a list (no hashing code in the wasm).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TypedTexts(Vec<(FieldPath, TypedText)>);

impl TypedTexts {
    /// What was typed into `field`.
    pub fn get(&self, field: &FieldPath) -> Option<&TypedText> {
        self.0
            .iter()
            .find(|(at, _)| at == field)
            .map(|(_, typed)| typed)
    }

    /// Keeps `typed` for `field`, in place of what was typed there before.
    pub fn insert(&mut self, field: FieldPath, typed: TypedText) {
        match self.0.iter_mut().find(|(at, _)| *at == field) {
            Some(entry) => entry.1 = typed,
            None => self.0.push((field, typed)),
        }
    }

    /// Forgets what was typed into `field`.
    pub fn remove(&mut self, field: &FieldPath) {
        self.0.retain(|(at, _)| at != field);
    }

    /// Forgets everything typed.
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// Whether nothing typed is kept.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The number `field` holds in `scenario`, if it is a number field that exists.
pub(super) fn number_of(scenario: &ValidScenario, field: FieldPath) -> Option<f64> {
    let mut copy: Scenario = (**scenario).clone();
    field.number_slot(&mut copy).map(|value| *value)
}
