//! Regions (issue 34 item 4): three per provider, priced from the refresh command's files
//! (`src/data/prices/`), read here with serde_json as the files themselves, never through the
//! app's baked copy. Every expected figure is derived from those files and the catalog's
//! offers in the test.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use std::path::Path;

use common::price_files::{self, figure};
use common::{catalog, estimate, paper};
use course_cost::model::catalog::fit::{default_fraction, fits};
use course_cost::model::catalog::offer::Offer;
use course_cost::model::catalog::regional::{priced_in, region_summary};
use course_cost::model::edit::change::{apply_change, Change};
use course_cost::model::engine::compare::compare_providers;
use course_cost::model::engine::estimate::CostLine;
use course_cost::model::engine::priced_by::pricing_line;
use course_cost::model::export::markdown;
use course_cost::model::export_csv::{budget_csv, CsvContext};
use course_cost::model::scenario::valid::ValidScenario;
use course_cost::model::share::{decode, encode};
use course_cost::model::Scenario;
use serde_json::Value;

/// `src/data/prices/<name>.json` as the command wrote it.
fn price_file(name: &str) -> Value {
    price_files::price_file(name).unwrap_or_else(|| panic!("no price file {name}"))
}

/// `figure`'s ratio of `region` to `home` for `offer`: `None` unless both files price it, or the
/// region's file prices a storage class or address (no vCPU) that no catalog read prices at home:
/// then its own newest price (the sourced `offers.toml` figure) is the home figure.
fn ratio(region: &Value, home: &Value, offer: &Offer) -> Option<f64> {
    let here = figure(region, offer)?;
    let newest = catalog().newest_snapshot().expect("snapshots").id;
    let home = figure(home, offer)
        .or_else(|| (offer.specs.vcpu == 0).then(|| offer.price_in(newest).usd))?;
    Some(here / home)
}

fn in_region(scenario: &Scenario, region: &str) -> Scenario {
    apply_change(scenario, catalog(), Change::SetRegion(region.into())).expect("a known region")
}

fn offer(id: &str) -> &'static Offer {
    catalog().offer(id).expect("a catalog offer")
}

#[test]
fn each_provider_has_three_regions_and_the_gpu_clouds_one_price_everywhere() {
    let c = catalog();
    for (provider, regions) in [
        ("aws", ["us-east-1", "eu-west-1", "ap-southeast-1"]),
        ("azure", ["eastus", "westeurope", "southeastasia"]),
        ("gcp", ["us-central1", "europe-west4", "asia-southeast1"]),
    ] {
        let known = c.provider(provider).expect("provider");
        let ids: Vec<&str> = known.regions.iter().map(|r| r.id).collect();
        assert_eq!(ids, regions, "{provider}");
        assert_eq!(
            known.region, regions[0],
            "{provider}: the default comes first"
        );
        for &region in &regions[1..] {
            // A region whose file the command did not write keeps the default region's prices,
            // and the page says so.
            let read = c
                .region_prices
                .iter()
                .any(|g| g.provider == provider && g.region == region);
            if !read {
                let summary = region_summary(c, provider, region);
                assert!(
                    summary.contains(&format!("keep their {} price", regions[0])),
                    "{summary}"
                );
            }
        }
    }
    for provider in ["lambda", "runpod"] {
        let known = c.provider(provider).expect("provider");
        assert!(known.one_price_everywhere());
        assert!(region_summary(c, provider, "").contains("prices alike in every region"));
    }
}

/// The catalog offer id of a price file's `sku` on `provider`.
fn offer_id(provider: &str, sku: &str) -> String {
    if sku.contains('/') {
        sku.to_string()
    } else {
        format!("{provider}/{sku}")
    }
}

/// The offer ids a price file prices.
fn priced_ids(provider: &str, file: &Value) -> Vec<String> {
    let records = file["prices"].as_array().expect("prices");
    records
        .iter()
        .map(|r| offer_id(provider, r["sku"].as_str().expect("sku")))
        .collect()
}

