//! Links as mail, chat and learning-management systems pass them on. Those tools percent-encode
//! characters of the fragment, wrap a long link over several lines (quoted-printable mail marks
//! each break with a `=` at the line's end and writes the `=` of `s=` as `=3D`), add a space or a
//! line break at either end, or quote the link in prose as `<...>` or before a full stop. A
//! payload is only base64url symbols (`A-Z a-z 0-9 - _`, with `=` padding at most at its end), so
//! whatever else a payload holds was added on the way and is taken out before it is read.

/// Whether `c` is one of the payload's own symbols (base64url).
fn is_symbol(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_'
}

/// Whether `c` is room that a mail program or chat adds: whitespace and line breaks (a browser
/// drops tabs and line breaks from an address itself; `%0A` reaches the page), and the zero-width
/// characters some chats insert to let a long word wrap.
pub(super) fn is_room(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}' | '\u{AD}'
        )
}

/// The payload `raw` (the text after `s=`) as the calculator wrote it:
/// 1. every space, line break and zero-width character taken out, wherever it is, before and
///    after it is percent-decoded once (`%20` or `%0A` around it, part or all of it encoded);
/// 2. what prose put around it dropped from both ends (`<...>`, quotes, a trailing `>` or `.`);
/// 3. quoted-printable undone: a `=` inside a payload is always a soft line break (base64url has
///    none but its padding), and where there is one, the payload starts with the `3D` that
///    quoted-printable wrote for the `=` of `s=`, which is dropped too. A payload shorter than a
///    quoted-printable line may have no soft break: it is read the same way when it starts with
///    `3D`, as no payload the calculator writes does at that length (`3D` starts a deflate stream
///    whose first block is not its last, and a stream of less than 57 bytes has one block).
///
/// A payload that is still not a link after that is refused by the decoder with its notice.
pub(super) fn cleaned(raw: &str) -> String {
    let without_room = |text: &str| -> String { text.chars().filter(|c| !is_room(*c)).collect() };
    let compact = without_room(&percent_decoded(&without_room(raw)));
    let trimmed = compact
        .trim_start_matches(|c: char| !is_symbol(c) && c != '=')
        .trim_end_matches(|c: char| !is_symbol(c));
    let soft_breaks = trimmed.contains('=');
    let joined: String = trimmed.chars().filter(|c| *c != '=').collect();
    // The payload's own length decides, the `3D` quoted-printable wrote before it not counted:
    // a 75-character link mailed whole is `3D` and 75 symbols.
    match joined.strip_prefix("3D") {
        Some(payload) if soft_breaks || payload.len() < ONE_BLOCK_SYMBOLS => payload.to_string(),
        _ => joined,
    }
}

/// Base64url symbols of 57 bytes, the shortest deflate stream the calculator writes with more
/// than one block: a payload shorter than this never starts with `3D` of its own.
const ONE_BLOCK_SYMBOLS: usize = 76;

/// `text` with every `%XX` escape replaced by its byte; invalid escapes stay as they are.
pub(super) fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::cleaned;

    #[test]
    fn what_mail_and_chat_add_is_taken_out() {
        let clean = "q1YqU7Iy0lEqULJSKkgsSC3SLTYy1S0zUtJRylOyqlZKzi8tKk7VKy4pTUnNKykGqjU1qK0FAA";
        for mangled in [
            clean.to_string(),
            format!("%20{clean}%20"),
            format!("%0A{clean}%0D%0A"),
            format!(" {clean}\n"),
            format!("{clean}>"),
            format!("{clean}."),
            format!("{clean}>."),
            format!("<{clean}>"),
            format!("{}\r\n{}", &clean[..30], &clean[30..]),
            format!("{}%E2%80%8B{}", &clean[..30], &clean[30..]),
            // A line break inside an escape.
            format!("%2\n0{clean}%2\r\n0"),
            clean
                .bytes()
                .map(|b| format!("%{b:02X}"))
                .collect::<String>(),
            // Quoted-printable: `s=3D`, then a soft break (`=` and a line break, or the `=`
            // alone once a browser dropped the line break).
            format!("3D{}=\r\n{}", &clean[..40], &clean[40..]),
            format!("3D{}={}", &clean[..40], &clean[40..]),
            format!("=\n3D{clean}"),
            // Soft breaks joined by the reader, the `3D` left: 2 + 74 characters.
            format!("3D{clean}"),
        ] {
            assert_eq!(cleaned(&mangled), clean, "{mangled:?}");
        }
        // A short link needs no soft break: its `3D` is quoted-printable's all the same.
        assert_eq!(
            cleaned("3Dq1YqU7Iy1FEqULJSKkgsSC3SLTYyVaoFAA"),
            "q1YqU7Iy1FEqULJSKkgsSC3SLTYyVaoFAA"
        );
        // 75 characters after the `3D` (a line of 77): still quoted-printable's `3D`.
        let longer = "q1YqU7Iy0lEqULJSKkgsSC3SLTYy1S0zUtJRylOyqlZKzi8tKk7VKy4pTUnNKylWsrK0tKytBQA";
        assert_eq!(cleaned(&format!("3D{longer}")), longer);
        // Padding is the decoder's to drop; something else inside stays and is refused there.
        assert_eq!(cleaned("abc=="), "abc");
        assert_eq!(cleaned("ab>c"), "ab>c");
        assert_eq!(cleaned("%%%"), "");
    }
}
