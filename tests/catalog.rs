//! Integrity of the shipped data: every figure priced, dated and sourced.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::catalog;
use course_cost::model::catalog::currency::{ExchangeRates, USD};
use course_cost::model::catalog::offer::{Offer, PriceUnit};
use course_cost::model::catalog::resource::ResourceKind;
use course_cost::model::engine::price_age::Day;
use course_cost::model::presets::builtin_presets;
use course_cost::model::scenario::validate::validate;

/// The catalog's offer `id`, which the test expects it to list.
fn listed_offer(id: &str) -> &'static Offer {
    catalog()
        .offer(id)
        .unwrap_or_else(|| panic!("{id} is in the catalog"))
}

#[test]
fn every_resource_is_mapped_on_every_provider_to_a_fitting_offer() {
    let catalog = catalog();
    let mut misfits: Vec<String> = Vec::new();
    for provider in catalog.providers {
        for resource in catalog.resources {
            let mapping = catalog
                .mapping(provider.id, resource.id)
                .unwrap_or_else(|| panic!("{} has no mapping on {}", resource.id, provider.id));
            let offer = catalog
                .offer(mapping.offer)
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
            if resource.specs.gpu_count > 0 {
                assert!(
                    offer.specs.gpu_count > 0,
                    "{} stands in for a GPU node",
                    offer.id
                );
            }
            // The one rule of fit.rs: a stand-in has the resource's GPUs, each with at least its
            // memory (the V100 32 GB and MI100 32 GB nodes on 32 GB-or-more GPUs, issue 44).
            let fit = course_cost::model::catalog::fit::fit_at(resource, offer, mapping.fraction);
            if resource.specs.gpu_count > 0 && !fit.fits() {
                misfits.push(format!("{} {}", provider.id, resource.id));
            }
        }
    }
    // Known and said in their notes: no 80 GB A100 is priced for Google Cloud or Lambda, so their
    // 80 GB nodes stand on 40 GB A100s. Every other GPU mapping fits, on every provider.
    assert_eq!(
        misfits,
        [
            "gcp gpu_a100_pcie",
            "gcp compute_gigaio",
            "lambda gpu_a100_pcie",
            "lambda compute_gigaio"
        ]
    );
}

/// True for a `source` field that is a list of source ids only (`S2,S6`).
fn is_id_list(text: &str) -> bool {
    // `S..`: the hand-kept sources of offers.toml; `C..`: the catalogs the refresh command read
    // (build/prices.rs).
    text.split(',').all(|id| {
        id.len() >= 2
            && (id.starts_with('S') || id.starts_with('C'))
            && id[1..].chars().all(|c| c.is_ascii_digit())
    })
}

