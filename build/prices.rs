//! The refresh command's price files, `src/data/prices/<provider>-<region>.json` (one per
//! provider and region, written by `refresh-prices`, never by hand), checked and folded into the
//! catalog: each provider's home-region file becomes the newest price snapshot (`catalogs`),
//! every file of a provider with several regions is baked as that region's prices
//! (`REGION_PRICES`, which `model/catalog/regional.rs` prices other regions with; of a default
//! region, the figures another region's ratio reads), and the catalog of every figure kept
//! becomes a cited source, by the citation (id, title, publisher) the refresh command wrote for
//! it (`build/citations.rs`; the build makes none). A file that does not fit the format fails
//! the build with the file and the record named.

use std::fs;
use std::path::Path;

use serde_json::Value as Json;
use toml::Value;

use crate::citations::{self, Citation, Sources};

/// The id of the snapshot made of the price files.
pub(crate) const NEWEST: &str = "catalogs";

/// One price file, checked.
pub(crate) struct PriceFile {
    pub(crate) provider: String,
    pub(crate) region: String,
    /// Every catalog read for the region, with its citation.
    pub(crate) citations: Vec<Citation>,
    /// The day the command read the catalog.
    pub(crate) read_on: String,
    pub(crate) prices: Vec<FilePrice>,
}

/// One figure of a price file.
pub(crate) struct FilePrice {
    /// The offer id in `offers.toml` (`aws/p4d.24xlarge`).
    pub(crate) offer: String,
    /// US dollars per the offer's unit (hour or GB-month).
    pub(crate) usd: f64,
    /// Spot, US dollars per hour, where the catalog gives one.
    pub(crate) spot: Option<f64>,
    pub(crate) as_of: String,
    /// The address of the catalog record's file or page.
    pub(crate) source: String,
    /// The spot figure's own date ("undated" when the catalog gives it none) and address, where
    /// the file gives them (`spot_as_of`, `spot_source`); else the on-demand figure's.
    pub(crate) spot_as_of: String,
    pub(crate) spot_source: String,
}

/// Whether `text` is a `YYYY-MM-DD` date (digits and dashes in place).
pub(crate) fn is_day(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.len() == 10
        && bytes.iter().enumerate().all(|(i, b)| match i {
            4 | 7 => *b == b'-',
            _ => b.is_ascii_digit(),
        })
}

fn text<'a>(value: &'a Json, key: &str, at: &str) -> Result<&'a str, String> {
    match value.get(key) {
        Some(Json::String(s)) if !s.trim().is_empty() => Ok(s),
        Some(other) => Err(format!("{at}: `{key}` should be a text, found {other}")),
        None => Err(format!("{at}: missing key `{key}`")),
    }
}

fn optional_text(value: &Json, key: &str, at: &str) -> Result<Option<String>, String> {
    match value.get(key) {
        None | Some(Json::Null) => Ok(None),
        Some(Json::String(s)) => Ok(Some(s.clone())),
        Some(Json::Number(n)) => Ok(Some(n.to_string())),
        Some(other) => Err(format!(
            "{at}: `{key}` should be a text or null, found {other}"
        )),
    }
}

/// A positive finite price, or `None` for null or a missing key.
fn price(value: &Json, key: &str, at: &str) -> Result<Option<f64>, String> {
    match value.get(key) {
        None | Some(Json::Null) => Ok(None),
        Some(Json::Number(n)) => match n.as_f64() {
            Some(usd) if usd.is_finite() && usd > 0.0 => Ok(Some(usd)),
            _ => Err(format!("{at}: `{key}` is {n}, not a price above zero")),
        },
        Some(other) => Err(format!("{at}: `{key}` should be a number, found {other}")),
    }
}

/// The `[[offers]]` table with id `id`, or with SKU `sku` on `provider`.
fn find_offer<'a>(offers: &'a [Value], provider: &str, sku: &str) -> Option<&'a Value> {
    let wanted = format!("{provider}/{sku}");
    offers.iter().find(|o| {
        let field = |k: &str| o.get(k).and_then(Value::as_str);
        field("id") == Some(sku)
            || field("id") == Some(wanted.as_str())
            || (field("provider") == Some(provider) && field("sku") == Some(sku))
    })
}

