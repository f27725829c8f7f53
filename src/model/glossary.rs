//! The words of the calculator, each defined in one sentence (`src/data/glossary.toml`).

/// One term and its definition.
#[derive(Clone, Debug, PartialEq)]
pub struct Term {
    /// Short id used to link an occurrence to its definition (`overrun`).
    pub id: &'static str,
    /// The term as shown, plain words first (`Usage vs plan (overrun)`).
    pub term: &'static str,
    /// One sentence.
    pub definition: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/glossary.rs"));

/// Every term, in file order.
pub fn terms() -> &'static [Term] {
    TERMS
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
