//! The FOCUS bill reader and its mapping onto the course: excerpts of the public sample exports
//! (tests/fixtures/focus/README.md cites them) and files written here, hostile ones included.
//! Every expected figure is summed by hand from the rows written.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use common::{catalog, estimate, paper};
use course_cost::model::catalog::resource::ResourceKind;
use course_cost::model::focus::calibrate::calibrate_to_bill;
use course_cost::model::focus::classify::SkipReason;
use course_cost::model::focus::columns::FocusVersion;
use course_cost::model::focus::compare::compare;
use course_cost::model::focus::reader::{read_all, FocusReader, ReadError, MAX_ROW_BYTES};
use course_cost::model::focus::BillSummary;
use course_cost::model::scenario::field::{overrun_setting, FieldPath, PhaseKey};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

/// FOCUS 1.0's columns (FOCUS specification 1.0, "Column list").
const V1_0: &[&str] = &[
    "AvailabilityZone",
    "BilledCost",
    "BillingAccountId",
    "BillingAccountName",
    "BillingCurrency",
    "BillingPeriodEnd",
    "BillingPeriodStart",
    "ChargeCategory",
    "ChargeClass",
    "ChargeDescription",
    "ChargeFrequency",
    "ChargePeriodEnd",
    "ChargePeriodStart",
    "CommitmentDiscountCategory",
    "CommitmentDiscountId",
    "CommitmentDiscountName",
    "CommitmentDiscountStatus",
    "CommitmentDiscountType",
    "ConsumedQuantity",
    "ConsumedUnit",
    "ContractedCost",
    "ContractedUnitPrice",
    "EffectiveCost",
    "InvoiceIssuerName",
    "ListCost",
    "ListUnitPrice",
    "PricingCategory",
    "PricingQuantity",
    "PricingUnit",
    "ProviderName",
    "PublisherName",
    "RegionId",
    "RegionName",
    "ResourceId",
    "ResourceName",
    "ResourceType",
    "ServiceCategory",
    "ServiceName",
    "SkuId",
    "SkuPriceId",
    "SubAccountId",
    "SubAccountName",
    "Tags",
];
/// Added in FOCUS 1.1.
const V1_1_ADDED: &[&str] = &[
    "CapacityReservationId",
    "CapacityReservationStatus",
    "CommitmentDiscountQuantity",
    "CommitmentDiscountUnit",
    "ServiceSubcategory",
    "SkuMeter",
    "SkuPriceDetails",
];
/// Added in FOCUS 1.2.
const V1_2_ADDED: &[&str] = &[
    "BillingAccountType",
    "SubAccountType",
    "InvoiceId",
    "PricingCurrency",
    "PricingCurrencyContractedUnitPrice",
    "PricingCurrencyEffectiveCost",
    "PricingCurrencyListUnitPrice",
];
/// Added in FOCUS 1.3.
const V1_3_ADDED: &[&str] = &[
    "ServiceProviderName",
    "HostProviderName",
    "ContractApplied",
    "AllocatedMethodId",
    "AllocatedMethodDetails",
    "AllocatedResourceId",
    "AllocatedResourceName",
    "AllocatedTags",
];

fn columns_of(version: FocusVersion) -> Vec<&'static str> {
    let mut columns: Vec<&str> = V1_0.to_vec();
    let added = [V1_1_ADDED, V1_2_ADDED, V1_3_ADDED];
    let count = match version {
        FocusVersion::V1_0 => 0,
        FocusVersion::V1_1 => 1,
        FocusVersion::V1_2 => 2,
        FocusVersion::V1_3 => 3,
    };
    for more in &added[..count] {
        columns.extend_from_slice(more);
    }
    columns
}

/// A CSV field, quoted when it needs to be.
fn field(value: &str) -> String {
    if value.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", value.replace('"', "\"\""))
    } else {
        value.to_string()
    }
}

/// A CSV file with `columns` (in this order) and one line per row of (column, value) pairs.
fn csv(columns: &[&str], rows: &[Vec<(&str, String)>], newline: &str) -> String {
    let mut text = columns
        .iter()
        .map(|c| field(c))
        .collect::<Vec<_>>()
        .join(",");
    text.push_str(newline);
    for row in rows {
        let line: Vec<String> = columns
            .iter()
            .map(|c| {
                row.iter()
                    .find(|(name, _)| name == c)
                    .map_or(String::new(), |(_, v)| field(v))
            })
            .collect();
        text.push_str(&line.join(","));
        text.push_str(newline);
    }
    text
}

