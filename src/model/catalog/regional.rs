//! The catalog priced in one region of one provider: a copy of the built-in catalog in which that
//! provider's offers carry the region's prices, made once per region when it is first asked for.
//!
//! - The newest snapshot takes the region's own catalog figures as read.
//! - An older snapshot stands for a time before the region's figures were read: its figure for the
//!   default region times the region's ratio to it in the catalogs read (eu-west-1 / us-east-1),
//!   and every such price says so. That is how the paper's Spring 2025 course moves to Europe.
//! - A spot price, in every snapshot, is the default region's times that ratio (no catalog read
//!   gives regional spot figures the app keeps).
//! - An offer the region's catalog gives no figure for (not sold there, or not in the catalog
//!   read) is left out of the region's stand-in lists; where the catalog's mapping names it, the
//!   next fitting offer priced there stands in, named in the mapping's note; where none fits, it
//!   keeps its default region's price, and its price says so (its `region` stays the one its
//!   price is for). An offer with one price in every region (`EVERY_REGION`) is priced alike
//!   here.

use std::borrow::Cow;
use std::sync::OnceLock;

use crate::model::catalog::fit::{default_fraction, fits};
use crate::model::catalog::offer::{Offer, SnapshotPrice};
use crate::model::catalog::region::{Area, Region, RegionalFigure, EVERY_REGION};
use crate::model::catalog::resource::Resource;
use crate::model::catalog::{Catalog, Mapping, Provider, Snapshot};

impl Region {
    /// "eu-west-1 (Europe, Ireland)"; "one price in every region".
    pub fn label(&self) -> String {
        match self.area {
            Area::Everywhere => self.name.to_string(),
            _ => format!("{} ({})", self.id, self.name),
        }
    }
}

impl Provider {
    /// The region with id `id`; an empty id is the provider's default region.
    pub fn region(&self, id: &str) -> Option<&Region> {
        let id = if id.is_empty() { self.region } else { id };
        self.regions.iter().find(|r| r.id == id)
    }

    /// Whether the provider prices alike in every region (Lambda, RunPod) or declares none.
    pub fn one_price_everywhere(&self) -> bool {
        self.regions.len() < 2
    }

    /// The id a scenario stores for region `id`: empty for the default region (so links made
    /// before regions existed, which have none, mean it), else `id`.
    pub fn stored_region(&self, id: &str) -> String {
        if id == self.region {
            String::new()
        } else {
            id.to_string()
        }
    }

    /// This provider's region in `area` (as stored: empty for the default region), when it has
    /// one; else its default region.
    pub fn region_in(&self, area: Area) -> String {
        self.regions
            .iter()
            .find(|r| r.area == area)
            .map(|r| self.stored_region(r.id))
            .unwrap_or_default()
    }
}

impl Catalog {
    /// How a scenario stores region `id` of `provider`: empty for its default region.
    pub fn stored_region(&self, provider: &str, id: &str) -> String {
        self.provider(provider)
            .map_or(id.to_string(), |p| p.stored_region(id))
    }

    /// The region of provider `to` (as a scenario stores it) in the same part of the world as
    /// `region` of `from`: eu-west-1 on AWS is westeurope on Azure; the default region where
    /// `to` has none there.
    pub fn region_like(&self, (from, region): (&str, &str), to: &str) -> String {
        let area = self
            .provider(from)
            .and_then(|p| p.region(region))
            .map(|r| r.area);
        self.provider(to)
            .zip(area)
            .map(|(p, area)| p.region_in(area))
            .unwrap_or_default()
    }

    /// The price of `offer` (an offer id) in `region` of `provider`, if a catalog read gives one.
    pub fn region_figure(
        &self,
        provider: &str,
        region: &str,
        offer: &str,
    ) -> Option<RegionalFigure> {
        // Plain loops: each iterator adapter with its own closure is code of its own.
        for group in self.region_prices {
            if group.provider != provider || group.region != region {
                continue;
            }
            for price in group.prices {
                if price.offer == offer {
                    return Some(RegionalFigure {
                        usd: price.usd,
                        as_of: group.as_of,
                        source: group.source,
                    });
                }
            }
        }
        None
    }

