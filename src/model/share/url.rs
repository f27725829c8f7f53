//! Where the payload sits in a URL: the `s` parameter of the fragment (`#s=<payload>`).

use crate::model::catalog::presets::Preset;
use crate::model::scenario::Scenario;
use crate::model::share::encode::encode;

/// Name of the fragment parameter that holds the scenario.
pub const PARAM: &str = "s";

/// The fragment (without `#`) for `scenario`.
pub fn encode_fragment(scenario: &Scenario, base: &Preset) -> String {
    format!("{PARAM}={}", encode(scenario, base))
}

/// Most rounds of percent-decoding tried on a fragment (a link encoded by a mail program, then
/// by a chat, then by a forum).
const DECODING_ROUNDS: usize = 4;

/// The `s` parameter of a URL fragment (`#s=...&x=y` or `s=...`), if there is one. A fragment
/// that a mail program or chat percent-encoded (`#s%3D...`), even more than once
/// (`#s%253D...`), is read too. A fragment that starts like an encoded link but still is not one
/// after [`DECODING_ROUNDS`] rounds gives an empty payload, which decodes to a notice saying the
/// link is damaged (never ignored silently).
pub fn payload_of(fragment: &str) -> Option<String> {
    let mut text = fragment.trim_start_matches('#').to_string();
    for _ in 0..=DECODING_ROUNDS {
        if let Some(payload) = text.split('&').find_map(|part| part.strip_prefix("s=")) {
            return Some(payload.to_string());
        }
        if !text.contains('%') {
            return None;
        }
        text = percent_decoded(&text);
    }
    let encoded_link = fragment.trim_start_matches('#').to_ascii_lowercase();
    encoded_link.starts_with("s%").then(String::new)
}

/// The fragment parameter `key` (`v` in `#s=...&v=results`), if present.
pub fn fragment_param(fragment: &str, key: &str) -> Option<String> {
    fragment
        .trim_start_matches('#')
        .split('&')
        .find_map(|part| part.strip_prefix(key)?.strip_prefix('='))
        .map(str::to_string)
}

/// `text` with every `%XX` escape replaced by its byte; invalid escapes stay as they are.
fn percent_decoded(text: &str) -> String {
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
