//! Base64url without padding (RFC 4648 s.5), the payload's text, written and read by hand: a
//! few lines instead of the general-purpose crate's engine (about 6 kB of wasm).

/// The URL-safe alphabet.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// `bytes` as base64url, no padding.
pub(super) fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let byte = |i: usize| u32::from(chunk.get(i).copied().unwrap_or(0));
        let group = byte(0) << 16 | byte(1) << 8 | byte(2);
        // n bytes take n + 1 symbols.
        for i in 0..=chunk.len() {
            let symbol = (group >> (18 - 6 * i)) & 63;
            out.push(char::from(ALPHABET[symbol as usize]));
        }
    }
    out
}

/// The bytes `text` (base64url, no padding) stands for; `None` when it holds a symbol outside
/// the alphabet, has a length no encoding gives, or sets bits past its last byte (it is then not
/// what an encoder writes).
pub(super) fn decode(text: &str) -> Option<Vec<u8>> {
    let text = text.as_bytes();
    if text.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(text.len() / 4 * 3 + 2);
    for chunk in text.chunks(4) {
        let mut group = 0u32;
        for &symbol in chunk {
            group = group << 6 | u32::from(value(symbol)?);
        }
        group <<= 6 * (4 - chunk.len());
        // 4 symbols hold 3 bytes, 3 hold 2, 2 hold 1; the bits after them must be 0.
        let count = chunk.len() - 1;
        if count < 3 && group & (0xff_ffff >> (8 * count)) != 0 {
            return None;
        }
        out.extend_from_slice(&group.to_be_bytes()[1..=count]);
    }
    Some(out)
}

/// The 6 bits `symbol` stands for.
fn value(symbol: u8) -> Option<u8> {
    match symbol {
        b'A'..=b'Z' => Some(symbol - b'A'),
        b'a'..=b'z' => Some(symbol - b'a' + 26),
        b'0'..=b'9' => Some(symbol - b'0' + 52),
        b'-' => Some(62),
        b'_' => Some(63),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use base64::engine::general_purpose::{URL_SAFE, URL_SAFE_NO_PAD};
    use base64::Engine;

    use super::{decode, encode};

    #[test]
    fn rfc_4648_vectors() {
        let vectors = [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, coded) in vectors {
            assert_eq!(encode(plain.as_bytes()), coded);
            assert_eq!(decode(coded).as_deref(), Some(plain.as_bytes()));
        }
        // The URL-safe symbols: 0xfb 0xff is "-_8" (standard base64 "+/8=").
        assert_eq!(encode(&[0xfb, 0xff]), "-_8");
        assert_eq!(decode("+/8"), None);
        // Bits set past the last byte, or a length no encoder writes.
        assert_eq!(decode("Zh"), None);
        assert_eq!(decode("Zm9"), None);
        assert_eq!(decode("Zm9vY"), None);
    }

    #[test]
    fn agrees_with_the_base64_crate_as_the_links_used_it() {
        let mut state = crate::test_rng::Rng::new(0x9e37_79b9_7f4a_7c15);
        for len in 0..200 {
            let bytes: Vec<u8> = (0..len).map(|_| state.next_u64() as u8).collect();
            assert_eq!(encode(&bytes), URL_SAFE_NO_PAD.encode(&bytes));
        }
        // Random texts over the alphabet, a few wrong symbols and padding, read as the link
        // reader read them with the crate: without padding, else with canonical padding.
        let symbols = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=+/ .";
        for _ in 0..20_000 {
            let len = (state.next_u64() % 14) as usize;
            let text: String = (0..len)
                .map(|_| {
                    // Mostly the alphabet itself, sometimes one of the other symbols.
                    let pick = state.next_u64() as usize;
                    let range = if pick % 10 == 0 { symbols.len() } else { 64 };
                    char::from(symbols[(pick / 10) % range])
                })
                .collect();
            let trimmed = text.trim().trim_end_matches('=');
            let crate_reads = URL_SAFE_NO_PAD
                .decode(trimmed)
                .or_else(|_| URL_SAFE.decode(text.trim()))
                .ok();
            assert_eq!(decode(trimmed), crate_reads, "{text:?}");
        }
    }
}