    /// "AWS eu-west-1 (Europe, Ireland)", "AWS us-east-1 (US East, N. Virginia)", "Lambda (GPU
    /// cloud), one price in every region": a provider and its region (`region` as a scenario
    /// stores it, empty for the default) in words.
    pub fn provider_in_region(&self, provider: &str, region: &str) -> String {
        let Some(known) = self.provider(provider) else {
            return provider.to_string();
        };
        match known.region(region) {
            Some(r) if r.area == Area::Everywhere => format!("{}, {}", known.name, r.label()),
            Some(r) => format!("{} {}", known.name, r.label()),
            None => known.name.to_string(),
        }
    }
}

/// `catalog`'s prices for `provider` in `region` (as a scenario stores it: empty for the
/// default region): the regional copy of the built-in catalog, or the built-in catalog itself
/// for a default region, a provider with one price everywhere, or anything unknown.
pub fn priced_in<'a>(catalog: &'a Catalog, provider: &str, region: &str) -> &'a Catalog {
    let home = match catalog.priced_in {
        None => catalog,
        Some(_) => Catalog::builtin().unwrap_or(catalog),
    };
    if region.is_empty() {
        return home;
    }
    regional_catalogs()
        .iter()
        .find(|c| {
            c.priced_in
                .is_some_and(|(p, r)| p == provider && r == region)
        })
        .unwrap_or(home)
}

/// Every regional copy, made the first time one is asked for.
fn regional_catalogs() -> &'static [Catalog] {
    static CATALOGS: OnceLock<Vec<Catalog>> = OnceLock::new();
    CATALOGS.get_or_init(|| {
        let Ok(base) = Catalog::builtin() else {
            return Vec::new();
        };
        let mut copies = Vec::new();
        for provider in base.providers {
            for region in provider.regions {
                if region.id != provider.region {
                    copies.extend(regional_catalog(base, provider, region));
                }
            }
        }
        copies
    })
}

/// Both figures of an offer: its default region's and this region's.
#[derive(Clone, Copy)]
struct Figures {
    home: RegionalFigure,
    here: RegionalFigure,
    /// Whether `home` is a catalog figure read for the default region too (else it is the
    /// offer's own newest price, the sourced `offers.toml` one: see [`Scope::figures`]).
    home_read: bool,
}

/// What one region's copy is made from.
struct Scope {
    base: &'static Catalog,
    provider: &'static Provider,
    region: &'static Region,
    /// The newest snapshot's id.
    newest: &'static str,
}

impl Scope {
    /// An offer's two figures, when both catalogs read give one. A storage class or an address
    /// (no vCPU) that the region's catalog prices but no catalog read prices in the default
    /// region takes its own newest price there (its sourced `offers.toml` figure) as the default
    /// region's: the region's catalog figure is then not dropped for want of a second one.
    fn figures(&self, offer: &Offer) -> Option<Figures> {
        if offer.provider != self.provider.id {
            return None;
        }
        let (provider, base) = (self.provider, self.base);
        let here = base.region_figure(provider.id, self.region.id, &offer.id)?;
        if let Some(home) = base.region_figure(provider.id, provider.region, &offer.id) {
            return Some(Figures {
                home,
                here,
                home_read: true,
            });
        }
        let own = base.offers.iter().find(|o| o.id == offer.id)?;
        if own.specs.vcpu != 0 {
            return None;
        }
        let newest = own.price_in(self.newest);
        Some(Figures {
            home: RegionalFigure {
                usd: newest.usd,
                as_of: newest.as_of,
                source: newest.source,
            },
            here,
            home_read: false,
        })
    }

    /// Whether this region's copy reprices `offer`: this provider's, unless one price holds in
    /// every region.
    fn repriced(&self, offer: &Offer) -> bool {
        offer.provider == self.provider.id && offer.region != EVERY_REGION
    }

