//! A read bill's sums as the bytes the worker sends the page ([`crate::model::wire_bytes`]):
//! the bill is read off the page's thread, and only its bounded summary crosses.

use super::classify::SkipReason;
use super::columns::FocusVersion;
use super::summary::{TagTally, Tally, Used};
use crate::model::wire_bytes::{Take, Wire};
use crate::wire_struct;

wire_struct!(Tally {
    rows,
    billed,
    effective
});
wire_struct!(Used {
    tally,
    quantity,
    spot_quantity
});
wire_struct!(TagTally {
    compute_hours,
    billed
});

/// Every reason, in the order of its byte.
const REASONS: [SkipReason; 15] = [
    SkipReason::Purchase,
    SkipReason::Tax,
    SkipReason::Credit,
    SkipReason::Adjustment,
    SkipReason::OtherCategory,
    SkipReason::Correction,
    SkipReason::OtherService,
    SkipReason::NoInstanceType,
    SkipReason::UnknownInstanceType,
    SkipReason::BadNumber,
    SkipReason::NegativeQuantity,
    SkipReason::TooLong,
    SkipReason::TooManyCells,
    SkipReason::NotText,
    SkipReason::PerProcessorHours,
];

/// Every version, in the order of its byte.
const VERSIONS: [FocusVersion; 4] = [
    FocusVersion::V1_0,
    FocusVersion::V1_1,
    FocusVersion::V1_2,
    FocusVersion::V1_3,
];

/// `value`'s place in `all` as one byte; `None` reads back from a byte past the list.
fn put_of<T: PartialEq>(all: &[T], value: &T, out: &mut Vec<u8>) {
    let at = all.iter().position(|v| v == value).unwrap_or(all.len());
    out.push(at as u8);
}

fn take_of<T: Copy>(all: &[T], from: &mut Take<'_>) -> Option<T> {
    all.get(usize::from(from.bytes(1)?[0])).copied()
}

impl Wire for SkipReason {
    fn put(&self, out: &mut Vec<u8>) {
        put_of(&REASONS, self, out);
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        take_of(&REASONS, from)
    }
}

impl Wire for FocusVersion {
    fn put(&self, out: &mut Vec<u8>) {
        put_of(&VERSIONS, self, out);
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        take_of(&VERSIONS, from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::wire_bytes::{from_bytes, to_bytes};

    #[test]
    fn every_reason_and_version_has_its_own_byte() {
        for (at, reason) in REASONS.iter().enumerate() {
            assert_eq!(to_bytes(reason), vec![at as u8]);
            assert_eq!(from_bytes::<SkipReason>(&[at as u8]), Some(*reason));
            // Each label once: no reason listed twice.
            assert_eq!(
                REASONS
                    .iter()
                    .filter(|r| r.label() == reason.label())
                    .count(),
                1
            );
        }
        for version in VERSIONS {
            assert_eq!(
                from_bytes::<FocusVersion>(&to_bytes(&version)),
                Some(version)
            );
        }
        assert_eq!(from_bytes::<SkipReason>(&[REASONS.len() as u8]), None);
        assert_eq!(from_bytes::<FocusVersion>(&[4]), None);
    }
}
