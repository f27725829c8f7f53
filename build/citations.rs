//! The citations the refresh command writes into each price file (`catalogs`: every catalog it
//! read for the region, with the id, title and publisher its figures are cited by), baked as
//! cited sources. Nothing here makes a title or a publisher: a file without its citations fails
//! the build, which says to run the command.

use serde_json::Value as Json;
use toml::{Table, Value};

/// One catalog's citation, as a price file writes it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Citation {
    pub(crate) id: String,
    pub(crate) title: String,
    pub(crate) publisher: String,
    pub(crate) url: String,
    /// The catalog's own publication date, when it gives one.
    pub(crate) published: Option<String>,
}

/// A non-empty text at `key`.
fn field(value: &Json, key: &str, at: &str) -> Result<String, String> {
    match value.get(key) {
        Some(Json::String(s)) if !s.trim().is_empty() => Ok(s.clone()),
        _ => Err(format!(
            "{at}: `{key}` is missing or empty: the refresh command writes each catalog's \
             citation (run refresh-prices)"
        )),
    }
}

/// A file's `catalogs`, each with its citation.
pub(crate) fn read(json: &Json, name: &str) -> Result<Vec<Citation>, String> {
    let list = json
        .get("catalogs")
        .and_then(Json::as_array)
        .ok_or(format!("{name}: `catalogs` should be an array"))?;
    list.iter()
        .enumerate()
        .map(|(i, c)| {
            let at = format!("{name}: catalogs[{i}]");
            let url = field(c, "url", &at)?;
            if !url.starts_with("https://") {
                return Err(format!("{at}: `url` should be an https:// address"));
            }
            Ok(Citation {
                id: field(c, "id", &at)?,
                title: field(c, "title", &at)?,
                publisher: field(c, "publisher", &at)?,
                url,
                published: c.get("published").and_then(Json::as_str).map(String::from),
            })
        })
        .collect()
}

/// The cited sources the files add, one per catalog id a baked figure cites.
#[derive(Default)]
pub(crate) struct Sources {
    pub(crate) tables: Vec<Value>,
    ids: Vec<Citation>,
}

impl Sources {
    /// The id of the catalog at `url` among `citations` (a file's, read on `read_on`), added
    /// the first time it is cited; an error where the file does not cite that address, or where
    /// two catalogs share one id.
    pub(crate) fn id(
        &mut self,
        citations: &[Citation],
        url: &str,
        read_on: &str,
    ) -> Result<String, String> {
        let cited = citations
            .iter()
            .find(|c| c.url == url)
            .ok_or_else(|| format!("a figure cites {url}, which is none of its file's catalogs"))?;
        if let Some(known) = self.ids.iter().find(|c| c.id == cited.id) {
            if known.url != cited.url {
                return Err(format!(
                    "catalogs {} and {} share the id {}",
                    known.url, cited.url, cited.id
                ));
            }
            return Ok(cited.id.clone());
        }
        let mut table = Table::new();
        let date = cited
            .published
            .clone()
            .unwrap_or_else(|| format!("undated (read {read_on})"));
        for (key, value) in [
            ("id", cited.id.clone()),
            ("title", cited.title.clone()),
            ("publisher", cited.publisher.clone()),
            ("date", date),
            ("url", cited.url.clone()),
            (
                "as_of",
                cited.published.clone().unwrap_or_else(|| "undated".into()),
            ),
        ] {
            table.insert(key.into(), Value::String(value));
        }
        self.tables.push(Value::Table(table));
        self.ids.push(cited.clone());
        Ok(cited.id.clone())
    }
}
