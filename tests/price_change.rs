//! Prices that move (issue 36, item 2): a percentage change per class of resource (GPU, CPU,
//! storage, network) applied to the provider's list prices, a setting like any other, so it
//! travels in links, exports and the A/B comparison; the change is the user's, the hardware's
//! "how many" stays the calculator's.
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::{catalog, estimate, paper};
use course_cost::model::catalog::offer::PriceModel;
use course_cost::model::catalog::resource::Category;
use course_cost::model::edit::change::{apply_change, Change};
use course_cost::model::edit::number::apply_number;
use course_cost::model::engine::stand_in::stand_in_for;
use course_cost::model::export::ExportKind;
use course_cost::model::planners::diff::input_differences;
use course_cost::model::presets::provenance_note::fraction_note;
use course_cost::model::scenario::field::{FieldPath, Setting};
use course_cost::model::scenario::provenance::{provenance_of, ProvenanceKind};
use course_cost::model::share::{decode, encode};
use course_cost::model::Scenario;

/// `scenario` with `setting` typed as `raw`, through the one commit path.
fn typed(scenario: &Scenario, setting: Setting, raw: &str) -> Scenario {
    apply_number(scenario, catalog(), FieldPath::from(setting), raw).expect("a valid change")
}

/// Relative closeness: the same figure up to floating-point rounding.
fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

#[test]
fn gpu_prices_up_ten_percent_raise_the_gpu_part_by_ten_percent_and_nothing_else() {
    let before = estimate(&paper().scenario);
    let moved = typed(&paper().scenario, Setting::GpuPriceChange, "+10%");
    assert_eq!(moved.pricing.price_change.gpu_pct, 10.0);
    let after = estimate(&moved);
    let gpu = Category::Gpu.index();
    // By hand: every GPU line's price times 1 + 10/100; the hours do not move.
    let expected_gpu = before.cost_by_category[gpu] * (1.0 + 10.0 / 100.0);
    assert!(
        before.cost_by_category[gpu] > 10_000.0,
        "the paper's course uses GPUs"
    );
    assert!(close(after.cost_by_category[gpu], expected_gpu));
    for category in Category::ALL.iter().filter(|c| **c != Category::Gpu) {
        let i = category.index();
        assert!(
            close(after.cost_by_category[i], before.cost_by_category[i]),
            "{category:?}"
        );
    }
    // No discount or credit in the paper's course: the total rises by a tenth of the GPU part.
    let rise = before.cost_by_category[gpu] / 10.0;
    assert!(close(after.totals.net_usd, before.totals.net_usd + rise));
    assert!(close(
        after.totals.actual_instance_hours,
        before.totals.actual_instance_hours
    ));
    // Line by line, and said in the line's math.
    for (a, b) in before.lines.iter().zip(&after.lines) {
        let factor = if a.category == Category::Gpu {
            1.1
        } else {
            1.0
        };
        assert!(
            close(b.usd_per_hour, a.usd_per_hour * factor),
            "{}",
            a.resource
        );
        assert_eq!(b.price_change, factor);
    }
    let math = course_cost::model::engine::line_math::line_math(
        after
            .lines
            .iter()
            .find(|l| l.category == Category::Gpu)
            .unwrap(),
    );
    assert!(math.contains("list price +10%"), "{math}");
}

