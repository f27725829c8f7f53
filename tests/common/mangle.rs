//! What mail programs, chats and prose do to a shared link (issue 38), as functions: the golden
//! corpus `tests/links/mangled.json` was written with them (`write_mangled_corpus` in
//! `tests/mangled_links.rs`) and the million-link fuzzer (`tests/link_fuzz.rs`) mangles its
//! links with them.

use super::Rng;

/// Where the calculator is served in the corpus's links.
pub const BASE: &str = "https://example.edu/course-cost/";

/// The link to `payload`, as the calculator's "Copy link" writes it.
pub fn link(payload: &str) -> String {
    format!("{BASE}#s={payload}")
}

/// The fragment of a link's text, without its `#`: what the page reads (`location.hash`).
pub fn fragment_of(text: &str) -> &str {
    text.split_once('#').map_or("", |(_, fragment)| fragment)
}

/// `text` with every character percent-encoded.
pub fn percent_all(text: &str) -> String {
    text.bytes().map(|b| format!("%{b:02X}")).collect()
}

/// `text` with every `every`-th character percent-encoded (a chat that encodes some symbols).
pub fn percent_some(text: &str, every: usize) -> String {
    text.chars()
        .enumerate()
        .map(|(i, c)| {
            if i % every == every - 1 {
                percent_all(&c.to_string())
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// `text` as `encodeURIComponent` writes it: `=`, `&` and `%` encoded, the payload's symbols kept.
pub fn uri_component(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            'A'..='Z' | 'a'..='z' | '0'..='9' | '-' | '_' | '.' | '~' => c.to_string(),
            _ => percent_all(&c.to_string()),
        })
        .collect()
}

/// `link` with its fragment percent-encoded `times` times (`#s%3D...`, `#s%253D...`).
pub fn fragment_encoded(link: &str, times: usize) -> String {
    let (head, fragment) = link.split_once('#').unwrap_or((link, ""));
    let mut fragment = fragment.to_string();
    for _ in 0..times {
        fragment = uri_component(&fragment);
    }
    format!("{head}#{fragment}")
}

/// `text` with `line_break` inserted after every `width` characters, as a mail program wraps a
/// long line that has no space to break at.
pub fn wrapped(text: &str, width: usize, line_break: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    chars
        .chunks(width)
        .map(|line| line.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join(line_break)
}

/// `text` as a quoted-printable mail body carries it (RFC 2045 s.6.7): `=` written `=3D`, and
/// lines of at most 76 characters, each but the last ending in a soft line break `=` CRLF, never
/// inside an `=XX`.
pub fn quoted_printable(text: &str) -> String {
    let mut tokens: Vec<String> = Vec::new();
    for c in text.chars() {
        tokens.push(if c == '=' {
            "=3D".into()
        } else {
            c.to_string()
        });
    }
    let (mut out, mut line) = (String::new(), 0);
    for token in tokens {
        if line + token.len() > 75 {
            out.push_str("=\r\n");
            line = 0;
        }
        line += token.len();
        out.push_str(&token);
    }
    out
}

/// `link` with a zero-width space after every `every` characters of its fragment (a chat
/// letting a long word wrap).
pub fn zero_width(link: &str, every: usize) -> String {
    match link.split_once('#') {
        Some((head, fragment)) => format!("{head}#{}", wrapped(fragment, every, "\u{200B}")),
        None => link.to_string(),
    }
}

/// `link` with `before` and `after` around its payload (`%20`, `%0A`, a space or a line break
/// that came with a copied link).
pub fn around_payload(link: &str, before: &str, after: &str) -> String {
    match link.split_once("#s=") {
        Some((head, payload)) => format!("{head}#s={before}{payload}{after}"),
        None => link.to_string(),
    }
}

/// `link` with a random mangling of each kind a link meets on its way, in the order it meets
/// them: a chat or forum encoding it, room around it, a mail program wrapping it, prose around
/// it. Quoted-printable is not applied over a link holding a `%XX` (its soft breaks could split
/// one, which no reader undoes): a mail program wraps the link the user pasted, and a link that
/// came through a chat encoded is pasted as the chat shows it.
pub fn randomly_mangled(clean_link: &str, rng: &mut Rng) -> String {
    let (head, payload) = clean_link.split_once("#s=").unwrap_or((clean_link, ""));
    let payload = match rng.below(4) {
        0 => percent_all(payload),
        1 => percent_some(payload, 2 + rng.below(9)),
        _ => payload.to_string(),
    };
    let (before, after) = match rng.below(5) {
        0 => ("%20", "%20"),
        1 => ("%0A", "%0D%0A"),
        2 => (" ", "\n"),
        3 => ("\r\n", " "),
        _ => ("", ""),
    };
    let mut text = format!("{head}#s={before}{payload}{after}");
    let times = match rng.below(6) {
        0 => 1,
        1 => 2,
        _ => 0,
    };
    text = fragment_encoded(&text, times);
    let encoded = text.contains('%');
    text = match rng.below(6) {
        0 => wrapped(&text, 76, "\n"),
        1 => wrapped(&text, 76, "\r\n"),
        2 if !encoded => quoted_printable(&text),
        3 => zero_width(&text, 10 + rng.below(30)),
        _ => text,
    };
    match rng.below(5) {
        0 => format!("<{text}>"),
        1 => format!("{text}."),
        2 => format!("<{text}>."),
        3 => format!("({text})"),
        _ => text,
    }
}