/// One record of a file's `prices`.
fn read_price(
    record: &Json,
    (file, provider): (&str, &str),
    i: usize,
    offers: &[Value],
) -> Result<FilePrice, String> {
    let at = format!("{file}: prices[{i}]");
    let sku = text(record, "sku", &at)?;
    let at = format!("{at} (sku {sku:?})");
    let offer = find_offer(offers, provider, sku)
        .ok_or_else(|| format!("{at}: no offer of src/data/offers.toml has this id or SKU"))?;
    let per_month = offer.get("unit").and_then(Value::as_str) == Some("gb_month");
    let hour = price(record, "usd_per_hour", &at)?;
    let month = price(record, "usd_per_gb_month", &at)?;
    let usd = match (hour, month, per_month) {
        (Some(usd), None, false) | (None, Some(usd), true) => usd,
        _ => {
            let unit = if per_month {
                "usd_per_gb_month"
            } else {
                "usd_per_hour"
            };
            return Err(format!(
                "{at}: the offer is priced per {}: exactly `{unit}` should hold its price",
                if per_month { "GB-month" } else { "hour" }
            ));
        }
    };
    let spot = price(record, "spot_usd_per_hour", &at)?;
    if spot.is_some_and(|s| per_month || s >= usd) {
        return Err(format!(
            "{at}: a spot price must be an hourly price below the on-demand {usd}"
        ));
    }
    let as_of = optional_text(record, "as_of", &at)?.unwrap_or_else(|| "undated".into());
    let source = text(record, "source", &at)?.to_string();
    let spot_as_of = match record.get("spot_as_of") {
        None => as_of.clone(),
        Some(_) => optional_text(record, "spot_as_of", &at)?.unwrap_or_else(|| "undated".into()),
    };
    let spot_source = optional_text(record, "spot_source", &at)?.unwrap_or_else(|| source.clone());
    Ok(FilePrice {
        spot_as_of,
        spot_source,
        offer: offer
            .get("id")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string(),
        usd,
        spot,
        // A catalog without dates (SkyPilot's Lambda and RunPod tables) gives none.
        as_of,
        source,
    })
}

/// The file `path` (named `name`), checked against the format and the catalog's providers,
/// regions and offers.
fn read_file(path: &Path, name: &str, catalog: &Value) -> Result<PriceFile, String> {
    let bytes = fs::read(path).map_err(|e| format!("{name}: cannot read it: {e}"))?;
    let json: Json =
        serde_json::from_slice(&bytes).map_err(|e| format!("{name}: not valid JSON: {e}"))?;
    let provider = text(&json, "provider", name)?;
    let region = text(&json, "region", name)?;
    if name != format!("{provider}-{region}.json") {
        return Err(format!(
            "{name}: holds {provider} {region}; its name should be {provider}-{region}.json"
        ));
    }
    let providers = catalog.get("providers").and_then(Value::as_array);
    let declared = providers
        .into_iter()
        .flatten()
        .find(|p| p.get("id").and_then(Value::as_str) == Some(provider))
        .ok_or_else(|| format!("{name}: no provider `{provider}` in src/data/offers.toml"))?;
    let regions = declared.get("regions").and_then(Value::as_array);
    let known = regions
        .into_iter()
        .flatten()
        .any(|r| r.get("id").and_then(Value::as_str) == Some(region));
    if !known {
        return Err(format!(
            "{name}: `{region}` is not one of {provider}'s regions in src/data/offers.toml"
        ));
    }
    let at = format!("{name}: catalog");
    let catalog_part = json
        .get("catalog")
        .ok_or(format!("{name}: missing key `catalog`"))?;
    let url = text(catalog_part, "url", &at)?;
    if !url.starts_with("https://") {
        return Err(format!("{at}: `url` should be an https:// address"));
    }
    let read_on = text(&json, "read_on", name)?;
    let published = optional_text(catalog_part, "published", &at)?;
    if !is_day(read_on) || published.as_deref().is_some_and(|d| !is_day(d)) {
        return Err(format!(
            "{name}: `read_on` and `published` should be YYYY-MM-DD dates"
        ));
    }
    let offers = catalog
        .get("offers")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    let records = json
        .get("prices")
        .and_then(Json::as_array)
        .ok_or(format!("{name}: `prices` should be an array"))?;
    let mut prices: Vec<FilePrice> = Vec::new();
    for (i, record) in records.iter().enumerate() {
        let read = read_price(record, (name, provider), i, offers)?;
        if prices.iter().any(|p| p.offer == read.offer) {
            return Err(format!(
                "{name}: prices[{i}]: {} is priced twice",
                read.offer
            ));
        }
        prices.push(read);
    }
    let citations = citations::read(&json, name)?;
    for (i, p) in prices.iter().enumerate() {
        for url in [&p.source, &p.spot_source] {
            if !citations.iter().any(|c| &c.url == url) {
                return Err(format!(
                    "{name}: prices[{i}]: cites {url}, which is none of its file's catalogs"
                ));
            }
        }
    }
    Ok(PriceFile {
        provider: provider.to_string(),
        region: region.to_string(),
        citations,
        read_on: read_on.to_string(),
        prices,
    })
}

