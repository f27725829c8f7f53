//! The refresh from start to end: read every catalog, choose each region's prices, compare with
//! the previous snapshot, and write the files (or refuse to).

use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::catalog::{CatalogRead, Provider};
use super::changes::{diff, summary, Line};
use super::error::RefreshError;
use super::json;
use super::manifest::{self, Entry, Format};
use super::merge::merge;
use super::snapshot::SnapshotFile;
use super::source::Source;
use super::watch::SkuList;
use super::words::{count, log_read, money};
use super::{aws, azure, derived, gcp, lambda, report, runpod};
use super::{course, write};

/// What the command was asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The catalog folder (with its `catalogs.toml`); `--fetch` downloads into it first.
    pub from: PathBuf,
    /// Where the snapshots go (`src/data/prices`).
    pub out: PathBuf,
    /// `--report FILE`.
    pub report: Option<PathBuf>,
    /// `--summary FILE`: the change summary in Markdown.
    pub summary: Option<PathBuf>,
    /// The offers file the SKU list comes from.
    pub offers: PathBuf,
    /// The ISO date the catalogs are read on.
    pub read_on: String,
    /// Write even when a watched SKU vanished or moved by more than half.
    pub accept: bool,
    /// Download the catalogs first.
    pub fetch: bool,
}

/// What a refresh did.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// Every catalog read.
    pub reads: Vec<CatalogRead>,
    /// The files (written unless refused).
    pub files: Vec<SnapshotFile>,
    /// Every difference from the previous files.
    pub lines: Vec<Line>,
    /// The change summary.
    pub summary: String,
    /// Whether it refused to write.
    pub refused: bool,
}

/// Reads one catalog file of a folder.
pub fn read_entry(
    folder: &Path,
    entry: &Entry,
    skus: &SkuList,
) -> Result<CatalogRead, RefreshError> {
    let path = folder.join(&entry.file);
    let name = path.display().to_string();
    let source = Source {
        name: &name,
        entry,
        skus,
    };
    let cannot = |e: std::io::Error| RefreshError::file(&name, format!("cannot be read: {e}"));
    let open = || File::open(&path).map_err(cannot);
    let text = || json::read_checked(&path, &name);
    let found = match entry.format {
        Format::AwsOfferJson => aws::offer_json::read(open()?, &source)?,
        Format::AwsOfferCsv => aws::offer_csv::read(open()?, &source)?,
        Format::AwsPricingGetProducts => aws::get_products::read(&text()?, &source)?,
        Format::AzureRetailPage => azure::read(open()?, &source)?,
        Format::GcpSkusPage => gcp::read(&text()?, &source)?,
        Format::LambdaInstanceTypes => lambda::read(&text()?, &source)?,
        Format::RunpodGpuTypes => runpod::read(&text()?, &source)?,
        Format::KarpenterAwsHistory | Format::KarpenterAzure | Format::VantageGpuByRegion => {
            derived::generations::read(open()?, &source)?
        }
        Format::SkypilotVms => derived::skypilot::read(open()?, &source)?,
        Format::CyclenerdGcpPricing => derived::cyclenerd::read(&text()?, &source)?,
    };
    found.into_read(&source)
}

/// Reads every catalog of a folder, in the manifest's order, saying what each gave.
pub fn read_folder(
    folder: &Path,
    skus: &SkuList,
    log: &mut dyn Write,
) -> Result<Vec<CatalogRead>, RefreshError> {
    let mut reads = Vec::new();
    for entry in manifest::load(folder)? {
        let started = Instant::now();
        let read = read_entry(folder, &entry, skus)?;
        log_read(log, &read, started);
        reads.push(read);
    }
    Ok(reads)
}

