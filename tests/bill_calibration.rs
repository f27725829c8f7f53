//! Calibration from a bill, per resource and with guards (issue 32, item 3), and the provenance
//! of every field through a bill's apply, Undo, Redo and a reload (issue 37, item 5). Real data:
//! the FinOps Foundation's official FOCUS 1.0 sample (tests/fixtures/focus/README.md), split by
//! provider as published; generated bills for the rest. Every expected figure is derived here
//! from the bill's rows and the scenario's own estimate, by the formula written beside it.
// Test code: a failed expectation is a failed test, and helpers are shared between test files.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

mod common;

use std::rc::Rc;

use common::fields::numeric_fields;
use common::{catalog, estimate, paper};
use course_cost::model::focus::calibrate::{
    calibrate_to_bill, percent, BillCalibration, Guard, Outcome,
};
use course_cost::model::focus::compare::{
    compare, compare_mapped, BilledAgainstPlanned, ProviderMatch,
};
use course_cost::model::focus::reader::read_all;
use course_cost::model::focus::BillSummary;
use course_cost::model::presets::provenance_note::{field_note, ProvenanceNote};
use course_cost::model::scenario::field::FieldPath;
use course_cost::model::scenario::provenance::ProvenanceKind;
use course_cost::model::{Estimate, Scenario};
use course_cost::state::{Action, ScenarioState};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

/// The official sample, as published.
const SAMPLE: &str = include_str!("fixtures/focus/focus-1.0-sample.csv");

/// The records of a CSV text (a quoted field may hold a line break).
fn records(text: &str) -> Vec<&str> {
    let (mut out, mut from, mut quoted) = (Vec::new(), 0, false);
    for (at, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '\n' if !quoted => {
                out.push(text[from..at].trim_end_matches('\r'));
                from = at + 1;
            }
            _ => {}
        }
    }
    out
}

/// The fields of one record, unquoted.
fn fields(record: &str) -> Vec<String> {
    let (mut out, mut field, mut quoted) = (Vec::new(), String::new(), false);
    let mut chars = record.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            ',' if !quoted => out.push(std::mem::take(&mut field)),
            c => field.push(c),
        }
    }
    out.push(field);
    out
}

/// The sample's header and its rows of `provider` (ProviderName), kept as published.
fn sample_of(provider: &str) -> BillSummary {
    let all = records(SAMPLE);
    let column = fields(all[0])
        .iter()
        .position(|c| c == "ProviderName")
        .unwrap();
    let mut text = format!("{}\n", all[0]);
    for record in &all[1..] {
        if fields(record).get(column).map(String::as_str) == Some(provider) {
            text.push_str(record);
            text.push('\n');
        }
    }
    read_all(text.as_bytes()).expect("the sample reads")
}

/// An AWS FOCUS bill (the columns the reader needs) with `hours` of each instance type, one
/// usage row each at $0.50 an hour, in February 2025.
fn bill(hours: &[(&str, f64)]) -> BillSummary {
    let mut text = String::from(
        "ProviderName,ChargeCategory,ChargePeriodStart,ChargePeriodEnd,BilledCost,EffectiveCost,\
         BillingCurrency,ConsumedQuantity,ConsumedUnit,ServiceName,ServiceCategory,SkuPriceDetails\n",
    );
    for (instance_type, h) in hours {
        text.push_str(&format!(
            "AWS,Usage,2025-02-01T00:00:00Z,2025-03-01T00:00:00Z,{},{},USD,{h},Hours,\
             Amazon Elastic Compute Cloud,Compute,\"{{\"\"InstanceType\"\":\"\"{instance_type}\"\"}}\"\n",
            h * 0.5,
            h * 0.5,
        ));
    }
    read_all(text.as_bytes()).expect("a FOCUS file")
}

fn calibrated(
    bill: &BillSummary,
    scenario: &Scenario,
    kept: &[String],
) -> (BilledAgainstPlanned, BillCalibration) {
    let check = compare(bill, scenario, catalog()).unwrap();
    let calibration = calibrate_to_bill(&check, bill, scenario, catalog(), kept).unwrap();
    (check, calibration)
}

/// Offer-hours of `sku` in an estimate: each line's resource-hours times its fraction.
fn offer_hours(e: &Estimate, sku: &str) -> f64 {
    let lines = e.lines.iter().filter(|l| l.sku == sku);
    lines.map(|l| l.actual_hours * l.fraction).sum()
}

