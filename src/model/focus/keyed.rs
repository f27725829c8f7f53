//! The bill's bounded maps: [`Keyed`], a small map in first-seen order whose lookups take a
//! binary search (so a row costs the same whatever came before it), and [`Capped`], a map of
//! names that keeps at most a fixed number of them and sums the rest into one fold, counting
//! how many distinct names the fold holds ([`Distinct`]). Memory stays bounded whatever the file.

use std::borrow::Borrow;

use crate::model::wire_bytes::{Take, Wire};

/// Longest name kept (bytes): an instance type, a tag key or a tag value. Providers allow tag
/// values up to 256 characters (AWS, Azure) and instance types are far shorter; a longer name
/// goes to the fold.
pub const MAX_NAME_BYTES: usize = 256;

/// A small map kept as a list in first-seen order, with its positions sorted by key beside it
/// for lookups in O(log n).
#[derive(Clone, Debug, PartialEq)]
pub struct Keyed<K, V> {
    entries: Vec<(K, V)>,
    /// Positions in `entries`, sorted by their keys.
    sorted: Vec<u32>,
}

impl<K, V> Default for Keyed<K, V> {
    fn default() -> Self {
        Keyed {
            entries: Vec::new(),
            sorted: Vec::new(),
        }
    }
}

impl<K: Ord, V> Keyed<K, V> {
    /// Where `key` is: its position in first-seen order, or where its position goes in `sorted`.
    fn find<Q: Ord + ?Sized>(&self, key: &Q) -> Result<usize, usize>
    where
        K: Borrow<Q>,
    {
        self.sorted
            .binary_search_by(|&at| self.entries[at as usize].0.borrow().cmp(key))
            .map(|found| self.sorted[found] as usize)
    }

    /// The position of `key` in first-seen order, if it is in the map.
    pub fn position<Q: Ord + ?Sized>(&self, key: &Q) -> Option<usize>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok()
    }

    /// The value of `key`, if it is in the map.
    pub fn get<Q: Ord + ?Sized>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
    {
        self.position(key).map(|at| &self.entries[at].1)
    }

    /// The value of `key`, added as `fresh()` when it is not there yet.
    pub(super) fn entry<Q: Ord + ?Sized>(
        &mut self,
        key: &Q,
        make_key: impl FnOnce() -> K,
        fresh: impl FnOnce() -> V,
    ) -> &mut V
    where
        K: Borrow<Q>,
    {
        let at = match self.find(key) {
            Ok(at) => at,
            Err(place) => {
                self.sorted.insert(place, self.entries.len() as u32);
                self.entries.push((make_key(), fresh()));
                self.entries.len() - 1
            }
        };
        &mut self.entries[at].1
    }
}

impl<K, V> Keyed<K, V> {
    /// Every key and value, in first-seen order.
    pub fn iter(&self) -> impl Iterator<Item = (&K, &V)> {
        self.entries.iter().map(|(k, v)| (k, v))
    }

    /// Every value, in first-seen order, to change it.
    pub(super) fn values_mut(&mut self) -> impl Iterator<Item = &mut V> {
        self.entries.iter_mut().map(|(_, v)| v)
    }

    /// Every value, in first-seen order.
    pub fn values(&self) -> impl Iterator<Item = &V> {
        self.entries.iter().map(|(_, v)| v)
    }

    /// How many keys.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// Counts distinct names by a 64-bit fingerprint of each (FNV-1a), in an open-addressed table
/// that grows up to a fixed size: up to half that size the count is exact (a collision of two
/// fingerprints is a chance in about 10^10 at that size); past it, the count stops and says
/// "more than".
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Distinct {
    /// Fingerprints (0: an empty slot).
    slots: Vec<u64>,
    /// Distinct names counted.
    count: u64,
    /// The table's largest size (slots, a power of two).
    most_slots: usize,
    /// The table was full: names past the count were not counted.
    stopped: bool,
}

impl Distinct {
    /// A counter exact up to `most_slots / 2` names (`most_slots` a power of two).
    pub fn new(most_slots: usize) -> Distinct {
        Distinct {
            most_slots,
            ..Distinct::default()
        }
    }

