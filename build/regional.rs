//! Each provider's regional price files baked as `REGION_PRICES` (which
//! `model/catalog/regional.rs` prices a region other than the default with).

use toml::Value;

use crate::citations::Sources;
use crate::prices::{table, FilePrice, PriceFile};

/// Each file's figures as `schema::REGION_PRICES` tables, one per date and source (a file's
/// figures mostly share them: 16 bytes a figure in the wasm instead of 48), and each figure's
/// source id, in file order. A region's spot prices are its default region's
/// times the on-demand ratio (`model/catalog/regional.rs`), so none is baked here. A default
/// region's figure (`home`: each provider's default region) is read only as the denominator of
/// another region's ratio, so it is baked only where another region's file prices the same
/// offer (the newest snapshot holds the default region's figures).
pub(crate) fn tables(
    files: &[PriceFile],
    home: &[(String, String)],
    sources: &mut Sources,
) -> Result<Vec<Value>, String> {
    let mut regional = Vec::new();
    for file in files {
        let others: Vec<&PriceFile> = files
            .iter()
            .filter(|f| f.provider == file.provider && f.region != file.region)
            .collect();
        let is_home = home.contains(&(file.provider.clone(), file.region.clone()));
        let read = |p: &&FilePrice| {
            !is_home
                || others
                    .iter()
                    .any(|f| f.prices.iter().any(|q| q.offer == p.offer))
        };
        // A provider with one price everywhere has one file: no other region is priced by it.
        if others.is_empty() {
            continue;
        }
        let kept: Vec<&FilePrice> = file.prices.iter().filter(read).collect();
        let ids = kept
            .iter()
            .map(|p| sources.id(&file.citations, &p.source, &file.read_on))
            .collect::<Result<Vec<String>, String>>()
            .map_err(|e| format!("{}-{}.json: {e}", file.provider, file.region))?;
        // (date, source id, figures), in the order first seen.
        let mut groups: Vec<(&str, &str, Vec<Value>)> = Vec::new();
        for (p, id) in kept.iter().zip(&ids) {
            let figure = table(vec![
                ("offer", Value::String(p.offer.clone())),
                ("usd", Value::Float(p.usd)),
            ]);
            match groups
                .iter_mut()
                .find(|(d, s, _)| *d == p.as_of && *s == id)
            {
                Some((_, _, figures)) => figures.push(figure),
                None => groups.push((&p.as_of, id, vec![figure])),
            }
        }
        for (as_of, source, figures) in groups {
            regional.push(table(vec![
                ("provider", Value::String(file.provider.clone())),
                ("region", Value::String(file.region.clone())),
                ("as_of", Value::String(as_of.to_string())),
                ("source", Value::String(source.to_string())),
                ("prices", Value::Array(figures)),
            ]));
        }
    }
    Ok(regional)
}
