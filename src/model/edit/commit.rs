//! The one commit path: every change to a scenario (a typed number, a structural edit, a part of a
//! decoded link) is applied to a copy, validated once, and committed only if valid.

use std::fmt;

use crate::model::catalog::Catalog;
use crate::model::edit::change::Change;
use crate::model::edit::number::set_number;
use crate::model::scenario::field::FieldPath;
use crate::model::scenario::valid::ValidScenario;
use crate::model::scenario::validate::FieldError;
use crate::model::scenario::Scenario;

/// A change to a scenario.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Set a number.
    Number {
        /// Which field.
        field: FieldPath,
        /// Its new value.
        value: f64,
    },
    /// A structural or choice edit.
    Change(Change),
}

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

/// Applies `edit` to a copy of `current`; the copy if it stays valid, else why not.
pub fn commit(
    current: &Scenario,
    catalog: &Catalog,
    edit: Edit,
) -> Result<ValidScenario, Rejection> {
    commit_with(current, catalog, |scenario| match edit {
        Edit::Number { field, value } => {
            // `+ 0.0` turns -0 into 0: no figure shows "-0".
            if set_number(scenario, field, value + 0.0) {
                Ok(())
            } else {
                Err("this field no longer exists".to_string())
            }
        }
        Edit::Change(change) => change.apply(scenario, catalog),
    })
}