    /// Counts `name` if it was not counted before.
    pub fn add(&mut self, name: &str) {
        if self.stopped {
            return;
        }
        let fingerprint = name
            .bytes()
            .fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
                (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
            })
            .max(1);
        if self.slots.is_empty() {
            self.slots = vec![0; self.most_slots.min(1024)];
        }
        if place(&mut self.slots, fingerprint) {
            self.count += 1;
            if self.count * 2 >= self.slots.len() as u64 {
                self.grow();
            }
        }
    }

    /// Doubles the table, or stops counting when it is at its largest.
    fn grow(&mut self) {
        if self.slots.len() >= self.most_slots {
            self.stopped = true;
            self.slots = Vec::new();
            return;
        }
        let mut larger = vec![0; self.slots.len() * 2];
        for &fingerprint in self.slots.iter().filter(|&&f| f != 0) {
            place(&mut larger, fingerprint);
        }
        self.slots = larger;
    }

    /// Distinct names counted.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Whether every name was counted (false: there are more than [`Distinct::count`]).
    pub fn is_exact(&self) -> bool {
        !self.stopped
    }

    /// The count in words: "12" or "more than 131,072".
    pub fn words(&self) -> String {
        let count = crate::model::format::number(self.count as f64, 0);
        if self.stopped {
            format!("more than {count}")
        } else {
            count
        }
    }
}

/// Puts `fingerprint` in `slots` (linear probing); false when it is there already.
fn place(slots: &mut [u64], fingerprint: u64) -> bool {
    let mask = slots.len() - 1;
    let mut at = fingerprint as usize & mask;
    loop {
        match slots[at] {
            0 => {
                slots[at] = fingerprint;
                return true;
            }
            seen if seen == fingerprint => return false,
            _ => at = (at + 1) & mask,
        }
    }
}

/// A map of names to sums that keeps at most `most` names (plus those it is told to keep
/// anyway); what any other name brings is added to `rest`, and `rest_names` counts them.
#[derive(Clone, Debug, PartialEq)]
pub struct Capped<V> {
    kept: Keyed<String, V>,
    most: usize,
    /// The sums of the names not kept.
    pub rest: V,
    /// How many distinct names were not kept.
    pub rest_names: Distinct,
}

impl<V: Default> Capped<V> {
    /// An empty map keeping at most `most` names, counting the others exactly up to
    /// `counted / 2` (`counted` a power of two).
    pub fn new(most: usize, counted: usize) -> Capped<V> {
        Capped {
            kept: Keyed::default(),
            most,
            rest: V::default(),
            rest_names: Distinct::new(counted),
        }
    }

    /// Where `name`'s sums go: its own entry while there is room for it (or `keep` says it
    /// must be kept, for names a bounded list knows), else the rest.
    pub(super) fn slot(&mut self, name: &str, keep: impl FnOnce(&str) -> bool) -> &mut V {
        let room = self.kept.len() < self.most && name.len() <= MAX_NAME_BYTES;
        if self.kept.position(name).is_some() || room || keep(name) {
            return self.kept.entry(name, || name.to_string(), V::default);
        }
        self.rest_names.add(name);
        &mut self.rest
    }
}

impl<V> Capped<V> {
    /// The sums of `name`, if it is kept.
    pub fn get(&self, name: &str) -> Option<&V> {
        self.kept.get(name)
    }

    /// Every kept name and its sums, in first-seen order.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &V)> {
        self.kept.iter()
    }

    /// Every kept name's sums, in first-seen order.
    pub fn values(&self) -> impl Iterator<Item = &V> {
        self.kept.values()
    }

    /// How many names are kept.
    pub fn len(&self) -> usize {
        self.kept.len()
    }

    /// True when no name is kept.
    pub fn is_empty(&self) -> bool {
        self.kept.is_empty()
    }

    /// Whether some names were not kept.
    pub fn folded(&self) -> bool {
        self.rest_names.count() > 0
    }
}

