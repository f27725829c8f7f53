//! CRC-32 as gzip checks it (ISO 3309 / ITU-T V.42: polynomial 0x04C11DB7, reflected, initial
//! and final value all ones; RFC 1952, 8), eight bytes a step ("slice-by-8"): a `.csv.gz` is
//! checked over all it unpacks to, which may be gigabytes. The tables are computed when a
//! checker is made (8 kB) rather than carried in the wasm.

/// The reflected polynomial.
const POLYNOMIAL: u32 = 0xEDB8_8320;

/// A running CRC-32.
pub struct Crc32 {
    /// `tables[k][b]`: the CRC of byte `b` followed by `k` zero bytes.
    tables: Box<[[u32; 256]; 8]>,
    /// The CRC of what was added so far.
    value: u32,
}

impl Default for Crc32 {
    fn default() -> Self {
        Crc32::new()
    }
}

impl Crc32 {
    /// The CRC of nothing (0).
    pub fn new() -> Crc32 {
        let mut tables = Box::new([[0u32; 256]; 8]);
        for byte in 0..256 {
            let mut crc = byte as u32;
            for _ in 0..8 {
                crc = (crc >> 1) ^ (POLYNOMIAL & (crc & 1).wrapping_neg());
            }
            tables[0][byte] = crc;
        }
        for k in 1..8 {
            for byte in 0..256 {
                let before = tables[k - 1][byte];
                tables[k][byte] = (before >> 8) ^ tables[0][(before & 0xff) as usize];
            }
        }
        Crc32 { tables, value: 0 }
    }

    /// The CRC of what was added so far.
    pub fn value(&self) -> u32 {
        self.value
    }

    /// Starts again from nothing.
    pub fn reset(&mut self) {
        self.value = 0;
    }

    /// Adds `bytes`.
    pub fn update(&mut self, bytes: &[u8]) {
        let t = &*self.tables;
        let mut crc = !self.value;
        let mut eights = bytes.chunks_exact(8);
        for eight in &mut eights {
            let low = crc ^ u32::from_le_bytes([eight[0], eight[1], eight[2], eight[3]]);
            let high = u32::from_le_bytes([eight[4], eight[5], eight[6], eight[7]]);
            crc = t[7][usize::from(low as u8)]
                ^ t[6][usize::from((low >> 8) as u8)]
                ^ t[5][usize::from((low >> 16) as u8)]
                ^ t[4][(low >> 24) as usize]
                ^ t[3][usize::from(high as u8)]
                ^ t[2][usize::from((high >> 8) as u8)]
                ^ t[1][usize::from((high >> 16) as u8)]
                ^ t[0][(high >> 24) as usize];
        }
        for &byte in eights.remainder() {
            crc = t[0][usize::from(crc as u8 ^ byte)] ^ (crc >> 8);
        }
        self.value = !crc;
    }
}