#[test]
fn the_baked_regional_prices_are_the_files_figures() {
    let c = catalog();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/data/prices");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("src/data/prices")
        .map(|e| e.expect("a file").path())
        .filter_map(|p| Some(p.file_stem()?.to_str()?.to_string()))
        .collect();
    names.sort();
    let mut baked_files = 0;
    for name in &names {
        let (provider, region) = name.split_once('-').expect("provider-region");
        let known = c.provider(provider).expect("a known provider");
        let groups = || {
            c.region_prices
                .iter()
                .filter(move |g| g.provider == provider && g.region == region)
        };
        // Lambda and RunPod price alike everywhere: their one file is the newest price set, not
        // a region's prices.
        if known.one_price_everywhere() {
            assert_eq!(groups().count(), 0, "{name}");
            continue;
        }
        // The offers another region's file of this provider prices: a default-region figure is
        // read only as the denominator of such a region's ratio, so only those are baked (the
        // newest price set holds the default region's figures).
        let elsewhere: Vec<String> = names
            .iter()
            .filter(|n| n.split_once('-').map(|(p, _)| p) == Some(provider) && *n != name)
            .flat_map(|n| priced_ids(provider, &price_file(n)))
            .collect();
        let file = price_file(name);
        let mut expected = 0;
        for record in file["prices"].as_array().expect("prices") {
            let sku = record["sku"].as_str().expect("sku");
            let id = offer_id(provider, sku);
            let figure = c.region_figure(provider, region, &id);
            if region == known.region && !elsewhere.contains(&id) {
                assert_eq!(figure, None, "{sku} in {name}: no region's ratio reads it");
                continue;
            }
            expected += 1;
            let figure = figure.unwrap_or_else(|| panic!("{sku} in {name}"));
            let usd = record["usd_per_hour"]
                .as_f64()
                .or_else(|| record["usd_per_gb_month"].as_f64());
            assert_eq!(Some(figure.usd), usd, "{sku}");
            // An undated catalog (SkyPilot's tables) writes no date.
            let as_of = record["as_of"].as_str().unwrap_or("undated");
            assert_eq!(figure.as_of, as_of, "{sku}");
            let source = c.source(figure.source).expect("a cited source");
            assert_eq!(Some(source.url), record["source"].as_str(), "{sku}");
        }
        let baked: usize = groups().map(|g| g.prices.len()).sum();
        assert_eq!(expected, baked, "{name}");
        baked_files += usize::from(baked > 0);
    }
    // AWS and Azure: every region, the default's figures for the other two's ratios.
    assert!(baked_files >= 6, "{baked_files} files baked");
}

/// The line at `line`'s place in `lines`, for the same use (same part, activity, option and
/// resource): a region changes prices and stand-ins, not the course's lines or their order (a
/// use can have several lines, so the place, not the use, pairs them).
fn same_use<'a>(lines: &'a [CostLine], i: usize, line: &CostLine) -> &'a CostLine {
    let there = &lines[i];
    assert_eq!(
        (there.phase, &there.activity, &there.option, &there.resource),
        (line.phase, &line.activity, &line.option, &line.resource),
        "the same use in the other region"
    );
    there
}

