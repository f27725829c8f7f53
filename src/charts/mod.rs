//! Charts are functions of data: `data` turns an estimate into chart-ready numbers (pure, tested
//! natively), `bars::draw` paints them on a canvas with plotters, sized for the screen's pixel ratio.

pub mod data;
pub mod palette;
pub mod term;
pub mod tornado;
pub mod waterfall;

#[cfg(target_arch = "wasm32")]
pub mod bars;
#[cfg(target_arch = "wasm32")]
pub mod surface;
