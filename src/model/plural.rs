//! Counted words: "1 lab", "2 labs", "1.5 weeks".

/// `one` when `count` is exactly one, else `many`: "1 group", "0 groups", "1.5 weeks".
pub fn plural<'a>(count: f64, one: &'a str, many: &'a str) -> &'a str {
    if count == 1.0 {
        one
    } else {
        many
    }
}

#[cfg(test)]
mod tests {
    use super::plural;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(plural(1.0, "row", "rows"), "row");
        for many in [0.0, 0.5, 1.5, 2.0, 191.0] {
            assert_eq!(plural(many, "row", "rows"), "rows", "{many}");
        }
    }
}
