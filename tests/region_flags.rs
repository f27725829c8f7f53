//! Issue 44 item 1, what the page says about figures that keep another region's price, derived
//! here from the data files themselves: the refresh command's price files
//! (`src/data/prices/`, read with serde_json) and the offers' own regions (`src/data/offers.toml`,
//! read with toml), never from the app's regional copies.
//!
//! - The provider comparison flags exactly the rows whose course uses an offer with no figure
//!   for the row's region in the files (storage and addresses too), naming each such offer and
//!   the region whose price it keeps; an offer with one price in every region (`region = "all"`)
//!   and the GPU clouds' own offers keep none.
//! - The region note lists the offers that keep their default region's price once, in one
//!   sentence.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use common::{catalog, paper};
use course_cost::model::catalog::fit::fits;
use course_cost::model::catalog::regional::region_summary;
use course_cost::model::edit::change::{apply_change, Change};
use course_cost::model::engine::compare::compare_providers;
use course_cost::model::scenario::valid::ValidScenario;
use course_cost::model::{evaluate, Scenario};
use serde_json::Value;

/// The SKUs `src/data/prices/<provider>-<region>.json` prices (none when there is no such file).
fn priced(provider: &str, region: &str) -> BTreeSet<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("src/data/prices/{provider}-{region}.json"));
    let Ok(text) = std::fs::read_to_string(path) else {
        return BTreeSet::new();
    };
    let file: Value = serde_json::from_str(&text).expect("a price file is JSON");
    file["prices"]
        .as_array()
        .expect("prices")
        .iter()
        .map(|p| p["sku"].as_str().expect("sku").to_string())
        .collect()
}

/// `offers.toml` as written: offer id -> (provider, sku, the region its price is for).
fn offers() -> Vec<(String, String, String, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/data/offers.toml");
    let data: toml::Value = std::fs::read_to_string(path).unwrap().parse().unwrap();
    let text = |o: &toml::Value, key: &str| o[key].as_str().unwrap_or_default().to_string();
    data["offers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            let f = |k| text(o, k);
            (f("id"), f("provider"), f("sku"), f("region"))
        })
        .collect()
}

/// The ids of `offers.toml`'s machines (offers with `vcpu`; storage and addresses have none).
fn machines() -> BTreeSet<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/data/offers.toml");
    let data: toml::Value = std::fs::read_to_string(path).unwrap().parse().unwrap();
    data["offers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o.get("vcpu").is_some())
        .map(|o| o["id"].as_str().unwrap().to_string())
        .collect()
}

/// Each provider's region in each part of the world, the default first (from the providers'
/// own region lists, as docs/data.md gives them); a GPU cloud has one price everywhere.
const REGIONS: [(&str, [&str; 3]); 3] = [
    ("aws", ["us-east-1", "eu-west-1", "ap-southeast-1"]),
    ("azure", ["eastus", "westeurope", "southeastasia"]),
    ("gcp", ["us-central1", "europe-west4", "asia-southeast1"]),
];

/// The region of `provider` in part `area` (0 US, 1 Europe, 2 Asia); `None` for a GPU cloud.
fn region_of(provider: &str, area: usize) -> Option<&'static str> {
    REGIONS
        .iter()
        .find(|(p, _)| *p == provider)
        .map(|(_, r)| r[area])
}

/// The (SKU, region) pairs the row of `scenario`'s provider must flag, its region in `area`.
fn expected_flags(scenario: &Scenario, area: usize) -> BTreeSet<(String, String)> {
    let offers = offers();
    let machines = machines();
    let lines = evaluate(scenario, catalog()).expect("valid").lines;
    let mut flags = BTreeSet::new();
    for line in &lines {
        let Some((_, owner, sku, region)) = offers.iter().find(|o| o.0 == line.offer_id) else {
            continue;
        };
        // A GPU cloud's offers, and one price in every region, keep no other region's price.
        let (Some(here), Some(home)) = (region_of(owner, area), region_of(owner, 0)) else {
            continue;
        };
        if region == "all" {
            continue;
        }
        // The region the line's price is for: a region's own figure needs one in both files (the
        // ratio of the older prices, the figure of the newest), and only the row's provider is
        // priced in its region (an offer borrowed from AWS by a GPU cloud is priced as at
        // home); else the region the offer's price is for (offers.toml: Azure's blob price is
        // westus's, so it is flagged in eastus too). A storage class or address the region's
        // file prices but no file prices at home takes its own offers.toml price as the home
        // figure: priced here is enough.
        let own = *owner == scenario.pricing.provider && here != home;
        let at_home = priced(owner, home).contains(sku) || !machines.contains(&line.offer_id);
        let regional = own && priced(owner, here).contains(sku) && at_home;
        let kept = !regional && region != here;
        if kept {
            flags.insert((sku.clone(), region.clone()));
        }
    }
    flags
}

