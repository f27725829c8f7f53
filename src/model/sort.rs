//! One stable sort for the model's lists, written here so the standard library's sort (about
//! 4 kB of wasm per element type) does not ship at all.

use std::cmp::Ordering;

/// Sorts `items` stably by `compare`: the one sort every list of the model goes through. Each
/// `sort_by` on another element type would ship its own copy of the standard library's sort
/// (about 4 kB of wasm each); this sorts positions once (a small merge sort), behind one
/// ordering of positions, and then moves the items to their places.
pub fn sort_by<T>(items: &mut [T], compare: impl Fn(&T, &T) -> Ordering) {
    let mut places = sorted_places(items.len(), &|a, b| compare(&items[a], &items[b]));
    for at in 0..places.len() {
        // Swap the item here to its place until the one that belongs here has arrived.
        while places[at] != at {
            let to = places[at];
            items.swap(at, to);
            places.swap(at, to);
        }
    }
}

/// Where each of `len` positions goes when sorted stably by `compare` (of two positions). A
/// bottom-up merge sort written here (a few hundred bytes of wasm) rather than the standard
/// library's, whose sort machinery takes about 4 kB of wasm even for one element type.
#[inline(never)]
fn sorted_places(len: usize, compare: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    let mut merged = vec![0; len];
    let mut width = 1;
    while width < len {
        let mut start = 0;
        while start < len {
            let middle = (start + width).min(len);
            let end = (start + 2 * width).min(len);
            merge(
                &order[start..middle],
                &order[middle..end],
                &mut merged[start..end],
                compare,
            );
            start = end;
        }
        std::mem::swap(&mut order, &mut merged);
        width *= 2;
    }
    let mut places = vec![0; len];
    for (place, &from) in order.iter().enumerate() {
        places[from] = place;
    }
    places
}

/// Merges two runs sorted by `compare` into `into` (as long as both); on a tie the left run's
/// position comes first, which keeps the sort stable.
fn merge(
    left: &[usize],
    right: &[usize],
    into: &mut [usize],
    compare: &dyn Fn(usize, usize) -> Ordering,
) {
    let (mut l, mut r) = (0, 0);
    for slot in into.iter_mut() {
        let take_left = match (left.get(l), right.get(r)) {
            (Some(&a), Some(&b)) => compare(a, b) != Ordering::Greater,
            (Some(_), None) => true,
            _ => false,
        };
        if take_left {
            *slot = left[l];
            l += 1;
        } else if let Some(&b) = right.get(r) {
            *slot = b;
            r += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::sort_by;

    #[test]
    fn sorts_stably_like_the_standard_sort() {
        // Keys with ties, tagged with their first position: a stable sort keeps tied tags in
        // order. The standard library's `sort_by` is the reference.
        let keys = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4];
        let tagged: Vec<(i32, usize)> = keys.iter().copied().zip(0..).collect();
        for descending in [false, true] {
            let order = |a: &(i32, usize), b: &(i32, usize)| {
                if descending {
                    b.0.cmp(&a.0)
                } else {
                    a.0.cmp(&b.0)
                }
            };
            let mut ours = tagged.clone();
            sort_by(&mut ours, order);
            let mut reference = tagged.clone();
            reference.sort_by(order);
            assert_eq!(ours, reference);
        }
        let mut none: Vec<u8> = Vec::new();
        sort_by(&mut none, Ord::cmp);
        assert!(none.is_empty());
        let mut floats = vec![2.5, f64::NAN, -0.0, 0.0, -1.0];
        sort_by(&mut floats, f64::total_cmp);
        let bits: Vec<u64> = floats.iter().map(|f| f.to_bits()).collect();
        let expected = [-1.0, -0.0, 0.0, 2.5, f64::NAN];
        assert_eq!(bits, expected.map(f64::to_bits));
    }

    #[test]
    fn sorts_every_length_like_the_standard_sort() {
        // Lengths around the merge widths (1, 2, 4, ...) and past them, with many ties: keys
        // from the tests' seeded generator, tagged with their first position.
        let mut rng = crate::test_rng::Rng::new(12_345);
        for len in (0..70).chain([127, 128, 129, 1000]) {
            let tagged: Vec<(usize, usize)> = (0..len).map(|i| (rng.below(7), i)).collect();
            let mut ours = tagged.clone();
            sort_by(&mut ours, |a, b| a.0.cmp(&b.0));
            let mut reference = tagged.clone();
            reference.sort_by_key(|a| a.0);
            assert_eq!(ours, reference, "length {len}");
        }
    }
}
