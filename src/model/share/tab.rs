//! The page's views (tabs), named in the URL fragment as `&v=<id>` so a shared link opens on the
//! view it was shared from.

use crate::model::share::url::fragment_param;

/// Name of the fragment parameter that holds the view.
pub const TAB_PARAM: &str = "v";

/// A view of the calculator.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Tab {
    /// Enrollment, labs and the project.
    #[default]
    Course,
    /// Provider, prices, stand-in hardware and usage realism.
    Prices,
    /// Every figure, table and chart of the estimate.
    Results,
    /// Planning beyond the bill: savings, uncertainty, spread, budget, quota, the A/B comparison.
    Plan,
    /// Links, embeds, exports and print.
    Share,
}

impl Tab {
    /// Every view, in the order of the tab list.
    pub const ALL: [Tab; 5] = [
        Tab::Course,
        Tab::Prices,
        Tab::Results,
        Tab::Plan,
        Tab::Share,
    ];

    /// Its id in URLs and element ids.
    pub fn id(self) -> &'static str {
        match self {
            Tab::Course => "course",
            Tab::Prices => "prices",
            Tab::Results => "results",
            Tab::Plan => "plan",
            Tab::Share => "share",
        }
    }

    /// Its name on the tab.
    pub fn label(self) -> &'static str {
        match self {
            Tab::Course => "Course & labs",
            Tab::Prices => "Prices & hardware",
            Tab::Results => "Results",
            Tab::Plan => "Plan",
            Tab::Share => "Share",
        }
    }

    /// The view a fragment names (`#s=...&v=results`); the first view when it names none.
    pub fn of_fragment(fragment: &str) -> Tab {
        fragment_param(fragment, TAB_PARAM)
            .and_then(|id| Tab::ALL.into_iter().find(|t| t.id() == id))
            .unwrap_or_default()
    }

    /// `fragment` with this view set in it (other parameters kept).
    pub fn in_fragment(self, fragment: &str) -> String {
        let mut parts: Vec<String> = fragment
            .trim_start_matches('#')
            .split('&')
            .filter(|p| !p.is_empty() && !p.starts_with("v="))
            .map(str::to_string)
            .collect();
        if self != Tab::default() {
            parts.push(format!("{TAB_PARAM}={}", self.id()));
        }
        parts.join("&")
    }

    /// The view before or after this one, wrapping around (arrow keys on the tab list).
    pub fn step(self, forward: bool) -> Tab {
        let index = Tab::ALL.iter().position(|t| *t == self).unwrap_or(0);
        let count = Tab::ALL.len();
        Tab::ALL[(index + if forward { 1 } else { count - 1 }) % count]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_round_trip_through_the_fragment() {
        assert_eq!(Tab::of_fragment("#s=abc&v=results"), Tab::Results);
        assert_eq!(Tab::of_fragment("#s=abc"), Tab::Course);
        assert_eq!(Tab::of_fragment("v=nonsense"), Tab::Course);
        // As prose or a mail program leaves the last parameter.
        assert_eq!(Tab::of_fragment("#s=abc&v=plan>."), Tab::Plan);
        assert_eq!(Tab::of_fragment("#s=abc&v=pl\r\nan"), Tab::Plan);
        // As a quoted-printable mail writes it: `=` as `=3D`, a soft break `=` + CRLF.
        assert_eq!(Tab::of_fragment("#s=abc&v=3Dpl=\r\nan>."), Tab::Plan);
        assert_eq!(Tab::of_fragment("#s=abc&=\r\nv=3Dresults"), Tab::Results);
        assert_eq!(Tab::of_fragment("#s=abc&v%3Dplan"), Tab::Plan);
        assert_eq!(Tab::Plan.in_fragment("#s=abc&v=results"), "s=abc&v=plan");
        assert_eq!(Tab::Course.in_fragment("s=abc&v=plan"), "s=abc");
        assert_eq!(Tab::Share.step(true), Tab::Course);
        assert_eq!(Tab::Course.step(false), Tab::Share);
    }
}