#[test]
fn eu_west_1_raises_the_papers_course_by_the_regional_ratio_of_its_stand_ins() {
    let (us, eu) = (price_file("aws-us-east-1"), price_file("aws-eu-west-1"));
    let home = estimate(&paper().scenario);
    let europe = estimate(&in_region(&paper().scenario, "eu-west-1"));
    let snapshot = &paper().scenario.pricing.snapshot;
    assert_eq!(home.lines.len(), europe.lines.len());
    let mut expected = 0.0;
    let mut scaled = 0;
    // The lines whose stand-in is the same in both regions: (us-east-1, eu-west-1) cost.
    let mut kept = (0.0, 0.0);
    let summary = region_summary(catalog(), "aws", "eu-west-1");
    for (i, line) in home.lines.iter().enumerate() {
        let there = same_use(&europe.lines, i, line);
        if there.offer_id == line.offer_id {
            kept = (kept.0 + line.cost_usd, kept.1 + there.cost_usd);
            // The Spring 2025 us-east-1 price times eu-west-1 / us-east-1 in the catalogs read,
            // or the us-east-1 price where a file lacks the offer (and the line says so).
            match ratio(&eu, &us, offer(&line.offer_id)) {
                Some(r) => {
                    expected += line.cost_usd * r;
                    scaled += 1;
                }
                // One price in every region (`region = "all"` in offers.toml): that price,
                // as at home, no other region's.
                None if offer(&line.offer_id).region == "all" => {
                    assert_eq!(there.source, line.source);
                    expected += line.cost_usd;
                }
                None => {
                    assert!(
                        there
                            .source
                            .contains("us-east-1 price (no eu-west-1 figure"),
                        "{}",
                        there.source
                    );
                    expected += line.cost_usd;
                }
            }
        } else {
            // Another offer stands in there (not sold there, or not in the catalog read), named
            // in the region's note: its own Spring 2025 price times its ratio.
            let stand_in = offer(&there.offer_id);
            let named = format!("{} for {}", stand_in.sku, line.sku);
            assert!(summary.contains(&named), "{summary}");
            let r = ratio(&eu, &us, stand_in).expect("a stand-in priced in both regions");
            let usd = stand_in.per_hour(stand_in.price_in(snapshot).usd) * r * there.fraction;
            expected += there.actual_hours * there.rerun * usd;
        }
    }
    assert!(scaled > 0, "some stand-in is priced in eu-west-1");
    let total = europe.totals.list_usd;
    assert!(
        (total - expected).abs() < 1e-6 * expected,
        "{total} vs {expected}"
    );
    // Every stand-in priced in both regions costs more in eu-west-1, so the lines that keep
    // theirs rise (and the whole course, when every line keeps its stand-in: p4de is not sold in
    // eu-west-1 and no offer priced there fits the 80 GB A100 nodes, so it keeps its us-east-1
    // price and says so). Where another offer stands in, it may cost less.
    assert!(kept.1 > kept.0, "{kept:?}");
    if (kept.0 - home.totals.list_usd).abs() < 1e-9 * home.totals.list_usd {
        assert!(
            total > home.totals.list_usd,
            "{total} vs {}",
            home.totals.list_usd
        );
    }
    // The GPU nodes: p4d.24xlarge's ratio is the files' 23.71569 / 21.957642 (+8.0%) when they
    // hold those figures.
    let p4d = offer("aws/p4d.24xlarge");
    let r = ratio(&eu, &us, p4d).expect("p4d in both files");
    let line = europe
        .lines
        .iter()
        .find(|l| l.offer_id == p4d.id)
        .expect("a p4d line");
    assert!((line.offer_usd - p4d.price_in(snapshot).usd * r).abs() < 1e-9);
}

/// The paper's course on Google Cloud in `region`, at the newest prices and at the paper's:
/// (us-central1 total, `region` total, total by hand from the files' per-offer ratios), checking
/// on the way that no machine line keeps its us-central1 price where the region's file prices it.
fn gcp_course_in(region: &str, snapshot: Option<&str>) -> (f64, f64, f64) {
    let (home, there_file) = (
        price_file("gcp-us-central1"),
        price_file(&format!("gcp-{region}")),
    );
    let mut scenario = apply_change(
        &paper().scenario,
        catalog(),
        Change::SetProvider("gcp".into()),
    )
    .expect("valid");
    if let Some(id) = snapshot {
        scenario =
            apply_change(&scenario, catalog(), Change::SetSnapshot(id.into())).expect("valid");
    }
    let price_set = scenario.pricing.snapshot.clone();
    let (at_home, away) = (estimate(&scenario), estimate(&in_region(&scenario, region)));
    let summary = region_summary(catalog(), "gcp", region);
    let mut expected = 0.0;
    for (i, line) in at_home.lines.iter().enumerate() {
        let there = same_use(&away.lines, i, line);
        if there.offer_id != line.offer_id {
            // Not sold there: the next fitting offer stands in, named, at its own ratio.
            let stand_in = offer(&there.offer_id);
            assert!(figure(&there_file, offer(&line.offer_id)).is_none());
            assert!(
                summary.contains(&format!("{} for {}", stand_in.sku, line.sku)),
                "{summary}"
            );
            let r = ratio(&there_file, &home, stand_in).expect("a stand-in priced in both files");
            let usd = stand_in.per_hour(stand_in.price_in(&price_set).usd) * r * there.fraction;
            expected += there.actual_hours * there.rerun * usd;
            continue;
        }
        let used = offer(&line.offer_id);
        match ratio(&there_file, &home, used) {
            Some(r) => {
                assert!(
                    (there.offer_usd - line.offer_usd * r).abs() < 1e-9 * line.offer_usd.max(1.0),
                    "{region} {}: {} vs {} x {r}",
                    used.sku,
                    there.offer_usd,
                    line.offer_usd
                );
                expected += line.cost_usd * r;
            }
            None => {
                // Only what the files do not carry yet (disks, buckets, addresses: no vCPUs)
                // keeps its us-central1 price, and its line says so.
                assert_eq!(
                    used.specs.vcpu, 0,
                    "{region}: {} keeps its us-central1 price",
                    used.sku
                );
                assert!(
                    there
                        .source
                        .contains(&format!("us-central1 price (no {region} figure")),
                    "{}",
                    there.source
                );
                expected += line.cost_usd;
            }
        }
    }
    (at_home.totals.list_usd, away.totals.list_usd, expected)
}

