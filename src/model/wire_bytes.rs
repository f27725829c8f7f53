//! The bytes a message between the page and its worker travels as ([`super::worker_protocol`]):
//! numbers little-endian, 8 bytes each (an `f64` bit for bit, so a figure crosses unchanged),
//! texts and lists led by their length. Reading never panics: a short or bad message is `None`.

/// A value that travels between the page and the worker.
pub trait Wire: Sized {
    /// Appends the value's bytes to `out`.
    fn put(&self, out: &mut Vec<u8>);
    /// Reads a value, or `None` when the bytes are not one.
    fn take(from: &mut Take<'_>) -> Option<Self>;
}

/// Bytes being read, front first.
pub struct Take<'a> {
    bytes: &'a [u8],
}

impl<'a> Take<'a> {
    /// Reads `bytes` from the start.
    pub fn new(bytes: &'a [u8]) -> Take<'a> {
        Take { bytes }
    }

    /// The next `count` bytes, or `None` when fewer are left.
    pub fn bytes(&mut self, count: usize) -> Option<&'a [u8]> {
        if count > self.bytes.len() {
            return None;
        }
        let (head, rest) = self.bytes.split_at(count);
        self.bytes = rest;
        Some(head)
    }

    /// True when everything was read.
    pub fn is_done(&self) -> bool {
        self.bytes.is_empty()
    }

    /// A list's length, checked against what is left (each element takes at least one byte),
    /// so a bad length never makes the reader reserve memory the message cannot fill.
    pub fn length(&mut self) -> Option<usize> {
        let length = usize::try_from(u64::take(self)?).ok()?;
        (length <= self.bytes.len()).then_some(length)
    }
}

/// `value` as bytes, whole.
pub fn to_bytes<T: Wire>(value: &T) -> Vec<u8> {
    let mut out = Vec::new();
    value.put(&mut out);
    out
}

/// The value `bytes` hold, whole: `None` when they hold something else or more.
pub fn from_bytes<T: Wire>(bytes: &[u8]) -> Option<T> {
    let mut take = Take::new(bytes);
    let value = T::take(&mut take)?;
    take.is_done().then_some(value)
}

impl Wire for u64 {
    fn put(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        Some(u64::from_le_bytes(from.bytes(8)?.try_into().ok()?))
    }
}

impl Wire for i64 {
    fn put(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        Some(i64::from_le_bytes(from.bytes(8)?.try_into().ok()?))
    }
}

// A map's value when only its keys count (as a set of them).
impl Wire for () {
    fn put(&self, _out: &mut Vec<u8>) {}
    fn take(_from: &mut Take<'_>) -> Option<Self> {
        Some(())
    }
}

impl Wire for u32 {
    fn put(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        Some(u32::from_le_bytes(from.bytes(4)?.try_into().ok()?))
    }
}

impl Wire for usize {
    fn put(&self, out: &mut Vec<u8>) {
        (*self as u64).put(out);
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        usize::try_from(u64::take(from)?).ok()
    }
}

impl Wire for f64 {
    fn put(&self, out: &mut Vec<u8>) {
        self.to_bits().put(out);
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        u64::take(from).map(f64::from_bits)
    }
}

impl Wire for bool {
    fn put(&self, out: &mut Vec<u8>) {
        out.push(u8::from(*self));
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        match from.bytes(1)? {
            [0] => Some(false),
            [1] => Some(true),
            _ => None,
        }
    }
}

impl Wire for String {
    fn put(&self, out: &mut Vec<u8>) {
        self.len().put(out);
        out.extend_from_slice(self.as_bytes());
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        let length = from.length()?;
        String::from_utf8(from.bytes(length)?.to_vec()).ok()
    }
}

impl Wire for std::borrow::Cow<'static, str> {
    fn put(&self, out: &mut Vec<u8>) {
        self.len().put(out);
        out.extend_from_slice(self.as_bytes());
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        String::take(from).map(std::borrow::Cow::Owned)
    }
}

