//! The core of the one commit path: an edit is applied to a copy of the scenario, validated once,
//! and kept only if valid ([`commit_with`]); [`crate::model::edit::commit`] builds on it.

use std::fmt;

use crate::model::catalog::Catalog;
use crate::model::scenario::field::FieldPath;
use crate::model::scenario::valid::ValidScenario;
use crate::model::scenario::validate::FieldError;
use crate::model::scenario::Scenario;

/// Why an edit was not committed.
#[derive(Clone, Debug, PartialEq)]
pub enum Rejection {
    /// The edit cannot be applied at all (e.g. it names a lab that no longer exists).
    Refused(String),
    /// It applied, but the scenario would be invalid.
    Invalid(Vec<FieldError>),
}

impl Rejection {
    /// What to show at `field`: its own problems, or every problem when none is its own.
    pub fn message_for(&self, field: FieldPath) -> String {
        match self {
            Rejection::Refused(why) => why.clone(),
            Rejection::Invalid(errors) => {
                let own: Vec<String> = errors
                    .iter()
                    .filter(|e| e.field == field)
                    .map(|e| e.problem.to_string())
                    .collect();
                if own.is_empty() {
                    self.to_string()
                } else {
                    own.join("; ")
                }
            }
        }
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rejection::Refused(why) => f.write_str(why),
            Rejection::Invalid(errors) => {
                let all: Vec<String> = errors.iter().map(ToString::to_string).collect();
                f.write_str(&all.join("; "))
            }
        }
    }
}

/// Applies `edit` to a copy of `current` and validates it once.
pub fn commit_with(
    current: &Scenario,
    catalog: &Catalog,
    edit: impl FnOnce(&mut Scenario) -> Result<(), String>,
) -> Result<ValidScenario, Rejection> {
    let mut next = current.clone();
    edit(&mut next).map_err(Rejection::Refused)?;
    ValidScenario::new(next, catalog).map_err(Rejection::Invalid)
}