#[test]
fn every_class_moves_on_its_own_and_spot_prices_move_too() {
    let spot = apply_change(
        &paper().scenario,
        catalog(),
        Change::SetPriceModel(PriceModel::Spot),
    )
    .unwrap();
    let before = estimate(&spot);
    let settings = [
        (Setting::CpuPriceChange, Category::CpuCompute, "-20"),
        (Setting::StoragePriceChange, Category::Storage, "50"),
        (Setting::NetworkPriceChange, Category::Network, "3,5"),
        (Setting::GpuPriceChange, Category::Gpu, "-100"),
    ];
    for (setting, category, raw) in settings {
        let pct: f64 = raw.replace(',', ".").parse().unwrap();
        let after = estimate(&typed(&spot, setting, raw));
        for c in Category::ALL {
            let factor = if c == category {
                1.0 + pct / 100.0
            } else {
                1.0
            };
            let (b, a) = (
                before.cost_by_category[c.index()],
                after.cost_by_category[c.index()],
            );
            assert!(close(a, b * factor), "{setting:?}: {c:?} {b} -> {a}");
        }
    }
    // Spot GPU lines are priced at their spot price, moved as well: on the first provider and
    // snapshot whose GPU stand-ins have one.
    let c = catalog();
    let spot_gpu_lines = c
        .providers
        .iter()
        .flat_map(|p| c.snapshots.iter().map(move |s| (p.id, s.id)))
        .find_map(|(provider, snapshot)| {
            let mut s = spot.clone();
            s.pricing.provider = provider.to_string();
            s.pricing.snapshot = snapshot.to_string();
            let before = course_cost::model::evaluate(&s, c).ok()?;
            let is_spot_gpu = |l: &&course_cost::model::engine::line::CostLine| {
                l.category == Category::Gpu && l.model == PriceModel::Spot
            };
            let listed: Vec<f64> = before
                .lines
                .iter()
                .filter(is_spot_gpu)
                .map(|l| l.usd_per_hour)
                .collect();
            let after = estimate(&typed(&s, Setting::GpuPriceChange, "10"));
            let moved: Vec<f64> = after
                .lines
                .iter()
                .filter(is_spot_gpu)
                .map(|l| l.usd_per_hour)
                .collect();
            (!listed.is_empty()).then_some((listed, moved))
        })
        .expect("some provider sells GPUs spot");
    for (listed, moved) in spot_gpu_lines.0.iter().zip(&spot_gpu_lines.1) {
        assert!(close(*moved, listed * 1.1));
    }
    // Below -100% a price would be negative: refused, with the field named.
    let refused = apply_number(
        &paper().scenario,
        catalog(),
        FieldPath::from(Setting::GpuPriceChange),
        "-101",
    );
    assert!(refused.is_err());
}

#[test]
fn the_change_is_yours_the_hardware_stays_the_calculators() {
    let origin = paper();
    let moved = typed(&origin.scenario, Setting::GpuPriceChange, "10");
    let (kind, _) = provenance_of(FieldPath::from(Setting::GpuPriceChange), &moved, origin);
    assert_eq!(kind, ProvenanceKind::User);
    let (kind, _) = provenance_of(
        FieldPath::from(Setting::GpuPriceChange),
        &origin.scenario,
        origin,
    );
    assert_eq!(kind, ProvenanceKind::Assumed, "no change is the assumption");
    // Every stand-in's "how many" keeps its badge: the hardware is not edited.
    assert_eq!(moved.stand_in_choices, origin.scenario.stand_in_choices);
    let c = catalog();
    let mut compared = 0;
    for resource in c.resources {
        let note = |s: &Scenario| {
            stand_in_for(
                &s.stand_in_choices,
                &s.custom_offers,
                c,
                &s.pricing.provider,
                resource.id,
            )
            .map(|stand_in| fraction_note(resource, &stand_in).kind)
        };
        assert_eq!(note(&moved), note(&origin.scenario), "{}", resource.id);
        compared += usize::from(note(&moved).is_some());
    }
    assert!(compared > 5);
}

#[test]
fn it_travels_in_a_link_the_exports_and_the_ab_comparison() {
    let moved = typed(&paper().scenario, Setting::GpuPriceChange, "10");
    let decoded = decode(&encode(&moved, paper()), catalog()).expect("presets load");
    assert!(decoded.notices.is_empty(), "{:?}", decoded.notices);
    assert_eq!(decoded.scenario.pricing.price_change.gpu_pct, 10.0);
    assert_eq!(decoded.scenario, moved);
    assert_eq!(
        estimate(&decoded.scenario).totals.net_usd,
        estimate(&moved).totals.net_usd
    );
    // The A/B inputs name it.
    let rows = input_differences(&paper().scenario, &moved, catalog());
    let row = rows
        .iter()
        .find(|r| r.label == "Price changes")
        .expect("a price-change row");
    assert_eq!(
        (row.a.as_str(), row.b.as_str()),
        ("list prices", "GPU +10%")
    );
    // The exports: the JSON's scenario, the CSV's and Markdown's pricing line.
    let result = estimate(&moved);
    let render = |kind: ExportKind| {
        kind.render(
            &moved,
            &result,
            catalog(),
            "https://x.invalid/",
            "2026-12-01",
        )
    };
    let json: serde_json::Value = serde_json::from_str(&render(ExportKind::Json)).unwrap();
    assert_eq!(
        json["scenario"]["pricing"]["price_change"]["gpu_pct"].as_f64(),
        Some(10.0)
    );
    assert!(render(ExportKind::Csv).contains("list prices moved: GPU +10%"));
    assert!(render(ExportKind::Markdown).contains("list prices moved: GPU +10%"));
}