/// Every file of `dir`, sorted by name; a region a provider declares without its file is said
/// (a build warning) and priced at the default region's prices.
pub(crate) fn read_dir(dir: &Path, catalog: &Value) -> Result<Vec<PriceFile>, String> {
    println!("cargo:rerun-if-changed={}", dir.display());
    let entries = fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    let mut files = Vec::new();
    for name in &names {
        let path = dir.join(name);
        println!("cargo:rerun-if-changed={}", path.display());
        files.push(read_file(&path, name, catalog)?);
    }
    let providers = catalog.get("providers").and_then(Value::as_array);
    for provider in providers.into_iter().flatten() {
        let id = provider
            .get("id")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let regions = provider.get("regions").and_then(Value::as_array);
        for region in regions.into_iter().flatten() {
            let region = region.get("id").and_then(Value::as_str).unwrap_or_default();
            if !files.iter().any(|f| f.provider == id && f.region == region) {
                // The region is offered at its default region's prices, and the page says so.
                println!("cargo:warning=src/data/prices: no price file {id}-{region}.json");
            }
        }
    }
    Ok(files)
}

pub(crate) fn table(pairs: Vec<(&str, Value)>) -> Value {
    Value::Table(pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
}

/// The month (`YYYY-MM`) of a dated figure.
fn month(as_of: &str) -> Option<String> {
    is_day(as_of).then(|| as_of[..7].to_string())
}

/// Folds `files` into `catalog` (offers.toml as read): their sources, and the newest snapshot:
/// each offer at its home-region file's figure, else at the previous newest snapshot's.
/// Returns the baked `REGION_PRICES` list as a value of `schema::REGION_PRICES` tables, and the
/// id of the snapshot the newest one falls back to.
pub(crate) fn fold(catalog: &mut Value, files: &[PriceFile]) -> Result<(Value, String), String> {
    let mut sources = Sources::default();
    let home: Vec<(String, String)> = catalog
        .get("providers")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|p| {
            Some((
                p.get("id")?.as_str()?.into(),
                p.get("region")?.as_str()?.into(),
            ))
        })
        .collect();
    let regional = crate::regional::tables(files, &home, &mut sources)?;
    let top = catalog.as_table_mut().ok_or("offers.toml is not a table")?;
    // Every home-region figure with its source id.
    let home_figures: Vec<(&FilePrice, &PriceFile)> = files
        .iter()
        .filter(|f| home.contains(&(f.provider.clone(), f.region.clone())))
        .flat_map(|f| f.prices.iter().map(move |p| (p, f)))
        .collect();
    let snapshots = top.get("snapshots").and_then(Value::as_array);
    let previous = snapshots
        .and_then(|s| s.last())
        .cloned()
        .ok_or("offers.toml has no [[snapshots]]")?;
    let previous_id = previous
        .get("id")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let mut months: Vec<String> = Vec::new();
    let not_offered = previous.get("not_offered").cloned();
    let offers = top
        .get_mut("offers")
        .and_then(Value::as_array_mut)
        .ok_or("offers.toml has no [[offers]]")?;
    for offer in offers.iter_mut() {
        let id = offer
            .get("id")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        let read = home_figures.iter().find(|(p, _)| p.offer == id).copied();
        let entry = newest_entry(offer, read, previous_id, &mut sources)?;
        let sold = not_offered
            .as_ref()
            .and_then(Value::as_array)
            .is_none_or(|list| !list.iter().any(|o| o.as_str() == Some(&id)));
        if sold {
            months.extend(figure_months(offer, entry.as_ref().map(|(e, _)| e)));
        }
        if let (Some((entry, true)), Some(table)) = (entry, offer.as_table_mut()) {
            let list = table
                .entry("snapshot_prices")
                .or_insert_with(|| Value::Array(Vec::new()));
            if let Value::Array(list) = list {
                list.push(entry);
            }
        }
    }
    if let Some(Value::Array(list)) = top.get_mut("sources") {
        list.extend(sources.tables.iter().cloned());
    }
    let snapshot = newest_snapshot(files, &months, previous_id, not_offered)?;
    if let Some(Value::Array(list)) = top.get_mut("snapshots") {
        list.push(snapshot);
    }
    Ok((Value::Array(regional), previous_id.to_string()))
}

