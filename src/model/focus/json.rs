//! Just enough JSON for FOCUS's JSON columns (SkuPriceDetails, Tags): the top-level pairs of an
//! object whose values are strings, numbers, booleans or null. Nested values are skipped. Never
//! panics; malformed text ends the scan.

/// Calls `visit(key, value)` for each top-level pair of the JSON object in `text` whose value is
/// a scalar (a string's value unescaped, a number as written).
pub(crate) fn for_each_pair(text: &str, mut visit: impl FnMut(&str, &str)) {
    let mut scan = Scan {
        bytes: text.as_bytes(),
        text,
        at: 0,
    };
    scan.blank();
    if !scan.eat(b'{') {
        return;
    }
    loop {
        scan.blank();
        let Some(key) = scan.string() else { return };
        scan.blank();
        if !scan.eat(b':') {
            return;
        }
        scan.blank();
        match scan.peek() {
            Some(b'"') => match scan.string() {
                Some(value) => visit(&key, &value),
                None => return,
            },
            Some(b'{' | b'[') => {
                if !scan.skip_nested() {
                    return;
                }
            }
            Some(_) => {
                let start = scan.at;
                while scan.peek().is_some_and(|b| !matches!(b, b',' | b'}')) {
                    scan.at += 1;
                }
                visit(&key, text.get(start..scan.at).unwrap_or("").trim());
            }
            None => return,
        }
        scan.blank();
        if !scan.eat(b',') {
            return;
        }
    }
}

/// The string value of `key` at the top level of the JSON object `text`.
pub(crate) fn value_of(text: &str, key: &str) -> Option<String> {
    let mut found = None;
    for_each_pair(text, |k, v| {
        if found.is_none() && k == key {
            found = Some(v.to_string());
        }
    });
    found
}

struct Scan<'a> {
    bytes: &'a [u8],
    text: &'a str,
    at: usize,
}

impl Scan<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn eat(&mut self, byte: u8) -> bool {
        let yes = self.peek() == Some(byte);
        self.at += usize::from(yes);
        yes
    }

    fn blank(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    /// A string at the cursor, unescaped (`\uXXXX` read as the character it names).
    fn string(&mut self) -> Option<String> {
        if !self.eat(b'"') {
            return None;
        }
        let mut out = String::new();
        loop {
            let start = self.at;
            while self.peek().is_some_and(|b| b != b'"' && b != b'\\') {
                self.at += 1;
            }
            out.push_str(self.text.get(start..self.at)?);
            match self.peek()? {
                b'"' => {
                    self.at += 1;
                    return Some(out);
                }
                _ => {
                    self.at += 1;
                    let escaped = self.peek()?;
                    self.at += 1;
                    match escaped {
                        b'n' => out.push('\n'),
                        b't' => out.push('\t'),
                        b'r' => out.push('\r'),
                        b'b' | b'f' => {}
                        b'u' => {
                            let hex = self.text.get(self.at..self.at + 4)?;
                            self.at += 4;
                            let code = u32::from_str_radix(hex, 16).ok()?;
                            out.push(char::from_u32(code).unwrap_or('\u{fffd}'));
                        }
                        other => out.push(char::from(other)),
                    }
                }
            }
        }
    }

    /// Skips an object or array at the cursor; false when it never closes.
    fn skip_nested(&mut self) -> bool {
        let mut depth = 0usize;
        while let Some(byte) = self.peek() {
            match byte {
                b'"' => {
                    if self.string().is_none() {
                        return false;
                    }
                    continue;
                }
                b'{' | b'[' => depth += 1,
                b'}' | b']' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        self.at += 1;
                        return true;
                    }
                }
                _ => {}
            }
            self.at += 1;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_flat_pairs_and_skips_nested_values() {
        let text = r#"{"InstanceType":"m6i.large","CoreCount":2,"x":{"a":[1,"}"]},"lab":"Lab \"3\"","n":null}"#;
        let mut pairs = Vec::new();
        for_each_pair(text, |k, v| pairs.push(format!("{k}={v}")));
        assert_eq!(
            pairs,
            [
                "InstanceType=m6i.large",
                "CoreCount=2",
                "lab=Lab \"3\"",
                "n=null"
            ]
        );
        assert_eq!(value_of(text, "InstanceType").as_deref(), Some("m6i.large"));
        assert_eq!(value_of("not json", "InstanceType"), None);
        assert_eq!(value_of(r#"{"InstanceType":"t3."#, "InstanceType"), None);
    }
}