/// Resource-hours of every instance line.
fn instance_hours(e: &Estimate) -> f64 {
    let lines = e.lines.iter().filter(|l| l.kind.is_instance());
    lines.map(|l| l.actual_hours).sum()
}

fn applied(scenario: &Scenario, calibration: &BillCalibration) -> Scenario {
    let mut after = scenario.clone();
    calibration.apply_to(&mut after);
    after
}

#[test]
fn the_official_sample_covers_a_tiny_share_and_sets_nothing_to_zero_unconfirmed() {
    let scenario = &paper().scenario;
    let aws = sample_of("AWS");
    // The sample's AWS month: 942 rows, one "$0.0416 per On Demand Linux t3.medium Instance Hour"
    // row of 1 hour, the only type that stands in for a course resource on AWS.
    assert_eq!(aws.rows, 942);
    let (check, calibration) = calibrated(&aws, scenario, &[]);
    assert_eq!(check.provider, ProviderMatch::Same);
    assert!(close(check.matched_hours(), 1.0));
    // Coverage = the bill's resource-hours of course resources / the scenario's instance-hours.
    let before = estimate(scenario);
    let share = 1.0 / instance_hours(&before);
    assert!(close(calibration.coverage.share(), share));
    assert!(share < 1e-5, "{share}");
    // Drastic: every resource the bill has no hours of would go to 0, t3.medium's far down.
    assert!(calibration.needs_confirmation());
    let warning = calibration.warning().unwrap();
    assert!(warning.contains(&percent(share)), "{warning}");
    assert!(warning.contains("sets to 0 hours"), "{warning}");
    let zeroed = calibration
        .guards
        .iter()
        .filter(|g| matches!(g, Guard::ToZero(_)))
        .count();
    let unbilled = calibration
        .rows
        .iter()
        .filter(|r| r.outcome == Outcome::Unbilled { kept: false })
        .count();
    assert!(unbilled > 0 && zeroed >= unbilled);

    // Unconfirmed, the state refuses it and says why; the scenario does not change.
    let state = Rc::new(ScenarioState::from_sources(None, None).unwrap());
    let (_, calibration) = calibrated(&aws, &state.scenario, &[]);
    let calibration = Rc::new(calibration);
    let refused = state.clone().apply(Action::CalibrateFromBill {
        calibration: calibration.clone(),
        confirmed: false,
    });
    assert!(Rc::ptr_eq(&refused.scenario, &state.scenario));
    assert!(refused.visit.notice.as_deref().unwrap().contains("confirm"));
    assert!(refused.history.undo_label().is_none());
    let confirmed = state.apply(Action::CalibrateFromBill {
        calibration,
        confirmed: true,
    });
    assert_eq!(
        confirmed.history.undo_label(),
        Some("calibrate from your bill")
    );
    // m1.medium and the Raspberry Pi share the t3.medium hour by the scenario's shares of it.
    assert!(close(offer_hours(&confirmed.estimate, "t3.medium"), 1.0));
}

#[test]
fn a_bill_of_another_provider_says_so_and_matches_after_the_switch() {
    let scenario = &paper().scenario;
    let microsoft = sample_of("Microsoft");
    assert_eq!(microsoft.rows, 51);
    let check = compare(&microsoft, scenario, catalog()).unwrap();
    assert_eq!(check.provider, ProviderMatch::Other(Some("azure")));
    // None of its types stands in on AWS: nothing to calibrate from, and it says what to do.
    assert_eq!(check.matched_hours(), 0.0);
    let why = calibrate_to_bill(&check, &microsoft, scenario, catalog(), &[]).unwrap_err();
    assert!(
        why.contains("price the scenario on the bill's provider"),
        "{why}"
    );
    let mut on_azure = scenario.clone();
    on_azure.pricing.provider = "azure".into();
    let check = compare(&microsoft, &on_azure, catalog()).unwrap();
    assert_eq!(check.provider, ProviderMatch::Same);
    // Oracle: a provider the catalog does not price.
    let oracle = sample_of("Oracle");
    assert_eq!(oracle.rows, 7);
    let check = compare(&oracle, scenario, catalog()).unwrap();
    assert_eq!(check.provider, ProviderMatch::Other(None));
    // A generated Azure bill with hours of a type that stands in on AWS still waits for a
    // confirmation that names the provider.
    let mut text = String::from(
        "ProviderName,ChargeCategory,BilledCost,BillingCurrency,ConsumedQuantity,ConsumedUnit,\
         ServiceName,ServiceCategory,SkuPriceDetails\n",
    );
    text.push_str(
        "Microsoft,Usage,1,USD,50000,Hours,Virtual Machines,Compute,\
         \"{\"\"InstanceType\"\":\"\"t3.medium\"\"}\"\n",
    );
    let azure_bill = read_all(text.as_bytes()).unwrap();
    let (_, calibration) = calibrated(&azure_bill, scenario, &[]);
    assert!(calibration
        .guards
        .contains(&Guard::OtherProvider("Microsoft".into())));
    assert!(calibration.warning().unwrap().contains("from Microsoft"));
}

