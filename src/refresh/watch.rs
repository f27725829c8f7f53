//! The one hand-kept input: which SKUs the course needs. It is read from `src/data/offers.toml`,
//! whose `[[offers]]` are every offer a mapping or a stand-in list can name (stand-in lists draw
//! from all of a provider's offers): the machines of the five providers the command refreshes,
//! and (issue 44) their storage and public addresses (offers without `vcpu`), which the readers
//! know by the names in [`super::storage`]. A storage offer (`unit = "gb_month"`) is written as
//! `usd_per_gb_month`; coverage counts machines and storage/addresses apart.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::Deserialize;

use super::catalog::Provider;
use super::error::RefreshError;

/// The SKUs to watch, per provider.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SkuList {
    skus: BTreeMap<Provider, BTreeSet<String>>,
    /// Storage and address offers (no `vcpu`), by provider.
    storage: BTreeMap<Provider, BTreeSet<String>>,
    /// Offers priced per GB-month (`unit = "gb_month"`), by provider.
    per_gb_month: BTreeMap<Provider, BTreeSet<String>>,
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
    /// `hour` or `gb_month`.
    #[serde(default)]
    unit: Option<String>,
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
            if offer.vcpu.is_none() {
                list.storage
                    .entry(provider)
                    .or_default()
                    .insert(offer.sku.clone());
            }
            if offer.unit.as_deref() == Some("gb_month") {
                list.per_gb_month
                    .entry(provider)
                    .or_default()
                    .insert(offer.sku.clone());
            }
            list.insert(provider, &offer.sku);
        }
        if list
            .skus
            .values()
            .flatten()
            .all(|sku| !list.is_machine_any(sku))
        {
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

    /// Whether the SKU is a storage or address offer (no `vcpu`) rather than a machine.
    pub fn is_storage(&self, provider: Provider, sku: &str) -> bool {
        self.storage.get(&provider).is_some_and(|s| s.contains(sku))
    }

    /// Whether the SKU is priced per GB-month (its figure is `usd_per_gb_month`).
    pub fn is_per_gb_month(&self, provider: Provider, sku: &str) -> bool {
        self.per_gb_month
            .get(&provider)
            .is_some_and(|s| s.contains(sku))
    }

    /// Whether some provider's SKU of this name is a machine.
    fn is_machine_any(&self, sku: &str) -> bool {
        self.skus
            .iter()
            .any(|(p, s)| s.contains(sku) && !self.is_storage(*p, sku))
    }

    /// The provider's watched SKUs, sorted.
    pub fn skus(&self, provider: Provider) -> impl Iterator<Item = &str> {
        self.skus
            .get(&provider)
            .into_iter()
            .flat_map(|s| s.iter().map(String::as_str))
    }
}
