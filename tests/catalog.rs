//! Integrity of the shipped data: every figure priced, dated and sourced.

mod common;

use common::catalog;
use course_cost::model::catalog::offer::PriceUnit;
use course_cost::model::catalog::presets::builtin_presets;
use course_cost::model::catalog::resource::ResourceKind;
use course_cost::model::scenario::validate::validate;

#[test]
fn every_resource_is_mapped_on_every_provider_to_a_fitting_offer() {
    let catalog = catalog();
    for provider in &catalog.providers {
        for resource in &catalog.resources {
            let mapping = catalog
                .mapping(&provider.id, &resource.id)
                .unwrap_or_else(|| panic!("{} has no mapping on {}", resource.id, provider.id));
            let offer = catalog
                .offer(&mapping.offer)
                .unwrap_or_else(|| panic!("mapping names unknown offer {}", mapping.offer));
            let storage = resource.kind == ResourceKind::Storage;
            assert_eq!(storage, offer.unit == PriceUnit::GbMonth, "{}", offer.id);
            assert!(mapping.fraction > 0.0 && mapping.fraction.is_finite());
            assert!(
                !mapping.note.is_empty(),
                "{} on {}",
                resource.id,
                provider.id
            );
            if resource.gpu_count > 0 {
                assert!(offer.gpu_count > 0, "{} stands in for a GPU node", offer.id);
            }
        }
    }
}

#[test]
fn every_price_is_positive_dated_and_sourced() {
    let catalog = catalog();
    let known = |id: &str| catalog.source(id).is_some();
    for offer in &catalog.offers {
        assert!(offer.usd.is_finite() && offer.usd > 0.0, "{}", offer.id);
        assert!(!offer.as_of.is_empty(), "{}", offer.id);
        // Sources cite ids like "S2,S6" or "S1 (derived)"; each cited id must be listed.
        let cited: Vec<&str> = offer
            .source
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|t| {
                t.len() >= 2 && t.starts_with('S') && t[1..].chars().all(|c| c.is_ascii_digit())
            })
            .collect();
        assert!(
            !cited.is_empty() || offer.source.contains("fixture"),
            "{} cites no source id: {}",
            offer.id,
            offer.source
        );
        for id in cited {
            assert!(known(id), "{} cites unknown source {id}", offer.id);
        }
        if let Some(spot) = offer.spot_usd {
            assert!(spot > 0.0 && spot < offer.usd, "{} spot {spot}", offer.id);
            assert!(
                offer.spot_note.is_some(),
                "{} spot figure has no note",
                offer.id
            );
        }
        for price in &offer.snapshot_prices {
            assert!(catalog.snapshot(&price.snapshot).is_some(), "{}", offer.id);
            assert!(price.usd > 0.0 && !price.as_of.is_empty() && !price.source.is_empty());
        }
    }
}

#[test]
fn offer_ids_are_unique_and_snapshots_differ_where_prices_moved() {
    let catalog = catalog();
    let mut ids: Vec<&str> = catalog.offers.iter().map(|o| o.id.as_str()).collect();
    ids.sort_unstable();
    let before = ids.len();
    ids.dedup();
    assert_eq!(before, ids.len());
    // prices.md s.7 item 1: p4d.24xlarge 32.7726 before June 2025, 21.957642 after.
    let p4d = catalog.offer("aws/p4d.24xlarge").expect("p4d in catalog");
    assert_eq!(p4d.price_in("spring-2025").usd, 32.7726);
    assert_eq!(p4d.price_in("latest").usd, 21.957642);
}

#[test]
fn every_preset_is_valid_and_described() {
    let presets = builtin_presets().expect("presets parse");
    assert!(presets.len() >= 3);
    assert_eq!(presets[0].id, "paper-s25");
    for preset in presets {
        assert!(!preset.summary.is_empty());
        let errors = validate(&preset.scenario, catalog());
        assert!(errors.is_empty(), "{}: {errors:?}", preset.id);
    }
}
