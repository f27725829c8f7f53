//! Tables with one price per SKU and region and a generation stamp on every row. A table may hold
//! several generations (the Karpenter AWS history does): only the newest is read, since each
//! generation is the whole map, and a SKU missing from it was dropped by its generator.

use std::io::Read;

use super::price_cell;
use crate::refresh::catalog::{add_figure, Figure};
use crate::refresh::csv_rows::{columns, for_each_record};
use crate::refresh::date::date_part;
use crate::refresh::error::RefreshError;
use crate::refresh::manifest::Format;
use crate::refresh::source::{Found, Source};

/// The columns of each generation table, and whether it names its generator's commit.
struct Layout {
    generation: &'static str,
    commit: Option<&'static str>,
    sku: &'static str,
    region: &'static str,
    price: &'static str,
}

fn layout(format: Format) -> Option<Layout> {
    match format {
        Format::KarpenterAwsHistory => Some(Layout {
            generation: "generated_at",
            commit: Some("commit"),
            sku: "instance_type",
            region: "region",
            price: "usd_per_hour",
        }),
        Format::KarpenterAzure => Some(Layout {
            generation: "generated_at",
            commit: None,
            sku: "arm_sku_name",
            region: "arm_region_name",
            price: "linux_payg_usd_per_hour",
        }),
        Format::VantageGpuByRegion => Some(Layout {
            generation: "source_last_updated",
            commit: None,
            sku: "instance_type",
            region: "region",
            price: "ondemand_usd_per_hour",
        }),
        _ => None,
    }
}

/// One watched row: generation, commit, region, SKU, price.
type Row = (String, Option<String>, String, String, Option<f64>);

/// Reads a generation table: the newest generation's watched figures, dated at that generation.
pub fn read<R: Read>(reader: R, source: &Source<'_>) -> Result<Found, RefreshError> {
    let name = source.name;
    let provider = source.entry.provider;
    let layout = layout(source.entry.format)
        .ok_or_else(|| RefreshError::file(name, "is not a generation table"))?;
    let mut wanted: Vec<&[&str]> = vec![
        std::slice::from_ref(&layout.generation),
        std::slice::from_ref(&layout.sku),
        std::slice::from_ref(&layout.region),
        std::slice::from_ref(&layout.price),
    ];
    if let Some(commit) = &layout.commit {
        wanted.push(std::slice::from_ref(commit));
    }
    let mut cols: Option<Vec<usize>> = None;
    let mut rows: Vec<Row> = Vec::new();
    let mut newest = String::new();
    let mut records = 0;
    for_each_record(reader, name, |line, fields| {
        let Some(cols) = &cols else {
            cols = Some(columns(fields, &wanted, name)?);
            return Ok(());
        };
        records += 1;
        let cell = |i: usize| fields.get(cols[i]).copied().unwrap_or("");
        let generation = cell(0).to_string();
        if generation > newest {
            newest.clone_from(&generation);
        }
        let (sku, region) = (cell(1), cell(2));
        if !provider.prices_region(region) {
            return Ok(());
        }
        let price = if source.skus.contains(provider, sku) {
            price_cell(cell(3), name, line, layout.price)?
        } else {
            None
        };
        let commit = (cols.len() > 4).then(|| cell(4).to_string());
        rows.push((
            generation,
            commit,
            region.to_string(),
            sku.to_string(),
            price,
        ));
        Ok(())
    })?;
    if cols.is_none() {
        return Err(RefreshError::file(name, "is empty"));
    }
    let mut found = Found {
        records,
        published: date_part(&newest),
        ..Found::default()
    };
    for (generation, commit, region, sku, price) in rows {
        if generation != newest {
            continue;
        }
        found.commit = commit.clone();
        found.version = commit.or_else(|| found.version.take());
        found.regions.insert(region.clone());
        if price.is_some() {
            let figure = Figure {
                provider,
                region,
                sku,
                usd_per_hour: price,
                spot_usd_per_hour: None,
            };
            add_figure(&mut found.figures, figure);
        }
    }
    Ok(found)
}
