//! The command line of `refresh-prices`.

use std::path::PathBuf;

use super::date::{is_iso_date, today};
use super::run::Options;

/// How to run it.
pub const USAGE: &str = "\
refresh-prices: writes the app's price snapshots (src/data/prices/<provider>-<region>.json) from
the providers' public price catalogs.

  cargo run --release --bin refresh-prices -- --from DIR --out DIR [--report FILE]
      [--summary FILE] [--offers FILE] [--read-on YYYY-MM-DD] [--accept]
  cargo run --release --features fetch --bin refresh-prices -- --fetch --from DIR --out DIR ...

  --from DIR       the catalog files, with DIR/catalogs.toml saying what each is and where it was
                   published (with --fetch: where the downloads go)
  --out DIR        where the snapshots go (src/data/prices); the files there are the previous
                   snapshot the changes are counted from
  --report FILE    also write every figure as one flat JSON array
  --summary FILE   also write the change summary (Markdown)
  --offers FILE    the SKU list: offers.toml's machines (default src/data/offers.toml)
  --read-on DATE   the day the catalogs are read (default today, UTC)
  --accept         write even when a watched SKU vanished or moved by more than half
  --fetch          download the catalogs first (a build with --features fetch; keys from
                   GOOGLE_API_KEY, LAMBDA_API_KEY, RUNPOD_API_KEY; a provider without its key is
                   skipped and its files left as they were)
";

/// What the command line asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Print the usage.
    Help,
    /// Refresh.
    Run(Options),
}

/// Reads the arguments (without the program name).
pub fn parse(args: &[String]) -> Result<Command, String> {
    let mut from = None;
    let mut out = None;
    let mut options = Options {
        from: PathBuf::new(),
        out: PathBuf::new(),
        report: None,
        summary: None,
        offers: PathBuf::from("src/data/offers.toml"),
        read_on: today(),
        accept: false,
        fetch: false,
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .cloned()
                .ok_or_else(|| format!("{arg} needs a value"))
        };
        match arg.as_str() {
            "-h" | "--help" => return Ok(Command::Help),
            "--from" => from = Some(PathBuf::from(value()?)),
            "--out" => out = Some(PathBuf::from(value()?)),
            "--report" => options.report = Some(PathBuf::from(value()?)),
            "--summary" => options.summary = Some(PathBuf::from(value()?)),
            "--offers" => options.offers = PathBuf::from(value()?),
            "--read-on" => {
                let date = value()?;
                if !is_iso_date(&date) {
                    return Err(format!("--read-on {date:?} is not a date (YYYY-MM-DD)"));
                }
                options.read_on = date;
            }
            "--accept" => options.accept = true,
            "--fetch" => options.fetch = true,
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    options.from = from.ok_or("--from DIR is required")?;
    options.out = out.ok_or("--out DIR is required")?;
    Ok(Command::Run(options))
}
