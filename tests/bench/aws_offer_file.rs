//! Writes a synthetic AWS EC2 region offer file of about the size asked, in the real layout, for
//! `.ci/bench`'s timing of refresh-prices (the file is made up; see `offer_file_gen.rs`):
//!
//! ```sh
//! cargo run --release --example aws_offer_file -- OUT BYTES [csv]
//! ```
// A benchmark helper: a failed write ends it with the error.
#![allow(clippy::expect_used, missing_docs)]

#[path = "offer_file_gen.rs"]
mod offer_file_gen;

use std::fs::File;
use std::io::{BufWriter, Write};

/// Watched instance types the file holds (offers.toml's), besides the fillers.
const WATCHED: [&str; 4] = ["p4d.24xlarge", "t3.small", "m5.large", "g5.xlarge"];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(out), Some(bytes)) = (
        args.first(),
        args.get(1).and_then(|b| b.parse::<u64>().ok()),
    ) else {
        eprintln!("usage: aws_offer_file OUT BYTES [csv]");
        std::process::exit(2);
    };
    let csv = args.get(2).is_some_and(|a| a == "csv");
    let fillers = offer_file_gen::fillers_for(bytes, csv, WATCHED.len());
    let mut file = BufWriter::with_capacity(1 << 20, File::create(out).expect("create the file"));
    if csv {
        offer_file_gen::write_csv(&mut file, &WATCHED, fillers).expect("write the file");
    } else {
        offer_file_gen::write_json(&mut file, &WATCHED, fillers).expect("write the file");
    }
    file.flush().expect("write the file");
    let written = std::fs::metadata(out).map(|m| m.len()).unwrap_or(0);
    println!(
        "wrote {out}: {written} bytes, {} instance types x 73 products; on demand, Linux: p4d.24xlarge ${}",
        WATCHED.len() + fillers,
        offer_file_gen::price_of(0)
    );
}