/// The header of the change summary: the date, how many catalogs were read, and the rows they
/// refused, by reason (each catalog is named in the log and the report, not here).
fn header(options: &Options, reads: &[CatalogRead]) -> String {
    let own = reads.iter().filter(|r| !r.catalog.derived).count() as u64;
    let derived = reads.len() as u64 - own;
    let mut text = format!(
        "# Price refresh, catalogs read on {}\n\n{} read: {} and {}.\n",
        options.read_on,
        count(reads.len() as u64, "catalog", "catalogs"),
        count(own, "provider's own", "providers' own"),
        count(derived, "derived table", "derived tables"),
    );
    let mut refused: std::collections::BTreeMap<(&str, &str), u64> = Default::default();
    for read in reads {
        for (reason, rows) in &read.refused {
            *refused.entry((read.provider.id(), reason)).or_default() += rows;
        }
    }
    if !refused.is_empty() {
        text.push_str("\nRows of watched SKUs refused, by reason:\n");
        for ((provider, reason), rows) in refused {
            text.push_str(&format!(
                "- {provider}: {}: {reason}\n",
                count(rows, "row", "rows")
            ));
        }
    }
    text
}

/// The default course's total before and after the refresh's figures, in words.
fn course_line(before: Option<&SnapshotFile>, after: Option<&SnapshotFile>) -> String {
    let Some((provider, region)) = course::default_region() else {
        return "The default course could not be priced.".into();
    };
    match (course::total_with(before), course::total_with(after)) {
        (Some(old), Some(new)) => format!(
            "The default course (the paper's, on {provider} {region} at the newest prices): \
             {} before, {} after ({}{}).",
            money(old),
            money(new),
            if new >= old { "+" } else { "" },
            money(new - old)
        ),
        _ => "The default course could not be priced.".into(),
    }
}

/// Notes on what the catalogs did not cover: regions no catalog speaks for (their files are left
/// as they were), and how many watched SKUs have no price in a region (absent from its file):
/// machines and storage/addresses counted apart (issue 44).
fn coverage_notes(files: &[SnapshotFile], reads: &[CatalogRead], skus: &SkuList) -> Vec<String> {
    let mut notes = Vec::new();
    for provider in Provider::ALL {
        if !reads.iter().any(|r| r.provider == provider) {
            continue;
        }
        for region in provider.regions() {
            match files
                .iter()
                .find(|f| f.provider == provider.id() && f.region == *region)
            {
                None => notes.push(format!(
                    "{} {region}: no catalog read covers it; its file is left as it was",
                    provider.id()
                )),
                Some(file) => notes.push(coverage_line(provider, region, file, reads, skus)),
            }
        }
    }
    notes
}

/// One region's coverage: the watched machine SKUs priced, of those sold there, and which are not
/// sold there as far as the catalogs read tell (issue 44); then the storage and address offers
/// priced, and those that keep their `offers.toml` price.
fn coverage_line(
    provider: Provider,
    region: &str,
    file: &SnapshotFile,
    reads: &[CatalogRead],
    skus: &SkuList,
) -> String {
    let priced: std::collections::BTreeSet<&str> =
        file.prices.iter().map(|p| p.sku.as_str()).collect();
    let is_storage = |sku: &str| skus.is_storage(provider, sku);
    let machines = skus.skus(provider).filter(|s| !is_storage(s)).count();
    let storage: Vec<&str> = skus.skus(provider).filter(|s| is_storage(s)).collect();
    let absent = super::merge::not_sold_in(reads, provider, region, &priced);
    let sold = machines - absent.iter().filter(|s| !is_storage(s)).count();
    let priced_machines = priced.iter().filter(|s| !is_storage(s)).count();
    let mut line = format!(
        "{} {region}: {priced_machines} of {sold} watched machine SKUs sold there priced",
        provider.id(),
    );
    if !absent.is_empty() {
        line.push_str(&format!(
            "; not sold there in the catalogs read: {}",
            absent.join(", ")
        ));
    }
    if !storage.is_empty() {
        let kept: Vec<&str> = storage
            .iter()
            .copied()
            .filter(|s| !priced.contains(s))
            .collect();
        line.push_str(&format!(
            "; storage and addresses: {} of {} priced",
            storage.len() - kept.len(),
            storage.len()
        ));
        if !kept.is_empty() {
            line.push_str(&format!(
                "; in no catalog read, so kept at the offers.toml price: {}",
                kept.join(", ")
            ));
        }
    }
    line
}