#[test]
fn europe_west4_and_asia_southeast1_raise_the_papers_course_on_gcp_by_each_offers_ratio() {
    let c = catalog();
    let (home, eu) = (
        price_file("gcp-us-central1"),
        price_file("gcp-europe-west4"),
    );
    // Every machine offer of Google Cloud that the home file prices has a europe-west4 figure
    // (the excerpts price all 22 watched machines there), each above its us-central1 one.
    let machines: Vec<&Offer> = c
        .offers
        .iter()
        .filter(|o| o.provider == "gcp" && o.specs.vcpu > 0)
        .filter(|o| figure(&home, o).is_some())
        .collect();
    assert_eq!(machines.len(), 22);
    for o in &machines {
        let r = ratio(&eu, &home, o).unwrap_or_else(|| panic!("{} in europe-west4", o.sku));
        assert!(r > 1.0, "{}: {r}", o.sku);
    }
    let students = paper().scenario.course.students;
    let newest = c.newest_snapshot().expect("snapshots").id;
    for snapshot in [None, Some(newest)] {
        for region in ["europe-west4", "asia-southeast1"] {
            let (at_home, total, by_hand) = gcp_course_in(region, snapshot);
            assert!(
                (total - by_hand).abs() < 1e-6 * by_hand,
                "{region}: {total} vs {by_hand}"
            );
            // Every figure the course uses costs more in both regions than in us-central1.
            assert!(total > at_home, "{region}: {total} vs {at_home}");
            println!(
                "gcp {region} ({}): ${:.2} per student, us-central1 ${:.2} ({:+.1}%)",
                snapshot.unwrap_or("the paper's spring-2025 prices"),
                total / students,
                at_home / students,
                100.0 * (total / at_home - 1.0)
            );
        }
    }
}

#[test]
fn the_newest_prices_of_a_region_are_its_own_catalog_figures() {
    let c = catalog();
    let newest = c.newest_snapshot().expect("snapshots").id;
    let mut scenario = paper().scenario.clone();
    scenario = apply_change(&scenario, c, Change::SetSnapshot(newest.into())).expect("valid");
    for (region, file) in [
        ("", "aws-us-east-1"),
        ("eu-west-1", "aws-eu-west-1"),
        ("ap-southeast-1", "aws-ap-southeast-1"),
    ] {
        let file = price_file(file);
        let result = estimate(&in_region(&scenario, region));
        let mut read = 0;
        for line in &result.lines {
            if let Some(usd) = figure(&file, offer(&line.offer_id)) {
                assert_eq!(line.offer_usd, usd, "{region} {}", line.offer_id);
                read += 1;
            }
        }
        assert!(read > 0, "{region}: some line priced from its file");
    }
}