#[test]
fn every_price_is_positive_dated_and_sourced() {
    let catalog = catalog();
    let known = |id: &str| catalog.source(id).is_some();
    for offer in catalog.offers {
        assert!(offer.usd.is_finite() && offer.usd > 0.0, "{}", offer.id);
        assert!(!offer.as_of.is_empty(), "{}", offer.id);
        // `source` lists source ids ("S2,S6"); caveats such as "derived" go in `note`.
        assert!(
            is_id_list(&offer.source),
            "{} source is not a list of source ids: {}",
            offer.id,
            offer.source
        );
        for id in offer.source.split(',') {
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
        for price in offer.snapshot_prices {
            assert!(catalog.snapshot(price.snapshot).is_some(), "{}", offer.id);
            assert!(price.usd > 0.0 && !price.as_of.is_empty(), "{}", offer.id);
            assert!(is_id_list(price.source), "{}: {}", offer.id, price.source);
            for id in price.source.split(',') {
                assert!(known(id), "{} cites unknown source {id}", offer.id);
            }
            if let Some(spot) = price.spot_usd {
                assert!(spot > 0.0 && spot < price.usd, "{} spot {spot}", offer.id);
                assert!(price.spot_note.is_some(), "{} spot has no note", offer.id);
            }
        }
    }
}

#[test]
fn every_source_has_a_public_citation_and_is_cited() {
    let catalog = catalog();
    let rates = ExchangeRates::builtin().expect("exchange rates parse");
    for source in catalog.sources.iter().chain([&rates.source]) {
        for (field, value) in [
            ("title", &source.title),
            ("publisher", &source.publisher),
            ("date", &source.date),
            ("as_of", &source.as_of),
        ] {
            assert!(!value.trim().is_empty(), "{} has no {field}", source.id);
        }
        assert!(
            source.url.starts_with("https://") || source.url.starts_with("http://"),
            "{} url {}",
            source.id,
            source.url
        );
        assert!(
            !source.url.contains(' '),
            "{} url {}",
            source.id,
            source.url
        );
    }
    for source in catalog.sources {
        let cited = catalog.offers.iter().any(|o| {
            o.source.split(',').any(|id| id == source.id)
                || o.snapshot_prices
                    .iter()
                    .any(|p| p.source.split(',').any(|id| id == source.id))
        });
        // A catalog the refresh command read is cited by its region's prices, or by a spot
        // figure with a source of its own.
        let spot_cites = |o: &Offer| {
            o.snapshot_prices
                .iter()
                .any(|p| p.spot_note == Some(source.id))
        };
        let cited = cited
            || catalog.offers.iter().any(spot_cites)
            || catalog.region_prices.iter().any(|f| f.source == source.id);
        assert!(cited, "source {} is cited by no offer", source.id);
    }
}

/// Why `text` would show a reader one of our internal notes, if it would.
fn internal_reference(text: &str) -> Option<String> {
    if text.contains(".md") {
        return Some("names a .md file".to_string());
    }
    let bytes = text.as_bytes();
    for (i, window) in bytes.windows(3).enumerate() {
        let starts_word = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
        // A section reference: "s.1", "(s.3b".
        if starts_word && window[0] == b's' && window[1] == b'.' && window[2].is_ascii_digit() {
            return Some("names a section (s.N)".to_string());
        }
    }
    for (i, &byte) in bytes.iter().enumerate() {
        let starts_word = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
        if !starts_word || byte != b'S' {
            continue;
        }
        let digits = bytes[i + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let ends_word = bytes
            .get(i + 1 + digits)
            .is_none_or(|b| !b.is_ascii_alphanumeric());
        // "Amazon S3" is a product, not a source id.
        if digits > 0 && ends_word && !text[..i].ends_with("Amazon ") {
            return Some(format!(
                "names a bare source id ({})",
                &text[i..i + 1 + digits]
            ));
        }
    }
    None
}

/// Every string in a data file the app shows, with its path, except ids, links and source-id lists.
fn displayed_strings(value: &serde_json::Value, path: &str, out: &mut Vec<(String, String)>) {
    match value {
        serde_json::Value::String(text) => {
            let key = path.rsplit('.').next().unwrap_or_default();
            let id_list = key == "source" && is_id_list(text);
            if !matches!(key, "id" | "url") && !id_list {
                out.push((path.to_string(), text.clone()));
            }
        }
        serde_json::Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                displayed_strings(item, &format!("{path}[{i}]"), out);
            }
        }
        serde_json::Value::Object(fields) => {
            for (key, item) in fields {
                displayed_strings(item, &format!("{path}.{key}"), out);
            }
        }
        _ => {}
    }
}

/// A data file's name and the JSON the build script made of it (in OUT_DIR).
macro_rules! built {
    ($file:literal, $json:literal) => {
        ($file, include_str!(concat!(env!("OUT_DIR"), $json)))
    };
}

