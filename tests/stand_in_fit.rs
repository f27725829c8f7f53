//! Issue 44, item 2: the V100 32 GB and MI100 32 GB nodes stand on an offer with at least their
//! 32 GB per GPU (fit.rs's one rule), named and dated, and the default course prices them so.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::{catalog, estimate, paper};
use course_cost::model::catalog::fit::fit_at;

/// The p3dn.24xlarge row of Karpenter's AWS price map at the generation `stamp` (the recorded
/// excerpt, tests/fixtures/catalogs): its on-demand US dollars per hour.
fn karpenter_p3dn(stamp: &str) -> f64 {
    let text = std::fs::read_to_string(
        "tests/fixtures/catalogs/aws-ondemand-us-east-1-karpenter-history.csv",
    )
    .unwrap();
    let row = text
        .lines()
        .find(|l| l.starts_with(stamp) && l.contains(",p3dn.24xlarge,us-east-1,"))
        .unwrap_or_else(|| panic!("a p3dn.24xlarge row generated {stamp}"));
    row.rsplit(',').next().unwrap().parse().unwrap()
}

#[test]
fn the_v100_32gb_node_stands_on_half_a_p3dn_at_its_spring_2025_price() {
    // The node: 4x V100 with 32 GB each (resources.toml). p3dn.24xlarge: 8x V100 32 GB, at
    // 31.212 $/h in the AWS Pricing API map Karpenter generated on 2025-03-24 (the Spring 2025
    // snapshot's date for AWS instance sizes). Half of it (4 of its 8 GPUs) is one node:
    // 31.212 x 4 / 8 = 15.606 $/h.
    let node = catalog().resource("gpu_v100").unwrap();
    assert_eq!((node.specs.gpu_count, node.specs.gpu_mem_gb), (4, 32.0));
    let generated = karpenter_p3dn("2025-03-24");
    let by_hand = generated * 4.0 / 8.0;
    assert!((by_hand - 15.606).abs() < 1e-12, "{by_hand}");

    let mapping = catalog().mapping("aws", "gpu_v100").unwrap();
    let offer = catalog().offer(mapping.offer).unwrap();
    assert_eq!(offer.sku, "p3dn.24xlarge");
    assert!(fit_at(node, offer, mapping.fraction).fits());
    // Named and dated: the Spring 2025 figure is the map's, dated by its generation.
    let spring = offer.price_in("spring-2025");
    assert_eq!(spring.usd, generated);
    assert_eq!(spring.as_of, "2025-03-24");
    // The 16 GB V100s of p3.8xlarge, the earlier stand-in, do not fit the node.
    let p3 = catalog().offer("aws/p3.8xlarge").unwrap();
    assert!(!fit_at(node, p3, 1.0).fits());

    // The default course prices Lab 4's V100 option at that hour price.
    let result = estimate(&paper().scenario);
    let line = result
        .lines
        .iter()
        .find(|l| l.resource == "gpu_v100")
        .expect("Lab 4's V100 option");
    assert_eq!(line.sku, "p3dn.24xlarge");
    assert!(
        (line.usd_per_hour - by_hand).abs() < 1e-9,
        "{}",
        line.usd_per_hour
    );
}

#[test]
fn the_mi100_node_stands_on_a_quarter_of_a_p3dn() {
    // 2x MI100 32 GB: no cloud sells MI100; 2 of p3dn.24xlarge's 8 V100 32 GB at the same map's
    // figure, 31.212 x 2 / 8 = 7.803 $/h.
    let node = catalog().resource("gpu_mi100").unwrap();
    let by_hand = karpenter_p3dn("2025-03-24") * f64::from(node.specs.gpu_count) / 8.0;
    let result = estimate(&paper().scenario);
    for line in result.lines.iter().filter(|l| l.resource == "gpu_mi100") {
        assert_eq!(line.sku, "p3dn.24xlarge");
        assert!((line.usd_per_hour - by_hand).abs() < 1e-9, "{line:?}");
    }
}

#[test]
fn every_provider_puts_the_32gb_nodes_on_32gb_or_more_gpus() {
    for provider in catalog().providers {
        for id in ["gpu_v100", "gpu_mi100"] {
            let node = catalog().resource(id).unwrap();
            let mapping = catalog().mapping(provider.id, id).unwrap();
            let offer = catalog().offer(mapping.offer).unwrap();
            assert!(offer.specs.gpu_mem_gb >= 32.0, "{} {id}", provider.id);
            assert!(
                fit_at(node, offer, mapping.fraction).fits(),
                "{} {id}",
                provider.id
            );
        }
    }
}
