//! What every reader is given (the file, the manifest's word on it, the SKU list) and what it
//! finds, which [`Found::into_read`] dates and labels with the manifest's entry.

use std::collections::{BTreeMap, BTreeSet};

use super::catalog::{check_figures, citation_id, CatalogInfo, CatalogRead, Figure};
use super::error::RefreshError;
use super::manifest::Entry;
use super::watch::SkuList;

/// A catalog file being read.
#[derive(Clone, Copy, Debug)]
pub struct Source<'a> {
    /// The file's path or address, for messages.
    pub name: &'a str,
    /// What the manifest says it is.
    pub entry: &'a Entry,
    /// The SKUs to keep.
    pub skus: &'a SkuList,
}

/// What a reader found in one file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Found {
    /// The watched SKUs' figures.
    pub figures: Vec<Figure>,
    /// The priced regions the file has any row for.
    pub regions: BTreeSet<String>,
    /// Records read.
    pub records: u64,
    /// The version the file states (AWS's offer version, a generator's commit).
    pub version: Option<String>,
    /// The ISO date the file states it was published or generated.
    pub published: Option<String>,
    /// The `{commit}` a derived history's figures come from, for the manifest's address.
    pub commit: Option<String>,
    /// Rows of watched SKUs refused, by reason.
    pub refused: BTreeMap<String, u64>,
    /// A figure's own date, by (region, SKU), where its item states one.
    pub figure_dates: BTreeMap<(String, String), String>,
}

impl Found {
    /// The catalog read: the file's own version and date where it states them, else the
    /// manifest's; its figures dated at the publication date, else the day it was recorded.
    /// Figures that are no price (outside [`super::catalog::plausible`]) or a SKU listed twice
    /// at two prices stop the refresh, named.
    pub fn into_read(self, source: &Source<'_>) -> Result<CatalogRead, RefreshError> {
        check_figures(&self.figures)
            .map_err(|(record, message)| RefreshError::record(source.name, record, message))?;
        if let Some(version) = self.version.as_ref().filter(|v| v.chars().count() > 100) {
            return Err(RefreshError::file(
                source.name,
                format!(
                    "states a version of {} characters ({:?}): no catalog's version is that long",
                    version.chars().count(),
                    super::json::shown(version)
                ),
            ));
        }
        let entry = source.entry;
        let published = self.published.or_else(|| entry.published.clone());
        let as_of = published.clone().or_else(|| entry.recorded.clone());
        let url = match &self.commit {
            Some(commit) => entry.url.replace("{commit}", commit),
            None => entry.url.clone(),
        };
        Ok(CatalogRead {
            file: source.name.to_string(),
            provider: entry.provider,
            catalog: CatalogInfo {
                id: citation_id(&url),
                title: entry.title.clone(),
                publisher: entry
                    .publisher
                    .clone()
                    .unwrap_or_else(|| entry.format.publisher().to_string()),
                url,
                version: self.version.or_else(|| entry.version.clone()),
                published,
                derived: entry.format.is_derived(),
            },
            as_of,
            regions: self.regions,
            figures: self.figures,
            records: self.records,
            refused: self.refused,
            figure_dates: self.figure_dates,
        })
    }

    /// Counts one refused row under its reasons.
    pub fn refuse(&mut self, reasons: &[impl std::fmt::Display]) {
        let words: Vec<String> = reasons.iter().map(ToString::to_string).collect();
        *self.refused.entry(words.join(", ")).or_default() += 1;
    }
}