#[test]
fn a_t3_and_p4d_bill_leaves_no_other_gpu_hours_and_the_p4d_hours_equal_the_bill() {
    let scenario = &paper().scenario;
    let (t3, p4d) = (40_000.0, 600.0);
    let bill = bill(&[("t3.medium", t3), ("p4d.24xlarge", p4d)]);
    let (_, calibration) = calibrated(&bill, scenario, &[]);
    let after = estimate(&applied(scenario, &calibration));
    for sku in [
        "g4dn.xlarge",
        "g5.xlarge",
        "p3.8xlarge",
        "t3.small",
        "t3.xlarge",
    ] {
        assert_eq!(offer_hours(&after, sku), 0.0, "{sku}");
    }
    assert!(close(offer_hours(&after, "p4d.24xlarge"), p4d));
    assert!(close(offer_hours(&after, "t3.medium"), t3));
    // The ratio each row shows is the multiplier applied to its factor.
    for row in calibration
        .rows
        .iter()
        .filter(|r| r.outcome == Outcome::Follows)
    {
        assert!(
            close(row.to / row.from, row.ratio().unwrap()),
            "{}",
            row.resource
        );
    }
    // Each phase keeps its share of a resource's hours: labs and project scaled alike.
    let before = estimate(scenario);
    let phase_share = |e: &Estimate, resource: &str| -> f64 {
        let of = |lab: bool| -> f64 {
            let lines = e.lines.iter().filter(|l| l.resource == resource);
            let lines = lines.filter(|l| {
                matches!(l.phase, course_cost::model::engine::estimate::Phase::Lab(_)) == lab
            });
            lines.map(|l| l.actual_hours).sum()
        };
        of(true) / (of(true) + of(false))
    };
    assert!(close(
        phase_share(&after, "compute_liqid"),
        phase_share(&before, "compute_liqid")
    ));

    // Kept: the V100 node's hours stay what they were; the p4d hours are still the bill's.
    let kept = ["gpu_v100".to_string()];
    let (_, calibration) = calibrated(&bill, scenario, &kept);
    let after = estimate(&applied(scenario, &calibration));
    let v100 = |e: &Estimate| -> f64 {
        let lines = e.lines.iter().filter(|l| l.resource == "gpu_v100");
        lines.map(|l| l.actual_hours).sum()
    };
    assert!(v100(&before) > 0.0);
    assert!(close(v100(&after), v100(&before)));
    assert!(close(offer_hours(&after, "p4d.24xlarge"), p4d));
}

#[test]
fn a_bill_near_the_plan_applies_without_a_confirmation() {
    // Every stand-in type billed at 1.5 times the scenario's own offer-hours: each factor x1.5.
    let scenario = &paper().scenario;
    let before = estimate(scenario);
    let mut hours: Vec<(&str, f64)> = Vec::new();
    for line in before.lines.iter().filter(|l| l.kind.is_instance()) {
        if !hours.iter().any(|(t, _)| *t == line.sku) {
            hours.push((&line.sku, 1.5 * offer_hours(&before, &line.sku)));
        }
    }
    let (_, calibration) = calibrated(&bill(&hours), scenario, &[]);
    assert!(
        !calibration.needs_confirmation(),
        "{:?}",
        calibration.guards
    );
    for row in &calibration.rows {
        assert!(close(row.to, 1.5), "{} {}", row.resource, row.to);
    }
    assert!(close(calibration.coverage.share(), 1.5));
    let state = Rc::new(ScenarioState::from_sources(None, None).unwrap());
    let (_, calibration) = calibrated(&bill(&hours), &state.scenario, &[]);
    let after = state.clone().apply(Action::CalibrateFromBill {
        calibration: Rc::new(calibration),
        confirmed: false,
    });
    assert!(close(
        instance_hours(&after.estimate),
        1.5 * instance_hours(&state.estimate)
    ));
}