impl<T: Wire> Wire for Box<T> {
    fn put(&self, out: &mut Vec<u8>) {
        (**self).put(out);
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        T::take(from).map(Box::new)
    }
}

impl<T: Wire, E: Wire> Wire for Result<T, E> {
    fn put(&self, out: &mut Vec<u8>) {
        self.is_ok().put(out);
        match self {
            Ok(value) => value.put(out),
            Err(error) => error.put(out),
        }
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        match bool::take(from)? {
            true => T::take(from).map(Ok),
            false => E::take(from).map(Err),
        }
    }
}

impl<T: Wire> Wire for Option<T> {
    fn put(&self, out: &mut Vec<u8>) {
        self.is_some().put(out);
        if let Some(value) = self {
            value.put(out);
        }
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        match bool::take(from)? {
            true => T::take(from).map(Some),
            false => Some(None),
        }
    }
}

impl<T: Wire> Wire for Vec<T> {
    fn put(&self, out: &mut Vec<u8>) {
        self.len().put(out);
        for value in self {
            value.put(out);
        }
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        let length = from.length()?;
        // Grown as read: a length near the message's size reserves nothing up front.
        let mut values = Vec::new();
        for _ in 0..length {
            values.push(T::take(from)?);
        }
        Some(values)
    }
}

impl<A: Wire, B: Wire> Wire for (A, B) {
    fn put(&self, out: &mut Vec<u8>) {
        self.0.put(out);
        self.1.put(out);
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        Some((A::take(from)?, B::take(from)?))
    }
}

impl<A: Wire, B: Wire, C: Wire> Wire for (A, B, C) {
    fn put(&self, out: &mut Vec<u8>) {
        self.0.put(out);
        self.1.put(out);
        self.2.put(out);
    }
    fn take(from: &mut Take<'_>) -> Option<Self> {
        Some((A::take(from)?, B::take(from)?, C::take(from)?))
    }
}

/// Implements [`Wire`] for a struct of [`Wire`] fields, in the order given.
#[macro_export]
macro_rules! wire_struct {
    ($name:ty { $($field:ident),* $(,)? }) => {
        impl $crate::model::wire_bytes::Wire for $name {
            fn put(&self, out: &mut Vec<u8>) {
                $( $crate::model::wire_bytes::Wire::put(&self.$field, out); )*
            }
            fn take(from: &mut $crate::model::wire_bytes::Take<'_>) -> Option<Self> {
                Some(Self { $( $field: $crate::model::wire_bytes::Wire::take(from)?, )* })
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value of every kind of part.
    type Mixed = (Vec<(f64, f64, f64)>, (Option<String>, Option<u64>));

    #[test]
    fn values_cross_unchanged_and_bad_bytes_are_none() {
        let value = (
            vec![(0.1_f64, f64::MAX, -0.0_f64)],
            (Some("é€ text".to_string()), None::<u64>),
        );
        let bytes = to_bytes(&value);
        let back: Mixed = from_bytes(&bytes).expect("reads back");
        assert_eq!(back.0[0].0.to_bits(), 0.1_f64.to_bits());
        assert_eq!(back.0[0].2.to_bits(), (-0.0_f64).to_bits());
        assert_eq!(back.1 .0.as_deref(), Some("é€ text"));
        // Every shorter prefix, and one byte more, is not the value.
        for end in 0..bytes.len() {
            assert!(from_bytes::<Mixed>(&bytes[..end]).is_none());
        }
        let mut longer = bytes;
        longer.push(0);
        assert!(from_bytes::<Mixed>(&longer).is_none());
        // A list claiming 2^60 elements is refused before anything is reserved.
        assert!(from_bytes::<Vec<u64>>(&(1u64 << 60).to_le_bytes()).is_none());
        // A flag that is neither 0 nor 1, and text that is not UTF-8.
        assert!(from_bytes::<bool>(&[2]).is_none());
        let mut bad = to_bytes(&2usize);
        bad.extend_from_slice(&[0xff, 0xfe]);
        assert!(from_bytes::<String>(&bad).is_none());
    }
}