/// The newest figure of `offer`: its home file's figure (`read`: the figure and its source
/// ids), as a new `catalogs` entry of its `snapshot_prices` (`true`), else the previous newest
/// snapshot's entry, which holds in the newest one too (`false`; `None` when it has none: the
/// base price holds there and here).
fn newest_entry(
    offer: &Value,
    read: Option<(&FilePrice, &PriceFile)>,
    previous: &str,
    sources: &mut Sources,
) -> Result<Option<(Value, bool)>, String> {
    let own = offer.get("snapshot_prices").and_then(Value::as_array);
    let before = own
        .into_iter()
        .flatten()
        .find(|e| e.get("snapshot").and_then(Value::as_str) == Some(previous));
    // The previous figure's date: its snapshot's own, else the offer's base one.
    let before_as_of = before
        .or(Some(offer))
        .and_then(|e| e.get("as_of"))
        .and_then(Value::as_str)
        .unwrap_or_default();
    // A catalog read older than the figure already kept (or undated, where that one is dated)
    // does not replace it: the newest prices hold each offer's newest figure.
    let read = read.filter(|(p, _)| {
        !is_day(before_as_of) || (is_day(&p.as_of) && p.as_of.as_str() >= before_as_of)
    });
    // Without a newer figure the previous snapshot's entry holds (`Offer::price_in` falls back
    // to it), and no copy is baked.
    let Some((p, file)) = read else {
        return Ok(before.cloned().map(|entry| (entry, false)));
    };
    let source = sources
        .id(&file.citations, &p.source, &file.read_on)
        .map_err(|e| format!("{}-{}.json: {e}", file.provider, file.region))?;
    let mut entry = vec![
        ("snapshot", Value::String(NEWEST.into())),
        ("usd", Value::Float(p.usd)),
        ("as_of", Value::String(p.as_of.clone())),
        ("source", Value::String(source.clone())),
    ];
    // An entry dates and cites its spot figure as its on-demand one: a spot figure with a date
    // or source of its own is not the entry's.
    let own_spot = p
        .spot
        .filter(|_| p.spot_as_of == p.as_of && p.spot_source == p.source);
    match own_spot {
        Some(spot) => {
            entry.push(("spot_usd", Value::Float(spot)));
            entry.push(("spot_note", Value::String(source)));
        }
        // The offer's base spot figure is carried (with its own date) where the file gives none
        // or gives that very figure, it stays below this on-demand figure and no newer snapshot
        // replaced it.
        None => {
            let base_spot = offer.get("spot_usd").and_then(Value::as_float);
            let replaced = offer
                .get("snapshot_prices")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .any(|e| e.get("spot_usd").is_some() || e.get("no_spot").is_some());
            let carried = base_spot
                .filter(|s| *s < p.usd && p.spot.is_none_or(|read| read == *s) && !replaced);
            if carried.is_none() {
                entry.push(("no_spot", Value::Boolean(true)));
            }
        }
    }
    Ok(Some((table(entry), true)))
}

/// The months of `offer`'s on-demand and spot figures in the newest snapshot.
fn figure_months(offer: &Value, entry: Option<&Value>) -> Vec<String> {
    let field = |v: Option<&Value>, k: &str| {
        v.and_then(|v| v.get(k))
            .and_then(Value::as_str)
            .map(String::from)
    };
    let base_as_of = field(Some(offer), "as_of").unwrap_or_default();
    let as_of = field(entry, "as_of").unwrap_or_else(|| base_as_of.clone());
    let mut found: Vec<String> = month(&as_of).into_iter().collect();
    let no_spot = entry
        .and_then(|e| e.get("no_spot"))
        .and_then(Value::as_bool)
        == Some(true);
    let own_spot = entry.and_then(|e| e.get("spot_usd")).is_some();
    if own_spot {
        found.extend(month(&as_of));
    } else if !no_spot && offer.get("spot_usd").is_some() {
        found.extend(month(&base_as_of));
    }
    found
}

/// The `[[snapshots]]` table of the newest prices.
fn newest_snapshot(
    files: &[PriceFile],
    months: &[String],
    previous: &str,
    not_offered: Option<Value>,
) -> Result<Value, String> {
    let first = months
        .iter()
        .min()
        .ok_or("the newest prices have no dated figure")?;
    let last = months
        .iter()
        .max()
        .ok_or("the newest prices have no dated figure")?;
    let read: Vec<&str> = files.iter().map(|f| f.read_on.as_str()).collect();
    let (earliest, latest) = (
        read.iter().min().copied().unwrap_or_default(),
        read.iter().max().copied().unwrap_or_default(),
    );
    let read_words = if earliest == latest {
        latest.to_string()
    } else {
        format!("{earliest} to {latest}")
    };
    let mut pairs = vec![
        ("id", Value::String(NEWEST.into())),
        (
            "label",
            Value::String(format!(
                "Provider catalogs read {read_words}, figures dated {first} to {last}"
            )),
        ),
        ("as_of", Value::String(latest.into())),
        (
            "description",
            Value::String(format!(
                "Each provider's own public catalog as read on {read_words}, in every region offered, each figure with its catalog's date; where none gives a newer figure, the previous price set's ({previous}) stands. A link made with these prices opens with those of the build that opens it."
            )),
        ),
    ];
    pairs.extend(not_offered.map(|list| ("not_offered", list)));
    Ok(table(pairs))
}