#[test]
fn a_billed_type_that_stands_in_for_nothing_can_be_mapped_to_a_resource() {
    let scenario = &paper().scenario;
    // g6.xlarge stands in for nothing on AWS: unmatched until mapped to the RTX 6000 node.
    let bill = bill(&[("g6.xlarge", 700.0), ("g5.xlarge", 100.0)]);
    let check = compare(&bill, scenario, catalog()).unwrap();
    assert_eq!(check.unmatched().count(), 1);
    let mapped = [("g6.xlarge".to_string(), "gpu_rtx_6000".to_string())];
    let check = compare_mapped(&bill, scenario, catalog(), &mapped).unwrap();
    assert_eq!(check.unmatched().count(), 0);
    let rtx = check
        .resources
        .iter()
        .find(|r| r.resource == "gpu_rtx_6000")
        .unwrap();
    // g5.xlarge is its stand-in at fraction 1: 100 h, plus 700 h of g6.xlarge one for one.
    assert!(close(rtx.billed_hours, 800.0));
    let calibration = calibrate_to_bill(&check, &bill, scenario, catalog(), &[]).unwrap();
    let after = estimate(&applied(scenario, &calibration));
    let lines = after.lines.iter().filter(|l| l.resource == "gpu_rtx_6000");
    assert!(close(lines.map(|l| l.actual_hours).sum(), 800.0));
}

/// What each of `fields` says in `state`.
fn notes(state: &ScenarioState, fields: &[FieldPath]) -> Vec<(FieldPath, ProvenanceNote)> {
    let scenario: &Scenario = &state.scenario;
    fields
        .iter()
        .map(|&f| (f, field_note(f, scenario, state.origin)))
        .collect()
}

#[test]
fn undo_redo_and_a_reload_bring_back_every_fields_provenance() {
    let state = Rc::new(ScenarioState::from_sources(None, None).unwrap());
    let bill = bill(&[("t3.medium", 30_000.0), ("p4d.24xlarge", 900.0)]);
    let (_, calibration) = calibrated(&bill, &state.scenario, &[]);
    let applied = state.clone().apply(Action::CalibrateFromBill {
        calibration: Rc::new(calibration),
        confirmed: true,
    });
    // The fields of the calibrated scenario: a superset of the plain one's.
    let fields = numeric_fields(&applied.scenario);
    let (plain, calibrated) = (notes(&state, &fields), notes(&applied, &fields));
    let by_bill: Vec<_> = calibrated
        .iter()
        .filter(|(_, n)| {
            n.kind == ProvenanceKind::Calibrated
                && n.text
                    .starts_with("calibrated: from a FOCUS bill (AWS, 2025-02-01 to 2025-03-01)")
        })
        .collect();
    assert!(by_bill.len() >= 10, "{}", by_bill.len());
    assert!(by_bill
        .iter()
        .all(|(f, _)| matches!(f, FieldPath::ResourceFactor { .. })));
    assert_ne!(plain, calibrated);

    let undone = applied.clone().apply(Action::Undo);
    assert_eq!(notes(&undone, &fields), plain);
    let redone = undone.apply(Action::Redo);
    assert_eq!(notes(&redone, &fields), calibrated);

    // Reloaded from the draft this browser stores (a link payload) and from the link itself.
    let payload = applied.payload_now();
    let from_draft = ScenarioState::from_sources(None, Some(&payload)).unwrap();
    assert_eq!(notes(&from_draft, &fields), calibrated);
    let from_link = ScenarioState::from_sources(Some(&format!("#s={payload}")), None).unwrap();
    assert_eq!(notes(&from_link, &fields), calibrated);
    assert!(
        from_link.visit.link_notices.is_empty(),
        "{:?}",
        from_link.visit.link_notices
    );

    // A factor the user changes afterwards is theirs, and Undo makes it the bill's again.
    let index = match by_bill[0].0 {
        FieldPath::ResourceFactor { index } => index,
        _ => unreachable!(),
    };
    let field = FieldPath::ResourceFactor { index };
    let edited = redone.apply(Action::EditNumber {
        field,
        text: "2".into(),
    });
    assert_eq!(
        field_note(field, &edited.scenario, edited.origin).kind,
        ProvenanceKind::User
    );
    let back = edited.apply(Action::Undo);
    assert_eq!(field_note(field, &back.scenario, back.origin), by_bill[0].1);
}

