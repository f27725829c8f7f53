//! Writes the first paint of the page at build time: the header and the summary of the default
//! scenario (the paper's course), computed by the same engine, so the page shows its headline
//! figures before the WebAssembly has loaded. A Trunk post_build hook puts this HTML where
//! index.html says `<!-- prerendered -->`; the app replaces the summary when it starts (the header
//! stays).
//!
//! `cargo run --bin prerender` prints the HTML.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    match course_cost::prerender::first_paint() {
        Ok(html) => print!("{html}"),
        Err(error) => {
            eprintln!("prerender: {error}");
            std::process::exit(1);
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}