/// A usage row of compute hours.
fn compute_row(
    instance_type: &str,
    hours: f64,
    cost: f64,
    tags: &str,
) -> Vec<(&'static str, String)> {
    vec![
        ("ChargeCategory", "Usage".into()),
        ("ChargePeriodStart", "2025-01-21T00:00:00Z".into()),
        ("ChargePeriodEnd", "2025-01-22T00:00:00Z".into()),
        ("BilledCost", cost.to_string()),
        ("EffectiveCost", cost.to_string()),
        ("BillingCurrency", "USD".into()),
        ("ConsumedQuantity", hours.to_string()),
        ("ConsumedUnit", "Hours".into()),
        ("ServiceName", "Amazon Elastic Compute Cloud".into()),
        ("ServiceCategory", "Compute".into()),
        (
            "SkuPriceDetails",
            format!("{{\"InstanceType\":\"{instance_type}\",\"CoreCount\":2}}"),
        ),
        ("ChargeDescription", format!("{instance_type} hours, Linux")),
        ("ProviderName", "AWS".into()),
        ("Tags", tags.into()),
    ]
}

fn other_row(category: &str, service: &str, unit: &str, cost: f64) -> Vec<(&'static str, String)> {
    vec![
        ("ChargeCategory", category.into()),
        ("ChargePeriodStart", "2025-05-01T00:00:00Z".into()),
        ("ChargePeriodEnd", "2025-05-02T00:00:00Z".into()),
        ("BilledCost", cost.to_string()),
        ("EffectiveCost", cost.to_string()),
        ("BillingCurrency", "USD".into()),
        (
            "ConsumedQuantity",
            if category == "Usage" {
                "3".into()
            } else {
                String::new()
            },
        ),
        (
            "ConsumedUnit",
            if category == "Usage" {
                unit.into()
            } else {
                String::new()
            },
        ),
        ("ServiceName", service.into()),
        ("ServiceCategory", "Management and Governance".into()),
    ]
}

fn read(text: &str) -> BillSummary {
    read_all(text.as_bytes()).expect("a FOCUS file")
}

#[test]
fn sample_1_2_aws_excerpt() {
    let bill = read(include_str!("fixtures/focus/aws-1.2-excerpt.csv"));
    assert_eq!(bill.version, Some(FocusVersion::V1_2));
    assert_eq!(bill.rows, 4);
    assert_eq!(bill.currency, "USD");
    assert_eq!(bill.provider, "AWS");
    // Two rows of 1.0000 hours of m6i.large, billed 0 (committed), effective 0.064032 each.
    let m6i = &bill.compute.get("m6i.large").unwrap();
    assert!(close(m6i.quantity, 2.0));
    assert!(close(m6i.tally.billed, 0.0));
    assert!(close(m6i.tally.effective, 0.064032 * 2.0));
    assert!(close(
        bill.skipped.get(&SkipReason::Purchase).unwrap().billed,
        560.920320
    ));
    let other = bill.skipped.get(&SkipReason::OtherService).unwrap();
    assert_eq!(other.rows, 1);
    assert!(close(other.billed, 38.556572));
    assert!(close(bill.total.billed, 560.920320 + 38.556572));
    assert_eq!(bill.period(), "2026-05-01 to 2026-05-09");
    // The Tags column: Environment dev / prod / prod / dev.
    assert!(close(
        bill.tags
            .get("Environment")
            .unwrap()
            .get("prod")
            .unwrap()
            .compute_hours,
        1.0
    ));
    assert!(close(
        bill.tags
            .get("Environment")
            .unwrap()
            .get("dev")
            .unwrap()
            .billed,
        38.556572
    ));
}

#[test]
fn sample_1_3_aws_excerpt() {
    let bill = read(include_str!("fixtures/focus/aws-1.3-excerpt.csv"));
    assert_eq!(bill.version, Some(FocusVersion::V1_3));
    assert_eq!(bill.rows, 3);
    assert!(close(bill.storage.quantity, 5835.3649));
    assert!(close(bill.storage.tally.billed, 118.888990));
    assert!(close(
        bill.compute.get("m6i.large").unwrap().quantity,
        0.3556
    ));
    assert!(close(
        bill.skipped.get(&SkipReason::Tax).unwrap().billed,
        32.284525
    ));
}