#[test]
fn no_displayed_data_string_cites_our_internal_notes() {
    let files = [
        built!("resources.toml", "/resources.json"),
        built!("offers.toml", "/offers.json"),
        built!("mappings.toml", "/mappings.json"),
        built!("exchange-rates.toml", "/exchange-rates.json"),
        built!("presets/paper-course.toml", "/presets-paper-course.json"),
        built!("presets/cpu-only.toml", "/presets-cpu-only.json"),
        built!("presets/gpu-heavy.toml", "/presets-gpu-heavy.json"),
    ];
    let mut found = Vec::new();
    for (file, json) in files {
        let value: serde_json::Value = serde_json::from_str(json).expect("data file is JSON");
        let mut strings = Vec::new();
        displayed_strings(&value, file, &mut strings);
        assert!(!strings.is_empty(), "{file} has no strings");
        for (path, text) in strings {
            if let Some(why) = internal_reference(&text) {
                found.push(format!("{path} {why}: {text}"));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_internal_reference_check_catches_what_it_should() {
    for bad in [
        "prices.md s.1",
        "see s.3b",
        "(s.1a row 1)",
        "as of 2025-26, S1",
        "S15",
        "S2,S6 agree",
    ] {
        assert!(internal_reference(bad).is_some(), "{bad}");
    }
    for good in [
        "Amazon S3 Standard",
        "4x A100 80GB PCIe",
        "gpu_p100 nodes",
        "SC25 abstract",
        "spot, us-east-1",
    ] {
        assert!(internal_reference(good).is_none(), "{good}");
    }
}

#[test]
fn offer_ids_are_unique_and_snapshots_differ_where_prices_moved() {
    let catalog = catalog();
    let mut ids: Vec<&str> = catalog.offers.iter().map(|o| &*o.id).collect();
    ids.sort_unstable();
    let before = ids.len();
    ids.dedup();
    assert_eq!(before, ids.len());
    // prices.md s.7 item 1: p4d.24xlarge 32.7726 before June 2025, 21.957642 after.
    let p4d = listed_offer("aws/p4d.24xlarge");
    assert_eq!(p4d.price_in("spring-2025").usd, 32.7726);
    assert_eq!(p4d.price_in("latest").usd, 21.957642);
}

#[test]
fn every_preset_is_valid_and_described() {
    let presets = builtin_presets().expect("presets parse");
    assert!(presets.len() >= 3);
    assert_eq!(presets[0].id, "paper-s25-v3");
    for preset in presets {
        assert!(!preset.summary.is_empty());
        let errors = validate(&preset.scenario, catalog());
        assert!(errors.is_empty(), "{}: {errors:?}", preset.id);
    }
}

/// The year and month (`YYYY-MM`) of a figure's date, or `None` when it is undated or only a
/// period such as `2025-26`.
fn month_of(as_of: &str) -> Option<&str> {
    let month = as_of.get(..7)?;
    let (year, mm) = month.split_once('-')?;
    let dated = year.len() == 4
        && year.chars().all(|c| c.is_ascii_digit())
        && mm.parse::<u32>().is_ok_and(|m| (1..=12).contains(&m))
        && as_of.get(7..8).is_none_or(|rest| rest == "-");
    dated.then_some(month)
}

#[test]
fn snapshot_labels_state_the_real_date_range_of_their_figures() {
    let catalog = catalog();
    for snapshot in catalog.snapshots {
        let mut months: Vec<&str> = Vec::new();
        for offer in catalog.offers_in(snapshot.id) {
            months.extend(month_of(offer.price_in(snapshot.id).as_of));
            if let Some(spot) = offer.spot_in(snapshot.id) {
                months.extend(month_of(spot.as_of));
            }
        }
        let first = months.iter().min().expect("dated figures");
        let last = months.iter().max().expect("dated figures");
        let range = format!("figures dated {first} to {last}");
        assert!(
            snapshot.label.contains(&range),
            "{}: label {:?} should say {range:?}",
            snapshot.id,
            snapshot.label
        );
    }
}

#[test]
fn an_offer_is_left_out_of_snapshots_that_predate_it() {
    let catalog = catalog();
    // prices.md s.3e: the single-GPU p5.4xlarge has no Spring-2025 price.
    assert!(catalog.offer_in("aws/p5.4xlarge", "spring-2025").is_none());
    assert!(catalog.offer_in("aws/p5.4xlarge", "latest").is_some());
    assert!(catalog
        .offers_in("spring-2025")
        .all(|o| o.id != "aws/p5.4xlarge"));
    for snapshot in catalog.snapshots {
        for id in snapshot.not_offered {
            assert!(
                catalog.offer(id).is_some(),
                "{} leaves out {id}",
                snapshot.id
            );
        }
        // The default mapping never lands on an offer that is not sold in the snapshot.
        for mapping in catalog.mappings {
            assert!(
                catalog.offer_in(mapping.offer, snapshot.id).is_some(),
                "{} maps {} to {}, not sold in {}",
                mapping.provider,
                mapping.resource,
                mapping.offer,
                snapshot.id
            );
        }
    }
}

#[test]
fn spring_2025_uses_2025_gcp_spot_prices_where_published() {
    // prices.md s.2 and s.3e: spot on 2025-06-26 vs 2026-07-30.
    for (id, spring, latest) in [
        ("gcp/n2-standard-96", 1.649856, 2.21088),
        ("gcp/a3-highgpu-8g", 20.40, 50.60954),
    ] {
        let offer = listed_offer(id);
        let spot = offer.spot_in("spring-2025").expect("spring spot");
        assert_eq!(spot.usd, spring, "{id}");
        assert_eq!(spot.as_of, "2025-06-26", "{id}");
        assert_eq!(offer.spot_in("latest").map(|p| p.usd), Some(latest), "{id}");
    }
}

#[test]
fn gcp_on_demand_prices_are_the_same_in_spring_2025_and_latest() {
    // prices.md s.7 item 5: GCP on-demand prices did not change between those dates.
    for offer in catalog().offers.iter().filter(|o| o.provider == "gcp") {
        assert_eq!(
            offer.price_in("spring-2025").usd,
            offer.price_in("latest").usd,
            "{}",
            offer.id
        );
    }
}

#[test]
fn azure_a100_sizes_are_priced_linearly_in_gpus() {
    let catalog = catalog();
    // prices.md s.7 item 2 (erratum): NC96ads = 4 x NC24ads, as Azure prices this family.
    let one = catalog
        .offer("azure/Standard_NC24ads_A100_v4")
        .expect("NC24ads");
    let four = catalog
        .offer("azure/Standard_NC96ads_A100_v4")
        .expect("NC96ads");
    for snapshot in catalog.snapshots {
        let ratio = four.price_in(snapshot.id).usd / one.price_in(snapshot.id).usd;
        assert!((ratio - 4.0).abs() < 1e-3, "{}: {ratio}", snapshot.id);
    }
}

#[test]
fn m1_large_stand_ins_have_the_flavors_four_vcpus_and_eight_gb() {
    let catalog = catalog();
    let flavor = catalog.resource("m1.large").expect("m1.large");
    assert_eq!((flavor.specs.vcpu, flavor.specs.ram_gb), (4, 8.0));
    for provider in catalog.providers {
        let mapping = catalog.mapping(provider.id, "m1.large").expect("mapped");
        let offer = listed_offer(mapping.offer);
        let vcpus = f64::from(offer.specs.vcpu) * mapping.fraction;
        let ram = offer.specs.ram_gb * mapping.fraction;
        assert_eq!(vcpus, 4.0, "{} {}", provider.id, offer.id);
        assert!(ram >= 8.0, "{} {}", provider.id, offer.id);
    }
}

#[test]
fn every_currency_has_a_rate_for_every_snapshot() {
    let catalog = catalog();
    let rates = ExchangeRates::builtin().expect("exchange rates parse");
    let listed = ["EUR", "GBP", "CAD", "AUD", "JPY", "INR", "CHF", "CNY"];
    for snapshot in catalog.snapshots {
        let table = rates.table(snapshot.id).expect("a table per snapshot");
        let usd_per_eur = table
            .rates
            .iter()
            .find(|r| r.currency == USD)
            .expect("USD in table")
            .per_eur;
        for currency in listed.iter().chain([&USD]) {
            let quote = rates
                .rate(currency, snapshot.id)
                .unwrap_or_else(|| panic!("{currency} in {}", snapshot.id));
            assert!(quote.per_usd.is_finite() && quote.per_usd > 0.0);
            assert_eq!(quote.date, table.date);
            assert!(!quote.source.url.is_empty());
        }
        // per_usd is derived from the ECB's per-euro figures, rounded to 5 significant digits.
        for rate in table.rates {
            let derived = rate.per_eur / usd_per_eur;
            assert!(
                (rate.per_usd / derived - 1.0).abs() < 1e-4,
                "{} {}: {} vs {derived}",
                snapshot.id,
                rate.currency,
                rate.per_usd
            );
        }
        assert_eq!(rates.rate("USD", snapshot.id).map(|q| q.per_usd), Some(1.0));
        assert_eq!(rates.currencies(snapshot.id).len(), listed.len() + 1);
    }
    assert!(rates.rate("XYZ", "latest").is_none());
    assert!(rates.rate("EUR", "no-such-snapshot").is_none());
}

#[test]
fn euro_rates_match_the_ecb_figures() {
    let rates = ExchangeRates::builtin().expect("exchange rates parse");
    // exchange-rates.md: EUR per USD 0.91836 on 2025-03-14 and 0.89509 on 2026-10-30.
    let four_digits = |x: f64| {
        let scale = 10f64.powi(3 - x.abs().log10().floor() as i32);
        (x * scale).round() / scale
    };
    for (snapshot, date, expected) in [
        ("spring-2025", "2025-03-14", 0.91836),
        ("latest", "2026-10-30", 0.89509),
    ] {
        let quote = rates.rate("eur", snapshot).expect("EUR rate");
        assert_eq!(quote.date, date);
        assert_eq!(
            four_digits(quote.per_usd),
            four_digits(expected),
            "{snapshot}"
        );
        assert_eq!(quote.source.publisher, "European Central Bank");
    }
}

#[test]
fn the_stand_in_picker_offers_only_what_fits_cheapest_first() {
    use course_cost::model::catalog::fit::fits;
    use course_cost::model::catalog::offer::PriceModel;
    use course_cost::model::catalog::stand_in::{
        paid_per_hour, picker_offers, PickerScope, StandInClass,
    };
    let catalog = catalog();
    let a100 = catalog.resource("gpu_a100_pcie").expect("resource");
    let scope = |provider, snapshot, all| PickerScope {
        provider,
        snapshot,
        model: PriceModel::OnDemand,
        all,
    };
    let offers = picker_offers(a100, catalog, &[], scope("gcp", "spring-2025", false));
    assert!(offers.len() >= 2);
    for offer in &offers {
        assert_eq!(offer.provider, "gcp", "{}", offer.id);
        assert_eq!(
            StandInClass::of_offer(offer),
            StandInClass::Gpu,
            "{}",
            offer.id
        );
        assert!(fits(a100, offer), "{}", offer.id);
    }
    let prices: Vec<f64> = offers
        .iter()
        .map(|o| paid_per_hour(a100, o, "spring-2025", PriceModel::OnDemand))
        .collect();
    assert!(prices.windows(2).all(|w| w[0] <= w[1]), "{prices:?}");
    let all = picker_offers(a100, catalog, &[], scope("gcp", "spring-2025", true));
    assert!(all
        .iter()
        .any(|o| StandInClass::of_offer(o) == StandInClass::Address));
    assert!(all.iter().any(|o| o.provider != "gcp"));
    let ip = catalog.resource("floating_ip").expect("resource");
    let addresses = picker_offers(ip, catalog, &[], scope("gcp", "latest", false));
    assert!(!addresses.is_empty());
    assert!(addresses
        .iter()
        .all(|o| StandInClass::of_offer(o) == StandInClass::Address));
}

/// GB in a GiB: 2^30 bytes over 10^9.
const GB_PER_GIB: f64 = 1_073_741_824.0 / 1e9;

#[test]
fn azure_managed_disks_are_priced_per_gb_not_per_gib() {
    let catalog = catalog();
    // Infracost's Azure fixtures: Standard SSD E30 (1 TiB = 1024 GiB) $76.80 a month, Premium SSD
    // P4 (32 GiB) $5.28 a month, both eastus; the same per-GiB rates in the 2025-12-01 VM fixture
    // (E4, 32 GiB, $2.40).
    for (id, month_usd, gib) in [
        ("azure/managed-disk-standard-ssd-E30", 76.80, 1024.0),
        ("azure/managed-disk-premium-ssd-P4", 5.28, 32.0),
    ] {
        let per_gb = month_usd / gib / GB_PER_GIB;
        let offer = listed_offer(id);
        assert_eq!(offer.unit, PriceUnit::GbMonth);
        for snapshot in catalog.snapshots {
            let usd = offer.price_in(snapshot.id).usd;
            assert!(
                (usd - per_gb).abs() < 1e-6,
                "{id} {}: {usd} vs {per_gb}",
                snapshot.id
            );
        }
        let note = offer.note.as_deref().unwrap_or_default();
        // Priced per GiB as per GB overstated a GB's price by 7.4% (1.0737 - 1).
        assert_eq!(format!("{:.1}%", (GB_PER_GIB - 1.0) * 100.0), "7.4%");
        assert!(note.contains("7.4%") && !note.contains("2% low"), "{note}");
    }
    assert!((2.40 / 32.0_f64 - 76.80 / 1024.0).abs() < 1e-12);
}

#[test]
fn gcp_n1_gpu_sums_are_as_undated_as_their_gpu_rate() {
    let catalog = catalog();
    // N1 VM (Google Cloud price table, 2026-07-30) + GPU per GPU-hour (cluster-autoscaler, undated).
    // The newest price set takes SkyPilot's GCP table (undated too), the N1 host plus its GPU rows:
    // 0.19 + 0.35, 0.38 + 0.35 and 1.51999 + 4 x 2.48 (its n1-standard-32 host is 1.51999/h, the
    // price table's 1.52 to the cent), so the sums agree to a thousandth of a cent.
    for (id, vm, gpus, per_gpu) in [
        ("gcp/n1-standard-4+1xT4", 0.19, 1.0, 0.35),
        ("gcp/n1-standard-8+1xT4", 0.38, 1.0, 0.35),
        ("gcp/n1-standard-32+4xV100", 1.52, 4.0, 2.48),
    ] {
        let offer = listed_offer(id);
        assert!(offer.source.split(',').any(|s| s == "S4"), "{id}");
        assert!(catalog
            .source("S4")
            .is_some_and(|s| s.date.starts_with("undated")));
        for snapshot in catalog.snapshots {
            let price = offer.price_in(snapshot.id);
            assert!((price.usd - (vm + gpus * per_gpu)).abs() < 1.5e-5, "{id}");
            assert_eq!(
                Day::parse(price.as_of),
                None,
                "{id} {}: {}",
                snapshot.id,
                price.as_of
            );
        }
    }
}

#[test]
fn m6i_metal_cites_the_code_fixture_it_was_read_from() {
    let catalog = catalog();
    // prices.md s.2: m6i.metal 6.144/h, "undated", a code-fixture hit, not the skypilot catalog.
    let offer = listed_offer("aws/m6i.metal");
    assert_eq!(offer.usd, 6.144);
    assert_ne!(offer.source, "S1");
    assert_eq!(Day::parse(&offer.as_of), None);
    let (sources, _) = catalog.citations(&offer.source);
    assert!(sources
        .iter()
        .all(|s| s.title.contains("code fixture") && s.date.starts_with("undated")));
    assert!(!sources.is_empty());
}

#[test]
fn the_december_2026_update_takes_newer_dated_figures_and_leaves_older_snapshots_alone() {
    let catalog = catalog();
    let price = |id: &str, snapshot: &str| {
        let offer = listed_offer(id);
        let p = offer.price_in(snapshot);
        (p.usd, p.as_of.to_string())
    };
    // prices-2026-12.md: RunPod RTX A6000 Secure 0.49 (2025-07-13); RunPod A100 80 GB Secure
    // 1.79 per GPU (2026-11-09), 4 of them; Lambda V100 0.79 per GPU x 8 (2026-09-20); Azure
    // NC6s_v3 3.06 and NC96ads_A100_v4 14.692 in eastus (2025-12-01); GCP a2-highgpu-1g spot
    // 2.12081 (2026-08-20).
    let expected = [
        ("runpod/1x_RTXA6000_SECURE", 0.49, "2025-07-13", 0.79),
        ("runpod/4x_A100-80GB_SECURE", 4.0 * 1.79, "2026-11-09", 6.48),
        ("lambda/gpu_8x_v100", 8.0 * 0.79, "2026-09-20", 4.40),
        ("azure/Standard_NC24s_v3", 4.0 * 3.06, "2025-12-01", 12.24),
        (
            "azure/Standard_NC96ads_A100_v4",
            14.692,
            "2025-12-01",
            14.692,
        ),
        (
            "azure/managed-disk-standard-ssd-E30",
            0.075 / GB_PER_GIB,
            "2025-12-01",
            0.075 / GB_PER_GIB,
        ),
    ];
    for (id, december, date, before) in expected {
        let (usd, as_of) = price(id, "2026-12");
        assert!((usd - december).abs() < 1e-6, "{id}: {usd}");
        assert_eq!(as_of, date, "{id}");
        for older in ["spring-2025", "latest"] {
            assert!(
                (price(id, older).0 - before).abs() < 1e-6,
                "{id} in {older}"
            );
        }
    }
    // RunPod's old spot figure (0.49, about 2024) would equal the newer on-demand price: dropped.
    let a6000 = listed_offer("runpod/1x_RTXA6000_SECURE");
    assert!(a6000.spot_in("2026-12").is_none());
    assert_eq!(a6000.spot_in("latest").map(|p| p.usd), Some(0.49));
    let a2 = listed_offer("gcp/a2-highgpu-1g");
    let spot = a2.spot_in("2026-12").expect("spot");
    assert_eq!((spot.usd, spot.as_of), (2.12081, "2026-08-20"));
    // Every new figure cites a source with a public link and the date it states.
    for id in ["S17", "S18", "S19", "S20", "S21", "S22"] {
        let source = catalog.source(id).expect("new source");
        assert!(source.url.starts_with("https://"), "{id}");
    }
}

#[test]
fn a_stand_in_list_holds_its_providers_offers_and_the_users_own() {
    use course_cost::model::catalog::hardware::Hardware;
    use course_cost::model::catalog::offer::PriceModel;
    use course_cost::model::catalog::stand_in::{
        custom_offer, option_text, picker_offers, CustomOffer, PickerScope,
    };
    let catalog = catalog();
    let a100 = catalog.resource("gpu_a100_pcie").expect("resource");
    let own = vec![custom_offer(
        "custom/1".into(),
        &CustomOffer {
            name: "Campus A100".into(),
            specs: Hardware {
                vcpu: 32,
                ram_gb: 256.0,
                gpu_model: "A100".into(),
                gpu_count: 4,
                gpu_mem_gb: 80.0,
            },
            usd_per_hour: 5.0,
        },
    )];
    for provider in ["aws", "gcp", "azure"] {
        let scope = PickerScope {
            provider,
            snapshot: "latest",
            model: PriceModel::OnDemand,
            all: false,
        };
        let offers = picker_offers(a100, catalog, &own, scope);
        assert!(offers.iter().any(|o| o.provider == provider), "{provider}");
        assert!(offers.iter().any(|o| o.id == "custom/1"), "{provider}");
        assert!(
            offers
                .iter()
                .all(|o| o.provider == provider || o.provider == "custom"),
            "{provider}: {:?}",
            offers.iter().map(|o| &o.id).collect::<Vec<_>>()
        );
    }
    // Lambda sells GPUs only: a small VM's list holds the AWS offers it is priced on.
    let small = catalog.resource("m1.small").expect("resource");
    let lambda = PickerScope {
        provider: "lambda",
        snapshot: "latest",
        model: PriceModel::OnDemand,
        all: false,
    };
    let vms = picker_offers(small, catalog, &[], lambda);
    assert!(!vms.is_empty() && vms.iter().all(|o| o.provider == "aws"));
    // The option text: 4 A100s on 1-GPU machines are four of them, priced one by one.
    let gcp = PickerScope {
        provider: "gcp",
        snapshot: "spring-2025",
        model: PriceModel::OnDemand,
        all: false,
    };
    let one_gpu = picker_offers(a100, catalog, &[], gcp)
        .into_iter()
        .find(|o| o.specs.gpu_count == 1)
        .expect("a 1-GPU offer");
    let price = one_gpu.price_in("spring-2025").usd;
    let text = option_text(a100, one_gpu, gcp);
    assert!(
        text.starts_with(&format!("4 x {} (1x ", one_gpu.sku)),
        "{text}"
    );
    // Hourly prices to four significant digits (issue 36), zeros after the cents dropped,
    // rounded as Intl.NumberFormat rounds: the shortest decimal that reads back as the number,
    // halves away from zero (4 x 11.06125 is 44.245, written 44.25).
    let four_digits = |usd: f64| {
        let decimals = (3 - usd.log10().floor() as i32).max(0) as usize;
        let scaled: f64 = format!("{usd}e{decimals}").parse().expect("a number");
        let rounded = scaled.round() / 10f64.powi(decimals as i32);
        let text = format!("{rounded:.decimals$}");
        let (int, frac) = text.split_once('.').unwrap_or((&text, ""));
        let frac = frac.trim_end_matches('0');
        format!("{int}.{frac:0<2}")
    };
    assert!(
        text.contains(&format!(
            "at ${} = ${}/h",
            four_digits(price),
            four_digits(price * 4.0)
        )),
        "{text}"
    );
    assert!(
        text.contains(", as of ") || text.ends_with("undated"),
        "{text}"
    );
}
