//! Issue 45: the band's draws and a bill set against the plan (with the calibration it gives)
//! run in the page's Web Worker. What crosses must come back as the native engine computes it:
//! the scenario sent whole, the band drawn in the worker's slices equal bit for bit to
//! `interval::sample`, the check and the calibration equal to `compare_mapped` and
//! `calibrate_to_bill` on the same bill. Damaged messages are refused, never a panic.
// Test code: a failed expectation is a failed test.
#![allow(clippy::expect_used, clippy::unwrap_used, unreachable_pub)]

use course_cost::model::catalog::Catalog;
use course_cost::model::focus::calibrate::calibrate_to_bill;
use course_cost::model::focus::compare::compare_mapped;
use course_cost::model::focus::reader::read_all;
use course_cost::model::planners::interval::sample;
use course_cost::model::planners::stand_in_range::stand_in_span;
use course_cost::model::planners::tornado::tornado;
use course_cost::model::presets::{builtin_presets, paper_course, Preset};
use course_cost::model::scenario::valid::ValidScenario;
use course_cost::model::scenario::Scenario;
use course_cost::model::worker_jobs::{band_ranges, band_sampling, check_bill};
use course_cost::model::worker_protocol::{
    BandRequest, CheckRequest, FromWorker, Ranges, ToWorker,
};

const FIXTURES: [&str; 3] = [
    "tests/fixtures/focus/focus-1.0-sample.csv",
    "tests/fixtures/focus/aws-1.2-excerpt.csv",
    "tests/fixtures/focus/aws-1.3-excerpt.csv",
];

fn catalog() -> &'static Catalog {
    Catalog::builtin().unwrap()
}

/// `request` as the worker receives it.
fn received(request: ToWorker) -> ToWorker {
    let back = ToWorker::decode(&request.encode()).expect("a request");
    assert_eq!(back, request);
    back
}

/// `answer` as the page receives it.
fn answered(answer: FromWorker) -> FromWorker {
    let back = FromWorker::decode(&answer.encode()).expect("an answer");
    assert_eq!(back, answer);
    back
}

/// The band as the worker draws it (25 draws a slice) and the page receives it.
fn band_through_the_worker(request: BandRequest) -> Result<(usize, [f64; 5]), String> {
    let ToWorker::Band(request) = received(ToWorker::Band(Box::new(request))) else {
        panic!("not a band");
    };
    let mut sampling = band_sampling(&request, catalog())?;
    while !sampling.advance(catalog(), 25).unwrap() {}
    let interval = sampling.interval(catalog()).map_err(|_| "no".to_string());
    let FromWorker::Band { id, interval } = answered(FromWorker::Band {
        id: request.id,
        interval,
    }) else {
        panic!("not a band");
    };
    assert_eq!(id, request.id);
    interval.map(|i| {
        (
            i.draws,
            [
                i.p10_usd,
                i.p50_usd,
                i.p90_usd,
                i.typical_usd,
                i.typical_percentile,
            ],
        )
    })
}

fn request(scenario: &Scenario, origin: &Preset, draws: usize) -> BandRequest {
    BandRequest {
        id: 7,
        scenario: scenario.clone(),
        origin: origin.id.to_string(),
        origin_version: origin.version,
        draws,
    }
}

#[test]
fn the_band_drawn_in_the_worker_is_the_native_engines_bit_for_bit() {
    let preset = paper_course().unwrap();
    // The first screen's scenario, and one edited away from it (an overrun factor, a title with
    // non-ASCII text, a lab's hours): every part of the scenario crosses.
    let mut edited = preset.start.clone();
    edited.title = "Été course — edited".to_string();
    edited.realism.labs.vm *= 1.2;
    edited.course.labs[0].options[0].uses[0].hours *= 1.5;
    for scenario in [&preset.start, &edited] {
        let valid = ValidScenario::new(scenario.clone(), catalog()).expect(&scenario.title);
        let native = sample(&valid, catalog(), preset, 500, scenario.planning.seed).unwrap();
        let (draws, figures) = band_through_the_worker(request(scenario, preset, 500)).unwrap();
        assert_eq!(draws, native.draws);
        let expected = [
            native.p10_usd,
            native.p50_usd,
            native.p90_usd,
            native.typical_usd,
            native.typical_percentile,
        ];
        for (got, want) in figures.iter().zip(expected) {
            assert_eq!(
                got.to_bits(),
                want.to_bits(),
                "{figures:?} against {expected:?}"
            );
        }
        // The band is a band: p10 <= median <= p90, the headline's own total inside it.
        assert!(figures[0] <= figures[1] && figures[1] <= figures[2]);
    }
}