#[test]
fn the_comparison_flags_each_row_whose_figures_keep_another_regions_price() {
    let c = catalog();
    let mut flagged = 0;
    for (area, region) in ["", "eu-west-1", "ap-southeast-1"].into_iter().enumerate() {
        let scenario =
            apply_change(&paper().scenario, c, Change::SetRegion(region.into())).expect("region");
        let valid = ValidScenario::new(scenario.clone(), c).expect("valid");
        let rows = compare_providers(&valid, c);
        for provider in c.providers {
            let on = apply_change(&scenario, c, Change::SetProvider(provider.id.into())).unwrap();
            let want = expected_flags(&on, area);
            let row = rows.iter().find(|r| r.provider == provider.id).unwrap();
            let got: BTreeSet<(String, String)> = row
                .kept
                .iter()
                .flat_map(|(region, skus)| skus.split(", ").map(|s| (s.into(), region.clone())))
                .collect();
            // One entry per region whose price is kept, each SKU once.
            let regions: BTreeSet<&String> = row.kept.iter().map(|(r, _)| r).collect();
            assert_eq!(regions.len(), row.kept.len(), "{:?}", row.kept);
            let listed: usize = row.kept.iter().map(|(_, s)| s.split(", ").count()).sum();
            assert_eq!(listed, got.len(), "{:?}", row.kept);
            assert_eq!(got, want, "{} {}", provider.id, row.region);
            let note = row.kept_note();
            assert_eq!(note.is_empty(), want.is_empty(), "{note}");
            for (sku, kept_in) in &want {
                assert!(note.contains(sku.as_str()), "{sku}: {note}");
                assert!(note.contains(&format!("{kept_in}'s")), "{kept_in}: {note}");
                // Said once: one note per row, not one per offer.
                assert_eq!(note.matches("another region's price").count(), 1);
            }
            flagged += usize::from(!want.is_empty());
        }
    }
    // Lambda and RunPod rent no CPU VMs or storage: the AWS offers priced for them are
    // us-east-1's, so in Europe and Asia (where AWS prices in eu-west-1 and ap-southeast-1)
    // their rows are flagged whatever the files hold.
    assert!(flagged >= 4, "{flagged} rows flagged");
}

#[test]
fn an_offer_with_one_price_in_every_region_is_never_flagged_nor_listed_as_kept() {
    let c = catalog();
    let everywhere: Vec<(String, String, String, String)> = offers()
        .into_iter()
        .filter(|o| o.3 == "all" && region_of(&o.1, 0).is_some())
        .collect();
    for (_, provider, sku, _) in &everywhere {
        for area in 1..3 {
            let region = region_of(provider, area).unwrap();
            let summary = region_summary(c, provider, region);
            assert!(!summary.contains(sku.as_str()), "{sku}: {summary}");
            let scenario =
                apply_change(&paper().scenario, c, Change::SetProvider(provider.clone()))
                    .and_then(|s| apply_change(&s, c, Change::SetRegion(region.into())))
                    .unwrap();
            let valid = ValidScenario::new(scenario, c).unwrap();
            for row in compare_providers(&valid, c) {
                let listed = row.kept.iter().flat_map(|(_, skus)| skus.split(", "));
                assert!(!listed.into_iter().any(|s| s == sku), "{}", row.provider);
            }
        }
    }
}

#[test]
fn the_region_note_lists_the_offers_that_keep_their_home_price_once() {
    let c = catalog();
    let offers = offers();
    let machines = machines();
    for (provider, regions) in REGIONS {
        let home = regions[0];
        for here in &regions[1..] {
            let (at_home, there) = (priced(provider, home), priced(provider, here));
            let priced_both = |sku: &str| at_home.contains(sku) && there.contains(sku);
            // Each mapped offer of the provider with no figure here (and not one price
            // everywhere) for which no offer of the provider that fits its resource (fit.rs) is
            // priced here (in both files) and sold in every price set.
            let mut kept = BTreeSet::new();
            for mapping in c.mappings.iter().filter(|m| m.provider == provider) {
                let (_, owner, sku, region) = offers.iter().find(|o| o.0 == mapping.offer).unwrap();
                // A storage class or address priced here takes its own offers.toml price as
                // the home figure (no catalog prices it at home).
                let storage_priced_here = !machines.contains(mapping.offer) && there.contains(sku);
                if owner != provider || region == "all" || priced_both(sku) || storage_priced_here {
                    continue;
                }
                let resource = c.resource(mapping.resource).unwrap();
                let fitting = c.offers.iter().any(|o| {
                    o.provider == provider
                        && priced_both(&o.sku)
                        && fits(resource, o)
                        && c.snapshots.iter().all(|s| s.offers(&o.id))
                });
                if !fitting {
                    kept.insert(sku.clone());
                }
            }
            let summary = region_summary(c, provider, here);
            let lead = format!("these keep their {home} price: ");
            assert_eq!(
                summary.matches(&lead).count(),
                usize::from(!kept.is_empty()),
                "{provider} {here}: {kept:?} {summary}"
            );
            let listed: BTreeSet<String> = summary
                .split_once(&lead)
                .map(|(_, list)| {
                    let list = list.split_once(". ").map_or(list, |(l, _)| l);
                    let list = list.strip_suffix('.').unwrap_or(list);
                    list.split(", ").map(str::to_string).collect()
                })
                .unwrap_or_default();
            assert_eq!(listed, kept, "{provider} {here}: {summary}");
            // Once each, and no sentence per offer.
            for sku in &kept {
                assert_eq!(
                    summary.matches(&format!(" {sku},")).count()
                        + summary.matches(&format!(" {sku}.")).count(),
                    1,
                    "{sku}: {summary}"
                );
            }
            assert!(!summary.contains("keeps its"), "{summary}");
        }
    }
}
