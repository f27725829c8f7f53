//! How the page is shown, from its query string (`?embed=1&edit=1`).

/// How the page is shown, from its query string.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct View {
    /// `?embed=1`: the compact view for an iframe in a course page.
    pub embed: bool,
    /// `&edit=1`: the embedded view lets readers change the course.
    pub editable: bool,
}

/// Reads `?embed=1&edit=1` (any order; `true` and `yes` also count).
pub fn view_of(query: &str) -> View {
    let on = |key: &str| {
        query.trim_start_matches('?').split('&').any(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, "1"));
            k == key && matches!(v, "1" | "true" | "yes" | "")
        })
    };
    View {
        embed: on("embed"),
        editable: on("edit"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    // The test below also checks the fragment reader, which lives in `url`.
    use crate::model::share::url::payload_of;

    #[test]
    fn view_reads_the_query_string() {
        assert_eq!(view_of(""), View::default());
        assert_eq!(
            view_of("?embed=1"),
            View {
                embed: true,
                editable: false
            }
        );
        assert_eq!(
            view_of("?edit=1&embed=true"),
            View {
                embed: true,
                editable: true
            }
        );
        assert_eq!(view_of("?embed=0"), View::default());
        assert_eq!(payload_of("#s=abc&x=1").as_deref(), Some("abc"));
        assert_eq!(payload_of("x=1&s=abc").as_deref(), Some("abc"));
        assert_eq!(payload_of("#other"), None);
    }
}
