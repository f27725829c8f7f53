//! Where the payload sits in a URL: the `s` parameter of the fragment (`#s=<payload>`).

use crate::model::presets::Preset;
use crate::model::scenario::Scenario;
use crate::model::share::encode::encode;
use crate::model::share::mangled::{cleaned, is_room, percent_decoded};

/// Name of the fragment parameter that holds the scenario.
pub const PARAM: &str = "s";

/// The fragment (without `#`) for `scenario`.
pub fn encode_fragment(scenario: &Scenario, base: &Preset) -> String {
    format!("{PARAM}={}", encode(scenario, base))
}

/// Most rounds of percent-decoding tried on a fragment (a link encoded by a mail program, then
/// by a chat, then by a forum).
const DECODING_ROUNDS: usize = 4;

/// The `s` parameter of a URL fragment (`#s=...&x=y` or `s=...`), if there is one, as the
/// calculator wrote it: what mail and chat added on the way is taken out (see
/// [`cleaned`]). A fragment that a mail program or chat percent-encoded (`#s%3D...`), even more
/// than once (`#s%253D...`), is read too. A fragment that starts like an encoded link but still
/// is not one after [`DECODING_ROUNDS`] rounds gives an empty payload, which decodes to a notice
/// saying the link is damaged (never ignored silently).
pub fn payload_of(fragment: &str) -> Option<String> {
    // Room a mail program added goes first: a line break may split `s=` or an escape.
    let mut text: String = fragment
        .trim_start_matches('#')
        .chars()
        .filter(|c| !is_room(*c))
        .collect();
    for _ in 0..=DECODING_ROUNDS {
        // A `<` may open the link in the fragment itself, and a quoted-printable soft break
        // leave a `=` before `s=`.
        let payload = text
            .split('&')
            .find_map(|part| part.trim_start_matches(['<', '=']).strip_prefix("s="));
        if let Some(payload) = payload {
            return Some(cleaned(payload));
        }
        if !text.contains('%') {
            return None;
        }
        text = percent_decoded(&text);
        text.retain(|c| !is_room(c));
    }
    let encoded_link = fragment.trim_start_matches('#').to_ascii_lowercase();
    encoded_link.starts_with("s%").then(String::new)
}

/// The fragment parameter `key` (`v` in `#s=...&v=results`), if present, read as the payload
/// is: without the room a mail program adds, percent escapes decoded, a quoted-printable mail's
/// `=3D` and soft breaks undone, and without the closing `>` or `.` that mail and prose leave
/// after a link's last parameter.
pub fn fragment_param(fragment: &str, key: &str) -> Option<String> {
    let text: String = percent_decoded(fragment.trim_start_matches('#'))
        .chars()
        .filter(|c| !is_room(*c))
        .collect();
    text.split('&')
        .find_map(|part| {
            part.trim_start_matches(['<', '='])
                .strip_prefix(key)?
                .strip_prefix('=')
        })
        .map(cleaned)
}
