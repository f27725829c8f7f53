//! Text made safe inside HTML: the one escaper, for the markup the page writes as text (the
//! `<option>` lists, the glossary), the prerendered first paint and the Markdown export.

/// `text` written into `out` as HTML text or a quoted attribute's value: `&`, `<`, `>` and `"`
/// escaped.
pub fn push_escaped(out: &mut String, text: &str) {
    for c in text.chars() {
        match entity(c) {
            Some(entity) => out.push_str(entity),
            None => out.push(c),
        }
    }
}

/// `text` as HTML text or a quoted attribute's value.
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    push_escaped(&mut out, text);
    out
}

/// The entity that stands for `c` in HTML, if it must be escaped.
pub fn entity(c: char) -> Option<&'static str> {
    match c {
        '&' => Some("&amp;"),
        '<' => Some("&lt;"),
        '>' => Some("&gt;"),
        '"' => Some("&quot;"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::escaped;

    #[test]
    fn markup_characters_become_entities() {
        assert_eq!(
            escaped(r#"<a href="x">Tom & Jerry</a>"#),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&lt;/a&gt;"
        );
        assert_eq!(escaped("plain: 3,5 €"), "plain: 3,5 €");
    }
}