    /// `offer` priced in this region: a price of its own in every snapshot (so the offer's base
    /// price, the default region's, is never read), each the default region's times the two
    /// regions' ratio (1 where a catalog read has no figure: the price stays the default
    /// region's), its source saying so first; a spot price scales alike. The newest prices take
    /// this region's own figure where the default region's newest is its file's.
    fn offer(&self, offer: &'static Offer) -> Offer {
        if !self.repriced(offer) {
            return offer.clone();
        }
        let (region, home) = (self.region.id, self.provider.region);
        let figures = self.figures(offer);
        let (ratio, cited, after) = match figures {
            Some(f) => {
                let ratio = f.here.usd / f.home.usd;
                let cited = if f.home_read {
                    format!(
                        "{region} price = {home} price x {ratio:.4} (their ratio in the catalogs read): "
                    )
                } else {
                    format!(
                        "{region} price = {home} price x {ratio:.4} (the {region} catalog figure over the {home} price): "
                    )
                };
                (
                    ratio,
                    cited,
                    format!(" {} {}", f.here.source, f.home.source),
                )
            }
            None => (
                1.0,
                format!("{home} price (no {region} figure in the catalogs read): "),
                String::new(),
            ),
        };
        let cite = |source: &str| -> &'static str { format!("{cited}{source}{after}").leak() };
        let mut prices = Vec::new();
        for snapshot in self.base.snapshots {
            let list = offer.price_in(snapshot.id);
            let spot = offer.spot_in(snapshot.id);
            let (usd, as_of, source) = match figures {
                Some(f) if snapshot.id == self.newest && list.usd == f.home.usd => {
                    (f.here.usd, f.here.as_of, f.here.source)
                }
                _ => (list.usd * ratio, list.as_of, cite(list.source)),
            };
            prices.push(SnapshotPrice {
                snapshot: snapshot.id,
                usd,
                as_of,
                source,
                spot_usd: spot.as_ref().map(|s| s.usd * ratio),
                no_spot: spot.is_none(),
                spot_note: spot.map(|s| cite(s.source)),
            });
        }
        Offer {
            region: match figures {
                Some(_) => Cow::Borrowed(region),
                None => offer.region.clone(),
            },
            snapshot_prices: prices.leak(),
            ..offer.clone()
        }
    }

    /// `mapping` in this region: unchanged where its offer is priced here; else the next
    /// fitting offer priced here, named in the note; else unchanged, and the note says so.
    fn mapping(&self, mapping: &Mapping) -> Mapping {
        let (base, region) = (self.base, self.region.id);
        let offer = base.offer(mapping.offer);
        let resource = base.resource(mapping.resource);
        let (Some(offer), Some(resource)) = (offer, resource) else {
            return mapping.clone();
        };
        if !self.repriced(offer) || self.figures(offer).is_some() {
            return mapping.clone();
        }
        let next = self.next_fitting(resource, offer, mapping.fraction);
        let note = match next {
            Some(next) => format!(
                "{} has no {region} price in the catalogs read (not sold there, or not in the catalog): {}, the next fitting offer priced there, stands in.",
                offer.sku, next.sku
            ),
            None => format!(
                "{} has no {region} price in the catalogs read, nor has an offer that fits: it keeps its {} price.",
                offer.sku, self.provider.region
            ),
        };
        Mapping {
            offer: next.map_or(mapping.offer, |next| &*next.id),
            fraction: next.map_or(mapping.fraction, |next| default_fraction(resource, next)),
            note: note.leak(),
            ..mapping.clone()
        }
    }

