//! A refresh error names the file and, where there is one, the record: a price that cannot be read
//! stops the refresh with that message; it is never read as 0.

use std::fmt;

/// What went wrong, where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefreshError {
    /// The file, page or address being read.
    pub file: String,
    /// The record in it (a SKU, a row number, an item's meter), when the problem is one record's.
    pub record: Option<String>,
    /// What is wrong, in words.
    pub message: String,
}

impl RefreshError {
    /// A problem with the file as a whole.
    pub fn file(file: impl Into<String>, message: impl Into<String>) -> Self {
        RefreshError {
            file: file.into(),
            record: None,
            message: message.into(),
        }
    }

    /// A problem with one record of the file.
    pub fn record(
        file: impl Into<String>,
        record: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        RefreshError {
            file: file.into(),
            record: Some(record.into()),
            message: message.into(),
        }
    }
}

impl fmt::Display for RefreshError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.record {
            Some(record) => write!(f, "{}: {}: {}", self.file, record, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for RefreshError {}

/// A price given as text ("32.7726000000"), read exactly as written: a finite, non-negative
/// number, or an error that quotes it. (Zero is readable; the filters decide what it means.)
pub fn parse_price(text: &str) -> Result<f64, String> {
    let trimmed = text.trim();
    match trimmed.parse::<f64>() {
        Ok(value) if value.is_finite() && value >= 0.0 => Ok(value),
        Ok(_) => Err(format!(
            "price {text:?} is not a finite, non-negative number"
        )),
        Err(_) => Err(format!("price {text:?} is not a number")),
    }
}
