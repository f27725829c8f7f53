//! The price catalog: Chameleon resources, commercial offers, and the mapping between them, from
//! the data files in `src/data/` (baked into statics by `build.rs`).

pub mod currency;
pub mod fit;
pub mod hardware;
pub mod offer;
pub mod region;
pub mod regional;
pub mod resource;
pub mod stand_in;

use std::borrow::Cow;

use serde::Serialize;

use crate::model::catalog::hardware::Hardware;
use crate::model::catalog::offer::{Offer, PriceUnit, SnapshotPrice};
use crate::model::catalog::region::{Area, Region, RegionPrices, RegionalPrice};
use crate::model::catalog::resource::{Resource, ResourceKind};

/// A cloud provider the scenario can be priced on.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Provider {
    /// Short id used in offers and links (`aws`).
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// The default region: the one the catalog's base prices are for, and what a scenario
    /// without a region (every link made before regions existed) is priced in.
    pub region: &'static str,
    /// What to know about this provider's prices.
    pub note: &'static str,
    /// The regions a scenario can be priced in, the default first (one `global` region for a
    /// provider that prices alike everywhere).
    pub regions: &'static [Region],
}

/// A named set of prices at one point in time.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Snapshot {
    /// Short id used in links (`spring-2025`).
    pub id: &'static str,
    /// Display name.
    pub label: &'static str,
    /// The date the snapshot stands for.
    pub as_of: &'static str,
    /// What is in it.
    pub description: &'static str,
    /// Ids of offers that were not sold yet at this snapshot's date: they are left out of it
    /// rather than given a price they never had. Empty for most snapshots.
    pub not_offered: &'static [&'static str],
    /// The semester these prices stand for (`Spring 2025`), when they are a past semester's: their
    /// age is judged at `as_of`, the semester's date, not at the build date.
    pub semester: Option<&'static str>,
}

impl Snapshot {
    /// True when the offer `offer_id` is sold in this snapshot.
    pub fn offers(&self, offer_id: &str) -> bool {
        !self.not_offered.contains(&offer_id)
    }
}

/// A public source of prices, cited by id in offers (`S1`...) and shown to readers with its title,
/// publisher, date and link.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Source {
    /// Id as cited in offers' `source` fields (`S1`); never shown alone.
    pub id: &'static str,
    /// What it is, in words a reader can search for (document, file or dataset name).
    pub title: &'static str,
    /// Who publishes it (organisation, project or repository owner).
    pub publisher: &'static str,
    /// When it was published or retrieved: `YYYY-MM-DD`, or free text such as
    /// `undated (retrieved by 2026-11-29)` when the source carries no date.
    pub date: &'static str,
    /// Where to read it: an `https://` link a reader can follow.
    pub url: &'static str,
    /// The period its figures stand for (`2026-07-30`, `about 2024-25`).
    pub as_of: &'static str,
}

/// Which offer stands in for a resource on a provider, and how much of it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Mapping {
    /// Provider id.
    pub provider: &'static str,
    /// Chameleon resource id.
    pub resource: &'static str,
    /// Offer id (may belong to another provider, for what a GPU cloud does not sell).
    pub offer: &'static str,
    /// How many of the offer one resource instance equals (0.5 = half of it).
    pub fraction: f64,
    /// Why this offer.
    pub note: &'static str,
}

/// Everything the engine prices with.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Catalog {
    /// Chameleon resources.
    pub resources: &'static [Resource],
    /// Commercial offers.
    pub offers: &'static [Offer],
    /// Default resource-to-offer mapping per provider.
    pub mappings: &'static [Mapping],
    /// Providers, in display order.
    pub providers: &'static [Provider],
    /// Price snapshots, oldest first.
    pub snapshots: &'static [Snapshot],
    /// Cited sources.
    pub sources: &'static [Source],
    /// Each provider's prices in each of its regions, as the refresh command read them (grouped
    /// by date and source).
    pub region_prices: &'static [RegionPrices],
    /// The provider and region this catalog's prices are for, when it is a regional copy
    /// (`regional.rs`); `None`: every provider in its default region.
    pub priced_in: Option<(&'static str, &'static str)>,
}

include!(concat!(env!("OUT_DIR"), "/catalog.rs"));

/// The catalog shipped with the app.
static BUILTIN: Catalog = Catalog {
    resources: RESOURCES,
    offers: OFFERS,
    mappings: MAPPINGS,
    providers: PROVIDERS,
    snapshots: SNAPSHOTS,
    sources: SOURCES,
    region_prices: REGION_PRICES,
    priced_in: None,
};

