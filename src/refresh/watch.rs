//! The one hand-kept input: which SKUs the course needs. It is read from `src/data/offers.toml`,
//! whose `[[offers]]` are every offer a mapping or a stand-in list can name (stand-in lists draw
//! from all of a provider's offers): the machines of the five providers the command refreshes.
//! Storage and addresses (offers without `vcpu`) are not instance-hours; they stay hand-kept in
//! offers.toml and are not in the snapshots.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::Deserialize;

use super::catalog::Provider;
use super::error::RefreshError;

/// The SKUs to watch, per provider.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SkuList {
    skus: BTreeMap<Provider, BTreeSet<String>>,
}

#[derive(Deserialize)]
struct OffersFile {
    #[serde(default)]
    offers: Vec<OfferEntry>,
}

#[derive(Deserialize)]
struct OfferEntry {
    provider: String,
    sku: String,
    /// Present (even 0, "not stated") on every machine; absent on storage and addresses.
    vcpu: Option<toml::Value>,
}

impl SkuList {
    /// The list from an offers file's text (`file` names it in messages).
    pub fn from_offers_toml(text: &str, file: &str) -> Result<SkuList, RefreshError> {
        let parsed: OffersFile = toml::from_str(text)
            .map_err(|e| RefreshError::file(file, format!("not a readable offers file: {e}")))?;
        let mut list = SkuList::default();
        for offer in parsed.offers {
            let Some(provider) = Provider::from_id(&offer.provider) else {
                continue;
            };
            if offer.vcpu.is_some() {
                list.insert(provider, &offer.sku);
            }
        }
        if list.skus.is_empty() {
            return Err(RefreshError::file(
                file,
                "names no machine offer of aws, azure, gcp, lambda or runpod",
            ));
        }
        Ok(list)
    }

    /// The list from an offers file on disk.
    pub fn load(path: &Path) -> Result<SkuList, RefreshError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| RefreshError::file(&file, format!("cannot be read: {e}")))?;
        SkuList::from_offers_toml(&text, &file)
    }

    /// Adds one SKU.
    pub fn insert(&mut self, provider: Provider, sku: &str) {
        self.skus
            .entry(provider)
            .or_default()
            .insert(sku.to_string());
    }

    /// Whether the course needs this SKU.
    pub fn contains(&self, provider: Provider, sku: &str) -> bool {
        self.skus.get(&provider).is_some_and(|s| s.contains(sku))
    }

    /// The provider's watched SKUs, sorted.
    pub fn skus(&self, provider: Provider) -> impl Iterator<Item = &str> {
        self.skus
            .get(&provider)
            .into_iter()
            .flat_map(|s| s.iter().map(String::as_str))
    }
}