#[test]
fn the_tornado_and_the_stand_in_span_worked_out_in_the_worker_are_the_native_engines() {
    let preset = paper_course().unwrap();
    let scenario = &preset.start;
    let ToWorker::Band(request) =
        received(ToWorker::Band(Box::new(request(scenario, preset, 500))))
    else {
        panic!("not a band");
    };
    let ranges = Box::new(band_ranges(&request, catalog()));
    let FromWorker::Ranges { id, ranges } = answered(FromWorker::Ranges { id: 7, ranges }) else {
        panic!("not ranges");
    };
    assert_eq!(id, 7);
    let valid = ValidScenario::new(scenario.clone(), catalog()).unwrap();
    let native = Ranges {
        span: Ok(stand_in_span(&valid, catalog()).unwrap()),
        rows: Ok(tornado(&valid, catalog(), preset).unwrap()),
    };
    // Bit for bit, each row's provenance its own (the page words it from its place in the list).
    assert_eq!(format!("{ranges:?}"), format!("{native:?}"));
    let rows = ranges.rows.as_ref().unwrap();
    assert!(rows.len() > 10, "the usage inputs and the stand-in rows");
    assert!(rows
        .iter()
        .any(|r| r.name.starts_with("Which offer stands in")));
    // The span is a span: the cheapest stand-ins cost no more than the priciest.
    let (low, high) = ranges.span.clone().unwrap();
    assert!(low <= high, "{low} {high}");
    // A provenance of a kind that is none of the three is not a message.
    let bytes = FromWorker::Ranges {
        id: 7,
        ranges: Box::new(Ranges {
            span: Err("x".into()),
            rows: Ok(vec![rows[0].clone()]),
        }),
    }
    .encode();
    // The provenance's kind sits right after the row's name and unit: tag, id, span (flag and
    // a text of 1), rows (flag and length), then the row.
    let name_unit = 8 + rows[0].name.len() + 8 + rows[0].unit.len();
    let at = 1 + 8 + (1 + 8 + 1) + (1 + 8) + name_unit;
    let mut bad = bytes.clone();
    bad[at] = 3;
    assert!(FromWorker::decode(&bad).is_none());
    assert!(FromWorker::decode(&bytes).is_some());
}

#[test]
fn a_band_request_the_worker_cannot_draw_says_why() {
    let preset = paper_course().unwrap();
    let mut unknown = request(&preset.start, preset, 10);
    unknown.origin = "no-such-course".to_string();
    let ranges = band_ranges(&unknown, catalog());
    assert!(ranges.rows.is_err() && ranges.span.is_err());
    let why = band_through_the_worker(unknown).unwrap_err();
    assert!(why.contains("no-such-course"), "{why}");
    // A scenario validation refuses (negative students) is not drawn; the field is named.
    let mut bad = preset.start.clone();
    bad.course.students = -3.0;
    let why = band_through_the_worker(request(&bad, preset, 10)).unwrap_err();
    assert!(why.starts_with("The scenario is not valid"), "{why}");
    // Every preset shipped, archived ones included, is found by its id and version.
    for preset in builtin_presets().unwrap() {
        let found = band_sampling(&request(&preset.start, preset, 1), catalog());
        assert!(found.is_ok(), "{} {}", preset.id, preset.version);
    }
}

