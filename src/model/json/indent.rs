//! Indents compact JSON text for people to read, without parsing it: every number keeps the
//! exact digits the writer wrote, and the model's writing is compiled only once (for links and
//! exports alike).

/// `compact` (valid JSON as [`ToJson`](crate::model::json::ToJson) writes it: no whitespace
/// outside strings)
/// indented by two spaces per level, one member or element per line, `": "` after each key.
pub fn indent_json(compact: &str) -> String {
    let mut out = String::with_capacity(compact.len() * 2);
    let mut depth = 0usize;
    let mut strings = StringScan::default();
    let mut chars = compact.chars().peekable();
    let newline = |out: &mut String, depth: usize| {
        out.push('\n');
        out.extend(std::iter::repeat_n("  ", depth));
    };
    while let Some(c) = chars.next() {
        if strings.step(c) {
            out.push(c);
            continue;
        }
        match c {
            '{' | '[' => {
                out.push(c);
                // An empty object or array stays on one line: `{}`, `[]`.
                if matches!(chars.peek(), Some('}' | ']')) {
                    if let Some(close) = chars.next() {
                        out.push(close);
                    }
                } else {
                    depth += 1;
                    newline(&mut out, depth);
                }
            }
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                newline(&mut out, depth);
                out.push(c);
            }
            ',' => {
                out.push(c);
                newline(&mut out, depth);
            }
            ':' => out.push_str(": "),
            c if c.is_whitespace() => {}
            c => out.push(c),
        }
    }
    out
}

/// Where a scan of JSON text is: inside a string or not, and just after a backslash in one.
#[derive(Default)]
struct StringScan {
    in_string: bool,
    escaped: bool,
}

impl StringScan {
    /// Steps over `c`: whether it belongs to a string (its quotes included).
    fn step(&mut self, c: char) -> bool {
        if !self.in_string {
            self.in_string = c == '"';
            return self.in_string;
        }
        match (self.escaped, c) {
            (true, _) => self.escaped = false,
            (false, '\\') => self.escaped = true,
            (false, '"') => self.in_string = false,
            _ => {}
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::{indent_json, StringScan};

    #[test]
    fn objects_arrays_and_strings_are_laid_out_and_kept_as_written() {
        let compact =
            r#"{"a":[1,2.5,{}],"b":{"c":"x, {y}: \"z\" \\"},"d":[],"e":3.3796471705771602}"#;
        let expected = "{\n  \"a\": [\n    1,\n    2.5,\n    {}\n  ],\n  \"b\": {\n    \"c\": \"x, {y}: \\\"z\\\" \\\\\"\n  },\n  \"d\": [],\n  \"e\": 3.3796471705771602\n}";
        assert_eq!(indent_json(compact), expected);
    }

    #[test]
    fn removing_the_layout_gives_back_the_compact_text() {
        let compact = r#"{"name":"Lab 1: \"hello\", world","n":[0.1,-2e-7,null,true]}"#;
        let indented = indent_json(compact);
        // Outside strings the indenter adds only spaces and newlines; inside them it adds nothing.
        let mut strings = StringScan::default();
        let back: String = indented
            .chars()
            .filter(|&c| strings.step(c) || !c.is_whitespace())
            .collect();
        assert_eq!(back, compact);
    }
}