#[test]
fn an_offer_not_priced_in_a_region_gives_way_to_the_next_fitting_one_named() {
    let c = catalog();
    let (home, asia) = (
        price_file("aws-us-east-1"),
        price_file("aws-ap-southeast-1"),
    );
    let newest = c.newest_snapshot().expect("snapshots").id;
    let regional = priced_in(c, "aws", "ap-southeast-1");
    let mut checked = 0;
    for mapping in c.mappings.iter().filter(|m| m.provider == "aws") {
        let mapped = offer(mapping.offer);
        let resource = c.resource(mapping.resource).expect("resource");
        if mapped.provider != "aws" || ratio(&asia, &home, mapped).is_some() {
            continue;
        }
        if mapped.region == "all" {
            // One price in every region: priced alike there, its mapping unchanged.
            assert_eq!(regional.mapping("aws", mapping.resource), Some(mapping));
            continue;
        }
        // The rule, from the files: this provider's offers that fit the resource (the one rule of
        // fit.rs, tested in tests/everyday.rs), priced in both files and sold in every snapshot,
        // by what one instance-hour costs there; the cheapest at or above what the mapped offer
        // costs at home (newest prices), else the dearest below.
        let target = mapped.per_hour(mapped.price_in(newest).usd) * mapping.fraction;
        let cost =
            |o: &Offer| o.per_hour(figure(&asia, o).unwrap()) * default_fraction(resource, o);
        let fitting: Vec<&Offer> = c
            .offers
            .iter()
            .filter(|o| o.provider == "aws" && fits(resource, o))
            .filter(|o| {
                ratio(&asia, &home, o).is_some() && c.snapshots.iter().all(|s| s.offers(&o.id))
            })
            .collect();
        let by_cost = |a: &&&Offer, b: &&&Offer| cost(a).total_cmp(&cost(b));
        let above = fitting.iter().filter(|o| cost(o) >= target).min_by(by_cost);
        let expected = above.or(fitting.iter().max_by(by_cost));
        let there = regional
            .mapping("aws", mapping.resource)
            .expect("mapped there");
        match expected {
            Some(next) => {
                assert_eq!(there.offer, &*next.id, "{}", mapping.resource);
                assert!(
                    there.note.contains(&*mapped.sku) && there.note.contains(&*next.sku),
                    "{}",
                    there.note
                );
                assert!(
                    there.note.contains("has no ap-southeast-1 price"),
                    "{}",
                    there.note
                );
                assert_eq!(there.fraction, default_fraction(resource, next));
                checked += 1;
            }
            None => {
                assert_eq!(there.offer, mapping.offer);
                assert!(
                    there.note.contains("keeps its us-east-1 price"),
                    "{}",
                    there.note
                );
            }
        }
    }
    assert!(
        checked > 0,
        "some mapped offer has no ap-southeast-1 figure and a fitting one has"
    );
    // The page names each such offer and the one standing in for it, and the course is priced
    // on it there.
    let summary = region_summary(c, "aws", "ap-southeast-1");
    let result = estimate(&in_region(&paper().scenario, "ap-southeast-1"));
    for (there, home) in regional.mappings.iter().zip(c.mappings) {
        if there.offer != home.offer {
            let sku = &c.offer(there.offer).expect("offer").sku;
            let home_sku = &c.offer(home.offer).expect("offer").sku;
            assert!(
                summary.contains(&format!("{sku} for {home_sku}")),
                "{summary}"
            );
            assert!(there
                .note
                .contains(&format!("{sku}, the next fitting offer")));
            assert!(result.lines.iter().any(|l| l.sku == *sku), "{sku}");
        }
    }
}

