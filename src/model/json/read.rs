//! JSON text to a [`Value`], strictly as RFC 8259 reads it and as serde_json's `from_slice`
//! accepts it: the same nesting bound, numbers sorted into whole and other the same way, no
//! lone surrogate in a string, nothing after the value but white space. Never panics: bad text
//! is an error saying what was wrong and at which byte.

use std::fmt;

use crate::model::decimal;
use crate::model::json::value::{Map, Number, Value};

/// Deepest nesting of arrays and objects read (serde_json's bound: 128 levels refused).
pub const MAX_DEPTH: usize = 127;

/// Why some text is not JSON, and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JsonError {
    /// Byte offset of the problem in the text.
    pub at: usize,
    /// What is wrong, in words.
    pub what: &'static str,
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.what, self.at)
    }
}

/// The JSON value `text` holds (white space around it allowed), or why it holds none.
pub fn parse(text: &[u8]) -> Result<Value, JsonError> {
    let mut reader = Reader { text, at: 0 };
    let value = reader.value(0)?;
    reader.blank();
    if reader.at < text.len() {
        return Err(reader.error("text after the JSON value"));
    }
    Ok(value)
}

/// Where the reading is: `at` is the next byte of `text`.
struct Reader<'a> {
    text: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn error(&self, what: &'static str) -> JsonError {
        JsonError { at: self.at, what }
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn blank(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\n' | b'\r' | b'\t')) {
            self.at += 1;
        }
    }

    /// Consumes `byte` after white space, if it comes next.
    fn eat(&mut self, byte: u8) -> bool {
        self.blank();
        let next = self.peek() == Some(byte);
        self.at += usize::from(next);
        next
    }

    /// A value starting after white space, nested `depth` levels deep.
    fn value(&mut self, depth: usize) -> Result<Value, JsonError> {
        self.blank();
        match self.peek() {
            None => Err(self.error("the text ends where a value should be")),
            Some(b'{') | Some(b'[') if depth >= MAX_DEPTH => {
                Err(self.error("arrays and objects nested too deeply"))
            }
            Some(b'{') => self.object(depth + 1).map(Value::Object),
            Some(b'[') => self.array(depth + 1).map(Value::Array),
            Some(b'"') => self.string().map(Value::String),
            Some(b't') => self.word("true", Value::Bool(true)),
            Some(b'f') => self.word("false", Value::Bool(false)),
            Some(b'n') => self.word("null", Value::Null),
            Some(b'-' | b'0'..=b'9') => self.number().map(Value::Number),
            Some(_) => Err(self.error("not the start of a JSON value")),
        }
    }

    fn word(&mut self, word: &'static str, value: Value) -> Result<Value, JsonError> {
        if self.text[self.at..].starts_with(word.as_bytes()) {
            self.at += word.len();
            Ok(value)
        } else {
            Err(self.error("not the start of a JSON value"))
        }
    }

    fn array(&mut self, depth: usize) -> Result<Vec<Value>, JsonError> {
        self.at += 1;
        let mut items = Vec::new();
        if self.eat(b']') {
            return Ok(items);
        }
        loop {
            items.push(self.value(depth)?);
            if self.eat(b']') {
                return Ok(items);
            }
            if !self.eat(b',') {
                return Err(self.error("expected , or ] in an array"));
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Map, JsonError> {
        self.at += 1;
        let mut members = Map::new();
        if self.eat(b'}') {
            return Ok(members);
        }
        loop {
            self.blank();
            if self.peek() != Some(b'"') {
                return Err(self.error("expected a key (a string) in an object"));
            }
            let key = self.string()?;
            if !self.eat(b':') {
                return Err(self.error("expected : after a key"));
            }
            members.push(key, self.value(depth)?);
            if self.eat(b'}') {
                return Ok(members);
            }
            if !self.eat(b',') {
                return Err(self.error("expected , or } in an object"));
            }
        }
    }

    /// The string whose opening quote is next, its escapes undone.
    fn string(&mut self) -> Result<String, JsonError> {
        self.at += 1;
        let mut bytes = Vec::new();
        loop {
            let Some(byte) = self.peek() else {
                return Err(self.error("the text ends inside a string"));
            };
            match byte {
                b'"' => break,
                b'\\' => {
                    self.at += 1;
                    self.escape(&mut bytes)?;
                    continue;
                }
                0..=0x1f => return Err(self.error("a control character inside a string")),
                _ => bytes.push(byte),
            }
            self.at += 1;
        }
        let start = self.at;
        self.at += 1;
        String::from_utf8(bytes).map_err(|_| JsonError {
            at: start,
            what: "a string that is not UTF-8",
        })
    }

    /// The escape after a backslash (`at` is on the letter), appended to `bytes` as UTF-8.
    fn escape(&mut self, bytes: &mut Vec<u8>) -> Result<(), JsonError> {
        let simple = match self.peek() {
            Some(b'"') => b'"',
            Some(b'\\') => b'\\',
            Some(b'/') => b'/',
            Some(b'b') => 0x08,
            Some(b'f') => 0x0c,
            Some(b'n') => b'\n',
            Some(b'r') => b'\r',
            Some(b't') => b'\t',
            Some(b'u') => {
                let c = self.unicode_escape()?;
                let mut buffer = [0; 4];
                bytes.extend_from_slice(c.encode_utf8(&mut buffer).as_bytes());
                return Ok(());
            }
            _ => return Err(self.error("an unknown escape in a string")),
        };
        bytes.push(simple);
        self.at += 1;
        Ok(())
    }

    /// A `\u` escape (`at` on the `u`): one character, or a surrogate pair written as two.
    fn unicode_escape(&mut self) -> Result<char, JsonError> {
        let first = self.hex4()?;
        let code = match first {
            0xdc00..=0xdfff => return Err(self.error("a lone surrogate in a \\u escape")),
            0xd800..=0xdbff => {
                if !self.text[self.at..].starts_with(b"\\") {
                    return Err(self.error("a lone surrogate in a \\u escape"));
                }
                self.at += 1;
                if self.peek() != Some(b'u') {
                    return Err(self.error("a lone surrogate in a \\u escape"));
                }
                let second = self.hex4()?;
                if !(0xdc00..=0xdfff).contains(&second) {
                    return Err(self.error("a lone surrogate in a \\u escape"));
                }
                0x1_0000 + ((first - 0xd800) << 10) + (second - 0xdc00)
            }
            _ => first,
        };
        char::from_u32(code).ok_or_else(|| self.error("a lone surrogate in a \\u escape"))
    }

    /// The four hex digits after the `u` at `at`.
    fn hex4(&mut self) -> Result<u32, JsonError> {
        self.at += 1;
        let digits = self.text.get(self.at..self.at + 4);
        let code = digits
            .filter(|d| d.iter().all(u8::is_ascii_hexdigit))
            .and_then(|d| std::str::from_utf8(d).ok())
            .and_then(|d| u32::from_str_radix(d, 16).ok());
        match code {
            Some(code) => {
                self.at += 4;
                Ok(code)
            }
            None => Err(self.error("a \\u escape without four hex digits")),
        }
    }

    /// A number: `-`? (`0` | non-zero digits) (`.` digits)? (`e` sign? digits)?.
    fn number(&mut self) -> Result<Number, JsonError> {
        let start = self.at;
        let negative = self.peek() == Some(b'-');
        self.at += usize::from(negative);
        let whole_start = self.at;
        if self.peek() == Some(b'0') {
            self.at += 1;
        } else if !self.digits() {
            return Err(self.error("a number without digits"));
        }
        if self.peek().is_some_and(|b| b.is_ascii_digit()) {
            return Err(self.error("a number with a leading zero"));
        }
        let whole_end = self.at;
        let mut integer = true;
        if self.peek() == Some(b'.') {
            self.at += 1;
            integer = false;
            if !self.digits() {
                return Err(self.error("a number without digits after its point"));
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.at += 1;
            integer = false;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.at += 1;
            }
            if !self.digits() {
                return Err(self.error("a number without digits in its exponent"));
            }
        }
        // Only ASCII was consumed.
        let token = std::str::from_utf8(&self.text[start..self.at]).unwrap_or("");
        let whole = std::str::from_utf8(&self.text[whole_start..whole_end]).unwrap_or("");
        let magnitude = whole.parse::<u64>().ok().filter(|_| integer);
        let number = match (negative, magnitude) {
            (false, Some(n)) => Some(Number::PosInt(n)),
            (true, Some(n)) if n > 0 && n <= 1 << 63 => {
                Some(Number::NegInt(0i64.wrapping_sub_unsigned(n)))
            }
            // `-0`, and whole numbers too large for the above, are other numbers (as in serde_json).
            _ => None,
        };
        match number {
            Some(number) => Ok(number),
            None => match decimal::parse(token) {
                Some(n) if n.is_finite() => Ok(Number::Float(n)),
                _ => Err(JsonError {
                    at: start,
                    what: "a number too large for a 64-bit float",
                }),
            },
        }
    }

    /// Consumes ASCII digits: whether there was at least one.
    fn digits(&mut self) -> bool {
        let start = self.at;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.at += 1;
        }
        self.at > start
    }
}
