//! Issue 45: the bill reader and the spread's Monte Carlo run in a Web Worker, and what they
//! find crosses to the page as bytes (`model::worker_protocol`). The page must show what the
//! native engine computes: a bill read natively, sent and received, is compared, calibrated and
//! folded exactly as the bill itself (the public FOCUS samples of `tests/fixtures/focus/`, and a
//! bill of 5,000 made-up types whose fold the counts must survive); a simulated spread crosses
//! bit for bit. Damaged messages are refused, never a panic.
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

use course_cost::model::catalog::Catalog;
use course_cost::model::focus::calibrate::calibrate_to_bill;
use course_cost::model::focus::compare::compare_mapped;
use course_cost::model::focus::fold;
use course_cost::model::focus::reader::read_all;
use course_cost::model::focus::BillSummary;
use course_cost::model::planners::spread::{simulate, SpreadInputs};
use course_cost::model::presets::paper_course;
use course_cost::model::worker_protocol::{BillProgress, FromWorker, ToWorker};

const FIXTURES: [&str; 3] = [
    "tests/fixtures/focus/focus-1.0-sample.csv",
    "tests/fixtures/focus/aws-1.2-excerpt.csv",
    "tests/fixtures/focus/aws-1.3-excerpt.csv",
];

/// `bill` as the page receives it from the worker.
fn sent(bill: &BillSummary) -> BillSummary {
    let bytes = FromWorker::Bill(Box::new(bill.clone())).encode();
    match FromWorker::decode(&bytes) {
        Some(FromWorker::Bill(back)) => *back,
        other => panic!("not a bill: {other:?}"),
    }
}

/// What the page draws of a bill against the paper's course: the check, the calibration, the
/// folded types and the rows it holds that the plan does not.
fn page_of(bill: &BillSummary) -> String {
    let scenario = &paper_course().unwrap().scenario;
    let catalog = Catalog::builtin().unwrap();
    let check = compare_mapped(bill, scenario, catalog, &[]).unwrap();
    let calibration = calibrate_to_bill(&check, bill, scenario, catalog, &[]);
    let types = fold::types(&check, bill);
    let unmatched = fold::unmatched(&check, bill);
    let tags: Vec<_> = bill
        .tags
        .iter()
        .map(|(key, values)| (key.clone(), fold::tag_values(values)))
        .collect();
    format!(
        "{check:?}\n{calibration:?}\n{types:?}\n{unmatched:?}\n{tags:?}\n{:?} {} {} {}",
        bill.skipped.iter().collect::<Vec<_>>(),
        bill.period(),
        bill.compute_hours(),
        bill.compute.rest_names.words()
    )
}

#[test]
fn a_bill_sent_by_the_worker_draws_the_same_page_as_the_bill_read_here() {
    for path in FIXTURES {
        let bill = read_all(&std::fs::read(path).unwrap()).unwrap();
        let back = sent(&bill);
        assert_eq!(page_of(&back), page_of(&bill), "{path}");
        assert_eq!(back.rows, bill.rows);
        assert_eq!(back.total.billed.to_bits(), bill.total.billed.to_bits());
    }
}

#[test]
fn a_folded_bill_keeps_its_counts_across() {
    // 5,000 made-up types (one hour at $0.05 each, as tests/bill_bounds.rs's generated bill)
    // and 10 hours of t3.medium: 1,000 types are kept by name, the other 4,000 folded.
    let mut text = String::from(
        "ChargeCategory,ChargePeriodStart,ChargePeriodEnd,BilledCost,EffectiveCost,\
         BillingCurrency,ConsumedQuantity,ConsumedUnit,ServiceName,ServiceCategory,ProviderName,\
         SkuPriceDetails,Tags\n",
    );
    let row = |instance_type: &str, hours: f64, cost: f64| {
        format!(
            "Usage,2025-02-01T00:00:00Z,2025-02-02T00:00:00Z,{cost},{cost},USD,{hours},Hours,\
             Amazon Elastic Compute Cloud,Compute,AWS,\"{{\"\"InstanceType\"\":\"\"{instance_type}\"\"}}\",\
             \"{{\"\"team\"\":\"\"t{}\"\"}}\"\n",
            instance_type.len()
        )
    };
    for n in 0..5_000 {
        text.push_str(&row(&format!("x{n}.large"), 1.0, 0.05));
    }
    text.push_str(&row("t3.medium", 10.0, 0.416));
    let bill = read_all(text.as_bytes()).unwrap();
    let back = sent(&bill);
    // By hand: 5,001 types, 1,000 kept by name (t3.medium, of the catalog, kept as well).
    assert_eq!(
        back.compute.len() as u64 + back.compute.rest_names.count(),
        5_001
    );
    assert!(back.compute.rest_names.is_exact());
    assert!((back.compute.rest.tally.billed - bill.compute.rest.tally.billed).abs() == 0.0);
    assert_eq!(page_of(&back), page_of(&bill));
}

