//! One stable sort for the model's lists, so the standard library's sort ships once.

use std::cmp::Ordering;

/// Sorts `items` stably by `compare`: the one sort every list of the model goes through. Each
/// `sort_by` on another element type would ship its own copy of the standard library's sort
/// (about 4 kB of wasm each); this sorts positions once, behind one comparison of positions,
/// and then moves the items to their places.
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

/// Where each of `len` positions goes when sorted stably by `compare` (of two positions).
#[inline(never)]
fn sorted_places(len: usize, compare: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_by(|&a, &b| compare(a, b));
    let mut places = vec![0; len];
    for (place, &from) in order.iter().enumerate() {
        places[from] = place;
    }
    places
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
}
