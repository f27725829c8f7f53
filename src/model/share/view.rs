//! How the page is shown, from its query string: the full calculator or the compact embedded
//! view, and how an embedded view looks in its host page (`theme`, `transparent`).

/// The colour scheme an embedded view asks for with `theme=`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    /// `theme=auto` (or none): follow the reader's system setting.
    #[default]
    Auto,
    /// `theme=light`.
    Light,
    /// `theme=dark`.
    Dark,
}

impl Theme {
    /// The class the root element gets for this theme; none for `Auto`.
    pub fn class(self) -> Option<&'static str> {
        match self {
            Theme::Auto => None,
            Theme::Light => Some("theme-light"),
            Theme::Dark => Some("theme-dark"),
        }
    }
}

/// Class of the root element when `transparent=1`.
pub const TRANSPARENT_CLASS: &str = "transparent";

/// How the page is shown, from its query string.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct View {
    /// `?embed=1`: the compact view for an iframe in a course page.
    pub embed: bool,
    /// `&edit=1`: the embedded view lets readers change the course.
    pub editable: bool,
    /// `&theme=light|dark|auto`: the colour scheme of the embedded view.
    pub theme: Theme,
    /// `&transparent=1`: no page background, so the host page shows through.
    pub transparent: bool,
}

/// The `key=value` pairs of a query string, in order, without the leading `?`. A key without
/// `=` has an empty value.
fn pairs(query: &str) -> impl Iterator<Item = (&str, &str)> {
    query
        .trim_start_matches('?')
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| pair.split_once('=').unwrap_or((pair, "")))
}

/// The last value of `key`, if the query has it.
fn value<'q>(query: &'q str, key: &str) -> Option<&'q str> {
    pairs(query)
        .filter(|(k, _)| *k == key)
        .map(|(_, v)| v)
        .last()
}

/// Whether `key` is switched on (`1`, `true`, `yes` or no value).
fn on(query: &str, key: &str) -> bool {
    pairs(query).any(|(k, v)| k == key && matches!(v, "1" | "true" | "yes" | ""))
}

/// Whether the host asked, with `share_link=1`, for the frame's whole address (its scenario
/// included) in the resize messages posted to any origin; by default they name none.
pub fn reports_link(query: &str) -> bool {
    on(query, "share_link")
}

/// Reads `?embed=1&edit=1&theme=dark&transparent=1` (any order; `true` and `yes` also count;
/// an unknown theme is `auto`).
pub fn view_of(query: &str) -> View {
    let theme = match value(query, "theme").map(|v| v.to_ascii_lowercase()) {
        Some(v) if v == "light" => Theme::Light,
        Some(v) if v == "dark" => Theme::Dark,
        _ => Theme::Auto,
    };
    View {
        embed: on(query, "embed"),
        editable: on(query, "edit"),
        theme,
        transparent: on(query, "transparent"),
    }
}

/// Longest pym.js child id kept (characters).
const MAX_CHILD_ID: usize = 128;

/// Decodes `%XX` escapes and `+`; `None` if the result is not UTF-8.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
                match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(byte) => {
                        out.push(byte);
                        i += 3;
                    }
                    None => {
                        out.push(b'%');
                        i += 1;
                    }
                }
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            byte => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

/// The id pym.js gives an embedded child (`childId=` in the query), for its height messages.
/// Only ids a pym parent can have written are kept: up to 128 letters, digits, `-`, `_`, `.` or
/// `:`; anything else is `None`.
pub fn pym_child_id(query: &str) -> Option<String> {
    let id = percent_decode(value(query, "childId")?)?;
    let fits = !id.is_empty()
        && id.chars().count() <= MAX_CHILD_ID
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':'));
    fits.then_some(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn view_reads_the_query_string() {
        assert_eq!(view_of(""), View::default());
        assert_eq!(
            view_of("?embed=1"),
            View {
                embed: true,
                ..View::default()
            }
        );
        assert_eq!(
            view_of("?edit=1&embed=true"),
            View {
                embed: true,
                editable: true,
                ..View::default()
            }
        );
        assert_eq!(view_of("?embed=0"), View::default());
        assert_eq!(view_of("?embed"), view_of("?embed=1"));
    }

    #[test]
    fn theme_and_transparency() {
        assert_eq!(view_of("?embed=1&theme=dark").theme, Theme::Dark);
        assert_eq!(view_of("?theme=LIGHT&embed=1").theme, Theme::Light);
        assert_eq!(view_of("?theme=auto").theme, Theme::Auto);
        assert_eq!(view_of("?theme=purple").theme, Theme::Auto);
        assert_eq!(view_of("?theme=").theme, Theme::Auto);
        // The last one wins.
        assert_eq!(view_of("?theme=light&theme=dark").theme, Theme::Dark);
        assert!(view_of("?embed=1&transparent=1").transparent);
        assert!(view_of("?transparent=yes").transparent);
        assert!(!view_of("?transparent=0").transparent);
        assert!(!view_of("?embed=1").transparent);
        assert_eq!(Theme::Dark.class(), Some("theme-dark"));
        assert_eq!(Theme::Light.class(), Some("theme-light"));
        assert_eq!(Theme::Auto.class(), None);
    }

    #[test]
    fn pym_child_id_is_read_and_checked() {
        assert_eq!(
            pym_child_id("?embed=1&initialWidth=600&childId=cost-frame&parentTitle=x"),
            Some("cost-frame".to_string())
        );
        assert_eq!(pym_child_id("?childId=a%3Ab"), Some("a:b".to_string()));
        assert_eq!(pym_child_id("?embed=1"), None);
        assert_eq!(pym_child_id("?childId="), None);
        assert_eq!(pym_child_id("?childId=%3Cscript%3E"), None);
        assert_eq!(pym_child_id("?childId=%zz"), None);
        assert_eq!(pym_child_id("?childId=%E2%82"), None);
        assert_eq!(pym_child_id(&format!("?childId={}", "a".repeat(129))), None);
        assert_eq!(pym_child_id("?childId=%"), None);
    }
}
