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

/// The `s` parameter of a URL fragment (`#s=...&x=y` or `s=...`), if there is one.
pub fn payload_of(fragment: &str) -> Option<&str> {
    fragment
        .trim_start_matches('#')
        .split('&')
        .find_map(|part| part.strip_prefix("s="))
}