// How the bill's maps cross from the worker to the page (`model::wire_bytes`). The sorted
// positions cross too, checked rather than sorted again (no sort in the page's wasm: about
// 6 kB gzip), and a fold's counter crosses as its count only: the page never adds to a read
// bill.
impl<K: Wire + Ord, V: Wire> Wire for Keyed<K, V> {
    fn put(&self, out: &mut Vec<u8>) {
        self.entries.put(out);
        self.sorted.put(out);
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        let entries: Vec<(K, V)> = Wire::take(from)?;
        let sorted: Vec<u32> = Wire::take(from)?;
        // Every position once, and the keys in strictly rising order (so no key twice).
        let mut seen = vec![false; entries.len()];
        for &at in &sorted {
            let slot = seen.get_mut(at as usize)?;
            if *slot {
                return None;
            }
            *slot = true;
        }
        let rising = sorted
            .windows(2)
            .all(|pair| entries[pair[0] as usize].0 < entries[pair[1] as usize].0);
        (sorted.len() == entries.len() && rising).then_some(Keyed { entries, sorted })
    }
}

impl Wire for Distinct {
    fn put(&self, out: &mut Vec<u8>) {
        self.count.put(out);
        self.most_slots.put(out);
        self.stopped.put(out);
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        Some(Distinct {
            slots: Vec::new(),
            count: Wire::take(from)?,
            most_slots: Wire::take(from)?,
            stopped: Wire::take(from)?,
        })
    }
}

impl<V: Wire> Wire for Capped<V> {
    fn put(&self, out: &mut Vec<u8>) {
        self.kept.put(out);
        self.most.put(out);
        self.rest.put(out);
        self.rest_names.put(out);
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        Some(Capped {
            kept: Wire::take(from)?,
            most: Wire::take(from)?,
            rest: Wire::take(from)?,
            rest_names: Wire::take(from)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyed_finds_keys_in_any_order_and_keeps_first_seen_order() {
        let mut map: Keyed<String, u32> = Keyed::default();
        for key in ["m", "b", "z", "b", "a", "m"] {
            *map.entry(key, || key.to_string(), || 0) += 1;
        }
        let order: Vec<_> = map.iter().map(|(k, v)| format!("{k}{v}")).collect();
        assert_eq!(order, ["m2", "b2", "z1", "a1"]);
        assert_eq!(map.get("z"), Some(&1));
        assert_eq!(map.position("a"), Some(3));
        assert_eq!(map.get("c"), None);
    }

    #[test]
    fn distinct_counts_exactly_then_says_more_than() {
        let mut names = Distinct::new(1 << 12);
        for round in 0..3 {
            for n in 0..1_000 {
                names.add(&format!("type-{n}"));
            }
            assert_eq!(names.count(), 1_000, "round {round}");
        }
        assert!(names.is_exact());
        // 4,096 slots count up to 2,048 names exactly, then stop.
        for n in 1_000..10_000 {
            names.add(&format!("type-{n}"));
        }
        assert!(!names.is_exact());
        assert_eq!(names.count(), 2_048);
        assert_eq!(names.words(), "more than 2,048");
    }

    #[test]
    fn capped_keeps_the_first_names_and_folds_the_rest() {
        let mut map: Capped<u32> = Capped::new(2, 1 << 10);
        for name in ["a", "b", "c", "a", "d", "c", "keep"] {
            *map.slot(name, |n| n == "keep") += 1;
        }
        assert_eq!(map.get("a"), Some(&2));
        assert_eq!(map.get("keep"), Some(&1));
        assert_eq!(map.get("c"), None);
        // c twice and d once: three rows, two names.
        assert_eq!((map.rest, map.rest_names.count()), (3, 2));
        let long = "x".repeat(MAX_NAME_BYTES + 1);
        let mut roomy: Capped<u32> = Capped::new(10, 1 << 10);
        *roomy.slot(&long, |_| false) += 1;
        assert!(roomy.is_empty() && roomy.folded());
    }
}
