//! The range a number of a scenario must lie in: read by validation, the table of settings and
//! the levers, and by the panels for their inputs' minimum.

/// The smallest value a number may take.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Min {
    /// Zero or more.
    Zero,
    /// More than zero.
    AboveZero,
    /// At least this much.
    AtLeast(f64),
}

/// The range a number must lie in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bound {
    /// The lower end.
    pub min: Min,
    /// The largest value allowed (inclusive).
    pub max: f64,
    /// Whether only whole numbers are allowed.
    pub whole: bool,
}

impl Bound {
    /// Zero to `max`.
    pub const fn upto(max: f64) -> Bound {
        Bound {
            min: Min::Zero,
            max,
            whole: false,
        }
    }

    /// More than zero, up to `max`.
    pub const fn positive(max: f64) -> Bound {
        Bound {
            min: Min::AboveZero,
            max,
            whole: false,
        }
    }

    /// From `min` to `max`.
    pub const fn between(min: f64, max: f64) -> Bound {
        Bound {
            min: Min::AtLeast(min),
            max,
            whole: false,
        }
    }

    /// Only whole numbers.
    pub const fn whole(self) -> Bound {
        Bound {
            whole: true,
            ..self
        }
    }
}
