//! Colours: the Okabe-Ito palette, safe for the common forms of colour blindness, and the page's
//! theme (text, grid and background) as charts read it.

use crate::model::catalog::resource::Category;

/// A colour as red, green, blue bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

/// Okabe & Ito (2008), "Color Universal Design": blue, orange, bluish green, reddish purple,
/// sky blue, vermillion, yellow.
pub const OKABE_ITO: [Rgb; 7] = [
    Rgb(0x00, 0x72, 0xB2),
    Rgb(0xE6, 0x9F, 0x00),
    Rgb(0x00, 0x9E, 0x73),
    Rgb(0xCC, 0x79, 0xA7),
    Rgb(0x56, 0xB4, 0xE9),
    Rgb(0xD5, 0x5E, 0x00),
    Rgb(0xF0, 0xE4, 0x42),
];

/// The colour of a cost category, the same in every chart.
pub fn category_color(category: Category) -> Rgb {
    OKABE_ITO[category.index()]
}

/// The n-th colour of a series that is not a category.
pub fn series_color(index: usize) -> Rgb {
    OKABE_ITO[index % OKABE_ITO.len()]
}

/// A CSS colour written `#rrggbb` or `#rgb` (what style.css's custom properties hold), if it is one.
pub fn parse_hex(css: &str) -> Option<Rgb> {
    let hex = css.trim().strip_prefix('#')?;
    // Hex digits only (no sign `from_str_radix` would take, no character sliced in two).
    if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let byte = |text: &str| u8::from_str_radix(text, 16).ok();
    match hex.len() {
        6 => Some(Rgb(byte(&hex[0..2])?, byte(&hex[2..4])?, byte(&hex[4..6])?)),
        3 => {
            let digit = |i: usize| byte(&hex[i..=i]).map(|d| d * 17);
            Some(Rgb(digit(0)?, digit(1)?, digit(2)?))
        }
        _ => None,
    }
}

/// A CSS colour as the browser computes a registered `<color>` custom property (style.css's
/// `@property --ink`, resolved from its `light-dark()`): `rgb(r, g, b)`; or written `#hex`.
pub fn parse_color(css: &str) -> Option<Rgb> {
    let Some(channels) = css.trim().strip_prefix("rgb(") else {
        return parse_hex(css);
    };
    let mut parts = channels
        .strip_suffix(')')?
        .split(',')
        .map(|p| p.trim().parse().ok());
    let rgb = Rgb(parts.next()??, parts.next()??, parts.next()??);
    parts.next().is_none().then_some(rgb)
}

/// The page's own colours for a chart's text, grid lines and background, read from its theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Text and axes (`--ink`).
    pub text: Rgb,
    /// Grid lines (`--line`).
    pub grid: Rgb,
    /// Background (`--panel`).
    pub paper: Rgb,
}

impl Theme {
    /// The theme of the page's custom properties `--ink`, `--line` and `--panel`, as
    /// `property(name)` reads them; `None` when one is missing or not an `rgb()` or `#hex` colour.
    pub fn from_properties(property: impl Fn(&str) -> String) -> Option<Theme> {
        Some(Theme {
            text: parse_color(&property("--ink"))?,
            grid: parse_color(&property("--line"))?,
            paper: parse_color(&property("--panel"))?,
        })
    }

    /// True when the background is dark (relative luminance under one half).
    pub fn is_dark(self) -> bool {
        let Rgb(r, g, b) = self.paper;
        0.2126 * f64::from(r) + 0.7152 * f64::from(g) + 0.0722 * f64::from(b) < 127.5
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn css_colours_parse() {
        let dark = Rgb(0x16, 0x18, 0x1d);
        let white = Some(Rgb(255, 255, 255));
        // (text, as `#hex`, as a computed colour): the computed form also takes `#hex`.
        let cases = [
            ("#16181d", Some(dark), Some(dark)),
            (" #fff ", white, white),
            ("rgb(22, 24, 29)", None, Some(dark)),
            ("rgb(1, 2, 3)", None, Some(Rgb(1, 2, 3))),
            ("#12345", None, None),
            ("#+1+1+1", None, None),
            ("#\u{e9}a", None, None),
            ("rgb(1, 2)", None, None),
            ("rgb(1, 2, 3, 4)", None, None),
            ("rgb(1, 2, 300)", None, None),
            ("light-dark(#fff, #000)", None, None),
        ];
        for (text, hex, computed) in cases {
            assert_eq!(
                (parse_hex(text), parse_color(text)),
                (hex, computed),
                "{text}"
            );
        }
        let dark = Theme::from_properties(|name| match name {
            "--ink" => "#e6e8ec".into(),
            "--line" => "#343a46".into(),
            _ => "#16181d".into(),
        });
        assert!(dark.is_some_and(Theme::is_dark));
    }
}
