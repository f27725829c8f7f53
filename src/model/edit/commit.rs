//! The one commit path: every change to a scenario (a typed number, a structural edit, a part of a
//! decoded link) is applied to a copy, validated once, and committed only if valid.

use crate::model::catalog::Catalog;
use crate::model::edit::change::Change;
use crate::model::edit::number::set_checked;
pub use crate::model::edit::validated::{commit_with, Rejection};
use crate::model::scenario::field::FieldPath;
use crate::model::scenario::valid::ValidScenario;
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

/// Applies `edit` to a copy of `current`; the copy if it stays valid, else why not. The same
/// path as [`crate::model::edit::change::apply_change`] and
/// [`crate::model::edit::number::apply_number`], which commit through [`commit_with`] directly
/// (so neither imports this file, which imports them).
pub fn commit(
    current: &Scenario,
    catalog: &Catalog,
    edit: Edit,
) -> Result<ValidScenario, Rejection> {
    commit_with(current, catalog, |scenario| match edit {
        Edit::Number { field, value } => set_checked(scenario, field, value),
        Edit::Change(change) => change.apply(scenario, catalog),
    })
}