#[test]
fn every_focus_version_column_set_reads_in_any_order() {
    for version in [
        FocusVersion::V1_0,
        FocusVersion::V1_1,
        FocusVersion::V1_2,
        FocusVersion::V1_3,
    ] {
        let mut columns = columns_of(version);
        columns.push("x_UsageType");
        columns.reverse();
        let mut t3 = compute_row("t3.medium", 2.5, 0.104, "");
        t3.push(("x_UsageType", "USE1-BoxUsage:t3.medium".into()));
        let mut spot = compute_row("p4d.24xlarge", 4.0, 20.0, "");
        spot.retain(|(c, _)| *c != "SkuPriceDetails");
        spot.push(("x_UsageType", "USE1-SpotUsage:p4d.24xlarge".into()));
        let bill = read(&csv(&columns, &[t3, spot], "\n"));
        assert_eq!(bill.version, Some(version), "{version:?}");
        assert!(close(bill.compute.get("t3.medium").unwrap().quantity, 2.5));
        // 1.0 has no SkuPriceDetails: the usage type names the type there, and says spot.
        let p4d = &bill.compute.get("p4d.24xlarge").unwrap();
        assert!(close(p4d.quantity, 4.0) && close(p4d.spot_quantity, 4.0));
    }
}

#[test]
fn description_is_the_last_resort_for_the_instance_type() {
    let mut row = compute_row("x", 3.0, 1.0, "");
    row.retain(|(c, _)| *c != "SkuPriceDetails" && *c != "ChargeDescription");
    row.push((
        "ChargeDescription",
        "$0.0416 per On Demand Linux t3.medium Instance Hour".into(),
    ));
    let bill = read(&csv(&columns_of(FocusVersion::V1_2), &[row], "\n"));
    assert!(close(bill.compute.get("t3.medium").unwrap().quantity, 3.0));
}

#[test]
fn quoted_fields_bom_and_crlf() {
    // A newline inside the quoted field, between two members (JSON allows it there, not
    // inside a string).
    let tags = "{\"lab\":\"Lab 1, \\\"intro\\\"\",\n\"note\":\"two lines\"}";
    let rows = [
        compute_row("t3.medium", 1.25, 0.05, tags),
        compute_row("t3.medium", 2.0, 0.08, "{\"lab\":\"Lab 2\"}"),
    ];
    let text = format!(
        "\u{feff}{}",
        csv(&columns_of(FocusVersion::V1_2), &rows, "\r\n")
    );
    let bill = read(&text);
    assert_eq!(bill.rows, 2);
    assert!(close(bill.compute.get("t3.medium").unwrap().quantity, 3.25));
    assert!(close(
        bill.tags
            .get("lab")
            .unwrap()
            .get("Lab 1, \"intro\"")
            .unwrap()
            .compute_hours,
        1.25
    ));
    assert!(close(
        bill.tags
            .get("lab")
            .unwrap()
            .get("Lab 2")
            .unwrap()
            .compute_hours,
        2.0
    ));
    // The same file fed one byte at a time reads the same.
    let mut reader = FocusReader::new();
    for byte in text.as_bytes() {
        reader.feed(std::slice::from_ref(byte)).unwrap();
    }
    assert_eq!(reader.finish().unwrap(), bill);
}

#[test]
fn skipped_rows_keep_their_cost_by_reason() {
    let columns = columns_of(FocusVersion::V1_2);
    let mut correction = compute_row("t3.medium", 5.0, 0.2, "");
    correction.push(("ChargeClass", "Correction".into()));
    let rows = [
        compute_row("t3.medium", 10.0, 0.416, ""),
        other_row("Usage", "AmazonCloudWatch", "Metrics", 1.5),
        other_row("Tax", "AmazonEC2", "", 2.25),
        other_row("Credit", "AmazonEC2", "", -4.0),
        other_row("Purchase", "AmazonEC2", "", 100.0),
        other_row("Adjustment", "AmazonEC2", "", 0.5),
        correction,
    ];
    let bill = read(&csv(&columns, &rows, "\n"));
    assert_eq!(bill.rows, 7);
    let cost = |reason| bill.skipped.get(&reason).unwrap().billed;
    assert!(close(cost(SkipReason::OtherService), 1.5));
    assert!(close(cost(SkipReason::Tax), 2.25));
    assert!(close(cost(SkipReason::Credit), -4.0));
    assert!(close(cost(SkipReason::Purchase), 100.0));
    assert!(close(cost(SkipReason::Adjustment), 0.5));
    assert!(close(cost(SkipReason::Correction), 0.2));
    assert!(close(bill.compute.get("t3.medium").unwrap().quantity, 10.0));
    assert!(close(
        bill.total.billed,
        0.416 + 1.5 + 2.25 - 4.0 + 100.0 + 0.5 + 0.2
    ));
}