/// Chooses, compares and writes (unless refused) the snapshots for catalogs already read.
pub fn refresh(
    options: &Options,
    reads: Vec<CatalogRead>,
    skus: &SkuList,
    log: &mut dyn Write,
) -> Result<Outcome, RefreshError> {
    let mut files: Vec<SnapshotFile> = merge(&reads)
        .iter()
        .filter_map(|r| SnapshotFile::new(r, &options.read_on, skus))
        .collect();
    let mut lines = Vec::new();
    let (mut unchanged, mut confirmed) = (0, 0);
    let home = course::default_region();
    let mut course = None;
    for file in &mut files {
        let before = SnapshotFile::read(&file.path(&options.out))?;
        confirmed += file.keep_dates(before.as_ref());
        unchanged += super::changes::unchanged(before.as_ref(), file);
        lines.extend(diff(before.as_ref(), file, skus));
        if home.as_ref() == Some(&(file.provider.clone(), file.region.clone())) {
            course = Some(course_line(before.as_ref(), Some(file)));
        }
    }
    for note in coverage_notes(&files, &reads, skus) {
        let _ = writeln!(log, "{note}");
    }
    let counts: Vec<String> = [
        course,
        Some(format!(
            "Unchanged: {}; {} confirmed by a newer catalog kept {} earlier date.",
            count(unchanged as u64, "figure", "figures"),
            count(confirmed as u64, "figure", "figures"),
            if confirmed == 1 { "its" } else { "their" },
        )),
    ]
    .into_iter()
    .flatten()
    .collect();
    let summary = summary(&lines, &counts, &header(options, &reads));
    let _ = writeln!(log, "\n{summary}");
    let refused = !options.accept && lines.iter().any(|l| l.blocking);
    if refused {
        let _ = writeln!(
            log,
            "Refused: a watched SKU vanished or moved by more than half (marked above). Nothing was \
             written. Check those figures against the catalogs, then run again with --accept."
        );
    } else {
        if let Some(what) = files.iter().find_map(SnapshotFile::implausible) {
            return Err(RefreshError::file(
                what,
                "is no machine's price; nothing was written",
            ));
        }
        let mut out: Vec<(PathBuf, String)> = files
            .iter()
            .map(|f| (f.path(&options.out), f.to_text()))
            .collect();
        if let Some(path) = &options.report {
            out.push((path.clone(), report::to_text(&files, &reads)));
        }
        if let Some(path) = &options.summary {
            out.push((path.clone(), summary.clone()));
        }
        write::write_all(&out)?;
        let _ = writeln!(
            log,
            "Wrote {} to {}.",
            count(files.len() as u64, "file", "files"),
            options.out.display()
        );
    }
    Ok(Outcome {
        reads,
        files,
        lines,
        summary,
        refused,
    })
}

/// The refresh as the command runs it: the SKU list, the catalogs (downloaded first with
/// `--fetch`), then [`refresh`].
pub fn run(options: &Options, log: &mut dyn Write) -> Result<Outcome, RefreshError> {
    let skus = SkuList::load(&options.offers)?;
    let mut reads = Vec::new();
    if options.fetch {
        reads.extend(fetch_first(options, &skus, log)?);
    }
    reads.extend(read_folder(&options.from, &skus, log)?);
    refresh(options, reads, &skus, log)
}

#[cfg(feature = "fetch")]
fn fetch_first(
    options: &Options,
    skus: &SkuList,
    log: &mut dyn Write,
) -> Result<Vec<CatalogRead>, RefreshError> {
    let endpoints = super::fetch::Endpoints::from_env();
    super::fetch::fetch_all(&endpoints, &options.from, &options.read_on, skus, log)
}

#[cfg(not(feature = "fetch"))]
fn fetch_first(
    _options: &Options,
    _skus: &SkuList,
    _log: &mut dyn Write,
) -> Result<Vec<CatalogRead>, RefreshError> {
    Err(RefreshError::file(
        "--fetch",
        "this build has no HTTP client: build with `--features fetch`",
    ))
}

/// The process's peak resident memory in KiB (Linux's `VmHWM`), if the system says.
pub fn peak_memory_kib() -> Option<u64> {
    let status = fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
