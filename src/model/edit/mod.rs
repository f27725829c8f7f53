//! How a scenario changes: a typed number, a structural change, or a decoded link, each committed
//! only if the whole scenario stays valid.

pub mod change;
pub mod commit;
pub mod number;
pub mod pool_change;
pub mod schedule;
mod stand_in_change;
pub mod validated;

/// `Ok` while a list of `len` items has room for one more under `limit`; otherwise "at most
/// {limit} {what}".
pub(crate) fn room_for(len: usize, limit: usize, what: &str) -> Result<(), String> {
    if len >= limit {
        return Err(format!("at most {limit} {what}"));
    }
    Ok(())
}

/// The number after the highest of `numbers` and `at_least`: what a new "Lab N" or custom offer
/// is numbered.
pub(crate) fn next_number<N>(numbers: impl Iterator<Item = N>, at_least: N) -> N
where
    N: Ord + Default + From<u8> + std::ops::Add<Output = N>,
{
    numbers.max().unwrap_or_default().max(at_least) + N::from(1)
}