mod wording {
    //! Issue 46, item 5: the bill summary's hours agree or say why, a precision rule, Oracle's
    //! OCPU hours, and the switch offered only while the scenario is on another provider.
    use super::*;
    use course_cost::model::focus::calibrate::times;
    use course_cost::model::focus::classify::SkipReason;
    use course_cost::model::focus::summary_words::{matched_words, resource_hours_words};

    #[test]
    fn matched_hours_and_course_resource_hours_agree_or_say_why_in_one_sentence() {
        let scenario = &paper().scenario;
        // t3.medium stands in one for one: the hours agree, nothing to explain.
        let t3 = bill(&[("t3.medium", 40_000.0)]);
        let (check, _) = calibrated(&t3, scenario, &[]);
        assert_eq!(
            matched_words(&check, &t3),
            "40,000 h of 40,000 h of compute"
        );
        assert_eq!(resource_hours_words(&check), None);
        // p4d.24xlarge stands in for the A100 nodes at fractions below one (offers.toml: 8
        // A100s; a 1x A100 node is 0.125 of it): 600 billed hours are more resource-hours,
        // by hand the sum over resources of the hours split by the scenario's shares / fraction.
        let p4d = bill(&[("p4d.24xlarge", 600.0)]);
        let (check, _) = calibrated(&p4d, scenario, &[]);
        let by_hand: f64 = check
            .resources
            .iter()
            .filter(|r| r.instance_type == "p4d.24xlarge")
            .map(|r| 600.0 * r.share / r.fraction)
            .sum();
        assert!(by_hand > 600.0, "{by_hand}");
        let why = resource_hours_words(&check).expect("a sentence");
        let expected_start = format!(
            "The 600 h matched count as {} h of course resources, because a course resource can \
             be part of a billed machine or several of them (",
            course_cost::model::format::number(by_hand, 0)
        );
        assert!(why.starts_with(&expected_start), "{why}");
        assert!(
            why.contains("0.125 × p4d.24xlarge, so each billed hour of it is 8 hours"),
            "{why}"
        );
        assert_eq!(why.matches(". ").count(), 0, "one sentence: {why}");
    }

    #[test]
    fn factors_and_shares_keep_to_three_significant_digits() {
        // The "x41.4276" and "0.00054%".
        assert_eq!(times(41.4276), "×41.4");
        assert_eq!(times(0.407_412), "×0.407");
        assert_eq!(percent(0.000_005_4), "under 0.1%");
        assert_eq!(percent(0.384_21), "38.4%");
        // The official sample's AWS month covers a tiny share: the warning has no long decimals.
        let aws = sample_of("AWS");
        let (_, calibration) = calibrated(&aws, &paper().scenario, &[]);
        let warning = calibration.warning().unwrap();
        let long = warning
            .split(|c: char| !(c.is_ascii_digit() || c == '.'))
            .filter_map(|n| n.split_once('.'))
            .any(|(_, decimals)| decimals.trim_end_matches('.').len() > 3);
        assert!(!long, "{warning}");
        assert!(
            warning.contains("under 0.1% of the scenario's"),
            "{warning}"
        );
    }

    #[test]
    fn oracle_ocpu_hours_are_named_not_read_as_zero_hours() {
        // The sample's 7 Oracle rows: three usage rows of compute in "GB Hours" (2) and "OCPU
        // Hours" (1), two adjustments (in "OCPU Per Hour" and "Gigabyte Per Hour": counted as
        // adjustments), a data transfer and a boot volume.
        let oracle = sample_of("Oracle");
        let per_unit = oracle
            .skipped
            .iter()
            .find(|(reason, _)| **reason == SkipReason::PerProcessorHours)
            .map(|(_, tally)| tally.rows);
        assert_eq!(per_unit, Some(3), "{:?}", oracle.skipped);
        let check = compare(&oracle, &paper().scenario, catalog()).unwrap();
        let words = matched_words(&check, &oracle);
        assert!(
            words.starts_with("none: its compute is billed per processor"),
            "{words}"
        );
        assert!(!words.contains("0.0 h"), "{words}");
    }

    #[test]
    fn the_switch_to_the_bills_provider_is_offered_only_before_it() {
        let microsoft = sample_of("Microsoft");
        let mut on_azure = paper().scenario.clone();
        on_azure.pricing.provider = "azure".into();
        let check = compare(&microsoft, &on_azure, catalog()).unwrap();
        if let Err(why) = calibrate_to_bill(&check, &microsoft, &on_azure, catalog(), &[]) {
            assert!(!why.contains("bill's provider"), "{why}");
        }
    }
}
