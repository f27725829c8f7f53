//! Untrusted text (from a link, a typed field, a file) as a message quotes it: cut to a readable
//! length and isolated from the characters that would reorder or hide the words around it, so a
//! 100,000-character region id is a short quote in one line of a notice, and a right-to-left
//! override inside it reverses nothing after it.

/// Characters of untrusted text a message quotes at most; what is cut is marked with "…".
pub const QUOTED_CHARS: usize = 40;

/// Whether `c` changes how the text around it is ordered or shown: the bidirectional embeddings,
/// overrides and isolates (U+202A-U+202E, U+2066-U+2069), the directional marks (U+200E, U+200F,
/// U+061C) and any other control character (line breaks, escapes).
fn is_hidden(c: char) -> bool {
    matches!(
        c,
        '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}'
    ) || c.is_control()
}

/// `text` without its bidirectional controls and control characters, cut to [`QUOTED_CHARS`]
/// characters ("…" after a cut): the words of an untrusted value as a message shows them.
pub fn clipped(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(QUOTED_CHARS * 4 + 3));
    for (kept, c) in text.chars().filter(|c| !is_hidden(*c)).enumerate() {
        if kept == QUOTED_CHARS {
            out.push('…');
            break;
        }
        out.push(c);
    }
    out
}

/// [`clipped`] `text` in double quotes: `"us-east-1"`.
pub fn quoted(text: &str) -> String {
    format!("\"{}\"", clipped(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_values_are_cut_and_bidi_controls_taken_out() {
        let long = "x".repeat(100_000);
        let shown = clipped(&long);
        assert_eq!(shown.chars().count(), QUOTED_CHARS + 1);
        assert!(shown.ends_with('…'));
        assert_eq!(clipped("eu\u{202E}west\u{2066}-1\u{200F}"), "euwest-1");
        assert_eq!(clipped("a\nb\u{1b}[31m"), "ab[31m");
        assert_eq!(clipped("us-east-1"), "us-east-1");
        // Exactly the limit is not cut.
        assert_eq!(clipped(&"é".repeat(QUOTED_CHARS)), "é".repeat(QUOTED_CHARS));
        assert_eq!(quoted("\u{202E}abc\u{202C}"), "\"abc\"");
    }
}