#[test]
fn a_simulated_spread_crosses_bit_for_bit() {
    let inputs = SpreadInputs {
        labs_overrun_mean_usd: 80.0,
        labs_leased_usd: 12.5,
        project_share_usd: 40.0,
        sigma: 0.9,
        students: 191,
        runs: 200,
        seed: 7,
        credit_usd: 300.0,
    };
    let request = ToWorker::Spread { id: 3, inputs };
    assert_eq!(ToWorker::decode(&request.encode()), Some(request));
    let result = simulate(inputs);
    let answer = FromWorker::Spread {
        id: 3,
        result: result.clone(),
        compute_ms: 1.25,
    };
    let Some(FromWorker::Spread {
        id,
        result: back,
        compute_ms,
    }) = FromWorker::decode(&answer.encode())
    else {
        panic!("not a spread");
    };
    assert_eq!((id, compute_ms), (3, 1.25));
    assert_eq!(format!("{back:?}"), format!("{result:?}"));
    assert_eq!(back.histogram.len(), result.histogram.len());
}

#[test]
fn damaged_messages_are_refused() {
    let progress = FromWorker::Progress(BillProgress {
        bytes: 1 << 40,
        rows: 12,
        file_read: 99,
        file_bytes: 1.5e9,
        packed: true,
    });
    let bill = read_all(&std::fs::read(FIXTURES[1]).unwrap()).unwrap();
    for message in [
        FromWorker::Ready,
        progress,
        FromWorker::BillFailed("Not a FOCUS bill.".to_string()),
        FromWorker::Bill(Box::new(bill)),
    ] {
        let bytes = message.encode();
        assert_eq!(
            FromWorker::decode(&bytes).map(|m| m.encode()),
            Some(bytes.clone())
        );
        // Cut short anywhere, or with a byte more, it is not a message.
        for end in 0..bytes.len() {
            assert!(FromWorker::decode(&bytes[..end]).is_none(), "cut at {end}");
        }
        let mut longer = bytes.clone();
        longer.push(1);
        assert!(FromWorker::decode(&longer).is_none());
    }
    assert!(FromWorker::decode(&[9]).is_none());
    assert!(ToWorker::decode(&[0, 2]).is_none());
    assert!(ToWorker::decode(&[]).is_none());
}

#[test]
fn a_map_whose_order_is_not_its_keys_is_refused() {
    // A bill of two instance types: its sorted positions follow the message's entries, and a
    // message whose positions are swapped or repeated is not a bill.
    let bill = read_all(&std::fs::read(FIXTURES[1]).unwrap()).unwrap();
    assert!(
        bill.skipped.len() >= 2,
        "the excerpt skips rows for two reasons or more"
    );
    let bytes = FromWorker::Bill(Box::new(bill.clone())).encode();
    let skipped = {
        use course_cost::model::wire_bytes::to_bytes;
        to_bytes(&bill.skipped)
    };
    let at = bytes
        .windows(skipped.len())
        .position(|w| w == skipped.as_slice())
        .expect("the skipped rows' map is in the message");
    // The positions are the map's last n u32s; swap the first two, then repeat the first.
    let n = bill.skipped.len();
    let positions = at + skipped.len() - 4 * n;
    let mut swapped = bytes.clone();
    let (first, second) = (positions, positions + 4);
    for k in 0..4 {
        swapped.swap(first + k, second + k);
    }
    assert!(FromWorker::decode(&swapped).is_none());
    let mut repeated = bytes;
    for k in 0..4 {
        repeated[second + k] = repeated[first + k];
    }
    assert!(FromWorker::decode(&repeated).is_none());
}
