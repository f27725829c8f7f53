//! The words of the calculator, each defined in one sentence (`src/data/glossary.toml`).

use serde::Deserialize;

use crate::model::embedded::embedded_list;

/// One term and its definition.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Term {
    /// Short id used to link an occurrence to its definition (`overrun`).
    pub id: String,
    /// The term as shown, plain words first (`Usage vs plan (overrun)`).
    pub term: String,
    /// One sentence.
    pub definition: String,
}

/// Every term, parsed once.
pub fn terms() -> &'static [Term] {
    embedded_list!(Term, terms, "glossary.toml", "glossary.json")
}

/// The term with id `id`.
pub fn term(id: &str) -> Option<&'static Term> {
    terms().iter().find(|t| t.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_term_has_one_sentence() {
        assert!(terms().len() >= 12);
        for term in terms() {
            assert!(term.definition.ends_with('.'), "{}", term.id);
            assert!(!term.definition.contains(".md"), "{}", term.id);
        }
        assert!(term("overrun").is_some());
    }
}