#[test]
fn a_bill_set_against_the_plan_in_the_worker_is_the_native_check() {
    let scenario = &paper_course().unwrap().start;
    for path in FIXTURES {
        let bill = read_all(&std::fs::read(path).unwrap()).unwrap();
        // One resource kept and one type mapped, as the reader may choose.
        let kept = vec!["gpu_p100".to_string()];
        let mapped = vec![("x9.unknown".to_string(), "gpu_rtx_6000".to_string())];
        let check = CheckRequest {
            id: 11,
            scenario: scenario.clone(),
            bill: bill.clone(),
            kept: kept.clone(),
            mapped: mapped.clone(),
        };
        let ToWorker::CheckBill(check) = received(ToWorker::CheckBill(Box::new(check))) else {
            panic!("not a check");
        };
        let checked = check_bill(&check, catalog());
        let FromWorker::BillChecked { id, checked } = answered(FromWorker::BillChecked {
            id: check.id,
            checked: Box::new(checked),
        }) else {
            panic!("not a check");
        };
        assert_eq!(id, 11);
        let native = compare_mapped(&bill, scenario, catalog(), &mapped).map(|c| {
            let calibration = calibrate_to_bill(&c, &bill, scenario, catalog(), &kept);
            (c, calibration)
        });
        assert_eq!(*checked, native, "{path}");
        // Bit for bit, not only equal: the figures the page shows are the native ones.
        assert_eq!(format!("{:?}", *checked), format!("{native:?}"));
    }
}

#[test]
fn damaged_band_and_check_messages_are_refused() {
    let preset = paper_course().unwrap();
    let bill = read_all(&std::fs::read(FIXTURES[1]).unwrap()).unwrap();
    let check = CheckRequest {
        id: 2,
        scenario: preset.start.clone(),
        bill: bill.clone(),
        kept: vec![],
        mapped: vec![],
    };
    let checked = check_bill(&check, catalog());
    let requests = [
        ToWorker::Band(Box::new(request(&preset.start, preset, 500))),
        ToWorker::CheckBill(Box::new(check)),
    ];
    for message in requests {
        let bytes = message.encode();
        for end in 0..bytes.len() {
            assert!(ToWorker::decode(&bytes[..end]).is_none(), "cut at {end}");
        }
        let mut longer = bytes;
        longer.push(0);
        assert!(ToWorker::decode(&longer).is_none());
    }
    let answers = [
        FromWorker::BillChecked {
            id: 2,
            checked: Box::new(checked),
        },
        FromWorker::BillChecked {
            id: 3,
            checked: Box::new(Err("Not a FOCUS bill.".to_string())),
        },
        FromWorker::Band {
            id: 4,
            interval: Err("The scenario could not be priced.".to_string()),
        },
    ];
    for message in answers {
        let bytes = message.encode();
        assert_eq!(FromWorker::decode(&bytes).as_ref(), Some(&message));
        for end in 0..bytes.len() {
            assert!(FromWorker::decode(&bytes[..end]).is_none(), "cut at {end}");
        }
    }
    // A bill of another provider names it by the catalog's id; an id the catalog does not
    // have is not a message (the page would hold a provider it cannot price).
    let mut other = bill;
    other.provider = "Microsoft".to_string();
    let check = CheckRequest {
        id: 5,
        scenario: preset.start.clone(),
        bill: other,
        kept: vec![],
        mapped: vec![],
    };
    let answer = FromWorker::BillChecked {
        id: 5,
        checked: Box::new(check_bill(&check, catalog())),
    };
    let bytes = answer.encode();
    assert_eq!(FromWorker::decode(&bytes), Some(answer));
    let at = bytes
        .windows(5)
        .position(|w| w == b"azure")
        .expect("the provider's id crosses as text");
    let mut renamed = bytes;
    renamed[at..at + 5].copy_from_slice(b"azurf");
    assert!(FromWorker::decode(&renamed).is_none());
    // Tags past the last variant.
    assert!(ToWorker::decode(&[5]).is_none());
    assert!(FromWorker::decode(&[9]).is_none());
}