#[test]
fn hostile_numbers_are_skipped_not_summed() {
    let columns = columns_of(FocusVersion::V1_2);
    let mut huge = compute_row("t3.medium", 1.0, 0.04, "");
    huge.retain(|(c, _)| *c != "BilledCost");
    huge.push(("BilledCost", "1e309".into()));
    let negative = compute_row("t3.medium", -7.0, -0.3, "");
    let mut nan = compute_row("t3.medium", 1.0, 0.04, "");
    nan.retain(|(c, _)| *c != "ConsumedQuantity");
    nan.push(("ConsumedQuantity", "NaN".into()));
    let rows = [compute_row("t3.medium", 2.0, 0.08, ""), huge, negative, nan];
    let bill = read(&csv(&columns, &rows, "\n"));
    assert!(close(bill.compute.get("t3.medium").unwrap().quantity, 2.0));
    assert_eq!(bill.skipped.get(&SkipReason::BadNumber).unwrap().rows, 2);
    assert_eq!(
        bill.skipped
            .get(&SkipReason::NegativeQuantity)
            .unwrap()
            .rows,
        1
    );
    assert!(close(
        bill.skipped
            .get(&SkipReason::NegativeQuantity)
            .unwrap()
            .billed,
        -0.3
    ));
    assert!(bill.total.billed.is_finite());
}

#[test]
fn a_10_mb_line_is_skipped_and_the_rest_read() {
    let columns = columns_of(FocusVersion::V1_2);
    let mut long = compute_row("t3.medium", 1.0, 0.04, "");
    long.push(("ChargeDescription", "x".repeat(10 << 20)));
    long.retain(|(c, v)| *c != "ChargeDescription" || v.len() > 100);
    let rows = [
        compute_row("t3.medium", 2.0, 0.08, ""),
        long,
        compute_row("t3.medium", 3.0, 0.12, ""),
    ];
    let text = csv(&columns, &rows, "\n");
    assert!(text.len() > 10 << 20);
    let mut reader = FocusReader::new();
    for slice in text.as_bytes().chunks(1 << 20) {
        reader.feed(slice).unwrap();
    }
    let bill = reader.finish().unwrap();
    assert_eq!(bill.rows, 3);
    assert_eq!(bill.skipped.get(&SkipReason::TooLong).unwrap().rows, 1);
    assert!(close(bill.compute.get("t3.medium").unwrap().quantity, 5.0));
    // A first line that long is no FOCUS header.
    let header = format!("{}\n", "ChargeCategory".repeat(MAX_ROW_BYTES / 8));
    assert_eq!(read_all(header.as_bytes()), Err(ReadError::HeaderTooLong));
}