    /// The offer that stands in for `resource` here when `offer` (at `fraction`) has no figure
    /// here: among this provider's offers that fit `resource` (the one rule of `fit.rs`) and are
    /// priced here, the cheapest one that costs at least what `offer` costs in the default
    /// region (an instance-hour, newest prices), else the dearest one below that.
    fn next_fitting(
        &self,
        resource: &Resource,
        offer: &Offer,
        fraction: f64,
    ) -> Option<&'static Offer> {
        let target = offer.per_hour(offer.price_in(self.newest).usd) * fraction;
        // (cost of an instance-hour here, offer): the cheapest at or above the target, and the
        // dearest of all (below it, when none is above).
        let mut above: Option<(f64, &'static Offer)> = None;
        let mut below: Option<(f64, &'static Offer)> = None;
        for other in self.base.offers {
            let Some(figures) = self.figures(other) else {
                continue;
            };
            let sold = self.base.snapshots.iter().all(|s| s.offers(&other.id));
            if !sold || !fits(resource, other) {
                continue;
            }
            let cost = other.per_hour(figures.here.usd) * default_fraction(resource, other);
            if cost >= target && above.is_none_or(|(best, _)| cost < best) {
                above = Some((cost, other));
            }
            if below.is_none_or(|(best, _)| cost > best) {
                below = Some((cost, other));
            }
        }
        above.or(below).map(|(_, o)| o)
    }
}

/// The copy of `base` priced in `region` of `provider` (without a price file, every offer keeps
/// its default region's price and says so); `None` only without snapshots. The copy lives as long
/// as the program, like the baked catalog beside it.
fn regional_catalog(
    base: &'static Catalog,
    provider: &'static Provider,
    region: &'static Region,
) -> Option<Catalog> {
    let scope = Scope {
        base,
        provider,
        region,
        newest: base.newest_snapshot()?.id,
    };
    let (mut offers, mut unpriced) = (Vec::new(), Vec::new());
    for offer in base.offers {
        if scope.repriced(offer) && scope.figures(offer).is_none() {
            unpriced.push(&*offer.id);
        }
        offers.push(scope.offer(offer));
    }
    let mut snapshots = Vec::new();
    for snapshot in base.snapshots {
        snapshots.push(Snapshot {
            not_offered: [snapshot.not_offered, &unpriced[..]].concat().leak(),
            ..snapshot.clone()
        });
    }
    let mut mappings = Vec::new();
    for mapping in base.mappings {
        mappings.push(scope.mapping(mapping));
    }
    Some(Catalog {
        offers: offers.leak(),
        mappings: mappings.leak(),
        snapshots: snapshots.leak(),
        priced_in: Some((provider.id, region.id)),
        ..base.clone()
    })
}

/// What the region setting's note says for `provider` in `region` (as a scenario stores it):
/// where its prices come from, and every stand-in the region changes.
pub fn region_summary(catalog: &Catalog, provider: &str, region: &str) -> String {
    let (lead, changes) = region_note(catalog, provider, region);
    format!("{lead}{changes}")
}

/// The region's note in two parts: which prices, and (empty, or starting with a space) how they
/// are found and the stand-ins the region changes, which the page keeps folded under the first.
pub fn region_note(catalog: &Catalog, provider: &str, region: &str) -> (String, String) {
    let Some(known) = catalog.provider(provider) else {
        return (String::new(), String::new());
    };
    if known.one_price_everywhere() {
        let lead = format!(
            "{} prices alike in every region. What it does not sell (CPU VMs, storage, addresses) is priced on AWS us-east-1.",
            known.name
        );
        return (lead, String::new());
    }
    let regional = priced_in(catalog, provider, region);
    let Some((_, here)) = regional.priced_in else {
        let lead = format!(
            "Prices for {}, {}'s default region.",
            known.region, known.name
        );
        return (lead, String::new());
    };
    let home = known.region;
    let lead = format!("Prices for {here}.");
    let mut text = format!(
        " Its own catalog figures in the newest prices; in older ones, the {home} figure times the two regions' ratio in the catalogs read."
    );
    // What the region changes in the provider's mappings, in one sentence each (not one per
    // offer): the offers another stands in for, and those that keep the default region's price.
    let base = Catalog::builtin().ok();
    let sku = |id: &str| {
        base.and_then(|b| b.offer(id))
            .map_or(id.to_string(), |o| o.sku.to_string())
    };
    let (mut replaced, mut kept): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
    let mappings = base.map_or(&[][..], |b| b.mappings);
    for (mine, theirs) in regional.mappings.iter().zip(mappings) {
        if mine.provider != provider || mine.note == theirs.note {
            continue;
        }
        let (list, item) = if mine.offer == theirs.offer {
            (&mut kept, sku(theirs.offer))
        } else {
            let item = format!("{} for {}", sku(mine.offer), sku(theirs.offer));
            (&mut replaced, item)
        };
        if !list.contains(&item) {
            list.push(item);
        }
    }
    if !replaced.is_empty() {
        text.push_str(&format!(
            " Where an offer has no {here} price in the catalogs read (not sold there, or not in the catalog), the next fitting offer priced there stands in: {}.",
            replaced.join(", ")
        ));
    }
    if !kept.is_empty() {
        text.push_str(&format!(
            " With no {here} price and no fitting offer priced there, these keep their {home} price: {}.",
            kept.join(", ")
        ));
    }
    (lead, text)
}
