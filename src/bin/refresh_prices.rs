//! `refresh-prices`: writes `src/data/prices/<provider>-<region>.json` from the providers' public
//! price catalogs (see `course_cost::refresh` and `refresh-prices --help`). Native only.
//!
//! ```sh
//! cargo run --release --bin refresh-prices -- --from tests/fixtures/catalogs \
//!     --out src/data/prices --report target/prices-report.json
//! ```

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use course_cost::refresh::{cli, run};

    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match cli::parse(&args) {
        Ok(cli::Command::Help) => {
            print!("{}", cli::USAGE);
            return;
        }
        Ok(cli::Command::Run(options)) => options,
        Err(message) => {
            eprintln!("refresh-prices: {message}\n\n{}", cli::USAGE);
            std::process::exit(2);
        }
    };
    let mut log = std::io::stdout();
    let outcome = run::run(&options, &mut log);
    if let Some(kib) = run::peak_memory_kib() {
        println!("Peak resident memory: {:.1} MiB", kib as f64 / 1024.0);
    }
    match outcome {
        Ok(outcome) if outcome.refused => std::process::exit(1),
        Ok(_) => {}
        Err(error) => {
            eprintln!("refresh-prices: {error}");
            std::process::exit(1);
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}