#[test]
fn files_that_are_not_bills_say_what_is_missing() {
    let semicolons = "ChargeCategory;BilledCost;BillingCurrency\nUsage;1;USD\n";
    match read_all(semicolons.as_bytes()) {
        Err(ReadError::NotFocus { missing, separator }) => {
            assert!(missing.contains(&"ChargeCategory") && missing.contains(&"ConsumedUnit"));
            assert_eq!(separator, Some(';'));
        }
        other => panic!("{other:?}"),
    }
    let plain = "name,hours,cost\nlab 1,3,0.5\n";
    let error = read_all(plain.as_bytes()).unwrap_err();
    let message = error.to_string();
    for column in [
        "ChargeCategory",
        "BilledCost",
        "BillingCurrency",
        "ConsumedQuantity",
        "ConsumedUnit",
        "ServiceName",
    ] {
        assert!(message.contains(column), "{message}");
    }
    assert_eq!(read_all(b""), Err(ReadError::Empty));
    assert_eq!(
        read_all(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"),
        Err(ReadError::Binary)
    );
    assert_eq!(
        read_all(&[0x1f, 0x8b, 8, 0, 0, 0]),
        Err(ReadError::Compressed)
    );
    let header_only = format!("{}\n", columns_of(FocusVersion::V1_2).join(","));
    assert_eq!(read_all(header_only.as_bytes()), Err(ReadError::NoRows));
}

/// A bill for the paper's course on AWS: t3.medium and p4d.24xlarge hours among CloudWatch, tax
/// and credit rows.
fn paper_bill(t3_hours: &[f64], p4d_hours: &[f64]) -> BillSummary {
    let mut rows = Vec::new();
    for h in t3_hours {
        rows.push(compute_row(
            "t3.medium",
            *h,
            h * 0.0416,
            "{\"lab\":\"Lab 1\"}",
        ));
    }
    for h in p4d_hours {
        rows.push(compute_row(
            "p4d.24xlarge",
            *h,
            h * 32.7726,
            "{\"lab\":\"project\"}",
        ));
    }
    rows.push(other_row("Usage", "AmazonCloudWatch", "Metrics", 3.0));
    rows.push(other_row("Tax", "AmazonEC2", "", 10.0));
    rows.push(other_row("Credit", "AmazonEC2", "", -50.0));
    read(&csv(&columns_of(FocusVersion::V1_2), &rows, "\n"))
}

#[test]
fn billed_against_planned_splits_a_shared_type_by_the_scenario_shares() {
    let t3 = [1000.0, 2500.0, 500.0];
    let p4d = [120.0, 80.0];
    let (t3_total, p4d_total) = (4000.0, 200.0);
    let scenario = &paper().scenario;
    let bill = paper_bill(&t3, &p4d);
    let check = compare(&bill, scenario, catalog()).unwrap();
    let t3_row = check
        .types
        .iter()
        .find(|t| t.instance_type == "t3.medium")
        .unwrap();
    assert!(close(t3_row.billed_hours, t3_total));
    // t3.medium stands in for m1.medium (VM) and raspberrypi5 (edge) on AWS.
    assert_eq!(t3_row.resources, ["m1.medium", "raspberrypi5"]);
    let before = estimate(scenario);
    let t3_lines = before.lines.iter().filter(|l| l.sku == "t3.medium");
    let (mut vm, mut edge) = (0.0, 0.0);
    for line in t3_lines {
        match line.kind {
            ResourceKind::Vm => vm += line.actual_hours * line.fraction,
            _ => edge += line.actual_hours * line.fraction,
        }
    }
    let m1 = check
        .resources
        .iter()
        .find(|r| r.resource == "m1.medium")
        .unwrap();
    assert!(close(m1.billed_hours, t3_total * vm / (vm + edge)));
    assert!(close(m1.share, vm / (vm + edge)));
    // The type's hours split over its resources add back up to the bill (offer-hours).
    let p4d_back: f64 = check
        .resources
        .iter()
        .filter(|r| r.instance_type == "p4d.24xlarge")
        .map(|r| r.billed_hours * r.fraction)
        .sum();
    assert!(close(p4d_back, p4d_total));
    assert!(close(
        check.billed_total,
        t3_total * 0.0416 + p4d_total * 32.7726 + 3.0 + 10.0 - 50.0
    ));
    assert!(close(check.planned_total_usd, before.totals.list_usd));
}

#[test]
fn calibration_makes_each_resources_hours_match_the_bill() {
    let (t3, p4d) = ([3000.0, 1000.0], [150.0, 50.0]);
    let scenario = &paper().scenario;
    let before = estimate(scenario);
    let bill = paper_bill(&t3, &p4d);
    let check = compare(&bill, scenario, catalog()).unwrap();
    let calibration = calibrate_to_bill(&check, &bill, scenario, catalog(), &[]).unwrap();
    assert_eq!(
        calibration.note.text,
        "calibrated: from a FOCUS bill (AWS, 2025-01-21 to 2025-05-02)"
    );
    let mut after = scenario.clone();
    calibration.apply_to(&mut after);
    let after = estimate(&after);
    let hours_of = |e: &course_cost::model::Estimate, kind| -> f64 {
        e.lines
            .iter()
            .filter(|l| l.kind == kind)
            .map(|l| l.actual_hours)
            .sum()
    };
    // By hand: the VMs' share of the t3.medium hours (the only VM type billed), the edge
    // devices' share (all t3.medium), and every p4d line's resource hours.
    let t3_share = |kind| -> f64 {
        let of = |k: Option<ResourceKind>| -> f64 {
            before
                .lines
                .iter()
                .filter(|l| l.sku == "t3.medium" && k.is_none_or(|k| l.kind == k))
                .map(|l| l.actual_hours * l.fraction)
                .sum()
        };
        of(Some(kind)) / of(None)
    };
    assert!(close(
        hours_of(&after, ResourceKind::Vm),
        4000.0 * t3_share(ResourceKind::Vm)
    ));
    assert!(close(
        hours_of(&after, ResourceKind::Edge),
        4000.0 * t3_share(ResourceKind::Edge)
    ));
    let p4d_lines: Vec<_> = before
        .lines
        .iter()
        .filter(|l| l.sku == "p4d.24xlarge")
        .collect();
    let offer: f64 = p4d_lines.iter().map(|l| l.actual_hours * l.fraction).sum();
    let resource: f64 = p4d_lines.iter().map(|l| l.actual_hours).sum();
    // Bare metal other than the p4d stand-ins has no billed hours: 0 by default.
    assert!(close(
        hours_of(&after, ResourceKind::BareMetal),
        200.0 * resource / offer
    ));
    // The kinds' factors are kept; storage (none in the bill) too.
    assert_eq!(calibration.realism, scenario.realism);
    let m1 = scenario
        .resource_factors
        .iter()
        .position(|f| f.resource == "m1.medium");
    assert_eq!(m1, None);
    let index = calibration
        .resource_factors
        .iter()
        .position(|f| f.resource == "m1.medium")
        .unwrap();
    let field = FieldPath::ResourceFactor { index };
    assert!(calibration
        .note
        .text_for(
            &field.to_string(),
            calibration.resource_factors[index].factor
        )
        .is_some());
    let vm_field = FieldPath::Setting(overrun_setting(PhaseKey::Labs, ResourceKind::Vm).unwrap());
    assert!(!calibration
        .note
        .fields
        .iter()
        .any(|(p, _)| *p == vm_field.to_string()));
}

#[test]
fn a_bill_in_euros_converts_at_the_snapshot_rate() {
    let mut rows = vec![compute_row("t3.medium", 10.0, 0.9, "")];
    rows[0].retain(|(c, _)| *c != "BillingCurrency");
    rows[0].push(("BillingCurrency", "EUR".into()));
    let bill = read(&csv(&columns_of(FocusVersion::V1_2), &rows, "\n"));
    let scenario = &paper().scenario;
    let check = compare(&bill, scenario, catalog()).unwrap();
    // exchange-rates.toml, spring-2025: EUR per_usd = 0.91836.
    let conversion = check.conversion.as_ref().unwrap();
    assert!(close(conversion.per_usd, 0.91836));
    assert!(close(check.billed_total, 0.9 / 0.91836));
    let calibration = calibrate_to_bill(&check, &bill, scenario, catalog(), &[]).unwrap();
    assert!(calibration
        .note
        .text
        .contains("converted from EUR at 0.91836"));
}

#[test]
fn applying_a_bill_is_one_undoable_step_and_its_factors_travel_in_the_link() {
    use course_cost::model::share::decode;
    use course_cost::state::{Action, ScenarioState};
    use std::rc::Rc;
    let state = Rc::new(ScenarioState::from_sources(None, None).unwrap());
    let total = state.estimate.totals.net_usd;
    let bill = paper_bill(&[30_000.0], &[900.0]);
    let check = compare(&bill, &state.scenario, state.catalog).unwrap();
    let calibration =
        calibrate_to_bill(&check, &bill, &state.scenario, state.catalog, &[]).unwrap();
    let applied = state.clone().apply(Action::CalibrateFromBill {
        calibration: Rc::new(calibration.clone()),
        confirmed: true,
    });
    assert_eq!(
        applied.scenario.resource_factors,
        calibration.resource_factors
    );
    assert!(applied.estimate.totals.net_usd != total);
    assert_eq!(
        applied.history.undo_label(),
        Some("calibrate from your bill")
    );
    // The link carries the factors and the note on where they come from, not the bill.
    let decoded = decode(&applied.share_payload(), state.catalog).unwrap();
    assert_eq!(
        decoded.scenario.resource_factors,
        calibration.resource_factors
    );
    assert_eq!(decoded.scenario.bill_note.as_ref(), Some(&calibration.note));
    let undone = applied.apply(Action::Undo);
    assert_eq!(undone.estimate.totals.net_usd, total);
    assert_eq!(undone.scenario.realism, state.scenario.realism);
    assert!(undone.scenario.resource_factors.is_empty());
}