impl Catalog {
    /// The catalog shipped with the app: baked at build time, so always there (the `Result`
    /// is kept for callers written when it was parsed at startup).
    pub fn builtin() -> Result<&'static Catalog, String> {
        Ok(&BUILTIN)
    }

    /// The resource with this id.
    pub fn resource(&self, id: &str) -> Option<&Resource> {
        self.resources.iter().find(|r| r.id == id)
    }

    /// The offer with this id.
    pub fn offer(&self, id: &str) -> Option<&Offer> {
        self.offers.iter().find(|o| o.id == id)
    }

    /// The offer with this id if it is sold in `snapshot` (see `Snapshot::not_offered`); an
    /// unknown snapshot id leaves every offer in.
    pub fn offer_in(&self, id: &str, snapshot: &str) -> Option<&Offer> {
        let offered = self.snapshot(snapshot).is_none_or(|s| s.offers(id));
        self.offer(id).filter(|_| offered)
    }

    /// The offers sold in `snapshot`, in catalog order.
    pub fn offers_in<'a>(&'a self, snapshot: &'a str) -> impl Iterator<Item = &'a Offer> + 'a {
        let known = self.snapshot(snapshot);
        self.offers
            .iter()
            .filter(move |o| known.is_none_or(|s| s.offers(&o.id)))
    }

    /// The default mapping of `resource` on `provider`.
    pub fn mapping(&self, provider: &str, resource: &str) -> Option<&Mapping> {
        self.mappings
            .iter()
            .find(|m| m.provider == provider && m.resource == resource)
    }

    /// The provider with this id.
    pub fn provider(&self, id: &str) -> Option<&Provider> {
        self.providers.iter().find(|p| p.id == id)
    }

    /// The snapshot with this id.
    pub fn snapshot(&self, id: &str) -> Option<&Snapshot> {
        self.snapshots.iter().find(|s| s.id == id)
    }

    /// The newest snapshot (the last: snapshots are listed oldest first), which a new course
    /// starts on.
    pub fn newest_snapshot(&self) -> Option<&Snapshot> {
        self.snapshots.last()
    }

    /// Whether the price set `id` is one a reader chooses: the newest prices (what the refresh
    /// command last read) or a past semester's (the paper's). The hand compilations the refresh
    /// replaced are dated history: links made with them still open on them, but they are not
    /// offered beside the newest.
    pub fn is_price_choice(&self, id: &str) -> bool {
        let newest = self.newest_snapshot().map(|s| s.id);
        newest == Some(id) || self.snapshot(id).is_some_and(|s| s.semester.is_some())
    }

    /// The price sets a reader chooses between ([`Catalog::is_price_choice`]), newest first,
    /// and `current` after them when it is dated history (a link made with it shows what it
    /// uses).
    pub fn price_choices<'a>(&'a self, current: &str) -> Vec<&'a Snapshot> {
        let newest_first = || self.snapshots.iter().rev();
        let mut list: Vec<&Snapshot> = newest_first()
            .filter(|s| self.is_price_choice(s.id))
            .collect();
        list.extend(newest_first().filter(|s| s.id == current && !self.is_price_choice(s.id)));
        list
    }

    /// What a price set is, in the words the headline, the bar and the price list use:
    /// "newest prices (provider catalogs read 2026-12-03)", "Spring 2025 prices, a past price
    /// set", "the December 2026 update's prices, a past price set (dated history)".
    pub fn price_set_words(&self, id: &str) -> String {
        let newest = self.newest_snapshot().map(|s| s.id);
        match self.snapshot(id) {
            Some(s) if newest == Some(id) => {
                format!("newest prices (provider catalogs read {})", s.as_of)
            }
            Some(Snapshot {
                semester: Some(semester),
                ..
            }) => format!("{semester} prices, a past price set"),
            Some(s) => format!(
                "prices compiled {}, a past price set (dated history)",
                s.as_of
            ),
            None => id.to_string(),
        }
    }

    /// A price set's name in the price list: "Newest prices: provider catalogs read
    /// 2026-12-03", "Spring 2025 prices (the semester the paper reports)", "Prices compiled
    /// 2026-12-01 (dated history: kept for links made with it)".
    pub fn price_set_name(&self, id: &str) -> String {
        let newest = self.newest_snapshot().map(|s| s.id);
        match self.snapshot(id) {
            Some(s) if newest == Some(id) => {
                format!("Newest prices: provider catalogs read {}", s.as_of)
            }
            Some(Snapshot {
                semester: Some(semester),
                ..
            }) => format!("{semester} prices (the semester the paper reports)"),
            Some(s) => format!(
                "Prices compiled {} (dated history: kept for links made with it)",
                s.as_of
            ),
            None => id.to_string(),
        }
    }

    /// The name of the provider with id `id`, or the id where there is no such provider.
    pub fn provider_name<'a>(&'a self, id: &'a str) -> &'a str {
        self.provider(id).map_or(id, |p| p.name)
    }

    /// The label of the snapshot with id `id`, or the id where there is no such snapshot.
    pub fn snapshot_label<'a>(&'a self, id: &'a str) -> &'a str {
        self.snapshot(id).map_or(id, |s| s.label)
    }

    /// The source with this id.
    pub fn source(&self, id: &str) -> Option<&Source> {
        self.sources.iter().find(|s| s.id == id)
    }

    /// The sources a price's `source` field names (`"S2,S6"`, or a note that mentions them), and
    /// what is left of it once the ids are taken out (a note such as "spot: midpoint of ...").
    pub fn citations<'a>(&'a self, source: &'a str) -> (Vec<&'a Source>, String) {
        let mut found: Vec<&Source> = Vec::new();
        let mut rest = Vec::new();
        for word in source.split([',', ' ', ';']).filter(|w| !w.is_empty()) {
            match self.source(word.trim_matches(|c: char| !c.is_ascii_alphanumeric())) {
                Some(cited) if !found.iter().any(|s| s.id == cited.id) => found.push(cited),
                Some(_) => {}
                None => rest.push(word),
            }
        }
        (found, rest.join(" "))
    }
}