#[test]
fn another_provider_keeps_the_part_of_the_world_and_the_comparison_prices_it_there() {
    let c = catalog();
    let europe = in_region(&paper().scenario, "eu-west-1");
    assert_eq!(europe.pricing.region, "eu-west-1");
    let azure = apply_change(&europe, c, Change::SetProvider("azure".into())).expect("valid");
    assert_eq!(azure.pricing.region, "westeurope");
    let gcp = apply_change(&azure, c, Change::SetProvider("gcp".into())).expect("valid");
    assert_eq!(gcp.pricing.region, "europe-west4");
    // A GPU cloud has one price everywhere; back on AWS, the default region.
    let lambda = apply_change(&gcp, c, Change::SetProvider("lambda".into())).expect("valid");
    assert_eq!(lambda.pricing.region, "");
    // The default region is stored as none, so links without a region mean it.
    assert_eq!(in_region(&europe, "us-east-1").pricing.region, "");
    let valid = ValidScenario::new(europe.clone(), c).expect("valid");
    let rows = compare_providers(&valid, c);
    let region_of = |id: &str| {
        rows.iter()
            .find(|r| r.provider == id)
            .map(|r| r.region.clone())
            .unwrap()
    };
    assert!(region_of("aws").starts_with("eu-west-1"));
    assert!(region_of("azure").starts_with("westeurope"));
    assert!(region_of("gcp").starts_with("europe-west4"));
    assert_eq!(region_of("lambda"), "one price in every region");
    // Each row is that provider in that region: Azure's total is the scenario on Azure there.
    let on_azure = estimate(&azure);
    let row = rows.iter().find(|r| r.provider == "azure").unwrap();
    assert_eq!(row.totals.net_usd, on_azure.totals.net_usd);
    // An unknown region is refused at its field.
    assert!(apply_change(&europe, c, Change::SetRegion("mars-1".into())).is_err());
}

