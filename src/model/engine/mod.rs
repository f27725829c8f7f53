//! The cost engine: prices a valid scenario line by line, on one provider or on all of them, and
//! derives overrun factors from reported hours.

pub mod calibrate;
pub mod capacity;
pub mod compare;
pub mod estimate;
pub mod levers;
pub mod line;
pub mod line_math;
pub mod phase;
pub mod price_age;
pub mod priced_by;
pub mod stand_in;
