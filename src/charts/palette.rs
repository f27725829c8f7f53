//! Colours: the Okabe-Ito palette, safe for the common forms of colour blindness.

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