#[test]
fn the_link_carries_the_region_and_a_link_without_one_means_the_default() {
    let c = catalog();
    let europe = in_region(&paper().scenario, "eu-west-1");
    let payload = encode(&europe, paper());
    let decoded = decode(&payload, c).expect("presets load");
    assert!(decoded.notices.is_empty(), "{:?}", decoded.notices);
    assert_eq!(decoded.scenario, europe);
    // The default region writes nothing: the paper's course link is unchanged.
    assert_eq!(
        encode(&paper().scenario, paper()),
        encode(&in_region(&europe, "us-east-1"), paper())
    );
    use base64::Engine;
    let link = |json: &str| {
        let payload = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(json);
        decode(&payload, c).expect("presets load")
    };
    // A version 3 link made before regions existed: the default region, no notice.
    let old = link(r#"{"v":3,"p":"paper-s25-v3","pv":"azure"}"#);
    assert!(old.notices.is_empty());
    assert_eq!(
        (
            old.scenario.pricing.provider.as_str(),
            old.scenario.pricing.region.as_str()
        ),
        ("azure", "")
    );
    // A region of another provider: said, and the default region kept.
    let wrong = link(r#"{"v":3,"p":"paper-s25-v3","pv":"azure","rg":"eu-west-1"}"#);
    assert_eq!(wrong.scenario.pricing.region, "");
    assert!(
        wrong.notices.iter().any(|n| n.contains("region")),
        "{:?}",
        wrong.notices
    );
    // The default region's own id reads as the default.
    let named = link(r#"{"v":3,"p":"paper-s25-v3","rg":"us-east-1"}"#);
    assert_eq!(named.scenario.pricing.region, "");
    assert!(named.notices.is_empty());
}

#[test]
fn an_unknown_region_is_quoted_short_and_without_bidi_controls() {
    use base64::Engine;
    // 100,000 characters, a right-to-left override after the first 10 (issue 42, item 5).
    let region = format!("{}\u{202E}{}", "a".repeat(10), "b".repeat(100_000));
    let json = format!(r#"{{"v":3,"p":"paper-s25-v3","rg":"{region}"}}"#);
    let packed = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 9);
    let payload = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(packed);
    assert!(payload.len() < 1_000, "a short link: {}", payload.len());
    let decoded = decode(&payload, catalog()).expect("presets load");
    assert_eq!(
        decoded.scenario.pricing.region, "",
        "the default region kept"
    );
    let notice = decoded
        .notices
        .iter()
        .find(|n| n.contains("region"))
        .unwrap_or_else(|| panic!("{:?}", decoded.notices));
    // The quote: the first 40 characters the override left, then "…".
    let quote = format!("\"{}{}…\"", "a".repeat(10), "b".repeat(30));
    assert!(notice.contains(&quote), "{notice}");
    assert!(
        notice.chars().count() < 200,
        "{} characters",
        notice.chars().count()
    );
    let controls = [
        '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}', '\u{2066}', '\u{2067}',
        '\u{2068}', '\u{2069}', '\u{200E}', '\u{200F}',
    ];
    assert!(!notice.contains(controls), "{notice:?}");
}

#[test]
fn the_csv_markdown_and_pricing_line_say_the_region() {
    let c = catalog();
    let europe = in_region(&paper().scenario, "eu-west-1");
    let result = estimate(&europe);
    let line = pricing_line(c, &europe.pricing, &result);
    assert!(
        line.starts_with("AWS eu-west-1 (Europe, Ireland), on demand"),
        "{line}"
    );
    let csv = budget_csv(&CsvContext {
        scenario: &europe,
        estimate: &result,
        catalog: c,
        link: "https://example.edu/#s=x",
        date: "2026-12-03",
    });
    let priced_with = csv
        .lines()
        .find(|l| l.starts_with("Priced with,"))
        .expect("row");
    assert!(priced_with.contains("AWS eu-west-1"), "{priced_with}");
    // A scaled price says how in its source column.
    assert!(csv.contains("eu-west-1 price = us-east-1 price x"), "{csv}");
    let md = markdown(&europe, &result, c, "https://example.edu/#s=x");
    // Markdown escapes the parentheses.
    assert!(
        md.contains("priced on AWS eu-west-1 \\(Europe, Ireland\\)"),
        "{md}"
    );
}

#[test]
fn a_regions_spot_price_is_its_default_regions_times_the_ratio_in_every_price_set() {
    // No catalog read gives regional spot figures the app keeps: in every price set, an offer
    // priced in both files has, in eu-west-1, its us-east-1 spot price times eu-west-1 /
    // us-east-1, and no spot price where us-east-1 has none.
    let (us, eu) = (price_file("aws-us-east-1"), price_file("aws-eu-west-1"));
    let c = catalog();
    let regional = priced_in(c, "aws", "eu-west-1");
    let mut scaled = 0;
    for snapshot in c.snapshots {
        for offer in c.offers.iter().filter(|o| o.provider == "aws") {
            let Some(r) = ratio(&eu, &us, offer) else {
                continue;
            };
            let there = regional
                .offer(&offer.id)
                .expect("every offer is in the copy");
            let Some(home) = offer.spot_in(snapshot.id) else {
                assert!(there.spot_in(snapshot.id).is_none(), "{}", offer.id);
                continue;
            };
            let spot = there
                .spot_in(snapshot.id)
                .unwrap_or_else(|| panic!("{} in {}: a spot price", offer.id, snapshot.id));
            assert!(
                (spot.usd - home.usd * r).abs() < 1e-12 * home.usd.max(1.0),
                "{} in {}: {} vs {} x {r}",
                offer.id,
                snapshot.id,
                spot.usd,
                home.usd
            );
            assert!(
                spot.source.contains("their ratio in the catalogs read"),
                "{}",
                spot.source
            );
            scaled += 1;
        }
    }
    let newest = c.newest_snapshot().expect("snapshots").id;
    let in_newest = c
        .offers
        .iter()
        .filter(|o| o.provider == "aws" && ratio(&eu, &us, o).is_some())
        .any(|o| o.spot_in(newest).is_some());
    assert!(
        scaled > 0 && in_newest,
        "some spot price scaled, the newest prices' too"
    );
}

#[test]
fn the_region_note_says_each_sentence_once_not_once_per_offer() {
    // Issue 46: the note repeated "... has no ... price in the catalogs read ..." for each offer.
    for region in ["eu-west-1", "ap-southeast-1"] {
        let summary = region_summary(catalog(), "aws", region);
        let sentences: Vec<&str> = summary.split(". ").collect();
        for (i, sentence) in sentences.iter().enumerate() {
            assert!(!sentences[..i].contains(sentence), "{summary}");
        }
        assert!(
            summary
                .matches("in the catalogs read (not sold there")
                .count()
                <= 1,
            "{summary}"
        );
        assert!(summary.matches("stands in").count() <= 1, "{summary}");
    }
}
